#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# No page lost (issue 12): what the buddy allocator and the per-CPU lists
# hold together comes back after a workload, and each CPU's pcp->count is
# the number of pages actually on its lists.
#
#   pcp_no_page_lost.sh before FILE
#       settle, then write to FILE, per zone, the free pages and the pages
#       on the per-CPU lists ("pages free" and the sum of "count" in
#       /proc/zoneinfo);
#   pcp_no_page_lost.sh after FILE [TOLERANCE]
#       check every CPU's count against its lists, settle, and compare
#       with FILE: per zone, the free pages plus the pages on the lists may
#       be at most TOLERANCE pages fewer than before (default: 0.25% of the
#       zone's managed pages, at least 64: the slab and page tables a
#       workload leaves behind).
#
# Settle: the order set written as 0 and back (a set change drains the
# orders it removes: every order above 0), page cache and slab dropped,
# the per-CPU vm counters folded (vm/stat_refresh), so that "pages free"
# is exact.  Order 0 keeps its lists: they are counted, not drained.
#
# The count check: "count" of each CPU must equal the sum of its "count by
# order" (the blocks each list counts beside its head, orders patch 11:
# the KUnit case pcp_test_order_counts checks those against the lists
# walked under the lock); both are read without that CPU's pcp->lock, so
# a CPU that freed or allocated in between may differ in one read: a CPU
# fails only if it differs in three reads in a row.
#
# With TOTAL=1, for workloads that move pages from one zone to another
# (offlining memory migrates the pages in use out of the blocks it takes
# down, into the other zones, and they stay there when the blocks come
# back), the zones are judged together (their sum against the sum of their
# tolerances), and each zone against its tolerance plus the pages migrated
# meanwhile (pgmigrate_success of /proc/vmstat, kept in FILE by 'before'):
# a zone may be short only by what migration can have put in it.
#
# With SLAB_GROWTH=1, each zone may also be short by the growth of the slab
# pages over the run (nr_slab_reclaimable plus nr_slab_unreclaimable of
# /proc/vmstat, kept in FILE by 'before'), for runs that leave slab pages
# that drop_caches does not free: on kernels with generic KASAN, freed
# objects wait in a quarantine (up to 1/32 of memory); after the file
# creators of fs_create_pressure.sh, the inode and dentry caches keep
# partly used slabs on their partial lists; after the streaming writer of
# highorder_pressure.sh (WRITER=1), the block device's buffer heads and
# writeback structures do (121 slab pages grew, 141 pages short in DMA32,
# over 129 without it, on 2026-12-03).  Also by the growth of the stack
# depot (the "pools" of /sys/kernel/debug/stackdepot/stats, where the
# kernel has it): KASAN saves the stack of every allocation and free
# there, in pools of four pages taken from the buddy allocator and never
# given back, plus one pool allocated in advance (one or two new pools in
# each run of the sanitizer kernel's stress, hotplug and sysctl torture).
# With the slab read in the same read as the free pages (below), those
# runs end 16-40 pages short beyond slab and depot (2026-12-06, ten runs;
# from a separate read of /proc/vmstat: -116 to +305, one failure in CI).
#
# Prints one "no-page-lost:" line per zone with the figures and one line
# per problem; exits 1 on a problem, 2 on bad use, 3 if the kernel lacks
# "count by order".  Env: ZONEINFO=FILE reads FILE instead of
# /proc/zoneinfo and does not settle, VMSTAT=FILE instead of /proc/vmstat,
# STACKDEPOT=FILE instead of the stack depot's stats (for tests).

die() { echo "pcp_no_page_lost: error: $*" >&2; exit 2; }
usage="usage: pcp_no_page_lost.sh before FILE | after FILE [TOLERANCE]"
mode=${1:-} file=${2:-} tol=${3:-}
case $mode in
before|after) ;;
*) die "$usage" ;;
esac
[ -n "$file" ] || die "$usage"
[ -z "$tol" ] || [ "$tol" -ge 0 ] 2>/dev/null || die "TOLERANCE '$tol' is not a number of pages"
[ "$mode" = before ] || [ -f "$file" ] || die "$file: no such file (run 'before' first)"
zoneinfo=${ZONEINFO:-/proc/zoneinfo}
[ -r "$zoneinfo" ] || die "$zoneinfo: cannot read"
vmstat=${VMSTAT:-/proc/vmstat}
stackdepot=${STACKDEPOT:-/sys/kernel/debug/stackdepot/stats}
grep -q 'count by order:' "$zoneinfo" || { echo "no 'count by order' in $zoneinfo"; exit 3; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pcp_no_page_lost.XXXXXX") || die "cannot make a scratch folder"
trap 'rm -rf "$tmp"' EXIT

settle() {
	[ -z "${ZONEINFO:-}" ] || return 0
	pcp_drain.sh
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 1 2>/dev/null >/proc/sys/vm/stat_refresh
}

# The pages migrated since boot (0 without CONFIG_MIGRATION).
migrated() {
	awk '$1 == "pgmigrate_success" { n = $2 } END { print n + 0 }' "$vmstat" 2>/dev/null || echo 0
}

# The pages slab holds now.
slab_pages() {
	awk '$1 == "nr_slab_reclaimable" || $1 == "nr_slab_unreclaimable" { n += $2 } END { print n + 0 }' \
		"$vmstat" 2>/dev/null || echo 0
}

# The stack depot's pools (0 where the kernel has no stats of it).
depot_pools() {
	awk '$1 == "pools:" { n = $2 } END { print n + 0 }' "$stackdepot" 2>/dev/null || echo 0
}

# Per zone: "ZONE FREE PCP MANAGED" (the zone as "Node N ZONE"), then
# "pgmigrate_success N", "slab N", "depot_pools N".  The slab pages come
# from the node stats in the same read of /proc/zoneinfo as the free
# pages where it has them: on KASAN kernels the quarantine frees and the
# slab takes back a hundred pages or more within a second, even at rest,
# so a separate read of /proc/vmstat a few processes later (each fork and
# exec moves the quarantine) does not match the free pages read.
zone_figures() {
	awk '/^Node [0-9]+, *zone/ { z = "Node" $2 $4; sub(",", ":", z); zones[++n] = z }
		/^  pages free/ { free[z] = $3 }
		/^ +managed/ { managed[z] = $2 }
		/^ +count: / { pcp[z] += $2 }
		/^ +nr_slab_(reclaimable|unreclaimable) / { slab += $2; node_slab = 1 }
		END { for (i = 1; i <= n; i++) {
			z = zones[i]
			if (free[z] || pcp[z] || managed[z])
				printf "%s %d %d %d\n", z, free[z], pcp[z], managed[z]
		}
		if (node_slab)
			printf "slab %d\n", slab
		}' "$zoneinfo" >"$tmp/zones"
	grep -v '^slab ' "$tmp/zones"
	echo "pgmigrate_success $(migrated)"
	grep '^slab ' "$tmp/zones" || echo "slab $(slab_pages)"
	echo "depot_pools $(depot_pools)"
}

# The CPUs whose count is not the pages on their lists: "ZONE CPU COUNT LISTED".
count_mismatches() {
	awk '/^Node [0-9]+, *zone/ { z = "Node" $2 $4; sub(",", ":", z) }
		/^ *cpu: / { cpu = $2 }
		/^ +count: / { count = $2 }
		/^ *count by order:/ { s = 0; for (f = 4; f <= NF; f++) s += $f
			if (s != count) printf "%s %s %d %d\n", z, cpu, count, s }' "$zoneinfo"
}

# check_counts WHEN: every CPU whose count differs from its lists in three
# reads in a row is a problem.
check_counts() {
	count_mismatches >"$tmp/count"
	reads=1
	while [ $reads -lt 3 ] && [ -s "$tmp/count" ]; do
		reads=$((reads + 1))
		count_mismatches >"$tmp/count.new"
		awk 'NR == FNR { again[$1 " " $2] = 1; next } ($1 " " $2) in again' \
			"$tmp/count.new" "$tmp/count" >"$tmp/count.both"
		mv "$tmp/count.both" "$tmp/count"
	done
	while read -r z cpu count listed; do
		echo "no-page-lost: $1: $z cpu $cpu: count $count, but $listed pages on its lists (three reads)"
		bad=1
	done <"$tmp/count"
	checked=$((checked + $(awk '/^ *cpu: / { n++ } END { print n + 0 }' "$zoneinfo")))
}

bad=0 checked=0
if [ "$mode" = before ]; then
	settle
	check_counts before
	zone_figures >"$file" || die "cannot write $file"
	awk '$1 != "pgmigrate_success" && $1 != "slab" && $1 != "depot_pools" { printf "no-page-lost: before: zone=%s free=%d pcp=%d managed=%d\n", $1, $2, $3, $4 }' "$file"
	exit $bad
fi

check_counts "after the workload"
settle
check_counts settled
zone_figures >"$tmp/after"
mig0=$(awk '$1 == "pgmigrate_success" { print $2 }' "$file")
mig=$(( $(awk '$1 == "pgmigrate_success" { print $2 }' "$tmp/after") - ${mig0:-0} ))
slab=0
if [ "${SLAB_GROWTH:-0}" = 1 ]; then
	slab0=$(awk '$1 == "slab" { print $2 }' "$file")
	slab=$(( $(awk '$1 == "slab" { print $2 }' "$tmp/after") - ${slab0:-0} ))
	[ "$slab" -ge 0 ] || slab=0
	pools0=$(awk '$1 == "depot_pools" { print $2 }' "$file")
	pools=$(( $(awk '$1 == "depot_pools" { print $2 }' "$tmp/after") - ${pools0:-0} ))
	[ "$pools" -ge 0 ] || pools=0
	depot=0
	[ "$pools" = 0 ] || depot=$(( (pools + 1) * 4 ))
	echo "no-page-lost: SLAB_GROWTH=1: slab grew by $slab pages over the run, the stack depot by $pools pools ($depot pages with the one in advance); each zone may be short by that too"
	slab=$((slab + depot))
fi
awk -v tol="$tol" -v total="${TOTAL:-0}" -v mig="$mig" -v slab="$slab" '
	$1 == "pgmigrate_success" || $1 == "slab" || $1 == "depot_pools" { next }
	NR == FNR { free[$1] = $2; pcp[$1] = $3; next }
	{
		if (!($1 in free)) { printf "no-page-lost: zone %s: not in the before file\n", $1; bad = 1; next }
		t = tol != "" ? tol : int($4 / 400); if (tol == "" && t < 64) t = 64
		t += slab
		before = free[$1] + pcp[$1]; now = $2 + $3; lost = before - now
		sb += before; sn += now; st += t
		if (total) {
			# short at most by what migration can have put in it
			printf "no-page-lost: zone=%s before=%d+%d now=%d+%d (free+pcp) lost=%d tolerance=%d+%d migrated %s\n",
			       $1, free[$1], pcp[$1], $2, $3, lost, t, mig, (lost > t + mig ? "FAIL" : "ok")
			if (lost > t + mig) bad = 1
			next
		}
		printf "no-page-lost: zone=%s before=%d+%d now=%d+%d (free+pcp) lost=%d tolerance=%d %s\n",
		       $1, free[$1], pcp[$1], $2, $3, lost, t, (lost > t ? "FAIL" : "ok")
		if (lost > t) bad = 1
	}
	END {
		if (total) {
			printf "no-page-lost: zone=all before=%d now=%d (free+pcp) lost=%d tolerance=%d %s\n",
			       sb, sn, sb - sn, st, (sb - sn > st ? "FAIL" : "ok")
			if (sb - sn > st) bad = 1
		}
		exit bad
	}' "$file" "$tmp/after" || bad=1
echo "no-page-lost: $checked per-CPU counts checked against their lists; $([ "$bad" = 0 ] && echo ok || echo FAILED)"
exit $bad
