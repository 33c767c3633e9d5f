#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: mmtests-style comparison tables from a samples file.

Usage: scripts/report/compare.py SAMPLES BASE [OTHER...]

SAMPLES is the tab-separated file the runner writes (scripts/report/samples.py:
bench, metric, config, round, value, better).  For every benchmark it
prints one table, a row per metric, the configurations in the order given,
BASE first:

  netperf-udp  (5 rounds)
                         upstream        before
  Hmean     send-64   261.46 (   0.00%)  266.30 *   1.85%*

Hmean where higher is better, Amean where lower is better; the percentage
is positive when better than BASE, and between '*' when the difference is
significant (scripts/report/mmstat.py says how: at least 1%, and judged
on per-boot means where the samples come from several boots).
"""
import sys
from collections import OrderedDict

import mmstat


def tables(samples, configs):
    """{bench: {metric: {config: {boot: [values]}}}}, in order of appearance,
    and each metric's better."""
    out = OrderedDict()
    better = {}
    for bench, metric, config, _, value, b, boot in samples:
        if config not in configs:
            continue
        out.setdefault(bench, OrderedDict()).setdefault(metric, {}) \
            .setdefault(config, {}).setdefault(boot, []).append(value)
        better[(bench, metric)] = b
    return out, better


def flat(by_boot):
    return [x for v in by_boot.values() for x in v]


def render(bench, metrics, better, configs, rounds, boots):
    width = max(len(m) for m in metrics)
    where = f"{rounds} rounds" + (f" in each of {boots} boots" if boots > 1 else "")
    lines = [f"{bench}  ({where})",
             " " * (10 + width) + "".join(f"{c:>23}" for c in configs)]
    base = configs[0]
    prec = mmstat.precision([mmstat.summary(flat(v), better[(bench, m)])[1]
                             for m, pc in metrics.items() for v in pc.values()])
    for metric, per_config in metrics.items():
        b = better[(bench, metric)]
        if base not in per_config:
            continue
        stat, _ = mmstat.summary(flat(per_config[base]), b)
        row = f"{stat:<10}{metric:<{width}}"
        for c in configs:
            if c in per_config:
                row += mmstat.cell(flat(per_config[c]), flat(per_config[base]), b, c == base, prec,
                                   mmstat.judged(per_config[c], b),
                                   mmstat.judged(per_config[base], b),
                                   mmstat.abs_floor(bench))
            else:
                row += f"{'-':>23}"
        lines.append(row)
    return "\n".join(lines)


def text(samples, configs):
    """The tables of every benchmark in @samples and the legend."""
    data, better = tables(samples, configs)
    rounds, boots = {}, {}
    for s in samples:
        rounds[s[0]] = max(rounds.get(s[0], 0), s[3])
        boots.setdefault(s[0], set()).add(s[6])
    several = any(len(v) > 1 for v in boots.values())
    return ("\n\n".join(render(b, m, better, configs, rounds[b], len(boots[b]))
                        for b, m in data.items()) +
            "\n\nRounds interleaved, the order rotating (A B C, B C A, C A B, ...); Hmean: higher is better, Amean: lower "
            "is better; % vs the first column, positive = better;\n"
            "*x%*: significant, |a-b| > qnorm(0.975)*(stddev_a+stddev_b) (mmtests cidiff; an Hmean's stddev is mmtests' HStddev) "
            f"and |x| >= {mmstat.MIN_EFFECT_PCT:g}%, and near zero |a-b| >= a floor (0.001 zone->lock "
            "acquisitions per pair or folio, 1 refill per 1000 allocations, 0.1 points of hit rate);\n" +
            ("a and b are the means of each boot where a table has several boots, the rounds where it has one"
             if several else
             "a and b are the rounds of one boot: a second boot can move a row more than its rounds do"))


def main(argv):
    if len(argv) < 3:
        print("compare: error: usage: scripts/report/compare.py SAMPLES BASE [OTHER...] (see the top of the file)", file=sys.stderr)
        return 2
    path, configs = argv[1], argv[2:]
    samples, rc = mmstat.load("compare", path, configs)
    if samples is None:
        return rc
    print(text(samples, configs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
