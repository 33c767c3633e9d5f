#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Print the per-CPU page list (PCP) state of /proc/zoneinfo, one line per
# zone and CPU:  "Node 0 DMA32 cpu 1: count 120 high 378 batch 63"
# Exits 1 when no pageset is found.

awk '
	/^Node [0-9]+, *zone/ { node = $2; sub(",", "", node); zone = $4 }
	/^ *cpu: [0-9]+/      { cpu = $2 }
	/^ *count: /          { count = $2 }
	/^ *high: /           { high = $2 }
	/^ *batch: /          {
		printf "Node %s %s cpu %s: count %s high %s batch %s\n",
		       node, zone, cpu, count, high, $2
		n++
	}
	END { exit n ? 0 : 1 }
' /proc/zoneinfo
