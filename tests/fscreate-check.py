#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check what guest/fs_create_pressure.sh printed against what
vm.pcp_drain_after_reclaim promises, run by run:

  drain=0         no drain: pcp_reclaim_drain, _cpus, _pages stay 0
  drain=1 or 2    at most one drain per retry
  every run       no more retry successes than retries; fruitless seconds
                  within the seconds with retries, those within the
                  seconds sampled, the longest run within the fruitless
                  seconds; CAL and RES counted for the same CPUs before
                  and after, none going down

and that the workload reached the path it is about: some run entered
direct reclaim (allocstall).  Prints one line per violation; exits 1 if
there is any.

Usage: fscreate-check.py OUTPUT
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "report"))
import records  # noqa: E402


def main(path):
    try:
        recs = records.read([path], ("fscreate", "interrupts", "livelock"))
    except (OSError, ValueError) as e:
        print(f"fscreate-check: error: {e}", file=sys.stderr)
        return 1
    bad = []
    kinds = {k for k, _ in recs}
    for k in ("fscreate", "interrupts", "livelock"):
        if k not in kinds:
            bad.append(f"no '{k}:' lines")
    stalled = 0
    for kind, f in recs:
        run = f"{kind} set={f['set']} round={f['round']}"
        if kind == "fscreate":
            c = {k: int(v) for k, v in f.items() if k.startswith(("pcp_", "allocstall"))}
            if f["drain"] == "0":
                for k in ("pcp_reclaim_drain", "pcp_reclaim_drain_cpus", "pcp_reclaim_drain_pages"):
                    if c.get(k, 0):
                        bad.append(f"{run}: drain=0 but {k}={c[k]}")
            elif c.get("pcp_reclaim_drain", 0) > c.get("pcp_reclaim_retry", 0):
                bad.append(f"{run}: more drains ({c['pcp_reclaim_drain']}) than retries ({c.get('pcp_reclaim_retry', 0)})")
            if c.get("pcp_reclaim_retry_success", 0) > c.get("pcp_reclaim_retry", 0):
                bad.append(f"{run}: more retry successes than retries")
            stalled += sum(v for k, v in c.items() if k.startswith("allocstall"))
        elif kind == "livelock":
            n = [int(f[k]) for k in ("seconds", "retry_seconds", "fruitless_seconds", "longest_fruitless")]
            if not n[0] >= n[1] >= n[2] >= n[3] >= 0:
                bad.append(f"{run}: seconds >= retry_seconds >= fruitless_seconds >= longest_fruitless does not hold: {n}")
        else:
            for irq in ("cal", "res"):
                before = [int(x) for x in f[f"{irq}_before"].split(",")]
                after = [int(x) for x in f[f"{irq}_after"].split(",")]
                if len(before) != len(after):
                    bad.append(f"{run}: {irq} before and after name different CPUs")
                elif any(a < b for a, b in zip(after, before)):
                    bad.append(f"{run}: {irq} went down on a CPU")
    if recs and not stalled:
        bad.append("no run entered direct reclaim (allocstall 0): no pressure, nothing tested")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: fscreate-check.py OUTPUT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
