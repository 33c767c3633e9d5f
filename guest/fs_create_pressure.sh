#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The 2010 workload of the drain after direct reclaim: many parallel file
# creators (pcp-fscreate, fs_mark-like) on a filesystem in a guest with
# little memory, under each setting of vm.pcp_drain_after_reclaim,
# interleaved round by round, the order rotating (A B C, B C A, C A B,
# ...: guest/rotated.sh).  One run:
#   - make a new ext2 filesystem on DISK (busybox mke2fs; the ext4 driver
#     mounts it), mount it, drop the caches;
#   - set vm.pcp_drain_after_reclaim;
#   - read /proc/interrupts (CAL: function-call IPIs, RES: rescheduling
#     IPIs, per CPU) and the slowpath counters of /proc/vmstat;
#   - run pcp-fscreate with PROCS creators of FILES files of SIZE bytes
#     each, sampling the counters once a second;
#   - read them again, unmount.
# Per run it prints:
#   fscreate: set=NAME round=R drain=D procs=P files=N secs=S files_per_sec=F COUNTER=DELTA...
#   interrupts: set=NAME round=R cal_before=C0,C1,.. cal_after=.. res_before=.. res_after=..
#   livelock: set=NAME round=R seconds=S retry_seconds=A fruitless_seconds=B longest_fruitless=C
# where a fruitless second is one in which allocations were retried after
# direct reclaim (pcp_reclaim_retry moved) and none of the retries got its
# page (pcp_reclaim_retry_success did not): the livelock-like state of the
# 2010 thread is a long run of them.
# The switch is restored at the end, and pcp_no_page_lost.sh checks that
# the free pages and the pages on the per-CPU lists came back (less the
# slab pages the inode and dentry caches still hold: SLAB_GROWTH=1), within
# 256 pages: besides slab, a run of 8 creators on 128M left 50 pages
# (10 in DMA, 40 in DMA32; page tables, per-CPU and filesystem leftovers),
# against 64, the check's default for zones this small.
#
# Usage (in the guest): fs_create_pressure.sh ROUNDS PROCS FILES SIZE NAME=DRAIN...
# e.g. fs_create_pressure.sh 2 8 20000 0 d0=0 d1=1 d2=2
# Env: DISK (default /dev/vda), INODES (mke2fs -N, default PROCS*FILES*5/4
#      plus the directories)

rounds=$1 procs=$2 files=$3 size=$4
die() { echo "fs_create_pressure: $*" >&2; exit 2; }
[ $# -ge 5 ] || die "usage: fs_create_pressure.sh ROUNDS PROCS FILES SIZE NAME=DRAIN..."
shift 4
drain=/proc/sys/vm/pcp_drain_after_reclaim
disk=${DISK:-/dev/vda}
mnt=/mnt/fscreate
[ -e "$drain" ] || die "$drain not present (unpatched kernel?)"
[ -b "$disk" ] || die "$disk: no such block device (boot with a disk for the filesystem)"
grep -qw ext2 /proc/filesystems || die "the kernel cannot mount ext2 (CONFIG_EXT4_USE_FOR_EXT2)"
for n in "$rounds" "$procs" "$files" "$size"; do
	case $n in '' | *[!0-9]*) die "'$n' is not a number" ;; esac
done
inodes=${INODES:-$(( procs * files * 5 / 4 + procs * (files / 1000 + 2) + 1024 ))}
counters="pcp_reclaim_retry pcp_reclaim_retry_success pcp_reclaim_drain
pcp_reclaim_drain_cpus pcp_reclaim_drain_pages allocstall_dma32
allocstall_normal pgscan_direct pgsteal_direct pgscan_kswapd slabs_scanned
compact_stall"
pattern="^($(echo $counters | tr ' ' '|')) "
ncpu=$(grep -c ^processor /proc/cpuinfo)
mem_mib=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
default_drain=$(cat "$drain")
mkdir -p "$mnt"
echo "fs_create_pressure: $ncpu CPUs, $mem_mib MiB, $procs creators x $files files of $size bytes on $disk ($inodes inodes)"
pcp_no_page_lost.sh before /tmp/pages.before || die "per-CPU counts wrong before the runs"

# ipis NAME: the per-CPU counts of one /proc/interrupts line, comma-separated.
ipis() {
	awk -v name="$1:" -v n="$ncpu" '$1 == name {
		s = $2; for (i = 3; i <= n + 1; i++) s = s "," $i; print s }' /proc/interrupts
}

r=1
while [ "$r" -le "$rounds" ]; do
	for pair in $(rotated.sh $((r - 1)) "$@"); do
		name=${pair%%=*} d=${pair#*=}
		mke2fs -q -F -N "$inodes" "$disk" >/tmp/mke2fs.out 2>&1 ||
			die "mke2fs $disk: $(cat /tmp/mke2fs.out)"
		mount -t ext2 "$disk" "$mnt" || die "mount $disk"
		out=$(pcp-write "$drain" "$d") && [ "$out" = ok ] || die "$name: $drain=$d: $out"
		sync
		echo 3 >/proc/sys/vm/drop_caches
		cal0=$(ipis CAL) res0=$(ipis RES)
		grep -E "$pattern" /proc/vmstat >/tmp/before
		rm -f /tmp/sampler.stop /tmp/samples
		(while [ ! -e /tmp/sampler.stop ]; do
			awk '$1 == "pcp_reclaim_retry" { a = $2 }
				$1 == "pcp_reclaim_retry_success" { b = $2 }
				END { print a, b }' /proc/vmstat >>/tmp/samples
			sleep 1
		done) &
		sampler=$!
		pcp-fscreate "$mnt" "$procs" "$files" "$size" >/tmp/fscreate.out 2>&1 ||
			die "$name: pcp-fscreate failed: $(tail -3 /tmp/fscreate.out)"
		touch /tmp/sampler.stop
		wait "$sampler"
		grep -E "$pattern" /proc/vmstat >/tmp/after
		cal1=$(ipis CAL) res1=$(ipis RES)
		total=$(grep 'procs=' /tmp/fscreate.out)
		echo "fscreate: set=$name round=$r drain=$d ${total#pcp-fscreate: }" \
			"$(awk 'NR == FNR { b[$1] = $2; next } { printf "%s=%d ", $1, $2 - b[$1] }' /tmp/before /tmp/after)"
		echo "interrupts: set=$name round=$r cal_before=$cal0 cal_after=$cal1 res_before=$res0 res_after=$res1"
		# A sample: pcp_reclaim_retry pcp_reclaim_retry_success.
		awk -v set="$name" -v r="$r" 'NF >= 2 {
			if (n++) {
				retry = $1 - p1; ok = $2 - p2
				if (retry > 0) retried++
				if (retry > 0 && ok == 0) { fruitless++; run++ } else run = 0
				if (run > longest) longest = run
			}
			p1 = $1; p2 = $2
		} END {
			printf "livelock: set=%s round=%d seconds=%d retry_seconds=%d fruitless_seconds=%d longest_fruitless=%d\n",
				set, r, (n > 0 ? n - 1 : 0), retried, fruitless, longest
		}' /tmp/samples
		umount "$mnt" || die "umount $mnt"
	done
	r=$((r + 1))
done
pcp-write "$drain" "$default_drain" >/dev/null
echo "fs_create_pressure: $rounds rounds of $*; switch restored to $(cat "$drain")"
SLAB_GROWTH=1 pcp_no_page_lost.sh after /tmp/pages.before 256 || die "pages lost or per-CPU counts wrong after the runs"
