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
#
# With --hotplug, CPUs 1..N-1 are also taken offline and brought back in a
# loop the whole time (/sys/devices/system/cpu/cpuN/online), so that set
# changes race with the drain of a dying CPU (page_alloc_cpu_dead()) and
# with the lists of a CPU coming up.  At the end, with the last set
# written and every CPU online again: no list holds a page outside that
# set; and a CPU taken down with every order cached and brought back
# holds no mTHP or THP page (orders 4 and up: only anonymous faults
# allocate them, and THP is switched off before it comes back) right
# after it comes up: its lists were emptied when it went down.  (Orders 1-3 are not checked there: the slab
# allocator may take them on the new CPU at once.)
#
# Before and after, pcp_no_page_lost.sh: every CPU's count is the pages on
# its lists, and the free pages plus the pages on the lists come back.
#
# Usage (in the guest): pcp_orders_stress.sh [--hotplug] [SECONDS]   (default 10)

hotplug=
[ "${1:-}" != --hotplug ] || { hotplug=1; shift; }
secs=${1:-10}
knob=/proc/sys/vm/percpu_pagelist_orders
[ -e "$knob" ] || { echo "SKIP: $knob not present"; exit 4; }
default=$(cat "$knob")
cpus=$(grep -c '^processor' /proc/cpuinfo)
if [ -n "$hotplug" ]; then
	[ "$cpus" -ge 2 ] || { echo "SKIP: --hotplug needs 2 CPUs or more"; exit 4; }
	[ -w /sys/devices/system/cpu/cpu1/online ] ||
		{ echo "SKIP: CPU 1 cannot go offline (CONFIG_HOTPLUG_CPU)"; exit 4; }
fi
# "all": every order with lists (0-9 with THP, 0-8 without).
all=0-9
pcp-write "$knob" "$all" >/dev/null || all=0-8
pcp-write "$knob" "$default" >/dev/null

# Let every anon size fault as its own folio where the kernel supports it.
sizes=$(thp_sizes.sh)
pcp_no_page_lost.sh before /tmp/pages.before || { echo "counts wrong before the stress"; exit 1; }
echo "# $cpus CPUs, sets: 0, $default (default), $all (all) and subsets; folio sizes (KiB): $sizes${hotplug:+; CPUs 1-$((cpus - 1)) offline and online in a loop}"

i=0
while [ $i -lt "$cpus" ]; do
	pcp-fault "$secs" $sizes >/tmp/fault.$i 2>&1 &
	i=$((i + 1))
done

# cpu_online CPU 0|1: write the CPU's online file; a failure is logged
# (EBUSY can happen), not fatal, and counted.
cpu_online() {
	echo "$2" 2>/dev/null >/sys/devices/system/cpu/cpu$1/online
}

# high_order_pages CPU: the pages of orders 4 and up on the CPU's lists,
# every zone ("count by order" of /proc/zoneinfo).
high_order_pages() {
	awk -v want="$1" '/^ *cpu: / { cpu = $2 }
		/^ *count by order:/ && cpu == want { for (f = 8; f <= NF; f++) n += $f }
		END { print n + 0 }' /proc/zoneinfo
}

if [ -n "$hotplug" ]; then
	dead=$(pcp_stat_pages.sh drain_cpu_dead 2>/dev/null)
	rm -f /tmp/hotplug.stop
	(
		cycles=0 failed=0
		while [ ! -e /tmp/hotplug.stop ]; do
			c=1
			while [ $c -lt "$cpus" ]; do
				cpu_online $c 0 || failed=$((failed + 1))
				c=$((c + 1))
			done
			c=1
			while [ $c -lt "$cpus" ]; do
				cpu_online $c 1 || failed=$((failed + 1))
				c=$((c + 1))
			done
			cycles=$((cycles + 1))
			echo "$cycles $failed" >/tmp/hotplug.count
		done
	) &
	hotplug_pid=$!
fi

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
if [ -n "$hotplug" ]; then
	touch /tmp/hotplug.stop
	wait "$hotplug_pid"
fi
wait
cat /tmp/fault.*
echo "# $writes set changes, $checks checked in /proc/zoneinfo: no page of a removed order left"
ok=1
if [ -n "$hotplug" ]; then
	cycles=0 failed=0
	[ ! -f /tmp/hotplug.count ] || read -r cycles failed </tmp/hotplug.count
	echo "# $cycles hotplug cycles of CPUs 1-$((cpus - 1)) ($failed offline/online writes refused)"
	[ "$cycles" -gt 0 ] || { echo "no hotplug cycle completed"; ok=0; }
	# The workers keep every CPU's lists filled: what a CPU held when it
	# went down is counted as drained from a dead CPU (orders patch 12).
	if [ -n "$dead" ]; then
		dead=$(( $(pcp_stat_pages.sh drain_cpu_dead) - dead ))
		echo "# drain_cpu_dead: $dead pages over the hotplug cycles"
		[ "$dead" -gt 0 ] || [ "$cycles" = 0 ] ||
			{ echo "$cycles hotplug cycles, but drain_cpu_dead counted no page"; ok=0; }
	fi
	# Every CPU online, the last set in force: nothing outside it.
	c=1
	while [ $c -lt "$cpus" ]; do cpu_online $c 1; c=$((c + 1)); done
	pcp_orders_drained.sh 0 || { echo "after the hotplug loop, set 0"; ok=0; }
	# A CPU that went down with pages of every order on its lists comes
	# back with none of an mTHP or THP order.
	pcp-write "$knob" "$all" >/dev/null
	taskset 2 pcp-fault 1 $sizes >/dev/null
	held=$(high_order_pages 1)
	# From here no process faults mTHP or THP folios (every process's
	# anonymous faults would, with every size enabled), so that what CPU
	# 1 holds of orders 4 and up when it is back came from before.
	thp_sizes.sh off >/dev/null
	cpu_online 1 0 || { echo "CPU 1 does not go offline"; ok=0; }
	cpu_online 1 1 || { echo "CPU 1 does not come back"; ok=0; }
	echo "# CPU 1: $held pages of orders 4 and up on its lists before it went down, $(high_order_pages 1) when it came back"
	CPU=1 pcp_orders_drained.sh 0-3 || { echo "CPU 1 came back with pages of orders 4 and up"; ok=0; }
fi
pcp-write "$knob" "$default" >/dev/null
echo "# set restored to $(cat "$knob")"
pcp_no_page_lost.sh after /tmp/pages.before || ok=0
[ "$ok" = 1 ] && [ "$(cat "$knob")" = "$default" ] && ! grep -q -v '^pcp-fault: ' /tmp/fault.*
