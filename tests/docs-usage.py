#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""docs/harness.md names every script with its own usage line.

Each step in scripts/ and its folders (every file but lib.sh, boot-lib.sh
and gate-lib.sh, which are sourced, mmstat.py and records.py, modules,
and um-xstate-preload.c, the helper boot-um.sh builds and preloads)
has one "Usage: scripts/[FOLDER/]NAME ARGS" line;
the synopsis is what follows "Usage: " up to two spaces or the end.  The
harness reference must have a table row whose first cell is exactly that
synopsis in backticks ('|' written '\\|'), and no row for a script that
does not exist.  Prints each difference; exits 1 if there is one.

Usage: tests/docs-usage.py [DOC]      (default: docs/harness.md)
"""
import os
import re
import sys

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
NOT_STEPS = {"lib.sh", "boot-lib.sh", "gate-lib.sh", "mmstat.py", "records.py",
             "um-xstate-preload.c"}


def synopsis(path):
    with open(path) as f:
        for line in f:
            m = re.search(r"Usage: (?:[A-Z_]+=\S+ )*(scripts/\S+.*)", line)
            if m:
                return re.split(r"\s{2,}", m.group(1).rstrip())[0]
    return None


def main(argv):
    doc = argv[1] if len(argv) > 1 else os.path.join(REPO, "docs", "harness.md")
    try:
        with open(doc) as f:
            rows = [m.group(1).replace("\\|", "|")
                    for m in re.finditer(r"^\| `(scripts/[^`]*)` \|", f.read(), re.M)]
    except OSError as e:
        print(f"docs-usage: error: {doc}: {e.strerror}", file=sys.stderr)
        return 2
    bad = 0
    steps = sorted(os.path.relpath(os.path.join(d, n), os.path.join(REPO, "scripts"))
                   for d, _, names in os.walk(os.path.join(REPO, "scripts"))
                   for n in names if n not in NOT_STEPS and not n.endswith(".pyc"))
    for name in steps:
        want = synopsis(os.path.join(REPO, "scripts", name))
        if want is None:
            print(f"scripts/{name}: no 'Usage: scripts/{name} ...' line")
            bad = 1
        elif want not in rows:
            have = [r for r in rows if r.split()[0] == f"scripts/{name}"]
            print(f"{doc}: scripts/{name}: want `{want}`, have {have or 'no row'}")
            bad = 1
    for r in rows:
        if not os.path.exists(os.path.join(REPO, r.split()[0])):
            print(f"{doc}: row for {r.split()[0]}, which does not exist")
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
