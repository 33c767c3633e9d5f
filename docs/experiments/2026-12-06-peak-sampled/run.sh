#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The peak orders patch 16 keeps (sampled: after refills, before trims and
# drains, at the vmstat update) against the exact peak, in the same run:
# peak-exact.patch (on patch 16, not in the series) keeps a second peak,
# also noted on every free, shown as "peak_exact:" in /proc/zoneinfo and
# restarted with the first.  UML, one CPU, every order cached; for each
# workload both peaks are restarted, the workload runs, and each is read
# as the most one CPU's lists held (its zones added up).
#
# Usage: docs/experiments/2026-12-06-peak-sampled/run.sh TREE OUTDIR
#   TREE: a worktree at orders patch 16 with peak-exact.patch applied;
#   OUTDIR: a UML build folder for it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
[ $# = 2 ] || { echo "usage: $0 TREE OUTDIR" >&2; exit 2; }
tree=$1 out=$2
grep -q 'count_peak_exact' "$tree/mm/vmstat.c" 2>/dev/null ||
	{ echo "$0: $tree: peak-exact.patch is not applied there" >&2; exit 2; }
export TREE=$tree OUTDIR=$out DEBUG=1 KUNIT=1
"$repo/scripts/build/build.sh" um >/dev/null
ko=$("$repo/scripts/build/bench-module.sh" um)

guest='peaks() {
	awk -v w="$1" "/^ *cpu: / { c = \$2 } /^ +peak: / { s[c] += \$2 } /^ +peak_exact: / { e[c] += \$2 }
		END { for (c in s) { if (s[c] > ms) ms = s[c]; if (e[c] > me) me = e[c] }
		      printf \"PEAK %-44s sampled %6d  exact %6d  %5.1f%%\\n\", w, ms, me, 100 * ms / me }" /proc/zoneinfo
}
echo 0-8 > /proc/sys/vm/percpu_pagelist_orders
for o in 0 3 4 8; do
	for p in "loops=2000 modes=single" "loops=200 modes=batch outstanding=64"; do
		pcp_drain.sh; echo 0 > /sys/kernel/mm/pcp/peak
		NODRAIN=1 pcp_bench_run.sh KO $o "$p" >/dev/null
		peaks "order=$o $p"
	done
done
for mib in 16 64; do
	pcp_drain.sh; echo 0 > /sys/kernel/mm/pcp/peak
	page_fault.sh 1 $mib 4 4 >/dev/null
	peaks "faults=${mib}MiB"
done
pcp_drain.sh; echo 0 > /sys/kernel/mm/pcp/peak
for i in 1 2 3 4 5 6 7 8; do cat /proc/zoneinfo /proc/vmstat >/dev/null; sleep 0.2; done
peaks "shell-idle-2s"'

run=$(mktemp -d)
trap 'rm -rf "$run"' EXIT
"$repo/scripts/boot/boot-um.sh" --out "$run" --mem 1G --timeout 600 -- "${guest//KO/$ko}" >/dev/null
echo "# $(date -u +%Y-%m-%d) UML, 1 CPU, every order cached, pages; reproduce: $0 TREE OUTDIR"
grep '^PEAK ' "$run/console.log" | sed 's/^PEAK //'
