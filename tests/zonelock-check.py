#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the zone->lock counts of scripts/bench/bench-zonelock.sh (samples.tsv).

Usage: tests/zonelock-check.py SAMPLES
       tests/zonelock-check.py --hold ORDER SAMPLES

For order 4 (an mTHP order: lists only in "all") in each mode:
  - before and upstream take zone->lock about twice per alloc+free pair
    (one acquisition to allocate, one to free): 1.5 .. 2.5;
  - all takes it at most a quarter as often as upstream.
For order 0 (lists in every set): under 0.1 per pair in upstream and all.
Page faults of 64K folios (order 4): all takes zone->lock at most a
quarter as often per folio as upstream, and after each run the lists
keep no page of order 4 in before and upstream, where order 4 is not
cached (fault-kept, where the kernel shows the pages of each order).
Read faults (anon-r-seq), where
the run has them: about 256 page faults per MiB read with 4K pages (250 ..
270: the processes' own start-up faults come on top), and with THP about
one per 2 MiB (0.4 .. 3), the huge zero page.  No zone-lock-holdmax rows:
with more than one CPU they would be QEMU's turns, not hold times.

--hold ORDER: a one-CPU batch run under -icount (SMP=1 MODES=batch
QEMU_EXTRA='-icount ...'), ORDER a cached mTHP order of "all": the
longest zone->lock hold is there for order 0 and ORDER in every set;
ORDER takes zone->lock about twice a pair in before (1.5 .. 2.5) and
at most a quarter of that in all, where its refills move ten blocks
or more at a time and so hold the lock longer than anything in before's
windows (one block at a time).
Prints what it checked; exits 1 if anything failed.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "report"))
import mmstat  # noqa: E402


def check_hold(order, path):
    acq, hold = {}, {}
    for bench, metric, config, _, value, _, _ in mmstat.read_samples(path):
        if bench.startswith("zone-lock-acq-batch"):
            acq.setdefault((metric, config), []).append(value)
        if bench.startswith("zone-lock-holdmax-batch"):
            hold.setdefault((metric, config), []).append(value)
    ok = True

    def check(what, cond):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + what)
        ok = ok and cond

    sets = ("before", "upstream", "all")
    metric = f"order-{order}"
    for m in ("order-0", metric):
        for c in sets:
            h = hold.get((m, c), [])
            check(f"{m} {c}: longest hold {max(h, default=0):.2f} us, above zero", bool(h) and min(h) > 0)
    a = {c: mmstat.amean(acq[(metric, c)]) for c in sets if (metric, c) in acq}
    h = {c: max(hold[(metric, c)]) for c in sets if (metric, c) in hold}
    if len(a) != 3 or len(h) != 3:
        check(f"{metric}: zone->lock samples in every set", False)
        return 1
    check(f"{metric} before: {a['before']:.4f} per pair within 1.5..2.5", 1.5 <= a["before"] <= 2.5)
    check(f"{metric} all: {a['all']:.4f} <= before/4 ({a['before'] / 4:.4f})", a["all"] <= a["before"] / 4)
    check(f"{metric} all: longest hold {h['all']:.2f} us > before's {h['before']:.2f} us",
          h["all"] > h["before"])
    return 0 if ok else 1


def main(argv):
    if len(argv) == 4 and argv[1] == "--hold" and argv[2].isdigit():
        return check_hold(int(argv[2]), argv[3])
    if len(argv) != 2 or argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    acq, fault, reads, kept = {}, {}, {}, {}
    holds = []
    for bench, metric, config, _, value, _, _ in mmstat.read_samples(argv[1]):
        if bench.startswith("anon-r-seq-") and metric.startswith("page-faults-"):
            reads.setdefault(metric, []).append(value)
        if bench.startswith("fault-kept-") and not bench.startswith("fault-kept-all-"):
            kept.setdefault((metric, config), []).append(value)
        if bench.startswith("fault-zone-lock-"):
            fault.setdefault((metric, config), []).append(value)
        if bench.startswith("zone-lock-holdmax-"):
            holds.append(bench)
        if bench.startswith("zone-lock-acq-"):
            mode = bench[len("zone-lock-acq-"):].split("@")[0]
            acq.setdefault((mode, metric, config), []).append(value)
    modes = sorted({k[0] for k in acq})
    if not modes:
        print("no zone-lock-acq samples", file=sys.stderr)
        return 1
    ok = True

    def check(what, cond):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + what)
        ok = ok and cond

    check(f"no zone-lock-holdmax rows on {len(modes)} mode(s) of several CPUs ({len(holds)})", not holds)
    for mode in modes:
        m = {c: mmstat.amean(acq[(mode, "order-4", c)])
             for c in ("before", "upstream", "all") if (mode, "order-4", c) in acq}
        z = {c: mmstat.amean(acq[(mode, "order-0", c)])
             for c in ("upstream", "all") if (mode, "order-0", c) in acq}
        if len(m) != 3 or len(z) != 2:
            check(f"{mode}: samples for orders 0 and 4 in every set", False)
            continue
        for c in ("before", "upstream"):
            check(f"{mode} order-4 {c}: {m[c]:.4f} per pair within 1.5..2.5",
                  1.5 <= m[c] <= 2.5)
        check(f"{mode} order-4 all: {m['all']:.4f} <= upstream/4 ({m['upstream'] / 4:.4f})",
              m["all"] <= m["upstream"] / 4)
        for c in ("upstream", "all"):
            check(f"{mode} order-0 {c}: {z[c]:.4f} per pair < 0.1", z[c] < 0.1)
    f = {c: mmstat.amean(fault[("size-64kB", c)])
         for c in ("upstream", "all") if ("size-64kB", c) in fault}
    if len(f) != 2:
        check("page faults: size-64kB samples in upstream and all", False)
    else:
        check(f"page faults 64K: all {f['all']:.4f} <= upstream/4 ({f['upstream'] / 4:.4f}) per folio",
              f["all"] <= f["upstream"] / 4)
    for c in ("before", "upstream"):
        if ("size-64kB", c) in kept:
            k = max(kept[("size-64kB", c)])
            check(f"64K faults, {c}: {k:.0f} KiB of order 4 left on the lists (none: not cached)",
                  k == 0)
    for metric, lo, hi in (("page-faults-4kB", 250, 270), ("page-faults-2048kB", 0.4, 3)):
        if metric in reads:
            r = mmstat.amean(reads[metric])
            check(f"read faults, {metric}: {r:.2f} per MiB within {lo}..{hi}", lo <= r <= hi)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
