#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The record of the last make check-all (tests/run.sh --tier all --record)
# is of the series as it is now: same series hash (lib.sh series_hash),
# ends "N passed, 0 failed", and has a passing line for every long test
# (LONG_TESTS in tests/cases.sh), which make check does not run itself.
#
# Usage: tests/check-record.sh [FILE]     (default: tests/check-all.txt)

STEP=check-record
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/tests/cases.sh"

file=${1:-$CHECK_ALL_RECORD}
[ -f "$file" ] || die "$file: no such file: run 'make check-all'"
have=$(sed -n 's/^# series: //p' "$file")
want=$(series_hash "$SERIES_DIR")
[ "$have" = "$want" ] ||
	die "$file is stale: it ran on series ${have:-?}, series/ is now $want: run 'make check-all' and commit it"
tail -1 "$file" | grep -qE '^[0-9]+ passed, 0 failed$' ||
	die "$file does not end in 'N passed, 0 failed': run 'make check-all'"
for t in "${LONG_TESTS[@]}"; do
	grep -q "^ok - $t (" "$file" || die "$file has no passing $t: run 'make check-all'"
done
log "$file: $(sed -n 's/^# date: //p' "$file"), series $want, $(tail -1 "$file")"
