#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: tabulate pcp_bench results from a kernel log.

Usage: scripts/report/bench-report.py LOG BASE [OTHER...]

LOG holds "pcp_bench: mode=... order=... ns=... set=NAME round=R" lines from
interleaved runs (guest/ab_rounds.sh; round 0, the warm-up, is skipped).  For every mode and order it
prints the mean ns per alloc+free pair under each set (stddev in
parentheses), and each OTHER set as a ratio to BASE.  A ratio is marked
with '*' when the difference is significant: |mean_a - mean_b| exceeds the
sum of the two half-widths qnorm(0.975) * stddev, as mmtests marks it,
and the means are at least 1% apart (scripts/report/mmstat.py); with fewer
than two rounds nothing is marked.
"""
import sys
from collections import defaultdict

import mmstat
import records


def stats(values):
    return mmstat.amean(values), mmstat.stddev(values), values

def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, sets = argv[1], argv[2:]
    data = defaultdict(list)
    gfp = set()
    recs, rc = records.load("bench-report", [path], ("bench",))
    if recs is None:
        return rc
    for _, f in recs:
        if f["round"] == "0":
            continue
        data[(f["mode"], int(f["order"]), f["set"])].append(float(f["ns"]))
        gfp.add(f.get("gfp", "?"))
    if not data:
        print(f"bench-report: error: no pcp_bench lines in {path}", file=sys.stderr)
        return 1
    missing = [s for s in sets if not any(k[2] == s for k in data)]
    if missing:
        print(f"bench-report: error: no results for set(s) {', '.join(missing)} in {path}",
              file=sys.stderr)
        return 1
    rounds = max(len(v) for v in data.values())
    base = sets[0]
    print(f"pcp_bench: ns per alloc+free pair, mean (stddev) of {rounds} interleaved rounds, "
          f"gfp={','.join(sorted(gfp))}")
    head = f"{'mode':<7}{'order':>5}" + "".join(f"{s:>18}" for s in sets) + \
        "".join(f"{s + '/' + base:>18}" for s in sets[1:])
    print(head)
    for mode in sorted({k[0] for k in data}, key=lambda m: (m != "single", m)):
        for order in sorted({k[1] for k in data if k[0] == mode}):
            st = {s: stats(data[(mode, order, s)]) for s in sets if data.get((mode, order, s))}
            row = f"{mode:<7}{order:>5}"
            for s in sets:
                row += f"{st[s][0]:>10.2f} ({st[s][1]:5.2f})" if s in st else f"{'-':>18}"
            for s in sets[1:]:
                if s in st and base in st and st[base][0] > 0:
                    mark = "*" if mmstat.significant(st[s][2], st[base][2], "lower") else " "
                    row += f"{st[s][0] / st[base][0]:>16.3f}{mark} "
                else:
                    row += f"{'-':>18}"
            print(row)
    print("'*': difference significant (|a-b| > qnorm(0.975)*(sd_a+sd_b) and "
          f"|a/b - 1| >= {mmstat.MIN_EFFECT_PCT:g}%; the rounds of one boot)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
