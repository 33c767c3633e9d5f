#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The zone->lock measurement shared by zone_lock_count.sh and
# page_fault.sh:
#
#   zone_lock_stat.sh start   drain the high-order per-cpu lists on every
#                             CPU (vm.percpu_pagelist_orders written as "0"
#                             and back: what earlier runs left there shares
#                             pcp->high with the next one), and where the
#                             kernel has lock statistics switch them on and
#                             clear them
#   zone_lock_stat.sh read    print "ACQUISITIONS CONTENTIONS" of the
#                             "&zone->lock" class since the start (every
#                             zone's lock is that one class; a class not
#                             taken since the clear has no line: "0 0")
#
# "read" exits 2 without CONFIG_LOCK_STAT (/proc/lock_stat).

stat=/proc/lock_stat knob=/proc/sys/vm/percpu_pagelist_orders
case ${1:-} in
start)
	if [ -w "$knob" ]; then
		set=$(cat "$knob")
		pcp-write "$knob" 0 >/dev/null && pcp-write "$knob" "$set" >/dev/null || exit 1
	fi
	[ ! -w "$stat" ] || { echo 1 >/proc/sys/kernel/lock_stat && echo 0 >"$stat"; } ;;
read)
	[ -r "$stat" ] || { echo "zone_lock_stat: no $stat: the kernel needs CONFIG_LOCK_STAT (LOCKSTAT=1)" >&2; exit 2; }
	awk '$1 == "&zone->lock:" { c = $9 " " $3 } END { print c ? c : "0 0" }' "$stat" ;;
*)
	echo "usage: zone_lock_stat.sh start|read" >&2; exit 2 ;;
esac
