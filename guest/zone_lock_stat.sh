#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The zone->lock measurement shared by zone_lock_count.sh and
# page_fault.sh:
#
#   zone_lock_stat.sh start   drain the high-order per-cpu lists on every
#                             CPU (guest/pcp_drain.sh), and where the
#                             kernel has lock statistics switch them on and
#                             clear them
#   zone_lock_stat.sh read    print "ACQUISITIONS CONTENTIONS HOLDMAX" of
#                             the "&zone->lock" class since the start
#                             (HOLDMAX: the longest hold, in microseconds
#                             of the guest's clock; every zone's lock is
#                             that one class; a class not taken since the
#                             clear has no line: "0 0 0")
#   zone_lock_stat.sh hold    raise vm.stat_interval to an hour and wait
#                             for the vmstat work already queued to run
#                             once (1.5 s): the periodic per-cpu trims and
#                             decay of pcp->high then stay out of the
#                             windows counted; prints the old interval
#   zone_lock_stat.sh release SECONDS
#                             vm.stat_interval back to SECONDS (the
#                             vmstat work already waiting its hour takes
#                             it up only when it runs: in a benchmark
#                             boot, the periodic vmstat work stays off
#                             from the first hold on, under every set
#                             alike)
#
# "read" exits 2 without CONFIG_LOCK_STAT (/proc/lock_stat).

stat=/proc/lock_stat
interval=/proc/sys/vm/stat_interval
case ${1:-} in
start)
	pcp_drain.sh || exit 1
	[ ! -w "$stat" ] || { echo 1 >/proc/sys/kernel/lock_stat && echo 0 >"$stat"; } ;;
read)
	[ -r "$stat" ] || { echo "zone_lock_stat: no $stat: the kernel needs CONFIG_LOCK_STAT (LOCKSTAT=1)" >&2; exit 2; }
	awk '$1 == "&zone->lock:" { c = $9 " " $3 " " $11 } END { print c ? c : "0 0 0" }' "$stat" ;;
hold)
	old=$(cat "$interval") || exit 1
	echo 3600 >"$interval" || exit 1
	sleep 1.5
	echo "$old" ;;
release)
	case ${2:-} in ''|*[!0-9]*) echo "usage: zone_lock_stat.sh release SECONDS" >&2; exit 2 ;; esac
	echo "$2" >"$interval" ;;
*)
	echo "usage: zone_lock_stat.sh start|read|hold|release SECONDS" >&2; exit 2 ;;
esac
