#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: fail a run whose kernel log shows a splat.

Usage: scripts/report/splat-check.py LOG [LOG...]

Reads kernel log lines (dmesg, or a console log in which printk lines carry
the CONFIG_PRINTK_TIME "[    1.234567] " prefix; console lines without it
are the guest command's own output and are not judged).  Prints one line per
splat, "splat: KIND: LINE", or "clean", and exits 1 on any splat, 2 on a bad
argument.
"""
import re
import sys

# (kind, regex on the message text after the timestamp).  Ordered: the first
# match names the line.  Boot banners such as "Lock dependency validator:"
# or "KernelAddressSanitizer initialized" and the kernel command line (which
# may carry hung_task_panic=1 and the like) must not match.
PATTERNS = [
    ("kasan", r"BUG: KASAN: "),
    ("bad-page", r"BUG: Bad page (state|map)|Bad page state in process|\bBad page map\b"),
    ("soft-lockup", r"BUG: soft lockup|watchdog: BUG: soft lockup"),
    ("hung-task", r"INFO: task \S+ blocked for more than \d+ seconds"),
    ("lockdep", r"WARNING: (possible circular locking dependency|possible recursive locking"
                r"|inconsistent lock state|suspicious RCU usage|bad unlock balance"
                r"|lock held when returning|held lock freed|possible irq lock inversion"
                r"|\S+ is trying to acquire lock|HARDIRQ-safe -> HARDIRQ-unsafe)"
                r"|BUG: (sleeping function called from invalid context|MAX_LOCKDEP)"),
    ("rcu-stall", r"rcu: INFO: \S+ (self-)?detected stalls?"),
    ("ubsan", r"UBSAN: "),
    ("oops", r"\bOops(: |\s*-)|general protection fault|Unable to handle kernel|"
             r"BUG: unable to handle"),
    ("bug", r"kernel BUG at |BUG: "),
    ("warning", r"WARNING: "),
    ("panic", r"Kernel panic - not syncing"),
    ("list-corruption", r"list_(add|del) corruption"),
]
COMPILED = [(k, re.compile(p)) for k, p in PATTERNS]
TIMESTAMP = re.compile(r"^(?:<\d+>)?\[\s*\d+\.\d+\]\s?(.*)$")
IGNORE = re.compile(r"^Kernel command line:|^Command line:")


def splats(lines):
    for line in lines:
        m = TIMESTAMP.match(line.rstrip("\n"))
        if not m:
            continue
        text = m.group(1)
        if IGNORE.search(text):
            continue
        for kind, rx in COMPILED:
            if rx.search(text):
                yield kind, line.strip()
                break


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = []
    for path in argv[1:]:
        try:
            with open(path, errors="replace") as f:
                found.extend(splats(f))
        except OSError as e:
            print(f"splat-check: error: {path}: {e.strerror}", file=sys.stderr)
            return 2
    if not found:
        print("clean")
        return 0
    seen = set()
    for kind, line in found:
        if (kind, line) not in seen:
            seen.add((kind, line))
            print(f"splat: {kind}: {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
