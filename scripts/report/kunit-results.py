#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: read the KUnit results of one suite out of a kernel log.

Usage: scripts/report/kunit-results.py LOG SUITE

Prints the suite's test lines and its summary; exits 0 when the suite ran,
at least one case passed and none failed, 1 otherwise (including when the
suite did not run at all), 2 on a bad argument.
"""
import re
import sys


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, suite = argv[1], argv[2]
    try:
        with open(path, errors="replace") as f:
            lines = [re.sub(r"^(<\d+>)?\[\s*\d+\.\d+\]\s?", "", l.rstrip("\n")) for l in f]
    except OSError as e:
        print(f"kunit-results: error: {path}: {e.strerror}", file=sys.stderr)
        return 2
    inside = False
    summary = None
    for line in lines:
        if re.match(r"\s*# Subtest: " + re.escape(suite) + r"$", line):
            inside = True
        if inside and re.match(r"\s*(not )?ok \d+ ", line):
            print(line.strip())
        m = re.match(r"# " + re.escape(suite) + r": pass:(\d+) fail:(\d+) skip:(\d+) total:(\d+)", line.strip())
        if m:
            summary = tuple(int(x) for x in m.groups())
            inside = False
    if summary is None:
        print(f"kunit-results: suite {suite} did not run (no summary line in {path})")
        return 1
    passed, failed, skipped, total = summary
    print(f"kunit {suite}: {passed} passed, {failed} failed, {skipped} skipped, {total} total")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
