#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the pcp_orders KUnit suite passes on the architectures, page sizes
# and preemption models the UML and x86_64 test kernels do not cover.  For each target,
# tools/testing/kunit/kunit.py builds a small kernel (mm/.kunitconfig plus
# the target's options) in the gate's worktree (build/bisect) at HEAD, in
# build/out/kunit-TARGET, and runs it under QEMU (TCG), with DEBUG_VM,
# lockdep and DEBUG_ATOMIC_SLEEP; every case must pass or skip with its
# reason (a block of 512M that 1G of guest memory cannot hold), at least
# one must pass, and the log must show no splat.  The suite's own log
# lines (lists and orders of the kernel, orders left untested) are
# printed; the whole console is in build/out/kunit-TARGET.log.
#
# Targets:
#   um          UML, 4K pages, one CPU (not in the default list: the UML
#               test kernel runs the suite; for gate samples)
#   arm64-4k    arm64, 4K pages, THP (qemu-system-aarch64, virt)
#   arm64-16k   arm64, 16K pages, THP
#   arm64-64k   arm64, 64K pages, THP
#   x86_64-rt   x86_64, PREEMPT_RT (no THP: it excludes PREEMPT_RT)
#
# Usage: scripts/gates/kunit-cross.sh [--head REF] [TARGET...]
#        (default head: HEAD, the series' combination; targets: all)
# Env: TREE (default build/linux), JOBS.

. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gate-lib.sh"

ALL_TARGETS=(arm64-4k arm64-16k arm64-64k x86_64-rt)

# target_setup TARGET: kunit.py's --arch, cross compiler and options.
target_setup() {
	case $1 in
	um) arch=um cross= opts="" ;;
	arm64-4k) arch=arm64 cross=aarch64-linux-gnu-
		opts="ARM64_4K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	arm64-16k) arch=arm64 cross=aarch64-linux-gnu-
		opts="ARM64_16K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	arm64-64k) arch=arm64 cross=aarch64-linux-gnu-
		opts="ARM64_64K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	x86_64-rt) arch=x86_64 cross=
		opts="EXPERT=y PREEMPT_RT=y" ;;	# (THP depends on !PREEMPT_RT)
	*) die "unknown target '$1' (targets: ${ALL_TARGETS[*]})" ;;
	esac
	# as the harness's debug kernels: a sleep in atomic context on
	# PREEMPT_RT, a lock order or a VM_WARN is a splat
	opts+=" DEBUG_KERNEL=y DEBUG_VM=y PROVE_LOCKING=y DEBUG_ATOMIC_SLEEP=y PRINTK_TIME=y"
}

gate_target_args "$@"
for t in "${targets[@]}"; do
	target_setup "$t"
	need_cmd "${cross}gcc"
	[ "$arch" = um ] || need_cmd "qemu-system-${arch/arm64/aarch64}"
done
gate_base "$head"
gate_checkout "$head"
[ -f "$GATE_WT/mm/.kunitconfig" ] ||
	die "$head has no mm/.kunitconfig: the pcp_orders suite is not in it"

# run_target TARGET: kunit.py builds and runs the suite; it passes with no
# splat.
run_target() {
	local t=$1 out=$BUILD/out/kunit-$1 log=$BUILD/out/kunit-$1.log
	local kargs o rc=0 krc=0 src=0 res
	kargs=(--arch "$arch" --build_dir "$out" --kunitconfig mm
	       --jobs "${JOBS:-$(nproc)}" --raw_output=all
	       --make_options "CC=$(kernel_cc "$cross")")
	[ -z "$cross" ] || kargs+=(--cross_compile "$cross")
	for o in $opts; do kargs+=(--kconfig_add "CONFIG_$o"); done
	(cd "$GATE_WT" && python3 tools/testing/kunit/kunit.py run "${kargs[@]}") \
		>"$log" 2>&1 || rc=$?
	for o in $opts; do
		grep -qx "CONFIG_$o" "$out/.config" ||
			die "$t: CONFIG_$o did not take in $out/.config"
	done
	sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$log" |
		grep -E '^ *# pcp_test_[a-z_]+: ' | sed "s/^ */$t: /" || true
	res=$("$REPO/scripts/report/kunit-results.py" "$log" pcp_orders) || krc=$?
	echo "$res" | sed "s/^/$t: /"
	"$REPO/scripts/report/splat-check.py" "$log" | sed "s/^/$t: /" || src=1
	[ $rc -ne 0 ] || [ $krc -ne 0 ] || [ $src -ne 0 ] || return 0
	echo "$STEP: $t: the suite failed or did not run (kunit.py rc $rc; log: $log)" >&2
	return 1
}

gate_for_each_target run_target "pcp_orders fails on"
log "pcp_orders passes on all ${#targets[@]} targets"
