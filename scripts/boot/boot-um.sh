#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: boot the UML kernel with the host's root filesystem (hostfs, so the
# host's binaries run inside and no image is needed) and run one command in
# it.  The command runs in the repository folder; the guest programs and
# scripts of guest/ are on its PATH.
#
# Usage: scripts/boot/boot-um.sh [--out DIR] [--mem SIZE] [--timeout SEC] [--] COMMAND...

. "$(dirname "$0")/../lib.sh"
ARCH=um
. "$REPO/scripts/boot/boot-lib.sh"

parse_boot_args "$@"
kernel=$(kernel_image um)
[ -x "$kernel" ] || die "$kernel not built: run 'make build-um' first"
make -s -C "$REPO/guest" O="$BUILD/guest" >/dev/null
new_rundir
ln -sfn "$BUILD/guest/bin" "$RUNDIR/bin"

# UML of 6.12 cannot set its processes' FP registers on a host whose XSAVE
# state is larger than its buffer (a CPU with AMX): the helper preloaded
# into the kernel's host process fixes that call (um-xstate-preload.c).
preload=$BUILD/um-xstate-preload.so
um_xstate_preload "$preload"

boot_progress_start
set +e
LD_PRELOAD=$preload timeout -k 10 "$TIMEOUT" "$kernel" mem="$MEM" con=null con0=null,fd:1 \
	rootfstype=hostfs rootflags=/ rw ignore_loglevel \
	init="$REPO/guest/init.sh" PCP_RUNDIR="$RUNDIR" PCP_GUEST="$REPO/guest" \
	PCP_BIN="$RUNDIR/bin" PCP_CWD="$REPO" \
	</dev/null >"$RUNDIR/console.log" 2>&1
boot_rc=$?
set -e
boot_progress_stop "$boot_rc"
finish_run "$boot_rc"
