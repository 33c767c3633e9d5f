#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tables of the high-order allocation test (guest/highorder_pressure.sh).

Reads the kernel log (pcp_bench "mode=pressure" lines: per order and run,
attempts, successes, min/mean/max/stddev of the latency) and the guest's
output ("highorder: set=NAME ..." lines: /proc/vmstat counters that moved
during the run), pools the rounds of each setting and prints, per order,
the table of the 2011 early-break changelog - Count, Success, Min, Mean,
Max, Stddev - with the settings side by side, then the counters.  Where
pcp_bench counted the rounds of reclaim for compaction without progress
per attempt (noprogress_max, noprogress_p99, went_on_max), three more rows
per order: NoProg, the most such rounds one attempt met; NoPrg99, their
99th percentile (of the worst round); WentOn, the most that went on in
one attempt (the rule off: its bound is 8).  They are counted on the
attempts' CPU, from which the guest keeps kswapd, kthreadd and the
unbound workqueues: an upper bound, as per-CPU kworkers there count too.

Usage: scripts/report/highorder-report.py DMESG OUTPUT [--unit NAME --scale N] SET...
  SET: the setting names in the order of the columns.  Latencies are
  divided by --scale and labelled --unit (default: ns, 1).
"""
import math
import sys

import records


def die(msg):
    print(f"highorder-report: error: {msg}", file=sys.stderr)
    sys.exit(1)


def pool(runs):
    """Pool (n, mean, sd, min, max, success) runs into one summary."""
    n = sum(r[0] for r in runs)
    if n == 0:
        return None
    mean = sum(r[0] * r[1] for r in runs) / n
    ss = sum((r[0] - 1) * r[2] ** 2 + r[0] * r[1] ** 2 for r in runs)
    var = (ss - n * mean ** 2) / (n - 1) if n > 1 else 0.0
    return {"count": n, "success": sum(r[5] for r in runs),
            "min": min(r[3] for r in runs), "max": max(r[4] for r in runs),
            "mean": mean, "stddev": math.sqrt(max(var, 0.0))}


def main(argv):
    unit, scale, args = "ns", 1.0, []
    i = 0
    while i < len(argv):
        if argv[i] in ("--unit", "--scale"):
            if i + 1 >= len(argv):
                die(f"{argv[i]} needs a value")
            if argv[i] == "--unit":
                unit = argv[i + 1]
            else:
                try:
                    scale = float(argv[i + 1])
                except ValueError:
                    die(f"--scale {argv[i + 1]}: not a number")
            i += 2
            continue
        args.append(argv[i])
        i += 1
    if len(args) < 3:
        die("usage: highorder-report.py DMESG OUTPUT [--unit NAME --scale N] SET...")
    dmesg, output, sets = args[0], args[1], args[2:]
    pressure, rc = records.load("highorder-report", [dmesg], ("pressure",))
    if pressure is None:
        return rc
    highorder, rc = records.load("highorder-report", [output], ("highorder",))
    if highorder is None:
        return rc

    runs, gfps, noprog = {}, set(), {}
    for _, f in pressure:
        order, att, succ, mn, mean, mx, sd = (int(f[k]) for k in (
            "order", "attempts", "success", "min_ns", "mean_ns", "max_ns", "stddev_ns"))
        gfps.add(f.get("gfp", "?"))
        runs.setdefault((f["set"], order), []).append((att, mean, sd, mn, mx, succ))
        if "noprogress_max" in f:
            # A p99 at the histogram's end is printed ">=N": N is a floor.
            p99 = f["noprogress_p99"]
            n = noprog.setdefault((f["set"], order), [0, 0, 0, ""])
            vals = (int(f["noprogress_max"]), int(p99.lstrip(">=")), int(f["went_on_max"]))
            for i in range(3):
                n[i] = max(n[i], vals[i])
            if p99.startswith(">=") and vals[1] == n[1]:
                n[3] = ">="
    found = {s for s, _ in runs}
    missing = [s for s in sets if s not in found]
    if missing:
        die(f"no mode=pressure results for set(s) {' '.join(missing)} in {dmesg}")
    counters, switches, rounds = {}, {}, {}
    for _, fields in highorder:
        fields = dict(fields)
        name = fields.pop("set")
        rounds.setdefault(name, set()).add(fields.pop("round", None))
        switches[name] = (fields.pop("drain", "?"), fields.pop("early_break", "?"))
        fields.pop("order", None)
        c = counters.setdefault(name, {})
        for k, v in fields.items():
            c[k] = c.get(k, 0) + int(v)

    # Nanoseconds print whole; scaled units with two decimals.
    prec = 0 if scale == 1 else 2
    longest = max([len(f"{r[4] / scale:.{prec}f}") for v in runs.values() for r in v] + [len(s) for s in sets])
    w = max(12, longest + 2)
    print(f"Highorder allocation latency under pressure ({unit}), gfp={','.join(sorted(gfps))}")
    print(f"{'':14}" + "".join(f"{s:>{w}}" for s in sets))
    print(f"{'drain:early':14}" + "".join(f"{':'.join(switches.get(s, ('?', '?'))):>{w}}" for s in sets))
    print(f"{'rounds':14}" + "".join(f"{len(rounds.get(s, ())):>{w}}" for s in sets))
    for order in sorted({o for _, o in runs}):
        p = {s: pool(runs.get((s, order), [])) for s in sets}

        def row(label, fmt):
            cells = "".join(f"{fmt(p[s]) if p[s] else '-':>{w}}" for s in sets)
            print(f"{order:>2} :: {label:8}" + cells)
        row("Count", lambda x: str(x["count"]))
        row("Success", lambda x: f"{100.0 * x['success'] / x['count']:.1f}%")
        for k in ("min", "mean", "max", "stddev"):
            row(k.capitalize(), lambda x, k=k: f"{x[k] / scale:.{prec}f}")
        if any((s, order) in noprog for s in sets):
            for i, label in enumerate(("NoProg", "NoPrg99", "WentOn")):
                cells = ""
                for s in sets:
                    n = noprog.get((s, order))
                    cells += f"{(n[3] if i == 1 else '') + str(n[i]) if n else '-':>{w}}"
                print(f"{order:>2} :: {label:8}" + cells)
    if counters:
        print()
        print("/proc/vmstat counters during the attempts, summed over rounds")
        print(f"{'':34}" + "".join(f"{s:>{w}}" for s in sets))
        keys = sorted({k for c in counters.values() for k in c})
        for k in keys:
            print(f"{k:34}" + "".join(f"{counters.get(s, {}).get(k, 0):>{w}}" for s in sets))

        def ratio(s, a, b):
            c = counters.get(s, {})
            return f"{c.get(a, 0) / c[b]:.1f}" if c.get(b) else "-"
        print(f"{'pages per drain':34}" + "".join(f"{ratio(s, 'pcp_reclaim_drain_pages', 'pcp_reclaim_drain'):>{w}}" for s in sets))
        print(f"{'CPUs per drain':34}" + "".join(f"{ratio(s, 'pcp_reclaim_drain_cpus', 'pcp_reclaim_drain'):>{w}}" for s in sets))
        print(f"{'retry success rate':34}" + "".join(f"{ratio(s, 'pcp_reclaim_retry_success', 'pcp_reclaim_retry'):>{w}}" for s in sets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
