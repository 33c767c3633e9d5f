#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: kernel instructions per benchmark pair, by function, from QEMU logs.

Usage: scripts/report/icount-profile.py [--detail FUNC]... SYSTEM_MAP PAIRS NAME=SHORT_LOG,LONG_LOG...
       scripts/report/icount-profile.py ranges SYSTEM_MAP NAMES_FILE

"ranges" prints QEMU's -dfilter for the kernel text of the functions named
in NAMES_FILE (one per line, e.g. the text symbols of mm/*.o): the address
ranges from SYSTEM_MAP that hold them, a range ending where the next
symbol not in the file starts, runs of fewer than 6 such functions left
out (a static helper of the same name elsewhere).

The profile reads logs of QEMU -d in_asm,exec,nochain (-dfilter to those
ranges): in_asm prints each translation block (TB) when it is translated,
exec each time it runs, and nochain makes every run of a TB print.  A
TB's instructions are counted from its in_asm lines and tied to the host
code its first run prints, so that a retranslation of the same address
(QEMU -icount cuts a TB short at an I/O instruction) keeps its own count.
Instructions are summed per function of SYSTEM_MAP (text symbols).

Each NAME has two logs of the same boot but for the benchmark's length:
SHORT_LOG with N pairs, LONG_LOG with N + PAIRS.  The profile is their
difference divided by PAIRS: what one more pair costs, the boot, the
module load and the start of the run cancelling out.  Rows are the
functions, columns the NAMEs (a function whose difference rounds to zero
in every column is left out), the first column's order, and a TOTAL of
the functions in the filter (the benchmark module itself is outside the
filter, so TOTAL is a little under the benchmark's own count).
--detail FUNC adds FUNC's TBs: address, instructions, runs per pair.
"""
import bisect
import collections
import sys


def die(msg):
    print(f"icount-profile: error: {msg}", file=sys.stderr)
    sys.exit(1)


def read_text_symbols(path):
    """Sorted [(address, name)] of the text symbols of a System.map."""
    syms = []
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[1] in ("t", "T"):
                    syms.append((int(parts[0], 16), parts[2]))
    except OSError as e:
        die(f"{path}: {e.strerror}")
    if not syms:
        die(f"{path}: no text symbols (not a System.map?)")
    syms.sort()
    return syms


def ranges(syms, names, min_run=6):
    """Address ranges [(start, end)] of the runs of symbols in names."""
    out = []
    start, run = None, 0
    for addr, name in syms:
        if name in names:
            if start is None:
                start, run = addr, 0
            run += 1
            continue
        if start is not None and run >= min_run:
            out.append((start, addr - 1))
        start = None
    if start is not None and run >= min_run:
        die("the named functions run to the end of the text: no end address")
    return out


def profile(path, addrs, names, detail):
    """{function: instructions} and {(function, pc, size): runs} of one log."""
    pending = {}                # pc -> size of a TB translated, not yet run
    size = {}                   # host code -> (pc, size)
    runs = collections.Counter()
    cur, n = None, 0
    try:
        f = open(path, errors="replace")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    with f:
        for line in f:
            if line.startswith("Trace "):
                head, _, rest = line.partition("[")
                host = head.split()[-1]
                try:
                    pc = int(rest.split("/")[1], 16)
                except (IndexError, ValueError):
                    die(f"{path}: not a QEMU exec line: {line.strip()}")
                if pc in pending:
                    size[host] = (pc, pending.pop(pc))
                runs[host] += 1
            elif line.startswith("IN:"):
                cur, n = None, 0
            elif line.startswith("0x") and ":" in line:
                if cur is None:
                    cur = int(line.split(":", 1)[0], 16)
                n += 1
            elif not line.strip() and cur is not None:
                pending[cur] = n
                cur = None
    if not runs:
        die(f"{path}: no exec lines (QEMU -d in_asm,exec,nochain)")
    per_fn = collections.Counter()
    per_tb = collections.Counter()
    for host, count in runs.items():
        if host not in size:
            continue        # translated before the log began
        pc, n = size[host]
        fn = names[bisect.bisect_right(addrs, pc) - 1]
        per_fn[fn] += count * n
        if fn in detail:
            per_tb[(fn, pc, n)] += count
    return per_fn, per_tb


def main(argv):
    args = argv[1:]
    if args[:1] == ["ranges"]:
        if len(args) != 3:
            die("usage: icount-profile.py ranges SYSTEM_MAP NAMES_FILE")
        syms = read_text_symbols(args[1])
        try:
            with open(args[2]) as f:
                names = set(f.read().split())
        except OSError as e:
            die(f"{args[2]}: {e.strerror}")
        found = ranges(syms, names)
        if not found:
            die(f"no run of 6 or more functions of {args[2]} in {args[1]}")
        print(",".join(f"0x{a:x}..0x{b:x}" for a, b in found))
        return 0

    detail = set()
    while args[:1] == ["--detail"]:
        if len(args) < 2:
            die("--detail needs a function name")
        detail.add(args[1])
        args = args[2:]
    if len(args) < 3:
        die("usage: icount-profile.py [--detail FUNC]... SYSTEM_MAP PAIRS "
            "NAME=SHORT_LOG,LONG_LOG...")
    syms = read_text_symbols(args[0])
    addrs = [a for a, _ in syms]
    names = [n for _, n in syms]
    try:
        pairs = int(args[1])
    except ValueError:
        pairs = 0
    if pairs <= 0:
        die(f"PAIRS '{args[1]}' is not a positive number")
    columns, fns, tbs = [], {}, {}
    for spec in args[2:]:
        name, _, logs = spec.partition("=")
        short, _, long_ = logs.partition(",")
        if not name or not short or not long_:
            die(f"'{spec}' is not NAME=SHORT_LOG,LONG_LOG")
        a_fn, a_tb = profile(short, addrs, names, detail)
        b_fn, b_tb = profile(long_, addrs, names, detail)
        columns.append(name)
        fns[name] = {k: (b_fn[k] - a_fn[k]) / pairs for k in set(a_fn) | set(b_fn)}
        tbs[name] = {k: (b_tb[k] - a_tb[k]) / pairs for k in set(a_tb) | set(b_tb)}

    first = columns[0]
    rows = sorted({k for c in columns for k in fns[c]},
                  key=lambda k: (-fns[first].get(k, 0.0), k))
    print(f"# kernel instructions per pair by function: (LONG - SHORT) / {pairs} pairs")
    print(f"{'function':<40}" + "".join(f"{c:>12}" for c in columns))
    for k in rows:
        vals = [fns[c].get(k, 0.0) for c in columns]
        if all(abs(v) < 0.5 for v in vals):
            continue
        print(f"{k:<40}" + "".join(f"{v:12.1f}" for v in vals))
    print(f"{'TOTAL':<40}" + "".join(f"{sum(fns[c].values()):12.1f}" for c in columns))
    for fn in sorted(detail):
        print(f"\n# {fn}: translation blocks, runs per pair")
        print(f"{'address':<20}{'insns':>6}" + "".join(f"{c:>12}" for c in columns))
        keys = sorted({k[1:] for c in columns for k in tbs[c] if k[0] == fn})
        for pc, n in keys:
            vals = [tbs[c].get((fn, pc, n), 0.0) for c in columns]
            if all(abs(v) < 0.0005 for v in vals):
                continue
            print(f"{pc:<#20x}{n:>6}" + "".join(f"{v:12.3f}" for v in vals))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
