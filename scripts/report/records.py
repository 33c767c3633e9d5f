#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The one reader of the typed records that guest programs print.

Imported by scripts/report/samples.py, bench-report.py, highorder-report.py and
plot.py; nothing else parses a benchmark's output.  A record is one line,
anywhere in a console or kernel log (what stands before it - timestamps,
log levels, the console's prefixes - is ignored), of space-separated
KEY=VALUE fields after a marker:

  pcp_bench: mode=single|batch|mixed|cross|allcpu order= loops= ns= cycles= gfp=
             set= round= [cpus=]                           kind "bench"
  pcp_bench: mode=pressure order= attempts= success= min_ns= mean_ns=
             max_ns= stddev_ns= gfp= set= round=            kind "pressure"
  pcp_bench: hist order= set= round= log2_ns=C0,C1,...      kind "hist"
  PCP-RESULT bench= metric= config= round= value= better=   kind "result"
  highorder: set= round= [order=] drain= early_break= COUNTER=DELTA...
                                                            kind "highorder"
  fscreate: set= round= drain= procs= files= secs= files_per_sec=
            COUNTER=DELTA...                                kind "fscreate"
  interrupts: set= round= cal_before= cal_after= res_before= res_after=
            (per-CPU counts, comma-separated)               kind "interrupts"
  livelock: set= round= seconds= retry_seconds= fruitless_seconds=
            longest_fruitless=                              kind "livelock"

(pcp_bench's are printed by bench/pcp_bench, PCP-RESULT by the guest
scripts, highorder by guest/highorder_pressure.sh: the /proc/vmstat
counters that moved while one setting's attempts ran; fscreate,
interrupts and livelock by guest/fs_create_pressure.sh.)  A pcp_bench line that is not a record - an error message, with
words that are not KEY=VALUE - is passed over.  A record missing a field
its kind needs raises ValueError naming the file and line.  A record seen
twice, as the console and the kernel log both carry the kernel's lines,
counts once.  Round 0 is the warm-up of guest/ab_rounds.sh: records keep
it, the consumers drop it.
"""
import re
import sys

MARKERS = re.compile(r"(pcp_bench: |PCP-RESULT |highorder: |fscreate: |interrupts: |livelock: )(.*)$")
# The kind of a marker that names one (pcp_bench's lines name theirs).
MARKER_KIND = {"PCP-RESULT ": "result", "highorder: ": "highorder",
               "fscreate: ": "fscreate", "interrupts: ": "interrupts",
               "livelock: ": "livelock"}
NEEDS = {
    "bench": ("mode", "order", "loops", "ns", "set", "round"),
    "pressure": ("order", "attempts", "success", "min_ns", "mean_ns", "max_ns",
                 "stddev_ns", "set", "round"),
    "hist": ("order", "set", "round", "log2_ns"),
    "result": ("bench", "metric", "config", "round", "value", "better"),
    "highorder": ("set", "round", "drain", "early_break"),
    "fscreate": ("set", "round", "drain", "procs", "files", "secs"),
    "interrupts": ("set", "round", "cal_before", "cal_after", "res_before",
                   "res_after"),
    "livelock": ("set", "round", "seconds", "retry_seconds",
                 "fruitless_seconds", "longest_fruitless"),
}


def parse(line):
    """(kind, {field: value}) of a record line, or None."""
    m = MARKERS.search(line.rstrip("\r\n"))
    if not m:
        return None
    tokens = m.group(2).split()
    kind = MARKER_KIND.get(m.group(1))
    if kind is None and tokens and "=" not in tokens[0]:
        kind, tokens = tokens[0], tokens[1:]
    if not tokens or any("=" not in t for t in tokens):
        return None
    fields = dict(t.split("=", 1) for t in tokens)
    if kind is None:
        kind = "pressure" if fields.get("mode") == "pressure" else "bench"
    return kind, fields


def read(paths, kinds=None):
    """The records of the files @paths, in order, each once: a list of
    (kind, fields).  @kinds limits them to those kinds.  OSError for a
    file that cannot be read, ValueError for a malformed record."""
    out, seen = [], set()
    for path in paths:
        with open(path, errors="replace") as f:
            for n, line in enumerate(f, 1):
                rec = parse(line)
                if rec is None:
                    continue
                kind, fields = rec
                if kind not in NEEDS:
                    continue
                missing = [k for k in NEEDS[kind] if k not in fields]
                if missing:
                    raise ValueError(f"{path}:{n}: a {kind} record without "
                                     f"{', '.join(missing)}")
                key = (kind, tuple(sorted(fields.items())))
                if key in seen:
                    continue
                seen.add(key)
                if kinds is None or kind in kinds:
                    out.append((kind, fields))
    return out


def load(tool, paths, kinds=None):
    """read() for a command-line step: (records, 0), or, after one
    "TOOL: error: ..." line on stderr, (None, 2)."""
    try:
        return read(paths, kinds), 0
    except OSError as e:
        print(f"{tool}: error: {e.filename}: {e.strerror}", file=sys.stderr)
    except ValueError as e:
        print(f"{tool}: error: {e}", file=sys.stderr)
    return None, 2
