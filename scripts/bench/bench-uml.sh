#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: per-order allocation cost on one booted UML kernel (native speed,
# one CPU), under three order sets interleaved round by round:
#   before   = 0          (order 0 only, as before 5.14)
#   upstream = 0-3        (6.12's set; UML has no THP, so no PMD order)
#   all      = 0-8        (every order with lists, the mTHP orders too)
# Prints the table of scripts/report/bench-report.py with ratios to upstream.
# NETPERF_SIZES="64 128 ..." also runs netperf UDP_STREAM over loopback at
# those message sizes in every round (NETPERF_SECS seconds each, default 2;
# guest/netperf_udp.sh); the main job (scripts/run.sh) tabulates them.
#
# With --save FILE the report also goes to FILE with the code hash of the
# tree it was measured on (lib.sh code_hash): series/orders/
# bench-results.txt is what that series' cover letter quotes (make
# bench-results, then make export).
#
# The boot's run folder (--out DIR, default a new build/runs/bench-uml-<time>)
# also gets report.txt.
#
# Usage: scripts/bench/bench-uml.sh [--out DIR] [--save FILE] [ROUNDS] [LOOPS]  (default 5 100000)

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-uml.sh [--out DIR] [--save FILE] [ROUNDS] [LOOPS]" 5 100000 "$@"
[ -z "$save" ] || check_save "$save"
ko=$("$REPO/scripts/build/bench-module.sh" um)
benches=("'pcp_bench_run.sh $ko 0-9 loops=$loops'")
if [ -n "${NETPERF_SIZES:-}" ]; then
	command -v netperf >/dev/null || die "NETPERF_SIZES: netperf is not installed (scripts/setup/deps.sh)"
	benches+=("'netperf_udp.sh ${NETPERF_SECS:-2} $NETPERF_SIZES'")
fi
cmd="LIST_STATS=1 ab_rounds.sh $rounds before=0 upstream=0-3 all=0-8 -- ${benches[*]}"
run=$(run_folder "$out")
"$REPO/scripts/boot/boot-um.sh" --out "$run" --mem 1G --timeout 900 -- "$cmd"
{
	echo "# $(kernel_version "$SRC") UML, 1 CPU; $(date -u +%Y-%m-%d); reproduce: scripts/bench/bench-uml.sh $rounds $loops"
	"$REPO/scripts/report/bench-report.py" "$run/dmesg.txt" upstream before all
} | tee "$run/report.txt"
if [ -n "$save" ]; then
	{ echo "# code: $(code_hash "$SRC")"; cat "$run/report.txt"; } >"$save"
	log "saved to $save"
fi
