#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# High-order allocations under memory pressure, under each setting of the
# two slowpath switches, interleaved round by round, the order rotating
# (A B C, B C A, C A B, ...: guest/rotated.sh): the first run after boot
# carries the warm-up of the workers and the page cache, which would
# otherwise always fall on the same setting.  One run:
#   - set vm.pcp_drain_after_reclaim and vm.reclaim_compaction_early_break;
#   - drop the caches, start pcp-hog (anonymous memory with holes) and,
#     with PIN_MIB, pcp-pin (page cache that reclaim scans but cannot free);
#   - start pcp-fault on every CPU but the first (4K, 64K and THP faults,
#     so pages sit on other CPUs' lists and THP faults meet the pressure;
#     FAULTERS=N: on the last N CPUs only);
#   - with WRITER=1, a streaming writer to DISK on the second CPU, and with
#     STREAM_MIB an anonymous streaming reader on the third (the 2011
#     early-break workload: dirty page cache that direct reclaim scans but
#     cannot write, while the disk is slow);
#   - for each order: read DISK into the page cache until memory is full,
#     load pcp_bench with modes=pressure orders=ORDER on the first CPU
#     (latency and success of the attempts: kernel log lines
#     "mode=pressure"), print the /proc/vmstat counters that moved
#     meanwhile ("highorder:" lines);
#   - stop the workers.
# The switches are restored at the end, and pcp_no_page_lost.sh checks that
# the free pages and the pages on the per-CPU lists came back; on a kernel
# with the joint patch, the statistics' drain_reclaim pages must be the
# pcp_reclaim_drain_pages of /proc/vmstat.
#
# Usage (in the guest): highorder_pressure.sh KO ROUNDS "ORDERS" "PARAMS" NAME=DRAIN:EARLY...
# e.g. highorder_pressure.sh pcp_bench.ko 3 "1 3 9" "mem_pct=80 thisnode=1" d1e1=1:1 d2e1=2:1
# Env: DISK (default /dev/vda; a file works too), HOG_MIB (default: an eighth of memory),
#      FILL_MIB (default: all of memory), CHURN=1: keep reading DISK on the
#      first CPU while the attempts run, 64 MiB at a time, so that new page
#      cache keeps appearing on that node for direct reclaim to find (without
#      it kswapd may have emptied the node's LRU before the attempts reclaim),
#      PIN_MIB (default 0): hold that much of the end of DISK in the page
#      cache with pcp-pin, pages reclaim scans and cannot free, so that
#      rounds of reclaim for compaction that reclaim nothing (the rounds
#      vm.reclaim_compaction_early_break decides) come whenever reclaim
#      meets them, not only when kswapd and the attempts happen to leave
#      an LRU of mapped pages.
#      WRITER=1: write DISK (it is overwritten) 64 MiB at a time, from start
#      to end and over again, through the page cache, for the whole run.
#      STREAM_MIB (default 0): pcp-hog -r of that size, reading its pages
#      over and over for the whole run.  FAULTERS: see above.

ko=$1 rounds=$2 orders=$3 params=$4
shift 4
drain=/proc/sys/vm/pcp_drain_after_reclaim
early=/proc/sys/vm/reclaim_compaction_early_break
disk=${DISK:-/dev/vda}
die() { echo "highorder_pressure: $*" >&2; exit 2; }
[ -f "$ko" ] || die "$ko: no such module"
[ -e "$drain" ] && [ -e "$early" ] || die "$drain or $early not present (unpatched kernel?)"
[ -b "$disk" ] || [ -f "$disk" ] ||
	die "$disk: no such block device or file (boot with a disk for the page cache)"
[ $# -gt 0 ] || die "no NAME=DRAIN:EARLY given"
mem_mib=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
hog=${HOG_MIB:-$((mem_mib / 8))}
pin=${PIN_MIB:-0}
case $pin in *[!0-9]* | '') die "PIN_MIB '$pin' is not a number of MiB" ;; esac
stream=${STREAM_MIB:-0}
case $stream in *[!0-9]* | '') die "STREAM_MIB '$stream' is not a number of MiB" ;; esac
writer=${WRITER:-0}
case $writer in 0 | 1) ;; *) die "WRITER '$writer' is not 0 or 1" ;; esac
fill=${FILL_MIB:-$mem_mib}
ncpu=$(grep -c ^processor /proc/cpuinfo)
faulters=${FAULTERS:-$((ncpu - 1))}
case $faulters in *[!0-9]* | '') die "FAULTERS '$faulters' is not a number of CPUs" ;; esac
[ "$faulters" -lt "$ncpu" ] || die "FAULTERS '$faulters': at most $((ncpu - 1)) (the first CPU allocates)"
disk_mib=$(( $(blockdev --getsize64 "$disk" 2>/dev/null || stat -c %s "$disk") / 1048576 ))
[ "$pin" = 0 ] || [ $((fill + pin)) -le "$disk_mib" ] ||
	die "$disk: $disk_mib MiB, too small to fill $fill MiB and pin $pin MiB apart"
[ "$writer" = 0 ] || [ "$disk_mib" -ge 64 ] || die "$disk: $disk_mib MiB, too small for the writer (64 MiB)"
counters="pcp_reclaim_retry pcp_reclaim_retry_success pcp_reclaim_drain
pcp_reclaim_drain_cpus pcp_reclaim_drain_pages reclaim_compact_early_break
reclaim_compact_noprogress reclaim_compact_noprogress_limit compact_stall
compact_fail compact_success thp_fault_alloc thp_fault_fallback
allocstall_dma32 allocstall_normal pgscan_direct pgsteal_direct
nr_vmscan_write nr_vmscan_immediate_reclaim nr_written oom_kill"
pattern="^($(echo $counters | tr ' ' '|')) "
default_drain=$(cat "$drain") default_early=$(cat "$early")
echo "highorder_pressure: $ncpu CPUs, $mem_mib MiB, hog $hog MiB, fill $fill MiB from $disk, pin $pin MiB," \
	"writer $writer, stream $stream MiB"
pcp_no_page_lost.sh before /tmp/pages.before || die "per-CPU counts wrong before the runs"
# The attempts leave so little memory that an order-2 kernel stack (a new
# kworker) can need the OOM killer: it may kill a worker (the count is in
# the report, oom_kill), never this script, which would end the run, nor
# the shell that runs it (the harness's command shell, init.sh's child:
# killed once with the workers protected, 2026-12-06, exit 137).
echo -1000 >/proc/self/oom_score_adj
[ "$PPID" -le 1 ] || echo -1000 >"/proc/$PPID/oom_score_adj" ||
	die "cannot protect the parent shell ($PPID) from the OOM killer"
killable() { echo 0 >/proc/self/oom_score_adj && exec "$@"; }
# kswapd, kthreadd (whose forks allocate kernel stacks) and the unbound
# workqueues (the writeback flusher among them) off the first CPU where
# they have others, so that what pcp_bench counts there per attempt (the
# rounds without progress) is as nearly as can be the attempts' own: the
# per-CPU kworkers left there would count too, an upper bound; where
# kswapd cannot move, pcp_bench prints no such figure.
for c in /proc/[0-9]*/comm; do
	case $(cat "$c" 2>/dev/null) in kswapd* | kthreadd) ;; *) continue ;; esac
	k=${c%/comm} k=${k#/proc/}
	m=$(taskset -p "$k" | sed 's/.*: //')
	[ $((0x$m & ~1)) = 0 ] || taskset -p "$(printf %x $((0x$m & ~1)))" "$k" >/dev/null
done
wq=/sys/devices/virtual/workqueue/cpumask
wq_mask=$(cat "$wq" 2>/dev/null)
[ -z "$wq_mask" ] || [ $((0x$wq_mask & ~1)) = 0 ] ||
	printf %x $((0x$wq_mask & ~1)) >"$wq" || die "$wq: cannot take CPU 0 out of $wq_mask"

r=1
while [ "$r" -le "$rounds" ]; do
	for pair in $(rotated.sh $((r - 1)) "$@"); do
		name=${pair%%=*} sw=${pair#*=}
		d=${sw%%:*} e=${sw#*:}
		out=$(pcp-write "$drain" "$d") && [ "$out" = ok ] || die "$name: $drain=$d: $out"
		out=$(pcp-write "$early" "$e") && [ "$out" = ok ] || die "$name: $early=$e: $out"
		sync
		echo 3 >/proc/sys/vm/drop_caches
		# The hog and the page cache on the first CPU's node, where the
		# __GFP_THISNODE attempts have to reclaim and compact.
		(killable taskset -c 0 pcp-hog "$hog" >/tmp/hog.out) &
		hogpid=$!
		while ! grep -q holding /tmp/hog.out 2>/dev/null; do
			kill -0 "$hogpid" 2>/dev/null || die "pcp-hog failed: $(cat /tmp/hog.out)"
			sleep 0.1
		done
		pids=""
		if [ "$pin" != 0 ]; then
			(killable taskset -c 0 pcp-pin "$disk" $((disk_mib - pin)) "$pin" >/tmp/pin.out 2>&1) &
			pids=$!
			while ! grep -q holding /tmp/pin.out; do
				kill -0 "$pids" 2>/dev/null || die "pcp-pin failed: $(cat /tmp/pin.out)"
				sleep 0.1
			done
		fi
		if [ "$writer" = 1 ]; then
			rm -f /tmp/writer.stop
			(killable taskset -c $((1 % ncpu)) sh -c "off=0; while [ ! -e /tmp/writer.stop ]; do
				dd if=/dev/zero of=$disk bs=1M count=64 seek=\$off conv=notrunc 2>/dev/null
				off=\$(( (off + 64) % ($disk_mib - 63) )); done") &
			writerpid=$!
		fi
		if [ "$stream" != 0 ]; then
			(killable taskset -c $((2 % ncpu)) pcp-hog -r "$stream" >/tmp/stream.out) &
			pids="$pids $!"
			while ! grep -q holding /tmp/stream.out 2>/dev/null; do
				kill -0 $! 2>/dev/null || die "pcp-hog -r failed: $(cat /tmp/stream.out)"
				sleep 0.1
			done
		fi
		c=$((ncpu - faulters))
		while [ $c -lt "$ncpu" ]; do
			(killable taskset -c $c pcp-fault 3600 4 64 2048 >/tmp/fault.$c.out 2>&1) &
			pids="$pids $!"
			c=$((c + 1))
		done
		for o in $orders; do
			taskset -c 0 dd if="$disk" of=/dev/null bs=1M count="$fill" 2>/dev/null
			grep -E "$pattern" /proc/vmstat >/tmp/before
			churn=
			if [ "${CHURN:-0}" = 1 ]; then
				rm -f /tmp/churn.stop
				(killable taskset -c 0 sh -c "off=0; while [ ! -e /tmp/churn.stop ]; do
					dd if=$disk of=/dev/null bs=1M count=64 skip=\$off 2>/dev/null
					off=\$(( (off + 64) % $disk_mib )); done") &
				churn=$!
			fi
			# shellcheck disable=SC2086
			taskset -c 0 insmod "$ko" modes=pressure orders=$o $params set="$name" round=$r ||
				die "$name: insmod failed"
			[ -z "$churn" ] || { touch /tmp/churn.stop; wait "$churn"; }
			grep -E "$pattern" /proc/vmstat >/tmp/after
			rmmod pcp_bench
			echo "highorder: set=$name round=$r order=$o drain=$d early_break=$e" \
				"$(awk 'NR == FNR { b[$1] = $2; next } { printf "%s=%d ", $1, $2 - b[$1] }' /tmp/before /tmp/after)"
		done
		[ "$writer" = 0 ] || { touch /tmp/writer.stop; wait "$writerpid"; sync; }
		# shellcheck disable=SC2086
		kill $pids $hogpid 2>/dev/null
		wait
		cat /tmp/fault.*.out 2>/dev/null; rm -f /tmp/fault.*.out
	done
	r=$((r + 1))
done
pcp-write "$drain" "$default_drain" >/dev/null
pcp-write "$early" "$default_early" >/dev/null
[ -z "$wq_mask" ] || echo "$wq_mask" >"$wq"
echo "highorder_pressure: $rounds rounds of $*; switches restored to $(cat "$drain"):$(cat "$early")"
# With the joint patch (series/both/), the per-order statistics count the
# drains after direct reclaim as drain_reclaim: the very pages /proc/vmstat
# counts as pcp_reclaim_drain_pages, since boot.
if [ -f /sys/kernel/mm/pcp/order-0/stats/drain_reclaim ]; then
	sysfs=$(pcp_stat_pages.sh drain_reclaim) || die "cannot read drain_reclaim"
	vm=$(awk '$1 == "pcp_reclaim_drain_pages" { print $2 }' /proc/vmstat)
	echo "highorder_pressure: drain_reclaim $sysfs pages, pcp_reclaim_drain_pages $vm"
	[ "$sysfs" = "$vm" ] || die "drain_reclaim counts $sysfs pages, pcp_reclaim_drain_pages $vm"
fi
pcp_no_page_lost.sh after /tmp/pages.before || die "pages lost or per-CPU counts wrong after the runs"
