#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Memory offlining with every order cached (issue 12): the memory blocks of
# ZONE_MOVABLE (a DIMM hotplugged at boot and onlined movable:
# memhp_default_state=online_movable; its memmap lives outside it, so every
# block of it can go offline) are taken offline and brought back in
# a loop while one anonymous-fault worker per CPU fills and empties the
# per-CPU lists of every order.  Offlining must either succeed or fail
# cleanly (EBUSY, or EINTR when it has not migrated everything away within
# OFFLINE_SECS, default 5, and is interrupted), never splat (the
# harness checks the log), and every block must go offline at least once:
# offline_pages() needs every free page of the range back in the buddy
# allocator, so a page of it that zone_pcp_disable()'s drain missed, or
# that a refill put back on a list, keeps the block from going offline.
# Whenever every block of the zone is offline, the zone's "count" and
# "count by order" in /proc/zoneinfo must be 0 on every CPU (a sanity
# check: the zone is then empty and zone_pcp_reset() has put it back on
# the boot pageset; the proof is that each block goes offline).  Before
# and after, pcp_no_page_lost.sh with TOTAL=1: offlining migrates the
# pages in use out of ZONE_MOVABLE into DMA32 (what outlives the run, such
# as the initramfs files: ramfs, never dropped), where they stay when the blocks
# come back, so DMA32 ends short by about what ZONE_MOVABLE gains; the
# zones are judged together, and each zone may be short by at most its
# tolerance plus the pages migrated meanwhile.
#
# Usage (in the guest): pcp_memory_offline.sh [SECONDS]   (default 10)
# Prints "# N offline/online cycles: N blocks offlined, N refused (EBUSY or interrupted),
# N checks of the empty zone"; exits 1 on a problem, 4 (skip) without
# movable memory blocks.

secs=${1:-10}
knob=/proc/sys/vm/percpu_pagelist_orders
mem=/sys/devices/system/memory
[ -e "$knob" ] || { echo "SKIP: $knob not present"; exit 4; }
[ -d $mem ] || { echo "SKIP: no $mem (CONFIG_MEMORY_HOTPLUG)"; exit 4; }
# The movable blocks: valid_zones says Movable for a block onlined movable.
blocks=
for b in $mem/memory[0-9]*; do
	[ "$(cat "$b/state")" = online ] || continue
	grep -q '^Movable' "$b/valid_zones" 2>/dev/null && blocks="$blocks ${b##*/memory}"
done
[ -n "$blocks" ] || { echo "SKIP: no memory block in ZONE_MOVABLE (hotplug a DIMM, memhp_default_state=online_movable)"; exit 4; }
nblocks=$(echo $blocks | wc -w)
echo "# $(grep -c '^processor' /proc/cpuinfo) CPUs, $nblocks movable memory blocks of $(($(cat $mem/block_size_bytes 2>/dev/null | sed 's/^/0x/') / 1048576)) MiB:$blocks"

pcp_no_page_lost.sh before /tmp/pages.before || { echo "counts wrong before the test"; exit 1; }
default=$(cat "$knob")
all=0-9
pcp-write "$knob" "$all" >/dev/null || all=0-8
pcp-write "$knob" "$all" >/dev/null || { echo "cannot cache every order"; exit 1; }
sizes=$(thp_sizes.sh)
cpus=$(grep -c '^processor' /proc/cpuinfo)
i=0
while [ $i -lt "$cpus" ]; do
	taskset -c $i pcp-fault "$secs" $sizes >/tmp/fault.$i 2>&1 &
	i=$((i + 1))
done

# movable_pages: "count" and "count by order" of ZONE_MOVABLE summed over
# CPUs; nonzero while every block is offline is a page left on a list.
movable_pages() {
	awk '/^Node [0-9]+, *zone/ { mv = ($4 == "Movable") }
		mv && /^ +count: / { n += $2 }
		mv && /^ *count by order:/ { for (f = 4; f <= NF; f++) n += $f }
		END { print n + 0 }' /proc/zoneinfo
}

drained=$(pcp_stat_pages.sh drain_offline 2>/dev/null)
cycles=0 offlined=0 refused=0 checks=0 ok=1
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
	down=
	for b in $blocks; do
		if timeout "${OFFLINE_SECS:-5}" sh -c "echo offline 2>/dev/null >$mem/memory$b/state"; then
			offlined=$((offlined + 1)) down="$down $b"
			touch /tmp/offlined.$b
		else
			refused=$((refused + 1))
		fi
	done
	if [ "$(echo $down | wc -w)" = "$nblocks" ]; then
		n=$(movable_pages)
		checks=$((checks + 1))
		[ "$n" = 0 ] || { echo "every movable block offline, but $n pages on the per-CPU lists of ZONE_MOVABLE"; ok=0; }
	fi
	for b in $down; do
		echo online_movable >$mem/memory$b/state ||
			{ echo "memory$b does not come back online"; ok=0; }
	done
	cycles=$((cycles + 1))
done
wait
cat /tmp/fault.* | grep -v '^pcp-fault: ' && ok=0
echo "# $cycles offline/online cycles: $offlined blocks offlined, $refused refused (EBUSY or interrupted), $checks checks of the empty zone"
for b in $blocks; do
	[ -e /tmp/offlined.$b ] || { echo "memory$b never went offline"; ok=0; }
done
# Each offlining drained the zone's lists, which the workers keep filling:
# orders patch 12 counts those blocks as drain_offline.
if [ -n "$drained" ]; then
	drained=$(( $(pcp_stat_pages.sh drain_offline) - drained ))
	echo "# drain_offline: $drained pages"
	[ "$drained" -gt 0 ] || { echo "$offlined blocks offlined, but drain_offline counted no page"; ok=0; }
fi
pcp-write "$knob" "$default" >/dev/null
# Offlining migrates pages out of ZONE_MOVABLE into the other zones: the
# zones together, each within what was migrated.
TOTAL=1 pcp_no_page_lost.sh after /tmp/pages.before || ok=0
[ "$ok" = 1 ]
