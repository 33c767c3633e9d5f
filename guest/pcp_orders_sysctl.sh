#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm.percpu_pagelist_orders from user space: valid sets are taken and read
# back in list syntax; malformed writes fail with EINVAL and leave the set
# as it was; the default is restored at the end.  Prints TAP.
# Usage (in the guest): pcp_orders_sysctl.sh

knob=/proc/sys/vm/percpu_pagelist_orders
n=0 failed=0
ok()     { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }

echo "TAP version 13"
if [ ! -e "$knob" ]; then
	echo "1..0 # SKIP $knob not present"
	exit 4
fi
default=$(cat "$knob")
echo "# default set: $default"
thp=$(cat /sys/kernel/mm/transparent_hugepage/hpage_pmd_size 2>/dev/null)
case $default in
0-3|0-3,9) ok "default set is 6.12's: $default" ;;
*) not_ok "default set is $default, expected 0-3 (no THP) or 0-3,9 (THP)" ;;
esac

# write_ok VALUE EXPECTED_READBACK [-n]
write_ok() {
	out=$(pcp-write $3 "$knob" "$1")
	if [ "$out" = ok ] && [ "$(cat "$knob")" = "$2" ]; then
		ok "'$1' accepted, reads back '$2'"
	else
		not_ok "'$1' should be accepted and read back '$2': $out, reads '$(cat "$knob")'"
	fi
}
write_ok 0 0
write_ok "0-3" "0-3"
write_ok "0,2" "0,2"
write_ok "3,1,0" "0-1,3"
write_ok "0-1,1-2" "0-2"
write_ok "0-3" "0-3" -n
write_ok " 0-2 " "0-2"
write_ok "0-3:1/2" "0,2"
# The mTHP orders 4-8 have lists too; the PMD order (9) only with THP.
write_ok "0-4" "0-4"
write_ok "0,8" "0,8"
if [ -n "$thp" ]; then all=0-9; else all=0-8; fi
write_ok "$all" "$all"
write_ok "0-8:1/2" "0,2,4,6,8"
write_ok "$default" "$default"

# Each malformed value must fail with EINVAL and change nothing.
pcp-write "$knob" 0-2 >/dev/null
long=0
i=0
while [ $i -lt 40 ]; do long="$long,0"; i=$((i + 1)); done
bad_values="
10
11
64
0-10
0-11
1
1-3
3-0
-1
0-
-3
0,
,0
0,,1
a
0x1
0-3a
all
N
0 1
0;1
0-3:0/2
0-3:3/2
+0
99999999999999999999
$long
"
# The PMD order has lists only with THP.
[ -z "$thp" ] && bad_values="$bad_values
9"
count=0
IFS='
'
for v in $bad_values; do
	[ -n "$v" ] || continue
	count=$((count + 1))
	out=$(pcp-write "$knob" "$v")
	now=$(cat "$knob")
	case $out in
	"error: EINVAL:"*)
		if [ "$now" = "0-2" ]; then
			ok "'$(echo "$v" | cut -c1-24)' rejected with EINVAL, set unchanged"
		else
			not_ok "'$v' rejected, but the set is now '$now'"
		fi ;;
	*) not_ok "'$v': $out, set now '$now' (want EINVAL and 0-2)" ;;
	esac
done
unset IFS
# A lone newline is an empty value.
out=$(pcp-write -n "$knob" "")
[ "$out" = "error: EINVAL: Invalid argument" ] && [ "$(cat "$knob")" = 0-2 ] &&
	ok "empty value rejected with EINVAL, set unchanged" ||
	not_ok "empty value: $out, set now $(cat "$knob")"
[ $count -ge 20 ] && ok "$count malformed values tried" || not_ok "only $count malformed values"

pcp-write "$knob" "$default" >/dev/null
[ "$(cat "$knob")" = "$default" ] && ok "default $default restored" || not_ok "restore failed"
echo "1..$n"
[ $failed = 0 ]
