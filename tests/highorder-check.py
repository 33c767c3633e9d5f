#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check what guest/highorder_pressure.sh printed against what the two
switches promise, run by run (the "highorder:" lines of OUTPUT):

  drain=0             no drain: pcp_reclaim_drain, _cpus, _pages stay 0
  drain=1 or 2        at most one drain per retry
  early_break=1       reclaim_compact_noprogress(_limit) stay 0
  early_break=0       reclaim_compact_early_break stays 0

and that the test reached the paths it is about: some run retried after
reclaim with a drain that returned pages, and some run met the early
break (or, with it off, went on without progress).  Prints one line per
violation; exits 1 if a promise is broken, 3 if none is but a path was
not reached (the caller may run the workload again and pass every run's
OUTPUT: the paths may be reached in any of them).

Usage: highorder-check.py OUTPUT...
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "report"))
import records  # noqa: E402


def main(paths):
    try:
        lines = records.read(paths, ("highorder",))
    except (OSError, ValueError) as e:
        print(f"highorder-check: error: {e}", file=sys.stderr)
        return 1
    bad = []
    if not lines:
        bad.append("no 'highorder:' lines")
    drained = early = 0
    for _, f in lines:
        c = {k: int(v) for k, v in f.items() if v.lstrip("-").isdigit() and k not in ("round", "order", "drain", "early_break")}
        run = f"set={f.get('set')} round={f.get('round')}"
        if f.get("drain") == "0":
            for k in ("pcp_reclaim_drain", "pcp_reclaim_drain_cpus", "pcp_reclaim_drain_pages"):
                if c.get(k, 0):
                    bad.append(f"{run}: drain=0 but {k}={c[k]}")
        elif c.get("pcp_reclaim_drain", 0) > c.get("pcp_reclaim_retry", 0):
            bad.append(f"{run}: more drains ({c['pcp_reclaim_drain']}) than retries ({c.get('pcp_reclaim_retry', 0)})")
        else:
            drained += c.get("pcp_reclaim_drain_pages", 0) > 0
        if c.get("pcp_reclaim_retry_success", 0) > c.get("pcp_reclaim_retry", 0):
            bad.append(f"{run}: more retry successes than retries")
        if f.get("early_break") == "1":
            for k in ("reclaim_compact_noprogress", "reclaim_compact_noprogress_limit"):
                if c.get(k, 0):
                    bad.append(f"{run}: early_break=1 but {k}={c[k]}")
            early += c.get("reclaim_compact_early_break", 0) > 0
        else:
            if c.get("reclaim_compact_early_break", 0):
                bad.append(f"{run}: early_break=0 but reclaim_compact_early_break={c['reclaim_compact_early_break']}")
            early += c.get("reclaim_compact_noprogress", 0) > 0
    broken = len(bad)
    if lines and not drained:
        bad.append("no run drained pages after a failed retry: the pressure did not reach the drain")
    if lines and not early:
        bad.append("no run met the early break (or went on without progress with it off)")
    for b in bad:
        print(f"highorder-check: {b}")
    print(f"highorder-check: {len(lines)} runs, {len(bad)} problem(s)")
    if broken:
        return 1
    return 3 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: highorder-check.py OUTPUT...", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
