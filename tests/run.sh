#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The test command (make check, .ci/run): every test is named, runs with its
# log in build/test-logs/NAME.log, and prints "ok"/"not ok".  The last line
# is "N passed, N failed"; the exit code is non-zero on any failure.
#
# Usage: tests/run.sh [NAME...]     (default: all tests, in order)

REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO" || exit 2
LOGS=$REPO/build/test-logs
# The test kernels carry the debug checks (configs/20-debug.config: lockdep,
# DEBUG_VM, ...) and the series' KUnit suites (configs/30-kunit.config),
# which run at every boot: build/out/um-debug-kunit, x86_64-debug-kunit.
export DEBUG=1 KUNIT=1
mkdir -p "$LOGS"
passed=0 failed=0
declare -A RESULT

# run_test NAME FUNCTION: run FUNCTION with its output in the log.  Each
# test gets a scratch folder, TEST_TMP, removed here whatever the test did
# (a kernel tree clone or worktree in it is 1.7 GB: a leak fills the disk
# of the machine that runs CI); worktrees of the tree left in it are pruned.
run_test() {
	local name=$1 t0 rc
	t0=$(date +%s)
	TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/pcp-test-$name.XXXXXX")
	( set -e; "$2" ) >"$LOGS/$name.log" 2>&1
	rc=$?
	rm -rf "$TEST_TMP"
	[ ! -d "$TREE_DIR/.git" ] || git -C "$TREE_DIR" worktree prune
	if [ $rc = 0 ]; then
		passed=$((passed + 1))
		RESULT[$name]=pass
		echo "ok - $name ($(( $(date +%s) - t0 )) s)"
	else
		failed=$((failed + 1))
		RESULT[$name]=fail
		echo "not ok - $name ($(( $(date +%s) - t0 )) s, exit $rc): log $LOGS/$name.log"
		tail -5 "$LOGS/$name.log" | sed 's/^/#   /'
	fi
}

# expect_error EXPECTED_TEXT COMMAND...: the command must fail with a
# one-line error on stderr that contains EXPECTED_TEXT.
expect_error() {
	local want=$1 err rc
	shift
	err=$("$@" 2>&1 >/dev/null) && { echo "'$*' succeeded, expected an error"; return 1; }
	rc=$?
	echo "'$*' -> exit $rc: $err"
	[ "$(echo "$err" | grep -c 'error:')" = 1 ] || { echo "expected exactly one error line"; return 1; }
	echo "$err" | grep -q -- "$want" || { echo "error does not mention '$want'"; return 1; }
}

. "$REPO/tests/cases.sh"

tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=("${ALL_TESTS[@]}")

# The whole suite needs about 6 GiB under build/ (unpacked tree, the test
# kernels, the bisect worktree) and 2 GiB of scratch space at its peak.
# Without them nearly every test fails on "No space left on device": say so
# once, at the start, instead.
if [ $# = 0 ]; then
	for d in "$REPO/build" "${TMPDIR:-/tmp}"; do
		free=$(df -Pk "$d" | awk 'NR == 2 { print int($4 / 1048576) }')
		if [ "$free" -lt "${PCP_MIN_FREE_GIB:-8}" ]; then
			echo "tests/run.sh: error: $free GiB free under $d, the tests need ${PCP_MIN_FREE_GIB:-8} GiB (PCP_MIN_FREE_GIB)" >&2
			echo "0 passed, 1 failed"
			exit 1
		fi
	done
fi
for t in "${tests[@]}"; do
	declare -F "test_$t" >/dev/null || { echo "tests/run.sh: error: unknown test '$t' (known: ${ALL_TESTS[*]})" >&2; exit 2; }
	run_test "$t" "test_$t"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
