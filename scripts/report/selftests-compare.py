#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the TAP results of the same selftests on several kernels.

Each TAP file holds the "ok N NAME", "ok N NAME # SKIP" and "not ok N NAME
# ..." lines of one run of run_vmtests.sh; the name of a file (without
.tap) names its column.  Prints a line per test, PASS/SKIP/FAIL/- (not
run) in each column, the totals, and then either "same passes on every
kernel" or one line per test that passes on some kernels and not on
others.  A test named in the KNOWN file (lines "NAME<TAB>why"; # starts a
comment) is reported with its reason instead and does not count as a
difference.  Exits 1 if there is a difference that is not known.

Usage: scripts/report/selftests-compare.py [--known FILE] TAP TAP [TAP...]
"""
import os
import re
import sys

RANK = {"PASS": 0, "SKIP": 1, "FAIL": 2}
TAP = re.compile(r"^(not )?ok \d+ (.*?)(?: # (SKIP)\b.*| # .*)?$")


def read_tap(path):
    results = {}
    with open(path) as f:
        for line in f:
            m = TAP.match(line.rstrip("\n"))
            if not m:
                continue
            name = m.group(2).strip()
            state = "FAIL" if m.group(1) else ("SKIP" if m.group(3) else "PASS")
            # A name run twice keeps its worst result.
            if RANK[state] >= RANK.get(results.get(name), -1):
                results[name] = state
    return results


def read_known(path):
    known = {}
    if not path:
        return known
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if "\t" not in line:
                raise ValueError(f"{path}:{n}: want 'TEST<TAB>why', got {line!r}")
            name, why = line.split("\t", 1)
            known[name.strip()] = why.strip()
    return known


def main(argv):
    known_path = None
    if argv[:1] == ["--known"]:
        if len(argv) < 2:
            raise ValueError("--known needs a file")
        known_path, argv = argv[1], argv[2:]
    if len(argv) < 2:
        raise ValueError("usage: selftests-compare.py [--known FILE] TAP TAP [TAP...]")
    cols = [os.path.basename(p)[:-4] if p.endswith(".tap") else os.path.basename(p) for p in argv]
    runs = [read_tap(p) for p in argv]
    for c, r in zip(cols, runs):
        if not r:
            raise ValueError(f"{c}: no TAP result lines")
    known = read_known(known_path)
    names = []
    for r in runs:
        names += [n for n in r if n not in names]
    w = max(len(n) for n in names)
    print(f"{'test':<{w}}  " + "  ".join(f"{c:>10}" for c in cols))
    for n in names:
        print(f"{n:<{w}}  " + "  ".join(f"{r.get(n, '-'):>10}" for r in runs))
    for state in ("PASS", "SKIP", "FAIL"):
        print(f"{state.lower():<{w}}  " + "  ".join(f"{sum(1 for v in r.values() if v == state):>10}" for r in runs))
    diffs = []
    for n in names:
        passes = [r.get(n) == "PASS" for r in runs]
        if any(passes) and not all(passes):
            where = ", ".join(c for c, p in zip(cols, passes) if p)
            if n in known:
                print(f"known difference: {n}: passes on {where} only: {known[n]}")
            else:
                diffs.append(f"difference: {n}: passes on {where} only")
    for d in diffs:
        print(d)
    if not diffs:
        nknown = sum(1 for n in names if n in known and any(r.get(n) == "PASS" for r in runs)
                     and not all(r.get(n) == "PASS" for r in runs))
        print(f"same passes on every kernel: {sum(1 for v in runs[0].values() if v == 'PASS')} tests"
              + (f", but for {nknown} known difference(s)" if nknown else ""))
    return 1 if diffs else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError) as e:
        print(f"selftests-compare: error: {e}", file=sys.stderr)
        sys.exit(2)
