#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the kernel test robot's (LKP) comparison, from a samples file.

Usage: scripts/report/lkp.py [--bench PREFIX] SAMPLES BASE [OTHER...]

The same samples as scripts/report/compare.py (scripts/report/samples.py
writes them), another rendering: the table of the 0-day robot's reports
(LKP, ../shared/seeds/ has one), a row per metric, the base first, then
for each other configuration its change and its value:

             before                   upstream
  ---------------- --------------------------
           %stddev     %change         %stddev
               \\          |                \\
      517.69 ±  0%     -51.0%     253.81 ±  0%  anon-r-seq-4p.system-time-2048kB

A value is the arithmetic mean of the samples, its %stddev the sample
standard deviation in percent of the mean, taken over the per-boot means
where the samples come from several boots and over the rounds where they
come from one (as compare.py judges them); %change is the plain change
against BASE, (other - base) / base, whatever direction is better, as LKP
prints it.  --bench keeps the benchmarks whose name starts with PREFIX.
"""
import sys
from collections import OrderedDict

import mmstat


def collect(samples, configs, prefix=""):
    """{name: {config: {boot: [values]}}}, name "bench.metric", in order."""
    out = OrderedDict()
    for bench, metric, config, _, value, _, boot in samples:
        if config in configs and bench.startswith(prefix):
            out.setdefault(f"{bench}.{metric}", {}).setdefault(config, {}) \
                .setdefault(boot, []).append(value)
    return out


def number(v):
    """LKP's figures: integers from 1000 on, two decimals below."""
    return f"{v:.0f}" if abs(v) >= 1000 else f"{v:.2f}"


def value_stddev(by_boot):
    """(mean, %stddev) of one metric under one configuration."""
    values = [x for v in by_boot.values() for x in v]
    mean = mmstat.amean(values)
    judged = mmstat.judged(by_boot, "lower")
    sd = mmstat.stddev(judged)
    return mean, (sd * 100.0 / abs(mean) if mean else 0.0)


def text(samples, configs, prefix=""):
    rows = collect(samples, configs, prefix)
    if not rows:
        return None
    base = configs[0]
    lines = [f"{base:>16}" + "".join(f" {c:>26}" for c in configs[1:]),
             "-" * 16 + (" " + "-" * 26) * (len(configs) - 1) + " ",
             f"{'%stddev':>16}" + f"{'%change':>12}{'%stddev':>16}" * (len(configs) - 1),
             f"{chr(92):>14}" + f"{'|':>11}{chr(92):>17}" * (len(configs) - 1) + "  "]
    for name, per_config in rows.items():
        if base not in per_config:
            continue
        b, bsd = value_stddev(per_config[base])
        row = f"{number(b):>10} ±{bsd:3.0f}%"
        for c in configs[1:]:
            if c not in per_config:
                row += f"{'-':>27}"
                continue
            v, vsd = value_stddev(per_config[c])
            change = (v - b) * 100.0 / b if b else 0.0
            row += f"{change:+10.1f}%{number(v):>11} ±{vsd:3.0f}%"
        lines.append(f"{row}  {name}")
    return "\n".join(lines)


def main(argv):
    args = argv[1:]
    prefix = ""
    if args[:1] == ["--bench"]:
        if len(args) < 2:
            print("lkp: error: --bench needs a prefix", file=sys.stderr)
            return 2
        prefix, args = args[1], args[2:]
    if len(args) < 2:
        print("lkp: error: usage: scripts/report/lkp.py [--bench PREFIX] SAMPLES BASE [OTHER...]",
              file=sys.stderr)
        return 2
    path, configs = args[0], args[1:]
    samples, rc = mmstat.load("lkp", path, configs)
    if samples is None:
        return rc
    out = text(samples, configs, prefix)
    if out is None:
        print(f"lkp: error: no samples of a benchmark starting with '{prefix}' in {path}",
              file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
