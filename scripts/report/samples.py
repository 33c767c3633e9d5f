#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the samples of a benchmark run, as scripts/report/compare.py reads them.

Usage: scripts/report/samples.py [--tag TAG] LOG...

Reads the records of guest logs (scripts/report/records.py) and prints one
tab-separated sample per line (bench, metric, config, round, value,
better):

  bench record  pcp_bench: mode=M order=O ... ns=X ... set=S round=R
      -> pcp_bench-M  order-O  S  R  X  lower      (ns per alloc+free pair)
  result record PCP-RESULT bench=B metric=M config=C round=R value=V better=B
      -> B  M  C  R  V  higher|lower

One sample per bench, metric, config and round (the first); round 0 is
the warm-up (guest/ab_rounds.sh) and is dropped.  --tag
appends "@TAG" to the bench names (e.g. the architecture a run was on).
Exits 1 if no result line was found.
"""
import sys

import records


def samples(recs, tag=""):
    """The samples of bench and result records."""
    seen = set()
    for kind, f in recs:
        if kind == "bench":
            key = (f"pcp_bench-{f['mode']}{tag}", f"order-{f['order']}", f["set"],
                   int(f["round"]), float(f["ns"]), "lower")
        elif kind == "result":
            if f["better"] not in ("higher", "lower"):
                raise ValueError(f"a result record with better={f['better']}")
            key = (f["bench"] + tag, f["metric"], f["config"], int(f["round"]),
                   float(f["value"]), f["better"])
        else:
            continue
        if key[3] == 0 or key[:4] in seen:
            continue
        seen.add(key[:4])
        yield key


def main(argv):
    args = argv[1:]
    tag = ""
    if args[:1] == ["--tag"]:
        if len(args) < 2:
            print("samples: error: --tag needs a value", file=sys.stderr)
            return 2
        tag, args = "@" + args[1], args[2:]
    if not args:
        print("samples: error: usage: scripts/report/samples.py [--tag TAG] LOG...", file=sys.stderr)
        return 2
    recs, rc = records.load("samples", args, ("bench", "result"))
    if recs is None:
        return rc
    try:
        out = list(samples(recs, tag))
    except ValueError as e:
        print(f"samples: error: {e}", file=sys.stderr)
        return 2
    n = 0
    for s in out:
        print("\t".join(str(x) for x in s))
        n += 1
    if not n:
        print(f"samples: error: no result lines in {' '.join(args)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
