#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: every prefix of the series builds.  For each patch in turn, a
# worktree of build/linux (build/bisect) is put at that patch and the C
# files the series touches are compiled with W=1 for um and x86_64, in
# their own O= folders (build/out/bisect-ARCH, configured like the test
# kernels), so the main builds are left alone.  Whole kernels are built at
# the tip only (make check does that); a change to a header the series
# touches is caught through these files, which include them all.
#
# With --boot, each prefix also builds the whole UML kernel and boots it:
# guest/smoke.sh must pass, and the pcp_orders KUnit suite too from the
# patch that adds it (slow: a header change rebuilds everything).
#
# Usage: scripts/bisect-check.sh [--boot] [ARCH...]   (default: um x86_64)

. "$(dirname "$0")/lib.sh"

boot=0
if [ "${1:-}" = --boot ]; then
	boot=1
	shift
fi
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(um x86_64)
for a in "${arches[@]}"; do check_arch "$a"; done
git -C "$TREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "$TREE has no tag $BASE_TAG: run 'make tree' first"

commits=($(git -C "$TREE" rev-list --reverse "$BASE_TAG..HEAD"))
[ ${#commits[@]} -gt 0 ] || { log "no patches: nothing to check"; exit 0; }
files=($(git -C "$TREE" diff --name-only "$BASE_TAG" HEAD -- '*.c' |
	 grep -v '_kunit\.c$' || true))

wt=$BUILD/bisect
if [ ! -e "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --detach "$wt" "$BASE_TAG"
fi

# configure ARCH: the test kernels' config (KUnit included, so a suite is
# compiled from the patch that adds it), for the tree as checked out now.
configure() {
	OUTDIR=$BUILD/out/bisect-$1 TREE=$wt DEBUG=1 KUNIT=1 \
		"$REPO/scripts/config.sh" "$1" 2>/dev/null ||
		die "configuring $1 in $wt failed"
}

git -C "$wt" checkout -q --detach "$BASE_TAG"

# compile N ARCH OBJS...: build the objects with W=1; print the warnings
# with line numbers taken out, so that base and patch compare.
compile() {
	local n=$1 arch=$2 log=$BUILD/out/bisect-$2.log
	shift 2
	local o
	for o; do touch "$wt/${o%.o}.c"; done	# recompile: report warnings every time
	if ! OUTDIR=$BUILD/out/bisect-$arch SRC=$wt kmake "$arch" -s W=1 \
		-j"${JOBS:-$(nproc)}" "$@" >"$log" 2>&1; then
		grep -E 'error' "$log" | head -10 >&2
		die "patch $n does not build for $arch: $* (log: $log)"
	fi
	{ grep 'warning:' "$log" || true; } | sed -E 's/:[0-9]+:[0-9]+:/:/' | sort -u
}

objs=()
for f in "${files[@]}"; do
	[ -f "$wt/$f" ] && objs+=("${f%.c}.o")
done
declare -A base_warnings
for arch in "${arches[@]}"; do
	configure "$arch"
	base_warnings[$arch]=$(compile 0 "$arch" "${objs[@]}")
done

n=0
for c in "${commits[@]}"; do
	n=$((n + 1))
	git -C "$wt" checkout -q --detach "$c"
	subject=$(git -C "$wt" log -1 --format=%s)
	objs=()
	for f in "${files[@]}"; do
		[ -f "$wt/$f" ] && objs+=("${f%.c}.o")
	done
	for arch in "${arches[@]}"; do
		configure "$arch"
		new=$(comm -13 <(echo "${base_warnings[$arch]}") \
			       <(compile "$n ($subject)" "$arch" "${objs[@]}"))
		if [ -n "$new" ]; then
			echo "$new" | head -10 >&2
			die "patch $n ($subject): new W=1 warnings for $arch"
		fi
	done
	log "patch $n builds (${objs[*]}; ${arches[*]}; no new W=1 warning): $subject"
	[ "$boot" = 1 ] || continue
	configure um
	OUTDIR=$BUILD/out/bisect-um SRC=$wt kmake um -j"${JOBS:-$(nproc)}" linux \
		>"$BUILD/out/bisect-um.log" 2>&1 ||
		die "patch $n ($subject): the UML kernel does not build (log: $BUILD/out/bisect-um.log)"
	OUTDIR=$BUILD/out/bisect-um "$REPO/scripts/boot-um.sh" -- smoke.sh >/dev/null 2>&1 ||
		die "patch $n ($subject): UML smoke boot failed (build/runs/)"
	run=$BUILD/runs/latest-$(flavour um)
	if grep -q 'Subtest: pcp_orders' "$run/dmesg.txt"; then
		"$REPO/scripts/kunit-results.py" "$run/dmesg.txt" pcp_orders >/dev/null ||
			die "patch $n ($subject): KUnit pcp_orders fails ($run)"
		log "patch $n boots in UML: smoke passes, KUnit pcp_orders passes"
	else
		log "patch $n boots in UML: smoke passes"
	fi
done
