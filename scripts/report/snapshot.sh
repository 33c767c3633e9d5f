#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: keep a run of the main job in the repository.  Copies what a
# reader needs of a results folder (report.md, comparison.txt, lkp.txt,
# preset.conf, runs.txt, run-info.txt, samples.tsv, the extra tables that
# extra.txt lists (highorder.txt, fscreate.txt, stream.txt) and the SVG
# plots) to docs/results/NAME/, as generated, never edited.
# run-info.txt holds the code the run measured (lib.sh code_hash): make
# check (scripts/report/record-status.sh) reports a snapshot that the README
# or docs/ link to as current, or behind when it was measured on other code
# than the series'.
#
# Usage: scripts/report/snapshot.sh RESULTS NAME

. "$(dirname "$0")/../lib.sh"

results=${1:-}
name=${2:-}
[ -n "$results" ] && [ -n "$name" ] || die "usage: scripts/report/snapshot.sh RESULTS NAME"
[ -d "$results" ] || die "$results: no such folder"
for f in report.md comparison.txt run-info.txt preset.conf runs.txt samples.tsv; do
	[ -f "$results/$f" ] || die "$results has no $f: not a complete results folder of scripts/run.sh"
done
[[ $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "NAME '$name': letters, digits, '.', '_' and '-' only"
dest=$REPO/docs/results/$name
[ ! -e "$dest" ] || die "$dest exists: choose another NAME or remove it first"
mkdir -p "$dest/plots"
extra=$(cut -f2 "$results/extra.txt" 2>/dev/null) || true
# shellcheck disable=SC2086 # extra.txt names plain files, one a line
for f in report.md comparison.txt lkp.txt extra.txt $extra preset.conf runs.txt run-info.txt samples.tsv; do
	[ ! -f "$results/$f" ] || cp "$results/$f" "$dest/"
done
cp "$results"/plots/*.svg "$dest/plots/" 2>/dev/null || true
log "$dest: $(sed -n 's/^code: //p' "$dest/run-info.txt"), $(ls "$dest/plots" | wc -l) plots"
