#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the patched kernel at its defaults against unpatched 6.12, built
# from the same base commit with the same configuration fragments, booted
# alternately (patched, unpatched, patched, ...; UML, native speed, one
# CPU), to show that the series costs nothing when nobody flips a switch.
# Each boot runs pcp_bench (single and 64 outstanding, every order) and,
# with NETPERF_SIZES, netperf UDP_STREAM; the table is scripts/report/compare.py's
# with unpatched as the base.
#
# The unpatched tree is a worktree of the series' base commit (tag
# base-<version>, or the tree's HEAD minus the series) in build/base,
# built in build/out/um-unpatched.
#
# --arch x86_64 boots the x86_64 kernels instead, in QEMU TCG with
# -icount shift=0: the guest clock advances one nanosecond per instruction,
# so pcp_bench's "ns" are instructions per operation, exact and free of
# code-layout and host noise (not times: TCG times are not performance).
# That tells a cost in code from a cost in layout, and with jump labels
# (EXTRA_CONFIG=configs/60-jump-label.config on x86_64; UML has none) it
# shows what a static key leaves.
#
# Usage: scripts/bench/bench-unpatched.sh [--out DIR] [--arch um|x86_64] [ROUNDS] [LOOPS]   (default um 5 100000)
# Env: NETPERF_SIZES, NETPERF_SECS (as scripts/bench/bench-uml.sh; UML only),
#      BASE_REF, ORDERS (pcp_bench's order list, default 0-9), SETUP (guest
#      shell commands run in every boot before the benchmark, e.g.
#      'echo 1024 >/proc/sys/vm/percpu_pagelist_high_fraction'),
#      KCFLAGS (both kernels, in build/out/<flavour>{,-unpatched}-kcflags),
#      EXTRA_CONFIG (both kernels, as for scripts/build/config.sh),
#      PARAMS (more pcp_bench parameters, e.g. 'modes=burst fill=2048
#      outstanding=256': another pattern than single and 64 outstanding).
# Writes samples.tsv and report.txt in its folder (--out DIR, default a new
# build/runs/bench-unpatched-<time>), each boot's run in boot-<kernel>-<round>/.

. "$(dirname "$0")/../lib.sh"

arch=um
bench_args "usage: scripts/bench/bench-unpatched.sh [--out DIR] [--arch um|x86_64] [ROUNDS] [LOOPS]" 5 100000 "$@"
[ -z "${NETPERF_SIZES:-}" ] || [ "$arch" = um ] ||
	die "NETPERF_SIZES: netperf runs in the UML guest only (--arch um)"
[ -z "${NETPERF_SIZES:-}" ] || command -v netperf >/dev/null ||
	die "NETPERF_SIZES: netperf is not installed (scripts/setup/deps.sh)"
orders=$(orders_env) || exit

# The base (BASE_REF: another commit, e.g. a prefix of the series, to find
# which patch a difference comes from): lib.sh unpatched_tree.
wt=$(unpatched_tree)

# KCFLAGS (passed to both builds by kbuild) gets folders of its own, so
# that e.g. an alignment experiment leaves the usual kernels alone.
sfx=${KCFLAGS:+-kcflags}
unpatched_out=$BUILD/out/$(flavour "$arch")-unpatched$sfx
patched_out=$(out_dir "$arch")$sfx
OUTDIR=$unpatched_out KSRC= TREE=$wt "$REPO/scripts/build/build.sh" "$arch"
OUTDIR=$patched_out "$REPO/scripts/build/build.sh" "$arch"
ko_patched=$(OUTDIR=$patched_out "$REPO/scripts/build/bench-module.sh" "$arch")
ko_unpatched=$(OUTDIR=$unpatched_out KSRC= TREE=$wt "$REPO/scripts/build/bench-module.sh" "$arch")

out=$(run_folder "$out")
bench() { # NAME KO ROUND
	local ko=$2
	[ "$arch" = um ] || ko=/pcp/run/$(basename "$ko")
	# No drain between orders: the unpatched kernel has no set to drain with.
	local cmd="${SETUP:+$SETUP; }NODRAIN=1 pcp_bench_run.sh $ko $orders 'loops=$loops${PARAMS:+ $PARAMS}'"
	[ -z "${NETPERF_SIZES:-}" ] || cmd+="; netperf_udp.sh ${NETPERF_SECS:-2} $NETPERF_SIZES"
	echo "CONFIG=$1 ROUND=$3; export CONFIG ROUND; $cmd"
}
for r in $(seq 0 "$rounds"); do
	for k in patched unpatched; do
		# Round 0 is one warm-up boot of each, not counted.
		if [ $k = patched ]; then
			o=$patched_out ko=$ko_patched
		else
			o=$unpatched_out ko=$ko_unpatched
		fi
		run=$out/boot-$k-$r
		if [ "$arch" = um ]; then
			OUTDIR=$o "$REPO/scripts/boot/boot-um.sh" --out "$run" --mem 1G --timeout 900 -- \
				"$(bench $k "$ko" "$r")"
		else
			OUTDIR=$o ACCEL=tcg QEMU_EXTRA="-icount shift=0" \
				"$REPO/scripts/boot/boot-x86_64.sh" --out "$run" --smp 1 --mem 1G --timeout 900 \
				--file "$ko" -- "$(bench $k "$ko" "$r")"
		fi
		cat "$run/output.txt" "$run/dmesg.txt" >>"$out/logs.txt"
		echo "$k round $r: $run" >>"$out/boots.txt"
	done
done
{
	if [ "$arch" = um ]; then
		echo "# $(kernel_version "$SRC") UML, 1 CPU, alternate boots; $(date -u +%Y-%m-%d)"
	else
		echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0, 1 CPU, alternate boots: ns = instructions; $(date -u +%Y-%m-%d)"
	fi
	echo "# reproduce: NETPERF_SIZES='${NETPERF_SIZES:-}' BASE_REF='${BASE_REF:-}' KCFLAGS='${KCFLAGS:-}'${EXTRA_CONFIG:+ EXTRA_CONFIG='${EXTRA_CONFIG//$REPO\//}'} ORDERS='$orders'${SETUP:+ SETUP='$SETUP'}${PARAMS:+ PARAMS='$PARAMS'} scripts/bench/bench-unpatched.sh --arch $arch $rounds $loops"
	echo "# unpatched = $(git -C "$wt" log --oneline -1)"
	"$REPO/scripts/report/samples.py" --tag "$arch" "$out/logs.txt" >"$out/samples.tsv"
	"$REPO/scripts/report/compare.py" "$out/samples.tsv" unpatched patched
} | tee "$out/report.txt"
