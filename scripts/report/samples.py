#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the samples of a benchmark run, as scripts/report/compare.py reads them.

Usage: scripts/report/samples.py [--tag TAG] [--boot N] LOG...

Reads the records of guest logs (scripts/report/records.py) and prints one
tab-separated sample per line (bench, metric, config, round, value,
better):

  bench record  pcp_bench: mode=M order=O ... ns=X ... set=S round=R
      -> pcp_bench-M  order-O  S  R  X  lower      (ns per alloc+free pair)
  result record PCP-RESULT bench=B metric=M config=C round=R value=V better=B
      -> B  M  C  R  V  higher|lower

One sample per bench, metric, config and round (the first); round 0 is
the warm-up (guest/ab_rounds.sh) and is dropped.  --tag
appends "@TAG" to the bench names (e.g. the architecture a run was on);
--boot N adds a seventh column, the boot the logs are of (a positive
number), so that scripts/report/compare.py judges several boots by their
means.  Exits 1 if no result line was found.
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
    tag, boot = "", None
    while args[:1] in (["--tag"], ["--boot"]):
        if len(args) < 2:
            print(f"samples: error: {args[0]} needs a value", file=sys.stderr)
            return 2
        if args[0] == "--tag":
            tag = "@" + args[1]
        elif not args[1].isdigit() or int(args[1]) < 1:
            print(f"samples: error: --boot '{args[1]}' is not a positive number", file=sys.stderr)
            return 2
        else:
            boot = int(args[1])
        args = args[2:]
    if not args:
        print("samples: error: usage: scripts/report/samples.py [--tag TAG] [--boot N] LOG...", file=sys.stderr)
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
        print("\t".join(str(x) for x in s + ((boot,) if boot else ())))
        n += 1
    if not n:
        print(f"samples: error: no result lines in {' '.join(args)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
