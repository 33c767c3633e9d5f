#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tables of the 2010 file-creation workload (guest/fs_create_pressure.sh).

Reads the guest's output ("fscreate:", "interrupts:" and "livelock:"
records, one of each per run) and prints, with the settings of
vm.pcp_drain_after_reclaim side by side:

  - the /proc/vmstat counters that moved during the runs, summed over the
    rounds: allocations retried after direct reclaim, the retries that got
    their page, the drains, the CPUs they visited, the pages they returned,
    direct reclaim and kswapd scanning; the sampled seconds in which
    retries happened, those in which none of them succeeded (fruitless)
    and the longest run of fruitless seconds (the livelock-like state of
    the 2010 thread); files per second (mean of the rounds);
  - the function-call (CAL) and rescheduling (RES) interrupts of each CPU
    before and after each run, and their difference, in the shape of Dave
    Chinner's reply of 2010-09-04.

Usage: scripts/report/fscreate-report.py OUTPUT SET...
  SET: the setting names in the order of the columns.
"""
import statistics
import sys

import records

COUNTERS = ("pcp_reclaim_retry", "pcp_reclaim_retry_success",
            "pcp_reclaim_drain", "pcp_reclaim_drain_cpus",
            "pcp_reclaim_drain_pages", "allocstall", "pgscan_direct",
            "pgsteal_direct", "pgscan_kswapd", "slabs_scanned", "compact_stall")


def die(msg):
    print(f"fscreate-report: error: {msg}", file=sys.stderr)
    sys.exit(1)


def per_cpu(value, where):
    try:
        return [int(v) for v in value.split(",")]
    except ValueError:
        die(f"{where}: '{value}' is not a comma-separated list of counts")


def main(argv):
    if len(argv) < 2:
        die("usage: fscreate-report.py OUTPUT SET...")
    output, sets = argv[0], argv[1:]
    recs, rc = records.load("fscreate-report", [output],
                            ("fscreate", "interrupts", "livelock"))
    if recs is None:
        return rc
    runs = {}
    for kind, f in recs:
        runs.setdefault((f["set"], int(f["round"])), {})[kind] = f
    missing = [s for s in sets if not any(k[0] == s for k in runs)]
    if missing:
        die(f"no fscreate records for set(s) {' '.join(missing)} in {output}")
    for (s, r), kinds in sorted(runs.items()):
        lacking = [k for k in ("fscreate", "interrupts", "livelock") if k not in kinds]
        if s in sets and lacking:
            die(f"set {s} round {r}: no {', '.join(lacking)} record in {output}")

    col = {s: {} for s in sets}
    for s in sets:
        c = col[s]
        mine = sorted((r, k) for (name, r), k in runs.items() if name == s)
        c["rounds"] = len(mine)
        c["drain"] = mine[0][1]["fscreate"]["drain"]
        rates, cal, res = [], [], []
        for _, k in mine:
            fs, irq, ll = k["fscreate"], k["interrupts"], k["livelock"]
            fs = dict(fs)
            fs["allocstall"] = sum(int(fs.get(z, 0)) for z in
                                   ("allocstall_dma", "allocstall_dma32",
                                    "allocstall_normal", "allocstall_movable"))
            for name in COUNTERS:
                c[name] = c.get(name, 0) + int(fs.get(name, 0))
            c["files"] = c.get("files", 0) + int(fs["files"])
            rates.append(int(fs["files"]) / float(fs["secs"]))
            for name in ("seconds", "retry_seconds", "fruitless_seconds"):
                c[name] = c.get(name, 0) + int(ll[name])
            c["longest_fruitless"] = max(c.get("longest_fruitless", 0),
                                         int(ll["longest_fruitless"]))
            where = f"set {s} round {k['interrupts']['round']}"
            for name, acc in (("cal", cal), ("res", res)):
                before = per_cpu(irq[f"{name}_before"], where)
                after = per_cpu(irq[f"{name}_after"], where)
                if len(before) != len(after):
                    die(f"{where}: {name} before and after have different CPUs")
                acc.append(sum(a - b for a, b in zip(after, before)) / len(after))
        c["rate"] = statistics.mean(rates)
        c["rate_sd"] = statistics.stdev(rates) if len(rates) > 1 else 0.0
        c["cal"] = statistics.mean(cal)
        c["res"] = statistics.mean(res)

    w = max(12, max(len(s) for s in sets) + 2)

    def row(label, fmt):
        print(f"{label:34}" + "".join(f"{fmt(col[s]):>{w}}" for s in sets))

    def ratio(a, b):
        return lambda c: f"{c[a] / c[b]:.2f}" if c[b] else "-"

    print("Parallel file creation under memory pressure: direct reclaim, retries and drains,")
    print("summed over rounds (vm.pcp_drain_after_reclaim: 0 none, 1 all zones, 2 the allocation's)")
    print(f"{'':34}" + "".join(f"{s:>{w}}" for s in sets))
    row("drain", lambda c: c["drain"])
    row("rounds", lambda c: str(c["rounds"]))
    row("files", lambda c: str(c["files"]))
    row("files/sec (mean of rounds)", lambda c: f"{c['rate']:.0f}")
    row("files/sec stddev", lambda c: f"{c['rate_sd']:.0f}")
    for name in COUNTERS:
        row(name, lambda c, n=name: str(c[n]))
    row("retry success rate", ratio("pcp_reclaim_retry_success", "pcp_reclaim_retry"))
    row("CPUs per drain", ratio("pcp_reclaim_drain_cpus", "pcp_reclaim_drain"))
    row("pages per drain", ratio("pcp_reclaim_drain_pages", "pcp_reclaim_drain"))
    row("seconds sampled", lambda c: str(c["seconds"]))
    row("seconds with retries", lambda c: str(c["retry_seconds"]))
    row("fruitless seconds", lambda c: str(c["fruitless_seconds"]))
    row("longest fruitless run (s)", lambda c: str(c["longest_fruitless"]))
    row("CAL per CPU per run", lambda c: f"{c['cal']:.0f}")
    row("RES per CPU per run", lambda c: f"{c['res']:.0f}")

    print()
    print("Function-call (CAL) and rescheduling (RES) interrupts per CPU, before and after each run")
    for s in sets:
        for (name, r), k in sorted(runs.items()):
            if name != s:
                continue
            irq = k["interrupts"]
            print(f"{s} round {r} (vm.pcp_drain_after_reclaim={k['fscreate']['drain']}):")
            for kind in ("cal", "res"):
                before = per_cpu(irq[f"{kind}_before"], s)
                after = per_cpu(irq[f"{kind}_after"], s)
                during = [a - b for a, b in zip(after, before)]
                for label, v in (("before", before), ("after", after), ("during", during)):
                    print(f"  {kind.upper()} {label:7}" + "".join(f"{x:>8}" for x in v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
