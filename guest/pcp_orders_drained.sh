#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Check that no per-CPU list of any zone holds a page of an order outside
# the cached set SET (an order list as vm.percpu_pagelist_orders prints
# it), from the "count by order" lines of /proc/zoneinfo.
# Usage (in the guest): [CPU=N] pcp_orders_drained.sh SET [ZONEINFO]
# (ZONEINFO: another file in that format, for tests; default /proc/zoneinfo;
# CPU: check that CPU's lists only)
# Prints the offending lines; exits 1 if any, 3 if zoneinfo lacks the lines.

set=$1
zoneinfo=${2:-/proc/zoneinfo}
grep -q 'count by order:' "$zoneinfo" || { echo "no 'count by order' in $zoneinfo"; exit 3; }
awk -v set="$set" -v only="${CPU:-}" '
	BEGIN {
		n = split(set, parts, ",")
		for (i = 1; i <= n; i++) {
			if (split(parts[i], r, "-") == 2)
				for (o = r[1]; o <= r[2]; o++) in_set[o] = 1
			else
				in_set[parts[i]] = 1
		}
	}
	/^Node [0-9]+, *zone/ { zone = $2 " " $4; sub(",", "", zone) }
	/^ *cpu: [0-9]+/      { cpu = $2 }
	/^ *count by order:/ && (only == "" || cpu == only) {
		for (f = 4; f <= NF; f++) {
			order = f - 4
			if ($f != 0 && !(order in in_set)) {
				printf "Node %s cpu %s: %d pages of order %d, not in set %s\n",
				       zone, cpu, $f, order, set
				bad++
			}
		}
	}
	END { exit bad ? 1 : 0 }
' "$zoneinfo"
