#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the C files the series touches build on every architecture and
# page size the series must hold on, as the kernel test robot builds a
# patch: for each target, its defconfig with the KUnit suite switched on,
# then the objects of the touched files (mm/page_alloc.o, mm/vmstat.o, ...)
# with W=1 at HEAD, in the gate's worktree (build/bisect) and an O= folder
# per target (build/out/cross-*).  A target where HEAD does not build fails
# the gate; so does a warning in those objects that the base does not have
# (the base is built only when HEAD warns).
#
# Targets (compiler package in parentheses, installed by make deps):
#   x86_64        x86_64 defconfig (gcc)
#   x86_64-rt     x86_64 defconfig with PREEMPT_RT (gcc)
#   um            UML, x86_64 host (gcc)
#   arm64-4k      arm64 defconfig, 4K pages, THP (gcc-aarch64-linux-gnu)
#   arm64-16k     arm64 defconfig, 16K pages, THP
#   arm64-64k     arm64 defconfig, 64K pages, THP
#   ppc64le-64k   ppc64le_defconfig, 64K pages, THP, MAX_PAGE_ORDER 8
#                 (gcc-powerpc64le-linux-gnu)
#   ppc44x-256k   ppc44x_defconfig, 256K pages (gcc-powerpc-linux-gnu)
#   riscv64       defconfig, THP (gcc-riscv64-linux-gnu)
#   s390          defconfig, THP with a PMD order of 8, the last mTHP list's
#                 (gcc-s390x-linux-gnu)
#   arm-nommu     ARM without an MMU, mps2_defconfig (gcc-arm-linux-gnueabi)
#   m68k-nommu    ColdFire without an MMU, m5208evb_defconfig (gcc-m68k-linux-gnu)
#
# A touched file whose object the target's config leaves out
# (mm/huge_memory.o without THP) is not built for that target, as a whole
# kernel build would not build it.
#
# Usage: scripts/gates/cross-build.sh [--base REF] [--head REF] [TARGET...]
#        (default base: the base tag; head: HEAD; targets: all)
# Env: TREE (default build/linux), JOBS.

. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gate-lib.sh"

ALL_TARGETS=(x86_64 x86_64-rt um arm64-4k arm64-16k arm64-64k ppc64le-64k ppc44x-256k
	     riscv64 s390 arm-nommu m68k-nommu)

# target_setup TARGET: set arch, cross, defconfig and the options that
# must hold after olddefconfig (opts: "SYMBOL=VALUE ...").
target_setup() {
	case $1 in
	x86_64) arch=x86_64 cross= defconfig=defconfig opts="" ;;
	x86_64-rt) arch=x86_64 cross= defconfig=defconfig
		opts="EXPERT=y PREEMPT_RT=y" ;;
	um) arch=um cross= defconfig=defconfig opts="" ;;
	arm64-4k) arch=arm64 cross=aarch64-linux-gnu- defconfig=defconfig
		opts="ARM64_4K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	arm-nommu) arch=arm cross=arm-linux-gnueabi- defconfig=mps2_defconfig
		opts="MMU=n" ;;
	m68k-nommu) arch=m68k cross=m68k-linux-gnu- defconfig=m5208evb_defconfig
		opts="MMU=n" ;;
	arm64-16k) arch=arm64 cross=aarch64-linux-gnu- defconfig=defconfig
		opts="ARM64_16K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	arm64-64k) arch=arm64 cross=aarch64-linux-gnu- defconfig=defconfig
		opts="ARM64_64K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	ppc64le-64k) arch=powerpc cross=powerpc64le-linux-gnu- defconfig=ppc64le_defconfig
		opts="PPC_64K_PAGES=y TRANSPARENT_HUGEPAGE=y" ;;
	ppc44x-256k) arch=powerpc cross=powerpc-linux-gnu- defconfig=ppc44x_defconfig
		opts="STDBINUTILS=n PPC_256K_PAGES=y" ;;
	riscv64) arch=riscv cross=riscv64-linux-gnu- defconfig=defconfig
		opts="TRANSPARENT_HUGEPAGE=y" ;;
	s390) arch=s390 cross=s390x-linux-gnu- defconfig=defconfig
		opts="TRANSPARENT_HUGEPAGE=y" ;;
	*) die "unknown target '$1' (targets: ${ALL_TARGETS[*]})" ;;
	esac
	opts+=" KUNIT=y"
	# the suites, where the tree at hand has them: pcp_orders (the orders
	# series) and reclaim_compaction (the slowpath series; it needs
	# COMPACTION, so an MMU, and a defconfig with it: configure)
	! grep -q '^config PCP_ORDERS_KUNIT_TEST$' "$GATE_WT/mm/Kconfig" 2>/dev/null ||
		opts+=" PCP_ORDERS_KUNIT_TEST=y"
	case " $opts " in
	*" MMU=n "*) ;;
	*) ! grep -q '^config RECLAIM_COMPACTION_KUNIT_TEST$' "$GATE_WT/mm/Kconfig" 2>/dev/null ||
		opts+=" RECLAIM_COMPACTION_KUNIT_TEST=y" ;;
	esac
}

# xmake TARGET ARGS...: make in the worktree for TARGET's O= folder.
xmake() {
	local t=$1
	shift
	make -C "$GATE_WT" O="$BUILD/out/cross-$t" ARCH="$arch" \
		${cross:+CROSS_COMPILE=$cross} CC="$(kernel_cc "$cross")" \
		-j"${JOBS:-$(nproc)}" W=1 "$@"
}

# configure TARGET: defconfig, the options, olddefconfig, and check that
# every option took (a dependency missing would silently drop it).
configure() {
	local t=$1 o out=$BUILD/out/cross-$1
	mkdir -p "$out"
	xmake "$t" "$defconfig" >"$out/config.log" 2>&1 ||
		die "$t: make $defconfig failed (log: $out/config.log)"
	# the reclaim_compaction suite needs COMPACTION, which some defconfigs
	# (UML's) leave out
	grep -qx 'CONFIG_COMPACTION=y' "$out/.config" ||
		opts=${opts/ RECLAIM_COMPACTION_KUNIT_TEST=y/}
	for o in $opts; do
		case ${o#*=} in
		y) "$GATE_WT/scripts/config" --file "$out/.config" -e "${o%%=*}" ;;
		n) "$GATE_WT/scripts/config" --file "$out/.config" -d "${o%%=*}" ;;
		esac
	done
	xmake "$t" olddefconfig >>"$out/config.log" 2>&1 ||
		die "$t: make olddefconfig failed (log: $out/config.log)"
	# the host tools and generated headers, whose own warnings (bison's
	# on genksyms) are not the objects'
	xmake "$t" prepare >>"$out/config.log" 2>&1 ||
		die "$t: make prepare failed (log: $out/config.log)"
	for o in $opts; do
		case ${o#*=} in
		y) grep -qx "CONFIG_${o%%=*}=y" "$out/.config" ;;
		n) ! grep -q "^CONFIG_${o%%=*}=" "$out/.config" ;;
		esac || die "$t: CONFIG_${o%%=*}=${o#*=} did not take in $out/.config"
	done
}

# build TARGET LOG: the objects the target's config builds (gate-lib.sh
# obj_in_config), every one recompiled; the compiler's warnings, positions
# taken out, on stdout; non-zero if one fails.
build() {
	local t=$1 log=$2 rc=0 o built=()
	for o in "${objs[@]}"; do
		obj_in_config "$GATE_WT" "$BUILD/out/cross-$t/.config" "$o" && built+=("$o")
	done
	[ ${#built[@]} -gt 0 ] || { echo "none of ${objs[*]} in this config" >"$log"; return 0; }
	(cd "$BUILD/out/cross-$t" && rm -f "${built[@]}")
	xmake "$t" "${built[@]}" >"$log" 2>&1 || rc=1
	grep -E 'warning:' "$log" | strip_positions | sort -u
	return $rc
}

gate_target_args "$@"
gate_base "$base"
gate_base "$head"
for t in "${targets[@]}"; do
	target_setup "$t"
	need_cmd "${cross}gcc"
done

# (the KUnit suite is #included by mm/page_alloc.c, not compiled alone)
files=($(touched_files "$base" '*.c' | grep -v '_kunit\.c$' || true))
[ ${#files[@]} -gt 0 ] || { log "no C file touched: nothing to build"; exit 0; }
objs=("${files[@]/%.c/.o}")
log "building ${objs[*]} at $(git -C "$TREE" rev-parse --short "$head") for: ${targets[*]}"

# check_target TARGET: HEAD builds, with no warning the base lacks.
check_target() {
	local t=$1 out=$BUILD/out/cross-$1 warn base_warn new
	gate_checkout "$head"
	target_setup "$t"
	configure "$t"
	if ! warn=$(build "$t" "$out/head.log"); then
		echo "$STEP: $t: does not build at $head:" >&2
		grep -E 'error' "$out/head.log" | head -5 >&2
		return 1
	fi
	[ -n "$warn" ] || return 0
	gate_checkout "$base"
	base_warn=$(build "$t" "$out/base.log" || true)
	new=$(comm -13 <(echo "$base_warn") <(echo "$warn"))
	[ -z "$new" ] && return 0
	echo "$STEP: $t: new warnings at $head:" >&2
	echo "$new" >&2
	return 1
}

# cached_check_target TARGET: check_target, unless this head was checked
# against this base before with the same compiler (gate_cached).
base_tree=$(git -C "$TREE" rev-parse "$base^{tree}")
cached_check_target() {
	gate_cached "cross-$1" "$head" "$1" "$base_tree" "${objs[*]}" \
		"$("${cross}gcc" --version | head -1)" -- check_target "$1" >/dev/null
}

gate_for_each_target cached_check_target "does not build cleanly for"
log "all ${#targets[@]} targets build"
