#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the reliability figures of docs/reliability.md, from the committed records.

Usage: scripts/report/reliability.py [--check|--write DOC] [CHECK_ALL] [MM_SELFTESTS]
       (default tests/check-all.txt tests/mm-selftests.txt)

Prints a Markdown table of what the torture runs counted: the "figure:"
lines that tests/run.sh --record keeps under each passing test of the last
make check-all (set changes, hotplug cycles, MiB faulted, pages short per
zone, splats), and from the last make mm-selftests the pass/skip/fail
counts of each kernel and the memory offline run's cycles and pages.
docs/reliability.md quotes this output between the lines

  <!-- reliability: scripts/report/reliability.py -->
  <!-- end reliability -->

and --check DOC exits 1, saying so, when what is there is not what
the records give now (make check's reliability_current test); --write
DOC puts it there (make records, after a record is made anew).  The
header names the date and the series of each record, and each row the
series its test ran on (a record made in parts can hold several).  Exits
2 on a missing or malformed record, with one line saying why.
"""
import re
import sys

BEGIN = "<!-- reliability: scripts/report/reliability.py -->"
END = "<!-- end reliability -->"


def die(msg, code=2):
    print(f"reliability: error: {msg}", file=sys.stderr)
    sys.exit(code)


def read(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except OSError as e:
        die(f"{path}: {e.strerror}")


def header(lines, path, key):
    for line in lines:
        m = re.match(rf"# {key}: (.*)", line)
        if m:
            return m.group(1)
    die(f"{path} has no '# {key}:' line: not a record of make check-all / make mm-selftests")


def check_all_rows(path):
    """(test, figure) for every figure line under a passing test."""
    lines = read(path)
    date = header(lines, path, "date") + ", series " + header(lines, path, "series")[:12]
    rows, test = [], None
    for line in lines:
        m = re.match(r"ok - (\S+) (?:\([^)]*\) )?(?:\[series (\w+)\])?", line)
        if m:
            # each test line names the series it ran on (a record made in
            # parts can hold several)
            test = f"`{m.group(1)}`" + (f" (series {m.group(2)})" if m.group(2) else "")
        elif line.startswith("not ok - "):
            test = None
        elif line.startswith("#   ") and test:
            rows.append((test, line[4:]))
    return date, rows


def selftests_rows(path):
    """The pass/skip/fail counts per kernel, the verdict, the offline run."""
    lines = read(path)
    m = re.search(r"; (\d{4}-\d\d-\d\d \d\d:\d\d UTC)$", lines[0] if lines else "")
    if not m:
        die(f"{path}: no date on its first line: not a record of make mm-selftests")
    date = m.group(1) + ", series " + header(lines, path, "series")[:12]
    kernels, counts, same, offline, total = None, {}, None, None, None
    for line in lines:
        f = line.split()
        if f[:1] == ["test"]:
            kernels = f[1:]
        elif f[:1] and f[0] in ("pass", "skip", "fail") and kernels and len(f) == len(kernels) + 1:
            counts[f[0]] = f[1:]
        elif line.startswith("same passes on every kernel"):
            same = line
        elif line.startswith("offline: # "):
            offline = line[len("offline: # "):]
        elif line.startswith("offline: no-page-lost: zone=all "):
            m = re.search(r"before=(\d+) now=\d+ .*lost=(-?\d+) tolerance=(\d+) (\S+)", line)
            if m:
                total = (f"all zones together: {m.group(2)} pages short of {m.group(1)} "
                         f"(tolerance {m.group(3)}): {m.group(4)}")
    if not kernels or len(counts) != 3 or same is None:
        die(f"{path}: no pass/skip/fail table with its 'same passes' line")
    rows = [("mm selftests, " + k,
             f"{counts['pass'][i]} pass, {counts['skip'][i]} skip, {counts['fail'][i]} fail")
            for i, k in enumerate(kernels)]
    rows.append(("mm selftests", same))
    if offline:
        rows.append(("memory offline, every order cached", offline + (f"; {total}" if total else "")))
    return date, rows


def table(check_all, selftests):
    ca_date, ca_rows = check_all_rows(check_all)
    st_date, st_rows = selftests_rows(selftests)
    out = [f"From `{check_all}` (make check-all, {ca_date}) and `{selftests}` "
           f"(make mm-selftests, {st_date}), as `scripts/report/reliability.py` prints them:", "",
           "| run | figures | record |", "|---|---|---|"]
    for test, fig in ca_rows:
        what, _, figs = fig.partition(": ")
        out.append(f"| {what} | {figs} | {test} |")
    for what, figs in st_rows:
        out.append(f"| {what} | {figs} | `{selftests}` |")
    if not ca_rows:
        out += ["", f"(`{check_all}` has no figure lines: it predates them.)"]
    return "\n".join(out)


def main(argv):
    args = argv[1:]
    readme = mode = None
    if args[:1] in (["--check"], ["--write"]):
        if len(args) < 2:
            die(f"{args[0]} needs a file (docs/reliability.md)")
        mode, readme, args = args[0], args[1], args[2:]
    if len(args) > 2 or any(a.startswith("-") for a in args):
        die("usage: scripts/report/reliability.py [--check|--write DOC] [CHECK_ALL] [MM_SELFTESTS]")
    check_all = args[0] if args else "tests/check-all.txt"
    selftests = args[1] if len(args) > 1 else "tests/mm-selftests.txt"
    text = table(check_all, selftests)
    if readme is None:
        print(text)
        return 0
    lines = read(readme)
    try:
        block = "\n".join(lines[lines.index(BEGIN) + 1:lines.index(END)]).strip("\n")
    except ValueError:
        die(f"{readme} has no '{BEGIN}' ... '{END}' block")
    if mode == "--write":
        if block != text:
            begin, end = lines.index(BEGIN), lines.index(END)
            with open(readme, "w") as f:
                f.write("\n".join(lines[:begin + 1] + [text] + lines[end:]) + "\n")
        print(f"reliability: {readme} quotes the records as they are")
        return 0
    if block != text:
        die(f"{readme}: the reliability figures are not what the records give now: "
            f"paste the output of scripts/report/reliability.py between its markers", 1)
    print(f"reliability: {readme} quotes the records as they are")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
