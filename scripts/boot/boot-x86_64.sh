#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: boot the x86_64 kernel in QEMU (KVM where scripts/setup/kvm-probe.sh says
# it works, TCG otherwise) with the busybox initramfs, serial console, and
# run one command inside.  The VM always ends: the guest powers off after
# the command, a panic reboots (-no-reboot turns that into an exit), and a
# timeout kills what is left.
#
# Usage: scripts/boot/boot-x86_64.sh [--out DIR] [--smp N] [--mem SIZE] [--timeout SEC] [--file FILE]... [--] COMMAND...
# Env: QEMU_EXTRA (more QEMU options, e.g. "-numa node -numa node"),
#      APPEND (more kernel parameters), ACCEL=kvm|tcg (skip the probe;
#      tcg,thread=single: every vCPU on one host thread, see docs/results.md
#      "jump labels under TCG").

. "$(dirname "$0")/../lib.sh"
ARCH=x86_64
. "$REPO/scripts/boot/boot-lib.sh"

parse_boot_args "$@"
need_cmd qemu-system-x86_64 cpio gzip
kernel=$(kernel_image x86_64)
[ -f "$kernel" ] || die "$kernel not built: run 'make build-x86_64' first"
"$REPO/scripts/build/initramfs.sh" 2>/dev/null
accel=$("$REPO/scripts/setup/kvm-probe.sh")
cpu=max
[ "$accel" = kvm ] && cpu=host
# Jump labels under multi-threaded TCG (QEMU 7.2): a vCPU can still run a
# translation holding the int3 of a static branch after text_poke_bp() on
# another vCPU has finished with it, and dies with "Oops: int3" (6.12's own
# vm_numa_stat_key as well; docs/results.md, "Jump labels under TCG").
# With every vCPU on one host thread such kernels run.
if [ "$accel" = tcg ] && [ "$SMP" -gt 1 ] &&
	grep -q '^CONFIG_JUMP_LABEL=y' "$(out_dir x86_64)/.config" 2>/dev/null; then
	accel=tcg,thread=single
fi

new_rundir
stage=$RUNDIR/initrd
mkdir -p "$stage/pcp/run"
cp "$RUNDIR/cmd" "$stage/pcp/run/cmd"
[ ${#RUN_FILES[@]} = 0 ] || cp "${RUN_FILES[@]}" "$stage/pcp/run/"
(cd "$stage" && find pcp | cpio -o -H newc --quiet -R 0:0 | gzip -1) >"$RUNDIR/run.cpio.gz"
cat "$BUILD/initramfs/base.cpio.gz" "$RUNDIR/run.cpio.gz" >"$RUNDIR/initrd.cpio.gz"
rm -rf "$stage"
log "$(flavour x86_64): $accel, $SMP CPUs, $MEM, timeout $TIMEOUT s"

boot_progress_start
set +e
# shellcheck disable=SC2086 # QEMU_EXTRA is a list of options
timeout -k 10 "$TIMEOUT" qemu-system-x86_64 -accel "$accel" -cpu "$cpu" \
	-m "$MEM" -smp "$SMP,sockets=$SMP,cores=1,threads=1" -nographic -monitor none -no-reboot \
	-kernel "$kernel" -initrd "$RUNDIR/initrd.cpio.gz" \
	-append "console=ttyS0 ignore_loglevel panic=-1 ${APPEND:-}" \
	${QEMU_EXTRA:-} </dev/null >"$RUNDIR/console.log" 2>&1
boot_rc=$?
set -e
boot_progress_stop "$boot_rc"
finish_run "$boot_rc"
