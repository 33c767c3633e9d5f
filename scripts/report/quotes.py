#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the outputs that README.md and docs/ quote, kept the same as the
records they quote.

A quote is an indented block between the lines

    <!-- quote: FILE -->
    <!-- end quote -->

and it must be the first lines of FILE (a path from the repository's
top), without FILE's "# code:" line: what the command printed, as the
record keeps it.  --check (the default) exits 1 naming each quote that
is not; --write puts FILE's lines back in each quote (as many as the
quote had), which make records does after a record is measured anew.

Usage: scripts/report/quotes.py [--check|--write] [DOC...]
       (default DOCs: README.md and docs/*.md)
"""

import glob
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
START = re.compile(r'^<!-- quote: (\S+) -->$')
END = '<!-- end quote -->'


def die(msg):
    print(f'quotes: error: {msg}', file=sys.stderr)
    sys.exit(2)


def record_lines(path):
    full = os.path.join(REPO, path)
    if not os.path.isfile(full):
        return None
    with open(full) as f:
        lines = f.read().split('\n')
    while lines and lines[-1] == '':
        lines.pop()
    return [l for l in lines if not l.startswith('# code:')]


def quotes(lines):
    """(start, end, file) of each quote: lines start+1 .. end-1 hold it."""
    out, i = [], 0
    while i < len(lines):
        m = START.match(lines[i])
        if m:
            j = i + 1
            while j < len(lines) and lines[j] != END:
                if START.match(lines[j]):
                    die(f'line {j + 1}: a quote starts inside the quote of line {i + 1}')
                j += 1
            if j == len(lines):
                die(f'line {i + 1}: quote of {m.group(1)} has no "{END}" line')
            out.append((i, j, m.group(1)))
            i = j
        i += 1
    return out


def quoted(body):
    """The quoted lines of a quote's body: its indented block, unindented."""
    text = list(body)
    while text and text[0] == '':
        text.pop(0)
    while text and text[-1] == '':
        text.pop()
    for l in text:
        if l and not l.startswith('    '):
            return None
    return [l[4:] for l in text]


def problem(msg):
    print(f'quotes: error: {msg}', file=sys.stderr)


def main(argv):
    mode = '--check'
    if argv and argv[0] in ('--check', '--write'):
        mode = argv.pop(0)
    for a in argv:
        if a.startswith('-'):
            die(f"unknown option '{a}' (usage: quotes.py [--check|--write] [DOC...])")
    docs = argv or [os.path.join(REPO, 'README.md')] + sorted(glob.glob(os.path.join(REPO, 'docs', '*.md')))
    bad = 0
    for doc in docs:
        if not os.path.isfile(doc):
            die(f'{doc}: no such file')
        with open(doc) as f:
            lines = f.read().split('\n')
        changed = False
        for start, end, path in reversed(quotes(lines)):
            where = f'{os.path.relpath(doc, REPO)}:{start + 1}'
            rec = record_lines(path)
            if rec is None:
                problem(f'{where}: quotes {path}: no such file')
                bad = 1
                continue
            have = quoted(lines[start + 1:end])
            if have is None:
                problem(f'{where}: the quote of {path} is not one indented block')
                bad = 1
                continue
            n = len(have) or len(rec)
            want = rec[:n]
            if have == want:
                continue
            if mode == '--write':
                lines[start + 1:end] = [''] + [('    ' + l) if l else '' for l in want] + ['']
                changed = True
                continue
            for k, (h, w) in enumerate(zip(have + [None] * n, want)):
                if h != w:
                    problem(f'{where}: the quote of {path} differs from it at its line {k + 1}')
                    print(f'  quote:  {h}', file=sys.stderr)
                    print(f'  record: {w}', file=sys.stderr)
                    break
            else:
                problem(f'{where}: the quote of {path} has {len(have)} lines, the record {len(rec)}')
            bad = 1
        if changed:
            with open(doc, 'w') as f:
                f.write('\n'.join(lines))
            print(f'quotes: {os.path.relpath(doc, REPO)}: written again from the records')
    if bad:
        print("quotes: run 'scripts/report/quotes.py --write' (make records does after "
              "a record is made anew) and read the text around the quote", file=sys.stderr)
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
