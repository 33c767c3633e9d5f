#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Rewrite vm.percpu_pagelist_orders every few milliseconds through "0",
# the default set, all orders and subsets, while one anonymous-fault
# worker per CPU allocates and frees order-0, mTHP and THP folios.  The
# kernel must stay quiet (the harness checks the log for splats), after
# every write no per-CPU list may hold a page of an order outside the new
# set ("count by order" of /proc/zoneinfo), and the default set must be
# back at the end.
# Usage (in the guest): pcp_orders_stress.sh [SECONDS]   (default 10)

secs=${1:-10}
knob=/proc/sys/vm/percpu_pagelist_orders
[ -e "$knob" ] || { echo "SKIP: $knob not present"; exit 4; }
default=$(cat "$knob")
cpus=$(grep -c '^processor' /proc/cpuinfo)
# "all": every order with lists (0-9 with THP, 0-8 without).
all=0-9
pcp-write "$knob" "$all" >/dev/null || all=0-8
pcp-write "$knob" "$default" >/dev/null

# Let every anon size fault as its own folio where the kernel supports it.
thp=/sys/kernel/mm/transparent_hugepage
sizes=4
if [ -d $thp ]; then
	echo always >$thp/enabled
	for d in $thp/hugepages-*kB; do
		[ -d "$d" ] || continue
		echo inherit 2>/dev/null >"$d/enabled" || continue
		kb=${d##*hugepages-}
		sizes="$sizes ${kb%kB}"
	done
fi
echo "# $cpus CPUs, sets: 0, $default (default), $all (all) and subsets; folio sizes (KiB): $sizes"

i=0
while [ $i -lt "$cpus" ]; do
	pcp-fault "$secs" $sizes >/tmp/fault.$i 2>&1 &
	i=$((i + 1))
done

writes=0 checks=0 check=0
grep -q 'count by order:' /proc/zoneinfo && check=1
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
	for set in 0 "$default" "$all" 0-1 0,2,4-6 "$all" 0-3 "$default" 0; do
		pcp-write "$knob" "$set" >/dev/null || { echo "write '$set' failed"; exit 1; }
		writes=$((writes + 1))
		# Once the write returns, no CPU holds a page of a removed order,
		# while the workers keep allocating and freeing every order.
		if [ "$check" = 1 ]; then
			pcp_orders_drained.sh "$set" || { echo "after write '$set' #$writes"; exit 1; }
			checks=$((checks + 1))
		fi
		usleep 2000 2>/dev/null || sleep 0.002
	done
done
wait
cat /tmp/fault.*
pcp-write "$knob" "$default" >/dev/null
echo "# $writes set changes, $checks checked in /proc/zoneinfo: no page of a removed order left; set restored to $(cat "$knob")"
[ "$(cat "$knob")" = "$default" ] && ! grep -q -v '^pcp-fault: ' /tmp/fault.*
