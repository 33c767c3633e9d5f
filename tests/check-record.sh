#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The record of the last make check-all (tests/run.sh --tier all --record)
# is of the series as it is now: same series hash (lib.sh series_hash),
# ends "N passed, 0 failed", and has a passing line for every long test
# (LONG_TESTS in tests/cases.sh), which make check does not run itself.
# With --mm-selftests, the record of the last make mm-selftests
# (scripts/gates/mm-selftests.sh --save): same series hash, the same
# tests passed on the three kernels, and the memory offline run ran.
#
# Usage: tests/check-record.sh [FILE]     (default: tests/check-all.txt)
#        tests/check-record.sh --mm-selftests [FILE]   (default: tests/mm-selftests.txt)

STEP=check-record
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/tests/cases.sh"

kind=check-all
[ "${1:-}" != --mm-selftests ] || { kind=mm-selftests; shift; }
if [ $kind = check-all ]; then
	file=${1:-$CHECK_ALL_RECORD}
else
	file=${1:-$REPO/tests/mm-selftests.txt}
fi
[ -f "$file" ] || die "$file: no such file: run 'make $kind'"
have=$(sed -n 's/^# series: //p' "$file")
want=$(series_hash "$SERIES_DIR")
[ "$have" = "$want" ] ||
	die "$file is stale: it ran on series ${have:-?}, series/ is now $want: run 'make $kind' and commit it"
if [ $kind = mm-selftests ]; then
	grep -q '^same passes on every kernel: [1-9]' "$file" ||
		die "$file does not say 'same passes on every kernel': run 'make mm-selftests' and fix what differs"
	grep -qE '^offline: # [1-9][0-9]* offline/online cycles' "$file" ||
		die "$file has no memory offline run: run 'make mm-selftests'"
	log "$file: $(sed -n 's/^# mm selftests .*; //p' "$file"), series $want, $(grep '^same passes' "$file")"
	exit 0
fi
tail -1 "$file" | grep -qE '^[0-9]+ passed, 0 failed$' ||
	die "$file does not end in 'N passed, 0 failed': run 'make check-all'"
for t in "${LONG_TESTS[@]}"; do
	grep -q "^ok - $t (" "$file" || die "$file has no passing $t: run 'make check-all'"
done
log "$file: $(sed -n 's/^# date: //p' "$file"), series $want, $(tail -1 "$file")"
