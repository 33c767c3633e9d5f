#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: the report of a main-job run, in its results folder.

Usage: scripts/report/report.py RESULTS CONFIG...

RESULTS is the folder the runner made (build/results/<run name>/).  It
holds samples.tsv (every sample of every benchmark, scripts/report/samples.py)
and runs.txt (one line per benchmark boot: "what<TAB>where<TAB>command
that reproduces it<TAB>run folder"), and may hold extra *.txt tables
listed in extra.txt ("title<TAB>file").  This step writes there:

  comparison.txt  the mmtests-style tables (scripts/report/compare.py), CONFIG
                  order, the first one the base
  lkp.txt         the read-fault benchmark (anon-r-seq, the 2016 LKP
                  report's workload) as the kernel test robot tables it
                  (scripts/report/lkp.py), where the run has it
  plots/          one SVG and PNG per benchmark and metric family
                  (scripts/report/plot.py); plots already there (latency
                  distributions) are listed in the report too
  report.md       what ran where with which command, the tables, the
                  extra tables, the plots

and prints the comparison tables and where the report is.
"""
import os
import sys

import compare
import lkp
import mmstat
import plot

# The benchmarks shown the LKP way too (the workload of the 2016 LKP report).
LKP_BENCH = "anon-r-seq"

# How to read the tables of the lists' own statistics (guest/pcp_list_stats.sh).
LISTS_NOTE = (
    "The `pcp-hit-NAME` and `pcp-kib-NAME` tables are what the per-CPU lists did "
    "while the benchmark command NAME ran in the same rounds (the kernel's "
    "per-order statistics, `/sys/kernel/mm/pcp/order-N/stats/`, read before and "
    "after it): `pcp-hit` is the % of each order's allocations that found its "
    "list filled, 0 where the order is outside the set (every allocation and "
    "free then takes `zone->lock`); refills per 1000 allocations are "
    "10 x (100 - hit), and each refill is one `zone->lock` hold on the "
    "allocation side, so a `zone-lock-acq` or `fault-zone-lock` row that falls "
    "between two sets falls with the refills of its order here (the free side "
    "adds the trims, one hold per batch). `pcp-kib` is the memory on the lists "
    "of one CPU, every zone and order: `cpu-max`, on the CPU that holds most "
    "when the command ended; `cpu-peak`, the most one CPU's lists held while "
    "it ran (the kernel's `/sys/kernel/mm/pcp/peak`, restarted before the "
    "command: noted after refills, before trims and drains and at the vmstat "
    "update, so exact when the lists reached `pcp->high` and a lower bound "
    "otherwise).")

# How to read the hold times (scripts/bench/bench-zonelock.sh on one CPU).
HOLD_NOTE = (
    "The `zone-lock-holdmax` tables are the longest `zone->lock` hold in "
    "each order's windows (lock_stat `holdtime-max`, microseconds) on one "
    "CPU under QEMU `-icount shift=0,sleep=off`, where a microsecond is a "
    "thousand instructions: exact, and comparable between the orders and "
    "sets of one table. A maximum is no difference: whatever else took the "
    "lock in the window is in it too (where order 2 is cached, a refill of "
    "its list for the kernel's own order-2 allocations shows in every "
    "window). "
    "Without a list an order takes the lock for one block at a time; with "
    "one, a refill or trim moves many under it. `order-0-outN` is order 0 "
    "with more pages outstanding than its lists hold: every round refills "
    "and trims them at their bulk (`batch << CONFIG_PCP_BATCH_SCALE_MAX` "
    "pages), the longest hold order 0 has.")


def read_tsv(path, fields):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == fields:
                rows.append(parts)
    return rows


def main(argv):
    if len(argv) < 3:
        print("report: error: usage: scripts/report/report.py RESULTS CONFIG... (see the top of the file)", file=sys.stderr)
        return 2
    results, configs = argv[1], argv[2:]
    path = os.path.join(results, "samples.tsv")
    samples, rc = mmstat.load("report", path, configs)
    if samples is None:
        return rc
    tables = compare.text(samples, configs)
    with open(os.path.join(results, "comparison.txt"), "w") as f:
        f.write(tables + "\n")

    plots = os.path.join(results, "plots")
    os.makedirs(plots, exist_ok=True)
    try:
        plot.plot_samples(plots, samples, configs)
    except RuntimeError as e:
        print(f"report: error: {e}", file=sys.stderr)
        return 1

    name = os.path.basename(os.path.normpath(results))
    md = [f"# Run {name}", "",
          f"Configurations: {', '.join(configs)} (the first is the base of every "
          "percentage). Rounds are interleaved in each boot of a benchmark: "
          "A B C, B C A, C A B, ... (the order rotates), after a warm-up round that is not counted; "
          "a table says when its benchmark ran in several boots, and its stars then judge the per-boot means.", "",
          "| what | where | reproduce | run folder |", "|---|---|---|---|"]
    for what, where, cmd, run in read_tsv(os.path.join(results, "runs.txt"), 4):
        md.append(f"| {what} | {where} | `{cmd}` | `{run}` |")
    md += ["", "## Comparison (mmtests format)", "", "```", tables, "```", ""]
    if any(s[0].startswith("pcp-hit-") for s in samples):
        md += [LISTS_NOTE, ""]
    if any(s[0].startswith("zone-lock-holdmax-") for s in samples):
        md += [HOLD_NOTE, ""]
    lkp_table = lkp.text(samples, configs, LKP_BENCH)
    if lkp_table:
        with open(os.path.join(results, "lkp.txt"), "w") as f:
            f.write(lkp_table + "\n")
        md += ["## The read-fault benchmark (anon-r-seq), as the kernel test robot reports it", "",
               f"`scripts/report/lkp.py --bench {LKP_BENCH} samples.tsv {' '.join(configs)}`: the same "
               "samples as the tables above; %change is the plain change against the first "
               "column, %stddev over the per-boot means where there are several boots.", "",
               "```", lkp_table, "```", ""]
    for title, file in read_tsv(os.path.join(results, "extra.txt"), 2):
        with open(os.path.join(results, file)) as f:
            md += [f"## {title}", "", "```", f.read().rstrip("\n"), "```", ""]
    # Every plot in plots/: these, and those an earlier step put there
    # (the latency distributions of scripts/report/plot.py --latency).
    md += ["## Plots", ""]
    for svg in sorted(f for f in os.listdir(plots) if f.endswith(".svg")):
        md += [f"![{svg}](plots/{svg})", ""]
    with open(os.path.join(results, "report.md"), "w") as f:
        f.write("\n".join(md))

    print(tables)
    nplots = len([f for f in os.listdir(plots) if f.endswith(".svg")])
    print(f"\nreport: {os.path.join(results, 'report.md')} "
          f"({nplots} plots in {plots}, samples in {path})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
