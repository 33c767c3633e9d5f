#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: every prefix of the series builds, with no new compiler or sparse
# warning.  For each patch in turn, a worktree of the tree (build/bisect)
# is put at that patch and the C files the series touches are compiled
# with W=1 and sparse (C=2) for um and x86_64, in their own O= folders
# (build/out/bisect-ARCH, configured like the test kernels), so the main
# builds are left alone.  The warnings of every prefix are compared with
# the base's, line numbers taken out: a warning the base does not have
# fails the check, named as W=1 (gcc's, which end in [-W...]) or sparse.
# Whole kernels are built at the tip (make check does that); a change to a
# header the series touches is caught through these files, which include
# them all.
#
# --kunit: at the series' tip (its last patch) the whole UML test kernel is
# built and booted: guest/smoke.sh and, where the suite is, every
# pcp_orders case must pass.  The patches below it are compiled, not
# booted: a whole kernel per patch, where a header change rebuilds almost
# everything, cost make check-all more than half an hour.
# --boot: the same at every prefix (slow).
#
# Each series is checked on its own base: --head pcp-orders, --head
# pcp-slowpath (make check-all does both).
#
# Usage: scripts/gates/bisect-check.sh [--base REF] [--head REF] [--kunit|--boot] [ARCH...]
#        (default base: the base tag; head: HEAD; ARCH: um x86_64)
# Env: TREE (default build/linux), JOBS.

. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gate-lib.sh"

boot=none
base=$BASE_TAG
head=HEAD
while [ $# -gt 0 ]; do
	case $1 in
	--boot) boot=all ;;
	--kunit) boot=kunit ;;
	--base) base=${2:-}; [ -n "$base" ] || die "--base needs a commit"; shift ;;
	--head) head=${2:-}; [ -n "$head" ] || die "--head needs a commit"; shift ;;
	-h|--help) sed -n '3,27s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) break ;;
	esac
	shift
done
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(um x86_64)
for a in "${arches[@]}"; do check_arch "$a"; done
gate_base "$base"
gate_base "$head"

commits=($(git -C "$TREE" rev-list --reverse "$base..$head"))
[ ${#commits[@]} -gt 0 ] || { log "no patches on $base: nothing to check"; exit 0; }
# (the KUnit suite is #included by mm/page_alloc.c, not compiled alone)
files=($(touched_files "$base" '*.c' | grep -v '_kunit\.c$' || true))
wt=$GATE_WT
gate_checkout "$base"

# compile N ARCH OBJS...: build the objects with W=1 and sparse; print the
# warnings with line numbers taken out, so that base and patch compare.
compile() {
	local n=$1 arch=$2 log=$BUILD/out/bisect-$2.log
	shift 2
	local o built=()
	# only what the config builds (gate-lib.sh obj_in_config)
	for o; do
		obj_in_config "$wt" "$BUILD/out/bisect-$arch/.config" "$o" && built+=("$o")
	done
	set -- "${built[@]}"
	[ $# -gt 0 ] || return 0
	for o; do touch "$wt/${o%.o}.c"; done	# recompile: report warnings every time
	if ! OUTDIR=$BUILD/out/bisect-$arch SRC=$wt kmake "$arch" -s W=1 C=2 \
		-j"${JOBS:-$(nproc)}" "$@" >"$log" 2>&1; then
		grep -E 'error' "$log" | head -10 >&2
		die "patch $n does not build for $arch: $* (log: $log)"
	fi
	{ grep 'warning:' "$log" || true; } | strip_positions | sort
}

# objects: the .o of every touched C file present at this prefix.
objects() {
	local f
	for f in "${files[@]}"; do
		[ -f "$wt/$f" ] && echo "${f%.c}.o"
	done
	return 0
}

# cached_compile REF N ARCH OBJS...: compile at REF, the commit checked
# out, in a freshly configured O= folder; a tree compiled before is read
# back (gate_cached).
compilers="$(gcc --version | head -1); sparse $(sparse --version 2>&1 || true)"
cached_compile() {
	local ref=$1
	shift
	gate_cached "bisect-$2" "$ref" "${*:3}" "$compilers" -- configure_compile "$@"
}
configure_compile() {
	gate_configure "$2"
	compile "$@"
}

declare -A base_warnings
for arch in "${arches[@]}"; do
	base_warnings[$arch]=$(cached_compile "$base" 0 "$arch" $(objects))
done

# boot_um N SUBJECT: build the whole UML test kernel at this prefix and boot
# it; the smoke test must pass, and the KUnit suite where it exists.
boot_um() {
	local n=$1 subject=$2 run
	gate_configure um
	OUTDIR=$BUILD/out/bisect-um SRC=$wt kmake um -j"${JOBS:-$(nproc)}" linux \
		>"$BUILD/out/bisect-um.log" 2>&1 ||
		die "patch $n ($subject): the UML kernel does not build (log: $BUILD/out/bisect-um.log)"
	run=$BUILD/runs/bisect-um
	OUTDIR=$BUILD/out/bisect-um "$REPO/scripts/boot/boot-um.sh" --out "$run" -- smoke.sh >/dev/null 2>&1 ||
		die "patch $n ($subject): UML smoke boot failed ($run)"
	local suites=() suite
	[ -f "$wt/mm/pcp_orders_kunit.c" ] && suites+=(pcp_orders)
	grep -qs "^#ifdef CONFIG_RECLAIM_COMPACTION_KUNIT_TEST" "$wt/mm/vmscan.c" && suites+=(reclaim_compaction)
	for suite in "${suites[@]}"; do
		"$REPO/scripts/report/kunit-results.py" "$run/dmesg.txt" "$suite" >/dev/null ||
			die "patch $n ($subject): KUnit $suite fails ($run)"
	done
	log "patch $n boots in UML: smoke passes${suites:+, KUnit ${suites[*]} pass}"
}

n=0
for c in "${commits[@]}"; do
	n=$((n + 1))
	gate_checkout "$c"
	subject=$(git -C "$wt" log -1 --format=%s)
	objs=($(objects))
	for arch in "${arches[@]}"; do
		# (not in a process substitution: a build error must end the check)
		warnings=$(cached_compile "$c" "$n ($subject)" "$arch" "${objs[@]}")
		new=$(comm -13 <(echo "${base_warnings[$arch]}") <(echo "$warnings"))
		[ -z "$new" ] && continue
		echo "$new" | head -10 >&2
		if echo "$new" | grep -q '\[-W'; then
			die "patch $n ($subject): new W=1 warnings for $arch"
		fi
		die "patch $n ($subject): new sparse warnings for $arch"
	done
	log "patch $n builds (${objs[*]}; ${arches[*]}; no new W=1 or sparse warning): $subject"
	case $boot in
	all) boot_um "$n" "$subject" ;;
	kunit) [ "$n" != ${#commits[@]} ] || boot_um "$n" "$subject" ;;
	esac
done
