#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: decide whether QEMU may use KVM.  /dev/kvm existing is not enough
# (on some hosts a KVM guest hangs right after the firmware), so boot the
# built x86_64 kernel under KVM with a command that only says hello, with a
# short timeout.  Prints "kvm" or "tcg".  The answer is cached for the life
# of the host's boot (build/kvm-probe.<boot id>).
#
# Usage: scripts/setup/kvm-probe.sh          ACCEL=kvm|tcg overrides the probe;
#        ACCEL=tcg,thread=single: TCG with one host thread for all vCPUs
#        (QEMU's default with more than one vCPU is a thread per vCPU).
# Env: KVM_DEV (default /dev/kvm), KVM_PROBE_TIMEOUT (seconds, default 10).

. "$(dirname "$0")/../lib.sh"

case ${ACCEL:-} in
kvm|tcg|tcg,thread=single|tcg,thread=multi) echo "$ACCEL"; exit 0 ;;
"") ;;
*) die "ACCEL='$ACCEL': expected kvm, tcg, tcg,thread=single or tcg,thread=multi" ;;
esac

kvm_dev=${KVM_DEV:-/dev/kvm}
if [ ! -r "$kvm_dev" ] || [ ! -w "$kvm_dev" ]; then
	echo tcg
	exit 0
fi
cache=$BUILD/kvm-probe.$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
if [ -f "$cache" ]; then
	cat "$cache"
	exit 0
fi
# Any x86_64 kernel that is built will do to say hello: the one of the
# settings at hand, else the newest of build/out/ (make check builds the
# debug ones only).
kernel=$(kernel_image x86_64)
[ -f "$kernel" ] || kernel=$(ls -t "$BUILD"/out/x86_64*/arch/x86/boot/bzImage 2>/dev/null | head -1 || true)
[ -n "$kernel" ] || die "no x86_64 kernel is built to probe KVM with: run 'make build-x86_64' first"
[ -f "$BUILD/initramfs/base.cpio.gz" ] || "$REPO/scripts/build/initramfs.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/pcp/run"
echo 'echo PCP-KVM-PROBE-OK' >"$tmp/pcp/run/cmd"
(cd "$tmp" && find pcp | cpio -o -H newc --quiet -R 0:0 | gzip -1) >"$tmp/run.cpio.gz"
cat "$BUILD/initramfs/base.cpio.gz" "$tmp/run.cpio.gz" >"$tmp/initrd"
# (in a subshell of its own, so that a QEMU that aborts or hangs is
# reported by that shell, to the log, and not as a raw "Aborted" line
# with the whole command here)
(timeout -k 2 "${KVM_PROBE_TIMEOUT:-10}" qemu-system-x86_64 -accel kvm -cpu host \
	-m 256M -smp 1 -nographic -monitor none -no-reboot \
	-kernel "$kernel" -initrd "$tmp/initrd" -append "console=ttyS0 panic=-1" \
	</dev/null; echo "qemu: exit $?") >"$tmp/console.log" 2>&1 || true
if grep -q '^PCP-KVM-PROBE-OK' "$tmp/console.log"; then
	echo kvm | tee "$cache"
else
	log "/dev/kvm is there, but a guest did not boot under KVM within ${KVM_PROBE_TIMEOUT:-10} s ($(tail -1 "$tmp/console.log")): using TCG for this boot of the host"
	echo tcg | tee "$cache"
fi
