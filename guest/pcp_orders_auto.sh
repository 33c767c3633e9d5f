#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm.percpu_pagelist_orders=auto (orders patch 15) from user space: the set
# is 6.12's and the mTHP orders whose anonymous sizes are enabled, and it
# follows /sys/kernel/mm/transparent_hugepage/hugepages-<size>kB/enabled
# (always, madvise, inherit with the top-level setting on) as they change:
#   - with every size off, "auto" reads "auto (DEFAULT)";
#   - 64K "always": "auto (0-4,...)"; pcp-fault of 64K folios on every CPU
#     fills the order-4 lists; 64K "never": the order leaves the set and
#     no CPU's lists hold a page of it (pcp_orders_drained.sh);
#   - 64K "inherit" follows the top-level setting ("never", then "always");
#   - the value read back is taken as a write and keeps "auto";
#   - malformed values with "auto" in them fail with EINVAL, set unchanged;
#   - a written order list ends "auto": a size enabled then changes nothing.
# The set and the THP sizes are restored at the end.  Prints TAP.
# Usage (in the guest): pcp_orders_auto.sh

knob=/proc/sys/vm/percpu_pagelist_orders
thp=/sys/kernel/mm/transparent_hugepage
size=$thp/hugepages-64kB/enabled
n=0 failed=0
ok()     { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }

echo "TAP version 13"
[ -e "$knob" ] || { echo "1..0 # SKIP $knob not present"; exit 4; }
[ -w "$size" ] || { echo "1..0 # SKIP no 64K anonymous THP size ($size)"; exit 4; }
saved=$(cat "$knob")
# mode FILE: the bracketed choice of a THP "enabled" file
mode() { sed 's/.*\[\(.*\)\].*/\1/' "$1"; }
saved_top=$(mode $thp/enabled)
for f in "$thp"/hugepages-*kB/enabled; do echo "$f $(mode "$f")"; done >/tmp/sizes.saved
default=0-3,9

# reads WANT WHAT: the knob reads WANT
reads() {
	now=$(cat "$knob")
	[ "$now" = "$1" ] && ok "$2: reads '$now'" || not_ok "$2: reads '$now', want '$1'"
}

thp_sizes.sh off >/dev/null
echo always >$thp/enabled
out=$(pcp-write "$knob" auto)
[ "$out" = ok ] && ok "'auto' accepted" || not_ok "'auto': $out"
reads "auto ($default)" "every size off"

echo always >"$size"
reads "auto (0-4,9)" "64K always"
cpus=$(grep -c '^processor' /proc/cpuinfo)
i=0
while [ $i -lt "$cpus" ]; do
	taskset -c $i pcp-fault 1 64 >/dev/null 2>&1 &
	i=$((i + 1))
done
wait
held=$(awk '/^ *count by order:/ { n += $8 } END { print n + 0 }' /proc/zoneinfo)
[ "$held" -gt 0 ] && ok "order-4 lists filled: $held pages" ||
	not_ok "no page of order 4 on the lists after 64K faults on every CPU"
echo never >"$size"
reads "auto ($default)" "64K never"
pcp_orders_drained.sh "$default" >/tmp/drained.out &&
	ok "64K off: no page of order 4 left on any list" ||
	not_ok "64K off: order 4 still on a list: $(cat /tmp/drained.out)"

echo madvise >"$size"
reads "auto (0-4,9)" "64K madvise"
echo inherit >"$size"
echo never >$thp/enabled
reads "auto ($default)" "64K inherit, top-level never"
echo madvise >$thp/enabled
reads "auto (0-4,9)" "64K inherit, top-level madvise"

# What reads back is a valid write, and keeps "auto".
out=$(pcp-write "$knob" "$(cat "$knob")")
[ "$out" = ok ] && ok "read-back value accepted" || not_ok "read-back value: $out"
echo never >"$size"
reads "auto ($default)" "after the read-back write, still following"
echo always >"$size"

for v in "autox" "auto 0-4" "auto(0-4,9)" "auto (1-3)" "auto (0-4" "auto ()" "auto (0-4,9) x" "aut" "0,auto"; do
	before=$(cat "$knob")
	out=$(pcp-write "$knob" "$v")
	now=$(cat "$knob")
	case $out in
	"error: EINVAL:"*)
		[ "$now" = "$before" ] && ok "'$v' rejected with EINVAL, set unchanged" ||
			not_ok "'$v' rejected, but the set went from '$before' to '$now'" ;;
	*) not_ok "'$v': $out (want EINVAL), reads '$now'" ;;
	esac
done

# A written list ends "auto".
pcp-write "$knob" "$default" >/dev/null
echo never >"$size"
echo always >"$size"
reads "$default" "list written, then 64K always"

while read -r f m; do echo "$m" >"$f"; done </tmp/sizes.saved
echo "$saved_top" >$thp/enabled
pcp-write "$knob" "$saved" >/dev/null
reads "$saved" "restored"
echo "1..$n"
[ $failed = 0 ]
