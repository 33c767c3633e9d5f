#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The statistics of the comparison tables, as mmtests computes them.

Imported by scripts/report/compare.py and scripts/report/plot.py; unit tests in
tests/stats/test_mmstat.py check every function against hand-computed
cases.

A sample is one measurement of one metric under one configuration in one
round.  The summary of a metric is its harmonic mean (Hmean) when higher
is better (throughput) and its arithmetic mean (Amean) when lower is
better (time, cost), as mmtests summarises them.  The percentage is
positive when the configuration is better than the base:

  higher is better: pdiff  = new * 100 / base - 100
  lower is better:  pndiff = 100 - new * 100 / base

A difference is significant, and the percentage printed between '*'
instead of parentheses, when the two intervals mean +- qnorm(0.975) *
stddev do not reach each other: |new - base| / (halfwidth_new +
halfwidth_base) > 1 (mmtests' cidiff).  The stddev is the one mmtests
pairs with each mean (Stat.pm calc_stddev): for an Amean the sample
standard deviation (n - 1); for an Hmean the spread of the reciprocals,
sqrt(sum((1/x - 1/H)^2) * H^4 / n).  With fewer than two samples on
either side there is no spread to judge by and nothing is marked.

Two rules that are not mmtests' own, so that a star means a difference
that a second boot would show again:

- Nothing below MIN_EFFECT_PCT (1%) is marked, whatever the spread: the
  rounds of an exact count (instructions under QEMU -icount, lock
  acquisitions) can agree to 0.01%, while the same row moves by a few
  percent from one boot of the same kernel to the next (code layout,
  what the boot left on the lists).
- Nor is a difference below the absolute floor of its kind (ABS_FLOOR,
  by bench name): 0.001 zone->lock acquisitions per pair or folio (by
  difference of two windows of a few thousand pairs, a handful of
  acquisitions from the background), one refill per 1000 allocations,
  0.1 points of hit rate.  Near zero, a percentage means nothing:
  0.0001 against 0.00025 is "60%" and a few acquisitions.
- The samples judged are per-boot means when the samples come from two
  or more boots (the optional seventh column of a samples file): the
  rounds of one boot are not independent samples of the kernel, the
  boots are.  A table from one boot is judged by its rounds and its
  legend says so.

Where the output is not mmtests' own: mmtests prints every value with two
decimals, the tables here print four when every value of a table is below
10 (counts per operation, which two decimals would round to 0.00); the
column header is the configuration name right-aligned over the column, as
mmtests does, but a table carries no "Min"/"Max"/"Stddev" rows, only the
mean the metric is judged by; a value that is not positive gives an Hmean
of 0 here (mmtests prints NaN).
"""
import math
import sys

QNORM_975 = 1.959963984540054
MIN_EFFECT_PCT = 1.0
# (bench name prefix, smallest absolute difference marked): counts near zero.
ABS_FLOOR = (("zone-lock-", 0.001), ("fault-zone-lock-", 0.001),
             ("anon-r-seq-zone-lock-", 0.001), ("pcp-buddy-", 0.001),
             ("pcp-refills-", 1.0), ("pcp-hit-", 0.1))


def abs_floor(bench):
    """The smallest absolute difference marked in @bench's rows (0: none)."""
    return next((f for p, f in ABS_FLOOR if bench.startswith(p)), 0.0)
SAMPLES_FIELDS = ("bench", "metric", "config", "round", "value", "better")
# The optional seventh column: the boot the sample was measured in (0:
# not said, one boot).
BOOT_FIELD = "boot"


def amean(values):
    return math.fsum(values) / len(values)


def hmean(values):
    """Harmonic mean; 0 if any value is not positive (mmtests gives -1)."""
    if any(v <= 0 for v in values):
        return 0.0
    return len(values) / math.fsum(1.0 / v for v in values)


def stddev(values):
    """Sample standard deviation (n - 1); 0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = amean(values)
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))


def hstddev(values):
    """mmtests' standard deviation of a harmonic mean H (Stat.pm,
    calc_stddev("hmean")): sqrt(sum((1/x - 1/H)^2) * H^4 / n); 0 for fewer
    than two values or a value that is not positive."""
    n = len(values)
    h = hmean(values)
    if n < 2 or h == 0:
        return 0.0
    return math.sqrt(math.fsum((1.0 / v - 1.0 / h) ** 2 for v in values) * h ** 4 / n)


def spread(values, better):
    """The stddev mmtests pairs with the mean summary() picks."""
    return hstddev(values) if better == "higher" else stddev(values)


def halfwidth(values, better="lower"):
    return QNORM_975 * spread(values, better)


def summary(values, better):
    """(statistic name, value) of one metric's samples."""
    if better == "higher":
        return "Hmean", hmean(values)
    return "Amean", amean(values)


def pdiff(new, base):
    if new == base or new == 0:
        return 0.0
    if base == 0:
        return 100.0
    return new * 100.0 / base - 100.0


def pndiff(new, base):
    if new == base:
        return 0.0
    if new == 0:
        return 100.0
    if base == 0:
        return -99.0
    return 100.0 - new * 100.0 / base


def gain(new, base, better):
    """Percentage, positive when @new is better than @base."""
    return pdiff(new, base) if better == "higher" else pndiff(new, base)


def cidiff(new, new_hw, base, base_hw):
    """Difference in units of the two facing half-widths."""
    total = new_hw + base_hw
    diff = new - base
    return diff if total == 0 else diff / total


def significant(new_values, base_values, better, floor=0.0):
    """Whether @new_values differ from @base_values: the intervals apart
    (cidiff), the means at least MIN_EFFECT_PCT and @floor apart."""
    if len(new_values) < 2 or len(base_values) < 2:
        return False
    _, new = summary(new_values, better)
    _, base = summary(base_values, better)
    if abs(gain(new, base, better)) < MIN_EFFECT_PCT or abs(new - base) < floor:
        return False
    return abs(cidiff(new, halfwidth(new_values, better), base,
                      halfwidth(base_values, better))) > 1


def judged(values_by_boot, better):
    """The samples significance judges, from {boot: [values]}: one summary
    per boot when there are two or more boots, else the rounds."""
    if len(values_by_boot) > 1:
        return [summary(v, better)[1] for v in values_by_boot.values()]
    return [x for v in values_by_boot.values() for x in v]


def cell(new_values, base_values, better, is_base=False, precision=2,
         new_judged=None, base_judged=None, floor=0.0):
    """One value column of an mmtests row: '   266.30 *   1.85%*'.  The
    mean is of @new_values and @base_values; significance judges
    @new_judged and @base_judged where given (per-boot means), with
    @floor the smallest difference marked."""
    _, value = summary(new_values, better)
    v = f"{value:12.{precision}f}"
    if is_base:
        return f"{v} ({0:7.2f}%)"
    pct = gain(value, summary(base_values, better)[1], better)
    if significant(new_values if new_judged is None else new_judged,
                   base_values if base_judged is None else base_judged, better, floor):
        return f"{v} *{pct:7.2f}%*"
    return f"{v} ({pct:7.2f}%)"


def precision(summaries):
    """Decimals for a table: 4 when every value is below 10 (counts per
    operation), else 2 as mmtests prints."""
    return 4 if all(abs(v) < 10 for v in summaries) else 2


def count_min_mean_max_stddev(values):
    """The latency table's row figures."""
    return (len(values), min(values), amean(values), max(values),
            stddev(values))


def read_samples(path):
    """Samples TSV: bench metric config round value better [boot], one per
    line, as tuples of seven (boot 0 where the line has none).

    Lines starting with '#' are comments.  Raises ValueError naming the
    line on a malformed one.
    """
    samples = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) not in (len(SAMPLES_FIELDS), len(SAMPLES_FIELDS) + 1):
                raise ValueError(f"{path}:{n}: {len(fields)} fields, want "
                                 f"{len(SAMPLES_FIELDS)} ({' '.join(SAMPLES_FIELDS)}) "
                                 f"or {len(SAMPLES_FIELDS) + 1} (and {BOOT_FIELD})")
            bench, metric, config, rnd, value, better = fields[:6]
            boot = fields[6] if len(fields) > 6 else "0"
            if better not in ("higher", "lower"):
                raise ValueError(f"{path}:{n}: better is '{better}', not higher or lower")
            try:
                samples.append((bench, metric, config, int(rnd), float(value), better,
                                int(boot)))
            except ValueError:
                raise ValueError(f"{path}:{n}: round '{rnd}', value '{value}' or boot "
                                 f"'{boot}' is not a number") from None
    return samples


def load(tool, path, configs=()):
    """read_samples() for a command-line step: (samples, 0), or, after one
    "TOOL: error: ..." line on stderr, (None, exit code): 2 for a missing
    or malformed file, 1 when a configuration of @configs has no samples.
    """
    try:
        samples = read_samples(path)
    except OSError as e:
        print(f"{tool}: error: {path}: {e.strerror}", file=sys.stderr)
        return None, 2
    except ValueError as e:
        print(f"{tool}: error: {e}", file=sys.stderr)
        return None, 2
    present = {s[2] for s in samples}
    missing = [c for c in configs if c not in present]
    if missing:
        print(f"{tool}: error: no samples for {', '.join(missing)} in {path} "
              f"(it has: {', '.join(sorted(present)) or 'none'})", file=sys.stderr)
        return None, 1
    return samples, 0
