#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: export the commits of the kernel tree (base tag..HEAD) back into the
# series folder: git format-patch files, the quilt-style series file, and
# 0000-cover-letter.patch made from series/cover-letter.in with the
# shortlog, diffstat and base-commit of the series.  Deterministic: the
# same commits always give the same files, so that export -> re-create the
# tree -> export gives identical files.
#
# The cover letter is b4-style: the what and why (cover-letter.in), the
# latest A/B table of the benchmark (series/bench-results.txt, written by
# make bench-results) with the command that reproduces it, the shortlog
# and diffstat, base-commit.
#
# --check: export nothing; fail if series/ is not what an export would
# write (a stale cover letter or patch), or if bench-results.txt was
# measured on other code than the series' (lib.sh code_hash).
#
# Usage: scripts/tree/export.sh [--to DIR | --check]     (default DIR: series/)
# Env: TREE (default build/linux).

. "$(dirname "$0")/../lib.sh"

dest=$SERIES_DIR
check=0
while [ $# -gt 0 ]; do
	case $1 in
	--to) dest=${2:-}; [ -n "$dest" ] || die "--to needs a folder"; shift ;;
	--check) check=1 ;;
	-h|--help) sed -n '3,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1' (try --help)" ;;
	esac
	shift
done

git -C "$TREE" rev-parse --git-dir >/dev/null 2>&1 || die "$TREE is not a git tree: run 'make tree' first"
git -C "$TREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "$TREE has no tag $BASE_TAG"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted edits: commit them first"
cover_in=$SERIES_DIR/cover-letter.in
[ -f "$cover_in" ] || die "$cover_in: no such file"
results=$SERIES_DIR/bench-results.txt
[ -f "$results" ] || die "$results: no such file (make bench-results)"
results_code=$(sed -n 's/^# code: //p' "$results")
[ -n "$results_code" ] || die "$results has no '# code:' line: not written by bench-uml.sh --save"
code=$(code_hash "$TREE")

# format-patch without the user's format.* settings (signatures, threading,
# numbering...), so that every developer exports the same bytes.
fp() {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
		git -C "$TREE" -c core.abbrev=12 format-patch "$@"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count=$(git -C "$TREE" rev-list --count "$BASE_TAG..HEAD")
if [ "$count" -gt 0 ]; then
	fp -q --zero-commit --no-signature --numbered --no-thread \
		--no-cover-letter -o "$tmp" "$BASE_TAG..HEAD"
fi
(
	echo "# quilt-style series: one patch per line, applied in order"
	cd "$tmp" && ls -1 | grep -E '^[0-9]{4}-.*\.patch$' || true
) >"$tmp/series"

# The cover letter: dated with the tip commit so it is reproducible.
subject=$(sed -n 's/^Subject: //p' "$cover_in" | head -1)
[ -n "$subject" ] || die "$cover_in has no 'Subject:' line"
{
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	git -C "$TREE" log -1 --format='From: %an <%ae>%nDate: %aD' HEAD
	echo "Subject: [PATCH 0/$count] $subject"
	echo
	awk 'body { print } /^Subject: / { body = 1 }' "$cover_in" | sed '/./,$!d'
	echo
	echo "Results"
	echo "======="
	echo
	echo "pcp_bench (bench/pcp_bench), per-order alloc+free cost on one booted"
	echo "kernel, the order sets interleaved round by round; '*' marks a"
	echo "difference beyond 1.96 standard deviations of both sides:"
	echo
	grep -v '^# code: ' "$results" | sed 's/^# //; s/[[:space:]]*$//'
	echo
	echo "---"
	if [ "$count" -gt 0 ]; then
		git -C "$TREE" shortlog "$BASE_TAG..HEAD"
		git -C "$TREE" -c core.abbrev=12 diff --stat=72 --summary "$BASE_TAG..HEAD"
		echo
	fi
	echo "---"
	echo "base-commit: $(git -C "$TREE" rev-parse "$BASE_TAG")"
	echo "base-version: $BASE_VERSION"
} >"$tmp/0000-cover-letter.patch"

if [ "$check" = 1 ]; then
	cp "$cover_in" "$results" "$tmp/"
	bad=0
	if ! diff -r -q "$SERIES_DIR" "$tmp" >/dev/null; then
		diff -r -u "$SERIES_DIR" "$tmp" | head -20 >&2 || true
		warn "$SERIES_DIR differs from an export of $TREE: run 'make export'"
		bad=1
	fi
	if [ "$results_code" != "$code" ]; then
		warn "$results was measured on code $results_code, the series is $code: run 'make bench-results', then 'make export'"
		bad=1
	fi
	[ "$bad" = 0 ] || die "the series folder is stale"
	log "series, cover letter and benchmark results are up to date ($count patches, code $code)"
	exit 0
fi
[ "$results_code" = "$code" ] ||
	warn "$results was measured on code $results_code, the series is $code: run 'make bench-results', then 'make export'"

mkdir -p "$dest"
rm -f "$dest"/[0-9][0-9][0-9][0-9]-*.patch
cp "$tmp"/*.patch "$tmp/series" "$dest/"
[ "$dest" = "$SERIES_DIR" ] || cp "$cover_in" "$results" "$dest/"

# The tree now matches the series: record it so tree.sh does not re-apply.
if [ "$dest" = "$SERIES_DIR" ] && [ "$TREE" = "$BUILD/linux" ]; then
	git -C "$TREE" config pcp.applied "$(series_hash "$SERIES_DIR")"
	git -C "$TREE" config pcp.appliedhead "$(git -C "$TREE" rev-parse HEAD)"
fi
log "$count patch(es) exported to $dest"
