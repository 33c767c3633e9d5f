#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the kernel tree.  Unpack Debian's linux-source-6.12 tarball into
# build/linux, commit it as one tagged base commit, then git am each series
# of series/ on its own branch of the base, one commit per patch
# (pcp-orders, pcp-slowpath: what a maintainer would take), and both
# together on pcp-series, the branch that is checked out, built and tested
# (the second series picked three-way from its branch; lib.sh
# build_branches).  Incremental:
# nothing is unpacked again while the tarball is unchanged, and nothing is
# re-applied while the series are.  Work on pcp-orders or pcp-slowpath that
# make export has not taken into series/ stops it, unless --force.
#
# With KSRC=/path/to/linux the series go instead onto a new branch
# (PCP_BRANCH, default pcp-series) of the user's own 6.12.y git tree, checked
# out in a separate worktree (build/ksrc) so the user's checkout, index and
# other branches are never touched.
#
# Usage: scripts/tree/tree.sh [--force]
#   --force   discard tree commits that were not exported into series/

. "$(dirname "$0")/../lib.sh"

FORCE=${FORCE:-0}
while [ $# -gt 0 ]; do
	case $1 in
	--force) FORCE=1 ;;
	-h|--help) sed -n '3,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1' (try --help)" ;;
	esac
	shift
done

need_cmd git tar xz sha256sum
mkdir -p "$BUILD"

unpack_base() {
	local stamp new=$TREE.new
	[ -f "$TARBALL" ] ||
		die "$TARBALL not found: install linux-source-6.12 (make deps)"
	stamp=$(stat -c '%s:%Y' "$TARBALL")
	if [ -d "$TREE/.git" ] &&
	   [ "$(git -C "$TREE" config --get pcp.tarball || true)" = "$stamp" ] &&
	   git -C "$TREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null; then
		return 0
	fi
	log "unpacking $TARBALL into $TREE"
	rm -rf "$new"
	mkdir -p "$new"
	tar -xJf "$TARBALL" -C "$new" --strip-components=1
	(check_version "$new" "$TARBALL") || { rm -rf "$new"; exit 1; }
	# Another 6.12.y (the archive no longer has ours): the series goes
	# onto it, with check_version's warning; make rebase moves the base.
	TREE_BASE_VERSION=$(kernel_version "$new")
	BASE_TAG=base-$TREE_BASE_VERSION
	# Debian's tarball ends .gitignore with "/*" and "!/debian/" (its
	# packaging repository ignores the whole tree).  Drop that trailer so
	# git sees new files the series adds; everything else is as shipped.
	sed -i '/^# Debian packaging: ignore everything/,$d' "$new/.gitignore"
	sed -i '${/^#$/d}' "$new/.gitignore"
	git -C "$new" init -q -b pcp-series
	# -f: every file of the tarball, the dotfiles (.kunitconfig,
	# .clang-format, ...) that the kernel's own .gitignore hides included.
	git -C "$new" add -A -f
	local date
	date=$(date -u -R -d "@$(stat -c %Y "$TARBALL")")
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
	harness_git -C "$new" commit -q -m "Linux $TREE_BASE_VERSION (Debian linux-source-6.12)

Unpacked from $(basename "$TARBALL") as shipped, except that the
Debian-packaging trailer of .gitignore (\"/*\", \"!/debian/\") is dropped
so that git sees the files a patch adds."
	harness_git -C "$new" tag "$BASE_TAG"
	git -C "$new" config pcp.tarball "$stamp"
	git -C "$new" config pcp.base-version "$TREE_BASE_VERSION"
	rm -rf "$TREE"
	mv "$new" "$TREE"
}

# The branches of $TREE that make tree writes: one per series and the
# combination.  Each one's head is recorded (pcp.head.BRANCH) when it is
# written or exported, so that commits not yet in series/ are never lost.
tree_branches() {
	topic_branches
	echo "$COMBINED_BRANCH"
}

record_heads() {
	local b
	for b in $(tree_branches); do
		git -C "$TREE" config "pcp.head.$b" "$(git -C "$TREE" rev-parse -q --verify "refs/heads/$b" || echo none)"
	done
}

# unexported: name the branches that moved since they were recorded, and
# uncommitted edits.
unexported() {
	local b rec cur
	for b in $(tree_branches); do
		rec=$(git -C "$TREE" config --get "pcp.head.$b" || true)
		cur=$(git -C "$TREE" rev-parse -q --verify "refs/heads/$b" || echo none)
		[ -z "$rec" ] || [ "$rec" = "$cur" ] || echo "$b"
	done
	[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] || echo "uncommitted edits"
}

# Write the branches of $TREE from series/ unless they already are.
apply_to_build_tree() {
	local want applied moved
	want=$(series_hash "$SERIES_DIR")
	applied=$(git -C "$TREE" config --get pcp.applied || true)
	moved=$(unexported | paste -sd, | sed 's/,/, /g')
	if [ -n "$moved" ]; then
		if [ "$FORCE" != 1 ] && [ -n "$(git -C "$TREE" config --get pcp.head.$COMBINED_BRANCH || true)" ]; then
			die "$TREE has work that is not in series/ ($moved): commit on one of $(series_list pcp-) (or on $COMBINED_BRANCH: a joint patch) and run 'make export' to keep it, or FORCE=1 to discard it"
		fi
	elif [ "$applied" = "$want" ] &&
	     [ -n "$(git -C "$TREE" config --get pcp.combined-base || true)" ] &&
	     [ "$(git -C "$TREE" symbolic-ref -q --short HEAD || true)" = "$COMBINED_BRANCH" ]; then
		log "$TREE is up to date ($(series_count "$SERIES_DIR") patches on $BASE_TAG, branch $COMBINED_BRANCH)"
		return 0
	fi
	git -C "$TREE" config --unset pcp.applied || true
	if ! (build_branches "$TREE" "$SERIES_DIR" "$BASE_TAG"); then
		git -C "$TREE" checkout -q -f -B "$COMBINED_BRANCH" "$BASE_TAG"
		record_heads
		exit 1
	fi
	git -C "$TREE" config pcp.applied "$want"
	record_heads
	log "$TREE: branch $COMBINED_BRANCH, $(git -C "$TREE" rev-list --count "$BASE_TAG..HEAD") patches of $(series_folders "$SERIES_DIR" ", ") on $BASE_TAG"
}

apply_to_ksrc() {
	local branch=${PCP_BRANCH:-pcp-series} wt=$BUILD/ksrc
	[ -d "$KSRC" ] || die "KSRC=$KSRC: no such directory"
	git -C "$KSRC" rev-parse --git-dir >/dev/null 2>&1 ||
		die "KSRC=$KSRC is not a git tree"
	check_version "$KSRC" "KSRC"
	if git -C "$KSRC" rev-parse -q --verify "refs/heads/$branch" >/dev/null; then
		die "KSRC=$KSRC already has a branch '$branch': delete it or choose another with PCP_BRANCH=name"
	fi
	# A worktree left by an earlier KSRC run (of this or another tree).
	if [ -e "$wt" ]; then
		git -C "$wt" worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
	fi
	git -C "$KSRC" worktree prune
	git -C "$KSRC" worktree add -q -b "$branch" "$wt" HEAD
	if ! (apply_all_series "$wt" "$SERIES_DIR"); then
		git -C "$KSRC" worktree remove --force "$wt"
		git -C "$KSRC" branch -q -D "$branch"
		exit 1
	fi
	log "KSRC: branch '$branch' of $KSRC has the series ($(series_list)); checked out at $wt"
}

if [ -n "${KSRC:-}" ]; then
	apply_to_ksrc
else
	unpack_base
	apply_to_build_tree
fi
