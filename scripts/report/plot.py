#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Step: plots of a benchmark run, with gnuplot (Debian's gnuplot-nox).

Usage: scripts/report/plot.py SAMPLES OUTDIR CONFIG...
       scripts/report/plot.py --latency LOG OUTDIR SET...

For every benchmark of SAMPLES (scripts/report/samples.py) and every metric
family in it ("order-0".."order-9" is the family "order", "send-64" ..
"send-16384" the family "send", "size-4kB".."size-2048kB" "size (kB)") it writes OUTDIR/<bench>-<family>.svg and
.png: the family's number on the x axis (logarithmic for message sizes),
the summary of each configuration (Hmean or Amean, as in the comparison
tables) on the y axis with error bars of one standard deviation, one line
per configuration.  The data (.dat) and gnuplot script (.gp) stay next to
the images, so a plot can be redrawn or restyled by hand.  Prints the
image paths.

With --latency it reads the "pcp_bench: hist" lines of a kernel log
(pcp_bench modes=pressure, scripts/bench/bench-highorder.sh) and writes
OUTDIR/latency-order-<N>.svg/.png: for each order, the share of attempts
per power of two of latency, one line per setting, pooled over rounds.
"""
import os
import re
import shutil
import subprocess
import sys
from collections import OrderedDict

import mmstat
import records

FAMILY = re.compile(r"^(.*?)-?(\d+)([A-Za-z]*)$")


def families(samples, configs):
    """{(bench, family): {x: {config: [values]}}} and each one's better."""
    out, better = OrderedDict(), {}
    for bench, metric, config, _, value, b, _ in samples:
        if config not in configs:
            continue
        m = FAMILY.match(metric)
        fam, x = ((m.group(1) or "value") + (f" ({m.group(3)})" if m.group(3) else ""),
                  int(m.group(2))) if m else (metric, 0)
        out.setdefault((bench, fam), {}).setdefault(x, {}) \
            .setdefault(config, []).append(value)
        better[(bench, fam)] = b
    return out, better


def safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def write_plot(outdir, bench, fam, points, better, configs, unit):
    base = os.path.join(outdir, safe(f"{bench}-{fam}"))
    xs = sorted(points)
    with open(base + ".dat", "w") as f:
        f.write("# x " + " ".join(f"{c}_mean {c}_stddev" for c in configs) + "\n")
        for x in xs:
            row = [str(x)]
            for c in configs:
                v = points[x].get(c)
                if v:
                    row += [f"{mmstat.summary(v, better)[1]:.4f}", f"{mmstat.spread(v, better):.4f}"]
                else:
                    row += ["NaN", "NaN"]
            f.write(" ".join(row) + "\n")
    stat = "Hmean" if better == "higher" else "Amean"
    logx = len(xs) > 1 and xs[0] > 0 and xs[-1] / xs[0] >= 64
    title = f"{bench}: {fam}, {stat} ({'higher' if better == 'higher' else 'lower'} is better)"
    plots = ", ".join(
        f"'{os.path.basename(base)}.dat' using 1:{2 + 2 * i}:{3 + 2 * i} "
        f"with yerrorlines title '{c}'" for i, c in enumerate(configs))
    return gnuplot(base, [
        f"set title '{title}' noenhanced",
        f"set xlabel '{fam}' noenhanced",
        f"set ylabel '{unit}' noenhanced",
        "set key top left",
        "set grid",
        "set logscale x 2" if logx else "set xtics 1",
        "set offsets graph 0.03, graph 0.03, 0, 0",
    ], plots)


def gnuplot(base, settings, plots):
    """Write BASE.gp (the settings, then the plot once per terminal), run
    gnuplot in its folder, return the SVG and PNG paths."""
    with open(base + ".gp", "w") as f:
        f.write("\n".join(settings) + "\n")
        for term, ext in (("svg size 800,500", "svg"), ("pngcairo size 800,500", "png")):
            f.write(f"set terminal {term}\nset output '{os.path.basename(base)}.{ext}'\n"
                    f"plot {plots}\n")
    r = subprocess.run(["gnuplot", os.path.basename(base) + ".gp"],
                       cwd=os.path.dirname(base) or ".", stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError(f"gnuplot {base}.gp failed: {r.stderr.strip()}")
    return [base + ".svg", base + ".png"]


def latency_histograms(recs):
    """{order: {set: [attempts per log2(ns) bucket]}} of hist records
    (scripts/report/records.py), pooled over rounds."""
    out = {}
    for _, f in recs:
        h = out.setdefault(int(f["order"]), {}).setdefault(f["set"], [])
        for b, c in enumerate(int(x) for x in f["log2_ns"].split(",")):
            if b == len(h):
                h.append(0)
            h[b] += c
    return out


def write_latency_plot(outdir, order, hists, sets, unit="ns"):
    """One order's latency distribution per setting: % of attempts per
    power of two (pcp_bench modes=pressure)."""
    base = os.path.join(outdir, f"latency-order-{order}")
    top = max(len(hists.get(s, [])) for s in sets)
    with open(base + ".dat", "w") as f:
        f.write("# log2 bucket, lower bound, then % of attempts per setting: " +
                " ".join(sets) + "\n")
        for b in range(top):
            row = [str(b), str(1 << b) if b else "0-1"]
            for s in sets:
                h = hists.get(s, [])
                total = sum(h)
                row.append(f"{100 * h[b] / total:.3f}" if total and b < len(h) else "0")
            f.write(" ".join(row) + "\n")
    plots = ", ".join(f"'{os.path.basename(base)}.dat' using 1:{3 + i}:xtic(2) "
                      f"with linespoints title '{s}'" for i, s in enumerate(sets))
    return gnuplot(base, [
        f"set title 'order {order}: latency of each attempt under pressure' noenhanced",
        f"set xlabel 'latency, {unit} (bucket [x, 2x))' noenhanced",
        "set ylabel '% of attempts'",
        "set key top right",
        "set grid",
        "set xtics rotate by -45",
    ], plots)


def plot_samples(outdir, samples, configs):
    """One plot per benchmark and metric family; the image paths.  Raises
    RuntimeError when gnuplot fails."""
    data, better = families(samples, configs)
    images = []
    for (bench, fam), points in data.items():
        images += write_plot(outdir, bench, fam, points, better[(bench, fam)],
                             configs, unit_of(bench))
    return images


UNITS = (  # bench name prefix, y axis label
    ("pcp_bench", "ns per alloc+free pair"),
    ("zone-lock", "per alloc+free pair"),
    ("netperf", "10^6 bits/s"),
    ("fault-zone-lock", "zone->lock acquisitions per folio"),
    ("fault-fallback", "% of faults falling back to 4K"),
    ("fault-rate", "4K pages faulted per second"),
    ("pcp-hit", "% of allocations from a filled list"),
    ("pcp-kib", "KiB on the lists of the fullest CPU"),
)


def unit_of(bench):
    return next((unit for prefix, unit in UNITS if bench.startswith(prefix)), "value")


def latency_main(argv):
    if len(argv) < 5:
        print("plot: error: usage: scripts/report/plot.py --latency LOG OUTDIR SET...", file=sys.stderr)
        return 2
    log, outdir, sets = argv[2], argv[3], argv[4:]
    if not os.path.isdir(outdir):
        print(f"plot: error: {outdir}: no such folder", file=sys.stderr)
        return 2
    recs, rc = records.load("plot", [log], ("hist",))
    if recs is None:
        return rc
    hists = latency_histograms(recs)
    if not any(s in h for h in hists.values() for s in sets):
        print(f"plot: error: no latency histograms of {', '.join(sets)} in {log}", file=sys.stderr)
        return 1
    try:
        for order in sorted(hists):
            print("\n".join(write_latency_plot(outdir, order, hists[order], sets)))
    except RuntimeError as e:
        print(f"plot: error: {e}", file=sys.stderr)
        return 1
    return 0


def main(argv):
    if argv[1:2] == ["--latency"]:
        return latency_main(argv)
    if len(argv) < 4:
        print("plot: error: usage: scripts/report/plot.py SAMPLES OUTDIR CONFIG... (see the top of the file)", file=sys.stderr)
        return 2
    path, outdir, configs = argv[1], argv[2], argv[3:]
    if not shutil.which("gnuplot"):
        print("plot: error: gnuplot not found (apt-get install gnuplot-nox)", file=sys.stderr)
        return 2
    if not os.path.isdir(outdir):
        print(f"plot: error: {outdir}: no such folder", file=sys.stderr)
        return 2
    samples, rc = mmstat.load("plot", path, configs)
    if samples is None:
        return rc
    try:
        print("\n".join(plot_samples(outdir, samples, configs)))
    except RuntimeError as e:
        print(f"plot: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
