#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: say, for each committed record of a long run, whether it was made
# on the code in front of it.  A record names what it ran on: the series
# (lib.sh series_hash: tests/check-all.txt, tests/mm-selftests.txt) or the
# code of the tree (lib.sh code_hash: the results snapshots that README.md
# and docs/ link to, series/*/*-results.txt: the cover letters' tables).  One line per record:
#
#   current      made on the series (or code) as it is now
#   behind       made on earlier code: by which patches (changed, added,
#                removed: git patch-id of each patch, so a rebase that only
#                moves line numbers changes none), and the base it ran on
#                when that was another; "changelogs only" when every patch's
#                code and the base are the same
#
# The patches a record ran on are found in this repository's history: the
# commit its "harness:" line names, else the last commit that changed the
# record, else (a series-hash record) the newest commit of series/ whose
# hash is the record's.  A record being behind is never an error: records
# catch up later (make records).  An error (exit 1) is a record that cannot
# be read, a current record that failed or is incomplete (check-all: a
# test that failed on the current series, or a record that says it is
# complete and lacks a test its harness had; mm selftests: kernels that
# differ, no memory offline run), or a snapshot that is linked but
# missing.  check-all's record is judged test by test (each line names the
# series it ran on): "K of N tests current", the others behind by which
# patches, or not in the record when added since.
#
# Usage: scripts/report/record-status.sh [--kind check-all|mm-selftests|snapshot|bench-results FILE]...
#        (default: every committed record)
# Env: TREE (default build/linux): without a tree, the code-hash records
#      are judged by their patches and base alone.

. "$(dirname "$0")/../lib.sh"

cd "$REPO"
records=()
while [ $# -gt 0 ]; do
	case $1 in
	--kind)
		case ${2:-} in
		check-all | mm-selftests | snapshot | bench-results) ;;
		*) die "--kind '${2:-}': one of check-all, mm-selftests, snapshot, bench-results" ;;
		esac
		[ -n "${3:-}" ] || die "--kind $2 needs a file"
		records+=("$2:$3")
		shift 3
		;;
	-h | --help) sed -n '3,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
done
if [ ${#records[@]} = 0 ]; then
	records=("check-all:tests/check-all.txt" "mm-selftests:tests/mm-selftests.txt")
	for n in $({ grep -ohE '\]\((docs/)?results/[A-Za-z0-9][A-Za-z0-9._-]*/' README.md docs/*.md || true; } |
		sed -E 's|.*results/||; s|/$||' | sort -u); do
		records+=("snapshot:${SNAPSHOTS:-docs/results}/$n/run-info.txt")
	done
	for n in "${SERIES_NAMES[@]}"; do
		for f in "$SERIES_DIR/$n"/*-results.txt; do
			[ -e "$f" ] && records+=("bench-results:$f")
		done
	done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# patch_ids DIR: "SERIES/FILE PATCH-ID" for every patch of the series in
# DIR (a series/ folder), in order.
patch_ids() {
	local n p
	for n in $(series_folders "$1"); do
		for p in $(series_patches "$1/$n"); do
			echo "$n/$p $(git patch-id --stable <"$1/$n/$p" | cut -c1-12)"
		done
	done
}

# checkout_series REV: series/ and BASE_VERSION of commit REV (or of the
# work tree: "work-tree") under $tmp/REV; prints that folder, or fails
# when REV has no series/.
checkout_series() {
	local d=$tmp/$1
	if [ ! -d "$d" ]; then
		mkdir -p "$d"
		if [ "$1" = work-tree ]; then
			cp -r "$REPO/series" "$REPO/BASE_VERSION" "$d/"
		else
			git archive "$1" series BASE_VERSION 2>/dev/null | tar -x -C "$d" 2>/dev/null ||
				{ rm -rf "$d"; return 1; }
		fi
	fi
	echo "$d"
}

# What a commit's series/ hashes to, and its patches' ids, never change:
# both are kept in $BUILD/cache/record-status/ (a commit's file each),
# so that a record many commits back is found without checking out every
# commit again on each run.  The work tree's are kept for this run only.
cache=$BUILD/cache/record-status
mkdir -p "$cache"

# cached NAME REV COMMAND...: the output of COMMAND, kept under NAME for
# REV: a full commit id, or a name for this run only (work-tree: this
# work tree's series/; now: SERIES_DIR's).
cached() {
	local name=$1 rev=$2 f
	shift 2
	f=$cache/$rev.$name
	[[ $rev =~ ^[0-9a-f]{40}$ ]] || f=$tmp/$rev.$name
	if [ ! -f "$f" ]; then
		"$@" >"$f.new" || { rm -f "$f.new"; return 1; }
		mv "$f.new" "$f"
	fi
	cat "$f"
}

# hash_at REV: the series hash of commit REV's series/.
hash_at() {
	cached series-hash "$1" hash_of_rev "$1"
}

hash_of_rev() {
	local d
	d=$(checkout_series "$1") || return 1
	(SERIES_DIR=$d/series; series_hash "$SERIES_DIR") 2>/dev/null
}

# ran_on FILE SERIES_HASH: the commit whose series/ the record FILE ran
# on, or nothing.  SERIES_HASH (may be empty, or its first characters)
# must match when given.
ran_on() {
	local file=$1 want=$2 c
	c=$(sed -n 's/^# harness: //p; s/^harness: //p' "$file" | head -1)
	c=${c%-dirty}
	[ -z "$c" ] || c=$(git rev-parse -q --verify "$c^{commit}" 2>/dev/null) || c=
	[ -n "$c" ] || c=$(git log -1 --format=%H -- "$file" 2>/dev/null)
	if [ -n "$c" ] && { [ -z "$want" ] || [[ $(hash_at "$c") = "$want"* ]]; }; then
		echo "$c"
		return
	fi
	[ -n "$want" ] || return 0
	# (SERIES_DIR elsewhere: the series of this work tree, committed or not)
	[[ $(hash_at work-tree) != "$want"* ]] || { echo work-tree; return; }
	for c in $(git log --format=%H -- series 2>/dev/null); do
		[[ $(hash_at "$c") != "$want"* ]] || { echo "$c"; return; }
	done
}

# behind_by COMMIT: what differs between the series of COMMIT and now.
behind_by() {
	local d base changed
	d=$(checkout_series "$1") || { echo "its commit ${1:0:12} has no series/"; return; }
	base=$(cat "$d/BASE_VERSION" 2>/dev/null || echo '?')
	changed=$(join -a1 -a2 -e - -o 0,1.2,2.2 <(cached patch-ids "$1" patch_ids "$d/series" | sort) \
			<(cached patch-ids now patch_ids "$SERIES_DIR" | sort) |
		awk '$2 == "-" { a = a " +" $1; next }
		     $3 == "-" { r = r " -" $1; next }
		     $2 != $3 { c = c " " $1 }
		     END { s = c a r; sub(/^ /, "", s); print s }')
	# A patch renamed (its subject changed) shows as removed and added.
	if [ "$base" != "$BASE_VERSION" ]; then
		changed="base $base (now $BASE_VERSION); ${changed:-the same patches}"
	fi
	[ -n "$changed" ] || changed="changelogs only"
	echo "$changed (ran on ${1:0:12})"
}

# behind_of FILE SERIES: "by ..." of a record (or of the lines of one)
# that ran on SERIES (a hash or its first characters).
behind_of() {
	local c
	c=$(ran_on "$1" "$2")
	if [ -n "$c" ]; then
		behind_by "$c"
	else
		echo "an unknown series (${2:0:12}: no commit of series/ has it)"
	fi
}

# check_all_status FILE: the record of make check-all, test by test: each
# line names the series it ran on ("[series HASH12]", else the header's).
# A test that failed on the current series is an error, and so is one the
# record lacks although its harness had it while the record claims to be
# complete (no "# part:" line, every line on the current series); tests
# on earlier series, or added since, are behind.
check_all_status() {
	local file=$1 hdr now12 l t tag h n=0 on=0 missing= failed= part
	local -a w
	local -A tags=() behind=()
	hdr=$(sed -n 's/^# series: //p' "$file")
	[ -n "$hdr" ] || { err "$file has no '# series:' line: not a record of make check-all"; return; }
	now12=${series_now:0:12}
	part=$(sed -n 's/^# part: //p' "$file")
	while IFS= read -r l; do
		[[ $l =~ ^(not\ )?ok\ -\ ([a-z0-9_]+)\  ]] || continue
		t=${BASH_REMATCH[2]}
		tag=${hdr:0:12}
		[[ ! $l =~ \ \[series\ ([0-9a-f]+)\]$ ]] || tag=${BASH_REMATCH[1]}
		tags[$t]=$tag
		if [ "$tag" = "$now12" ]; then
			[[ $l = "ok - "* ]] || failed+=" $t"
		fi
	done <"$file"
	[ -z "$failed" ] ||
		{ err "$file: failed on the current series:$failed: fix it and run 'make check-all' (or make records)"; return; }
	for t in "${ALL_TESTS[@]}"; do
		n=$((n + 1))
		if [ -z "${tags[$t]:-}" ]; then
			missing+=" $t"
		elif [ "${tags[$t]}" = "$now12" ]; then
			on=$((on + 1))
		else
			behind[${tags[$t]}]+=" $t"
		fi
	done
	if [ -n "$missing" ] && [ -z "$part" ] && [ ${#behind[@]} = 0 ]; then
		h=$(sed -n 's/^# harness: //p' "$file")
		h=${h%-dirty}
		for t in $missing; do
			if git show "$h:tests/cases.sh" 2>/dev/null | grep -q "^test_$t()"; then
				err "$file, of the current series, has no line for $t, which its harness ($h) had: run 'make check-all' (or make records)"
				return
			fi
		done
	fi
	if [ "$on" = "$n" ]; then
		echo "#   $label: current ($(sed -n 's/^# date: //p' "$file"), $(tail -1 "$file"))"
		return
	fi
	l="#   $label: $on of $n tests current"
	for tag in "${!behind[@]}"; do
		read -ra w <<<"${behind[$tag]}"
		l+="; ${#w[@]} behind by $(behind_of "$file" "$tag")"
	done
	[ -z "$missing" ] || l+="; not in the record (added since):$missing"
	echo "$l"
}

bad=0
err() { echo "record-status: error: $*" >&2; bad=1; }
series_now=$(series_hash "$SERIES_DIR")
code_now=
! git -C "$TREE" rev-parse -q --verify "refs/heads/$COMBINED_BRANCH" >/dev/null 2>&1 ||
	code_now=$(code_hash "$TREE" "$COMBINED_BRANCH")
. "$REPO/tests/cases.sh"	# ALL_TESTS

echo "# records of the long runs (make records brings those behind up to date):"
for r in "${records[@]}"; do
	kind=${r%%:*} file=${r#*:}
	label=${file#"$REPO"/}
	[ "$kind" != snapshot ] || label=$(dirname "$file")
	if [ ! -f "$file" ]; then
		err "$file: no such file (a $kind record$([ "$kind" != snapshot ] || echo " that README.md or docs/ link to"))"
		continue
	fi
	case $kind in
	check-all)
		check_all_status "$file"
		;;
	mm-selftests)
		have=$(sed -n 's/^# series: //p' "$file")
		[ -n "$have" ] || { err "$file has no '# series:' line: not a record of make $kind"; continue; }
		if [ "$have" != "$series_now" ]; then
			echo "#   $label: behind by $(behind_of "$file" "$have")"
			continue
		fi
		grep -q '^same passes on every kernel: [1-9]' "$file" ||
			{ err "$file, of the current series, does not say 'same passes on every kernel': run 'make mm-selftests' and fix what differs"; continue; }
		grep -qE '^offline: # [1-9][0-9]* offline/online cycles' "$file" ||
			{ err "$file, of the current series, has no memory offline run: run 'make mm-selftests'"; continue; }
		echo "#   $label: current ($(grep '^same passes' "$file"))"
		;;
	snapshot | bench-results)
		have=$(sed -n 's/^code: //p; 1s/^# code: //p' "$file" | head -1)
		[ -n "$have" ] || { err "$file has no code: line: not written by scripts/report/snapshot.sh or a --save"; continue; }
		c=$(ran_on "$file" "")
		if [ -n "$code_now" ]; then
			if [ "$have" = "$code_now" ]; then
				echo "#   $label: current (code $have)"
			elif [ -n "$c" ]; then
				echo "#   $label: behind by $(behind_by "$c"), code $have, now $code_now"
			else
				echo "#   $label: behind: code $have, now $code_now"
			fi
		elif [ -n "$c" ]; then
			by=$(behind_by "$c")
			case $by in
			"changelogs only "*) echo "#   $label: current by its patches (code $have; no tree to hash: make tree)" ;;
			*) echo "#   $label: behind by $by" ;;
			esac
		else
			echo "#   $label: unknown: code $have, no tree to compare with (make tree)"
		fi
		;;
	esac
done
exit $bad
