#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: per-order allocation cost on one booted UML kernel (native speed,
# one CPU), under three order sets interleaved round by round:
#   before   = 0          (order 0 only, as before 5.14)
#   upstream = 0-3        (6.12's set; UML has no THP, so no PMD order)
#   all      = 0-8        (every order with lists, the mTHP orders too)
# Prints the table of scripts/bench-report.py with ratios to upstream.
#
# Usage: scripts/bench-uml.sh [ROUNDS] [LOOPS]      (default 5 100000)

. "$(dirname "$0")/lib.sh"

rounds=${1:-5}
loops=${2:-100000}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS '$rounds' is not a positive number"
[[ $loops =~ ^[1-9][0-9]*$ ]] || die "LOOPS '$loops' is not a positive number"
ko=$("$REPO/scripts/bench-module.sh" um)
cmd="pcp_bench_ab.sh $ko $rounds 'orders=0-9 loops=$loops' before=0 upstream=0-3 all=0-8"
"$REPO/scripts/boot-um.sh" --mem 1G --timeout 900 -- "$cmd"
run=$BUILD/runs/latest-$(flavour um)
echo "# $(kernel_version "$SRC") UML, 1 CPU; $(date -u +%Y-%m-%d); reproduce: scripts/bench-uml.sh $rounds $loops"
"$REPO/scripts/bench-report.py" "$run/dmesg.txt" upstream before all | tee "$run/report.txt"
