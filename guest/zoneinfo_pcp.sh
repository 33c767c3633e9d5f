#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Print the per-CPU page list (PCP) state of /proc/zoneinfo, one line per
# zone and CPU:
#   "Node 0 DMA32 cpu 1: count 120 high 378 batch 63 by order 100 4 16 0 ..."
# ("by order": base pages per order, on kernels whose zoneinfo shows them.)
# Exits 1 when no pageset is found.

awk '
	function flush() {
		if (cpu == "")
			return
		printf "Node %s %s cpu %s: count %s high %s batch %s%s\n",
		       node, zone, cpu, count, high, batch, orders
		n++
		cpu = ""
	}
	/^Node [0-9]+, *zone/   { flush(); node = $2; sub(",", "", node); zone = $4 }
	/^ *cpu: [0-9]+/        { flush(); cpu = $2; orders = "" }
	/^ *count: /            { count = $2 }
	/^ *high: /             { high = $2 }
	/^ *batch: /            { batch = $2 }
	/^ *count by order:/    { sub(/^ *count by order:/, ""); orders = " by order" $0 }
	/^ *vm stats threshold/ { flush() }
	END { flush(); exit n ? 0 : 1 }
' /proc/zoneinfo
