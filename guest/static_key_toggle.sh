#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Turn one static key on and off from a sysctl, as fast as the shell
# writes, while one anonymous-fault worker per CPU allocates and frees
# order-0 pages, so that other CPUs run through the branch being patched.
# With CONFIG_JUMP_LABEL every toggle is a text_poke_bp() of the page
# allocator's hot path under their feet.  The kernel must stay quiet (the
# harness checks the log for splats; boot with panic_on_oops=1 to end the
# run at the first one).
#
# KEY is one of
#   numa_stat    vm.numa_stat, 6.12's vm_numa_stat_key, tested in
#                zone_statistics() on every allocation
#   pcp_orders   vm.percpu_pagelist_orders between the default set and the
#                default set plus order 4: the series' pcp_orders_changed,
#                tested in get_page_from_freelist() and free_unref_folios()
#
# Usage (in the guest): static_key_toggle.sh KEY [SECONDS]   (default 20)

key=${1:-}
secs=${2:-20}
case $key in
numa_stat)
	knob=/proc/sys/vm/numa_stat
	[ -e "$knob" ] || { echo "SKIP: $knob not present (CONFIG_NUMA)"; exit 4; }
	on=1 off=0 ;;
pcp_orders)
	knob=/proc/sys/vm/percpu_pagelist_orders
	[ -e "$knob" ] || { echo "SKIP: $knob not present"; exit 4; }
	off=$(cat "$knob")
	on="$off,4" ;;
*)
	echo "static_key_toggle: error: KEY must be numa_stat or pcp_orders, not '$key'" >&2
	exit 2 ;;
esac
case $secs in
'' | *[!0-9]*) echo "static_key_toggle: error: SECONDS must be a whole number, not '$secs'" >&2; exit 2 ;;
esac
before=$(cat "$knob")
cpus=$(grep -c '^processor' /proc/cpuinfo)
i=0
while [ $i -lt "$cpus" ]; do
	pcp-fault "$secs" 4 >/tmp/toggle-fault.$i 2>&1 &
	i=$((i + 1))
done
toggles=0
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
	pcp-write "$knob" "$on" >/dev/null || { echo "write '$on' to $knob failed"; exit 1; }
	pcp-write "$knob" "$off" >/dev/null || { echo "write '$off' to $knob failed"; exit 1; }
	toggles=$((toggles + 2))
done
wait
pcp-write "$knob" "$before" >/dev/null
cat /tmp/toggle-fault.*
echo "# $key: $toggles writes to $knob ($on, $off) in $secs s while $cpus workers faulted"
! grep -q -v '^pcp-fault: ' /tmp/toggle-fault.*
