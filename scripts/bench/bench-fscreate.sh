#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the 2010 workload of the drain after direct reclaim.  Many parallel
# file creators (guest program pcp-fscreate, fs_mark-like, zero-length
# files by default as in Dave Chinner's inode-create runs) on a new ext2
# filesystem on a virtio disk, in an x86_64 guest with little memory and
# SMP CPUs, under each setting of vm.pcp_drain_after_reclaim (0 none, 1
# every zone, 2 the allocation's zones), interleaved on one boot
# (guest/fs_create_pressure.sh).  The inodes, dentries and metadata
# buffers fill memory, so allocations enter direct reclaim while slab and
# page cache are freed on every CPU.
#
# Prints, per setting (scripts/report/fscreate-report.py): the allocations
# retried after direct reclaim and how many got their page, the drains,
# the CPUs they visited and the pages they returned; the seconds in which
# retries happened and none succeeded, and the longest run of them (the
# livelock-like state of the 2010 thread); function-call (CAL) and
# rescheduling (RES) interrupts per CPU before and after each run, in the
# shape of Dave Chinner's reply; files per second.
#
# QEMU runs with -icount shift=0 (TCG): the guest's clock advances one
# nanosecond per instruction, so "seconds" and files per second are in
# units of 10^9 guest instructions, not wall-clock time.  Counts are the
# primary result.
#
# Usage: scripts/bench/bench-fscreate.sh [--out DIR] [--save FILE] [ROUNDS] [FILES]
#        (default 2 rounds, 15000 files per creator)
# Env: SMP (default 4), MEM (default 128M), PROCS (creators, default 2 x SMP),
#      SIZE (bytes per file, default 0), SETS (default "d0=0 d1=1 d2=2"),
#      TIMEOUT (default 1800 s).

. "$(dirname "$0")/../lib.sh"

USAGE="usage: scripts/bench/bench-fscreate.sh [--out DIR] [--save FILE] [ROUNDS] [FILES]"
bench_args "$USAGE" 2 "" "$@"
[ -z "$save" ] || check_save "$save"
files=${loops:-15000}  # (the second number is FILES here)
[[ $files =~ ^[1-9][0-9]*$ ]] || die "FILES '$files' is not a positive number"
smp=${SMP:-4}
[[ $smp =~ ^[1-9][0-9]*$ ]] && [ "$smp" -ge 2 ] || die "SMP '$smp' must be a number of CPUs, at least 2"
procs=${PROCS:-$((2 * smp))}
[[ $procs =~ ^[1-9][0-9]*$ ]] || die "PROCS '$procs' is not a positive number"
size=${SIZE:-0}
[[ $size =~ ^[0-9]+$ ]] || die "SIZE '$size' is not a number of bytes"
mem=${MEM:-128M}
[[ $mem =~ ^[1-9][0-9]*M$ ]] || die "MEM '$mem' must be in MiB, like 128M"
sets=${SETS:-"d0=0 d1=1 d2=2"}
names=()
for s in $sets; do
	[[ $s =~ ^[a-z0-9_]+=[0-9]+$ ]] || die "SETS: '$s' is not NAME=DRAIN"
	names+=("${s%%=*}")
done

grep -q '^CONFIG_EXT4_USE_FOR_EXT2=y' "$(out_dir x86_64)/.config" 2>/dev/null ||
	die "$(flavour x86_64) kernel cannot mount ext2 (CONFIG_EXT4_USE_FOR_EXT2): rebuild it (scripts/build/build.sh x86_64)"
run=$(run_folder "$out")
# Sparse, made anew by mke2fs in the guest before every run.
disk=$BUILD/fscreate-disk.img
rm -f "$disk"
truncate -s 2G "$disk"
ACCEL=tcg QEMU_EXTRA="-icount shift=0 -drive file=$disk,if=virtio,format=raw" \
	"$REPO/scripts/boot/boot-x86_64.sh" --out "$run" --smp "$smp" --mem "$mem" \
	--timeout "${TIMEOUT:-1800}" -- "fs_create_pressure.sh $rounds $procs $files $size $sets"
rm -f "$disk"
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0, $smp CPUs, $mem; $procs creators x $files files of $size bytes; $(date -u +%Y-%m-%d)"
	echo "# reproduce: SMP=$smp MEM=$mem PROCS=$procs SIZE=$size SETS='$sets' scripts/bench/bench-fscreate.sh $rounds $files"
	"$REPO/scripts/report/fscreate-report.py" "$run/output.txt" "${names[@]}"
} | tee "$run/report.txt"
if [ -n "$save" ]; then
	{ echo "# code: $(code_hash "$SRC")"; cat "$run/report.txt"; } >"$save"
	log "saved to $save"
fi
