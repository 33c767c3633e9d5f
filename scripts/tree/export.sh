#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: export the series branches of the kernel tree back into series/:
# base tag..pcp-NAME into series/NAME/ for each series (lib.sh
# SERIES_NAMES), and the joint patches, the commits of pcp-series past the
# series (past git config pcp.combined-base, which make tree records), into
# series/both/ (lib.sh JOINT_SERIES; no folder when there are none):
# git format-patch files, the quilt-style series file, and
# 0000-cover-letter.patch made from series/NAME/cover-letter.in with the
# latest results (series/NAME/bench-results.txt, written by make
# bench-results, with the command that reproduces them), the shortlog,
# diffstat and base-commit; the other results a cover letter names
# (series/NAME/*-results.txt) are kept with it.  Deterministic: the same commits and the same
# sender always give the same files, so that export -> re-create the tree
# -> export gives identical files.
#
# The sender is you: the From: of every patch and of the cover letter is
# your git identity (git config user.name and user.email, or PCP_IDENT="Name
# <email>"); a patch someone else wrote keeps its author in an in-body
# From: line, and every patch gets your Signed-off-by (the sender's, as
# submitting-patches.rst asks).  Without an identity the harness's own,
# "PCP series harness <pcp-harness@localhost>", is used, with a warning.
#
# --check: export nothing; fail if series/ is not what an export by the
# sender of the committed cover letters would write (a stale cover letter
# or patch).  A bench-results.txt measured on other code than the tree's
# (lib.sh code_hash of pcp-series, the branch that is built and measured)
# is behind: a warning, never a failure (make records measures it again).
#
# Usage: scripts/tree/export.sh [--to DIR | --check]     (default DIR: series/)
# Env: TREE (default build/linux), PCP_IDENT.

. "$(dirname "$0")/../lib.sh"

dest=$SERIES_DIR
check=0
while [ $# -gt 0 ]; do
	case $1 in
	--to) dest=${2:-}; [ -n "$dest" ] || die "--to needs a folder"; shift ;;
	--check) check=1 ;;
	-h|--help) sed -n '3,29s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1' (try --help)" ;;
	esac
	shift
done

git -C "$TREE" rev-parse --git-dir >/dev/null 2>&1 || die "$TREE is not a git tree: run 'make tree' first"
# A tree made on another 6.12.y than the series' (the archive no longer had
# it): its export would move the series to that base behind BASE_VERSION's
# back.  --check has nothing to compare; make rebase moves both together.
if [ "$TREE_BASE_VERSION" != "$BASE_VERSION" ] && [ "$dest" = "$SERIES_DIR" ]; then
	[ "$check" = 1 ] || die "$TREE is made on $TREE_BASE_VERSION, the series on $BASE_VERSION (BASE_VERSION): 'make rebase' moves the series and its base together"
	warn "$TREE is made on $TREE_BASE_VERSION, the series on $BASE_VERSION (BASE_VERSION): series/ not compared with its export (make rebase)"
	exit 0
fi
git -C "$TREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "$TREE has no tag $BASE_TAG"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted edits: commit them first"
for n in "${SERIES_NAMES[@]}"; do
	git -C "$TREE" rev-parse -q --verify "refs/heads/pcp-$n" >/dev/null ||
		die "$TREE has no branch pcp-$n: run 'make tree' first"
	for f in cover-letter.in bench-results.txt; do
		[ -f "$SERIES_DIR/$n/$f" ] || die "$SERIES_DIR/$n/$f: no such file"
	done
	sed -n '1s/^# code: //p' "$SERIES_DIR/$n/bench-results.txt" | grep -q . ||
		die "$SERIES_DIR/$n/bench-results.txt has no '# code:' line: not written by a --save of a benchmark"
done
git -C "$TREE" rev-parse -q --verify "refs/heads/$COMBINED_BRANCH" >/dev/null ||
	die "$TREE has no branch $COMBINED_BRANCH: run 'make tree' first"
# The commits of the combined branch past the series are the joint patches.
joint_base=$(git -C "$TREE" config --get pcp.combined-base || true)
[ -n "$joint_base" ] || die "$TREE has no pcp.combined-base (where the joint patches start on $COMBINED_BRANCH): run 'make tree' first"
git -C "$TREE" merge-base --is-ancestor "$joint_base" "$COMBINED_BRANCH" 2>/dev/null ||
	die "$COMBINED_BRANCH no longer contains pcp.combined-base ${joint_base:0:12} (the series as make tree applied them): put joint work on top of it, or run 'make tree'"
code=$(code_hash "$TREE" "$COMBINED_BRANCH")

# The sender: --check takes the one of the committed cover letters.
if [ "$check" = 1 ]; then
	ident=$(sed -n '2s/^From: //p' "$SERIES_DIR/${SERIES_NAMES[0]}/0000-cover-letter.patch")
	[ -n "$ident" ] || die "$SERIES_DIR/${SERIES_NAMES[0]}/0000-cover-letter.patch has no From: line"
elif [ -n "${PCP_IDENT:-}" ]; then
	ident=$PCP_IDENT
else
	name=$(git -C "$REPO" config user.name || true)
	email=$(git -C "$REPO" config user.email || true)
	if [ -n "$name" ] && [ -n "$email" ]; then
		ident="$name <$email>"
	else
		ident="PCP series harness <pcp-harness@localhost>"
		warn "no git identity (git config user.name / user.email): the patches are sent as $ident"
	fi
fi
[[ $ident =~ ^([^<>]*[^<> ])\ \<([^<> ]+@[^<> ]+)\>$ ]] ||
	die "sender '$ident' is not 'Name <email>'"
ident_name=${BASH_REMATCH[1]} ident_email=${BASH_REMATCH[2]}

# format-patch without the user's format.* settings (signatures, threading,
# numbering...), so that every sender exports the same bytes; the sender
# signs off as committer.
fp() {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
	GIT_COMMITTER_NAME=$ident_name GIT_COMMITTER_EMAIL=$ident_email \
		git -C "$TREE" -c core.abbrev=12 format-patch --from="$ident" --signoff "$@"
}

# export_patches DIR RANGE [COMMENT]: the commits of RANGE as format-patch
# files in DIR and the quilt-style series file naming them (COMMENT: one
# more comment line in it).
export_patches() {
	local out=$1 range=$2
	mkdir -p "$out"
	if [ "$(git -C "$TREE" rev-list --count "$range")" -gt 0 ]; then
		fp -q --zero-commit --no-signature --numbered --no-thread \
			--no-cover-letter -o "$out" "$range"
	fi
	(
		echo "# quilt-style series: one patch per line, applied in order"
		[ -z "${3:-}" ] || echo "# $3"
		cd "$out" && ls -1 | grep -E '^[0-9]{4}-.*\.patch$' || true
	) >"$out/series"
}

# export_one NAME DIR: series NAME (branch pcp-NAME) into DIR.
export_one() {
	local n=$1 out=$2 range=$BASE_TAG..pcp-$1 count subject in=$SERIES_DIR/$1/cover-letter.in
	count=$(git -C "$TREE" rev-list --count "$range")
	export_patches "$out" "$range"
	subject=$(sed -n 's/^Subject: //p' "$in" | head -1)
	[ -n "$subject" ] || die "$in has no 'Subject:' line"
	# The cover letter: dated with the tip commit so it is reproducible.
	{
		echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
		echo "From: $ident"
		git -C "$TREE" log -1 --format='Date: %aD' "pcp-$n"
		echo "Subject: [PATCH 0/$count] $subject"
		echo
		awk 'body { print } /^Subject: / { body = 1 }' "$in" | sed '/./,$!d'
		echo
		echo "Results"
		echo "======="
		echo
		grep -v '^# code: ' "$SERIES_DIR/$n/bench-results.txt" | sed 's/^# //; s/[[:space:]]*$//'
		echo
		echo "---"
		if [ "$count" -gt 0 ]; then
			git -C "$TREE" shortlog "$range"
			git -C "$TREE" -c core.abbrev=12 diff --stat=72 --summary "$BASE_TAG" "pcp-$n"
			echo
		fi
		echo "---"
		echo "base-commit: $(git -C "$TREE" rev-parse "$BASE_TAG")"
		echo "base-version: $BASE_VERSION"
	} >"$out/0000-cover-letter.patch"
}

# export_joint DIR: the joint patches into DIR, if there are any.
export_joint() {
	local range=$joint_base..$COMBINED_BRANCH
	[ "$(git -C "$TREE" rev-list --count "$range")" -gt 0 ] || return 0
	export_patches "$1" "$range" "joint patches: on the combination of $(series_list), applied after them"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in "${SERIES_NAMES[@]}"; do
	export_one "$n" "$tmp/$n"
	# bench-results.txt and the other results the cover letter names
	# (slowpath/fscreate-results.txt) go with the series as they are.
	cp "$SERIES_DIR/$n/cover-letter.in" "$SERIES_DIR/$n"/*-results.txt "$tmp/$n/"
done
export_joint "$tmp/$JOINT_SERIES"

stale=()
for f in "$SERIES_DIR"/*/*-results.txt; do
	c=$(sed -n '1s/^# code: //p' "$f")
	[ "$c" = "$code" ] || stale+=("$f")
done

if [ "$check" = 1 ]; then
	bad=0
	if ! diff -r -q "$SERIES_DIR" "$tmp" >/dev/null; then
		diff -r -u "$SERIES_DIR" "$tmp" | head -20 >&2 || true
		warn "$SERIES_DIR differs from an export of $TREE by $ident: run 'make export'"
		bad=1
	fi
	[ "$bad" = 0 ] || die "the series folder is stale"
fi
for f in "${stale[@]}"; do
	warn "${f#"$REPO"/} is behind: measured on code $(sed -n '1s/^# code: //p' "$f"), the tree is $code (make records, or make bench-results then make export)"
done
if [ "$check" = 1 ]; then
	log "series and cover letters are up to date ($(series_count "$tmp") patches, code $code, sent by $ident)"
	exit 0
fi

mkdir -p "$dest"
for n in "${SERIES_NAMES[@]}"; do
	mkdir -p "$dest/$n"
	rm -f "$dest/$n"/[0-9][0-9][0-9][0-9]-*.patch
	cp "$tmp/$n"/* "$dest/$n/"
done
rm -rf "${dest:?}/$JOINT_SERIES"
[ ! -d "$tmp/$JOINT_SERIES" ] || cp -r "$tmp/$JOINT_SERIES" "$dest/"

# The series branches now match series/: record them so that tree.sh
# knows nothing is lost when it writes the branches again from series/.
if [ "$dest" = "$SERIES_DIR" ] && [ "$TREE" = "$BUILD/linux" ]; then
	for b in $(topic_branches) "$COMBINED_BRANCH"; do
		git -C "$TREE" config "pcp.head.$b" "$(git -C "$TREE" rev-parse "$b")"
	done
	# An export that changed no patch (a cover letter, results) leaves the
	# tree as applied: writing the branches again would touch every
	# patched file and rebuild every kernel.
	[ "$(series_hash "$dest")" = "$(git -C "$TREE" config --get pcp.applied || true)" ] ||
		git -C "$TREE" config --unset pcp.applied || true
fi
log "$(series_count "$dest") patch(es) exported to $dest ($(series_folders "$dest" ", ")), sent by $ident"
