#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm.pcp_drain_after_reclaim (0-2) and vm.reclaim_compaction_early_break
# (0-1) from user space: the defaults are 6.12's behaviour (1 and 1), every
# valid value is taken and reads back, malformed or out-of-range writes fail
# with EINVAL and leave the value as it was; the defaults are restored at
# the end.  Prints TAP.
# Usage (in the guest): slowpath_sysctl.sh

n=0 failed=0
ok()     { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }

echo "TAP version 13"
# check_knob NAME MAX
check_knob() {
	knob=/proc/sys/vm/$1 max=$2
	if [ ! -e "$knob" ]; then
		not_ok "$knob not present"
		return
	fi
	default=$(cat "$knob")
	[ "$default" = 1 ] && ok "$1 defaults to 1 (6.12's behaviour)" ||
		not_ok "$1 defaults to $default, expected 1"
	v=0
	while [ $v -le "$max" ]; do
		out=$(pcp-write "$knob" "$v")
		[ "$out" = ok ] && [ "$(cat "$knob")" = "$v" ] && ok "$1: $v accepted" ||
			not_ok "$1: $v: $out, reads $(cat "$knob")"
		v=$((v + 1))
	done
	pcp-write "$knob" 0 >/dev/null
	for bad in $((max + 1)) -1 abc 1a 2x 99999999999999999999; do
		out=$(pcp-write "$knob" "$bad")
		now=$(cat "$knob")
		case $out in
		"error: EINVAL:"*)
			[ "$now" = 0 ] && ok "$1: '$bad' rejected with EINVAL, value unchanged" ||
				not_ok "$1: '$bad' rejected, but the value is now $now" ;;
		*) not_ok "$1: '$bad': $out, value now $now (want EINVAL and 0)" ;;
		esac
	done
	pcp-write "$knob" "$default" >/dev/null
	[ "$(cat "$knob")" = "$default" ] && ok "$1: default $default restored" ||
		not_ok "$1: restore failed"
}
check_knob pcp_drain_after_reclaim 2
check_knob reclaim_compaction_early_break 1
for c in pcp_reclaim_retry pcp_reclaim_retry_success pcp_reclaim_drain \
	 pcp_reclaim_drain_cpus pcp_reclaim_drain_pages \
	 reclaim_compact_early_break reclaim_compact_noprogress \
	 reclaim_compact_noprogress_limit; do
	grep -q "^$c " /proc/vmstat && ok "/proc/vmstat has $c" ||
		not_ok "/proc/vmstat lacks $c"
done
echo "1..$n"
[ $failed = 0 ]
