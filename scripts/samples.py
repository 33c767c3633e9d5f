#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the samples of a benchmark run, as scripts/compare.py reads them.

Usage: scripts/samples.py [--tag TAG] LOG...

Reads the result lines of guest logs and prints one tab-separated sample
per line (bench, metric, config, round, value, better):

  pcp_bench: mode=M order=O loops=L ns=X ... set=S round=R [cpus=N]
      -> pcp_bench-M  order-O  S  R  X  lower      (ns per alloc+free pair)
  PCP-RESULT bench=B metric=M config=C round=R value=V better=higher|lower
      -> B  M  C  R  V  higher|lower

A line seen twice (the console and the kernel log both carry it) counts
once; round 0 is the warm-up (guest/ab_rounds.sh) and is dropped.  --tag
appends "@TAG" to the bench names (e.g. the architecture a run was on).
Exits 1 if no result line was found.
"""
import re
import sys

BENCH = re.compile(r"pcp_bench: mode=(\w+) order=(\d+) loops=\d+ ns=([\d.]+) "
                   r"cycles=\d+ gfp=\S+ set=(\S+) round=(\d+)")
RESULT = re.compile(r"PCP-RESULT bench=(\S+) metric=(\S+) config=(\S+) "
                    r"round=(\d+) value=([-\d.eE+]+) better=(higher|lower)")


def samples(lines, tag=""):
    seen = set()
    for line in lines:
        m = BENCH.search(line)
        if m:
            mode, order, ns, config, rnd = m.groups()
            key = (f"pcp_bench-{mode}{tag}", f"order-{order}", config, int(rnd),
                   float(ns), "lower")
        else:
            m = RESULT.search(line)
            if not m:
                continue
            bench, metric, config, rnd, value, better = m.groups()
            key = (bench + tag, metric, config, int(rnd), float(value), better)
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
        print("samples: error: usage: scripts/samples.py [--tag TAG] LOG...", file=sys.stderr)
        return 2
    lines = []
    for path in args:
        try:
            with open(path, errors="replace") as f:
                lines.extend(f)
        except OSError as e:
            print(f"samples: error: {path}: {e.strerror}", file=sys.stderr)
            return 2
    n = 0
    for s in samples(lines, tag):
        print("\t".join(str(x) for x in s))
        n += 1
    if not n:
        print(f"samples: error: no result lines in {' '.join(args)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
