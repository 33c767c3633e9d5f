#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every results snapshot (docs/results/NAME/, scripts/report/snapshot.sh) that
# README.md or a page of docs/ links to was measured on the code of the
# series as it is (run-info.txt "code:" = lib.sh code_hash of the tree);
# a snapshot of other code fails, naming it.  Prints each one checked.
#
# Usage: tests/check-snapshots.sh [DOC...]   (default: README.md docs/*.md)
# Env: TREE (default build/linux), the tree the series is applied to;
#      SNAPSHOTS (default docs/results), where the snapshots are.

STEP=check-snapshots
. "$(dirname "$0")/../scripts/lib.sh"

cd "$REPO"
docs=("$@")
[ ${#docs[@]} -gt 0 ] || docs=(README.md docs/*.md)
git -C "$TREE" rev-parse --git-dir >/dev/null 2>&1 || die "$TREE is not a git tree: run 'make tree' first"
code=$(code_hash "$TREE")
# markdown links: ](docs/results/NAME/...) from the README,
# ](results/NAME/...) from docs/ (not build/results/, where make run writes,
# nor a name in the text)
names=$({ grep -ohE '\]\((docs/)?results/[A-Za-z0-9][A-Za-z0-9._-]*/' "${docs[@]}" || true; } |
	sed -E 's|.*results/||; s|/$||' | sort -u)
bad=0
for n in $names; do
	info=${SNAPSHOTS:-docs/results}/$n/run-info.txt
	[ -f "$info" ] || { echo "$n: linked, but $info does not exist"; bad=1; continue; }
	have=$(sed -n 's/^code: //p' "$info")
	if [ "$have" = "$code" ]; then
		echo "$n: measured on code $code, the series' code"
	else
		echo "$n: measured on code ${have:-?}, the series is $code: run make run and scripts/report/snapshot.sh again"
		bad=1
	fi
done
[ "$bad" = 0 ] || die "a linked results snapshot is stale"
log "$(echo "$names" | grep -c . || true) linked snapshot(s) of code $code"
