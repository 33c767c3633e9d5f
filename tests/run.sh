#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The test command.  Every test is a function test_NAME in tests/cases.sh,
# run in a subshell under "set -e -o pipefail" with its log in
# build/test-logs/NAME.log; it prints "ok"/"not ok" and its time.  The
# last line is "N passed, N failed"; the exit code is non-zero on any
# failure.  A whole tier ends with the state of the committed records of
# the long runs (scripts/report/record-status.sh: current, or behind and by
# which patches; the records_status test fails on a broken one).
#
# Tiers (tests/cases.sh lists them):
#   fast    host-only tests, no kernel tree, under a minute (make check-fast)
#   check   what CI runs: fast + the tree, the test kernels, their boots,
#           the series' style and documentation gates (make check)
#   all     check + the long gates: the bisect build of every patch, coccinelle,
#           their broken samples (make check-all).  --record FILE writes the
#           run, with the series it ran on, to FILE when every test passed,
#           each test followed by the "figure:" lines it printed (what it
#           counted: cycles, faults, pages lost).  Meanwhile each test that
#           passes is kept in build/test-logs/NAME.progress (NAME: FILE's), with the
#           series; --resume skips the tests that progress file says
#           passed on the series as it is now, and records them as they
#           were, so that a run of several hours can be finished in parts.
#
# Usage: tests/run.sh [--tier fast|check|all] [--record FILE [--resume]] [NAME...]
#        (default: the check tier; NAMEs run those tests only, in order)
# Env: PCP_TEST_CASES (default tests/cases.sh), PCP_TEST_LOGS (default
#      build/test-logs), PCP_MIN_FREE_GIB (8).

REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO" || exit 2
LOGS=${PCP_TEST_LOGS:-$REPO/build/test-logs}
# The test kernels carry the debug checks (configs/20-debug.config: lockdep,
# DEBUG_VM, ...) and the series' KUnit suites (configs/30-kunit.config),
# which run at every boot: build/out/um-debug-kunit, x86_64-debug-kunit.
export DEBUG=1 KUNIT=1

usage() { echo "tests/run.sh: error: $* (usage: tests/run.sh [--tier fast|check|all] [--record FILE [--resume]] [NAME...])" >&2; exit 2; }
case ${1:-} in
-h|--help) sed -n '3,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
tier=check record= resume=
while [[ ${1:-} = -* ]]; do
	if [ "$1" = --resume ]; then
		resume=1
		shift
		continue
	fi
	[ "$1" = --tier ] || [ "$1" = --record ] || usage "unknown option '$1'"
	[ -n "${2:-}" ] || usage "$1 needs a value"
	if [ "$1" = --tier ]; then tier=$2; else record=$2; fi
	shift 2
done
case $tier in
fast|check|all) ;;
*) usage "unknown tier '$tier'" ;;
esac
[ -z "$resume" ] || [ -n "$record" ] || usage "--resume needs --record FILE"

mkdir -p "$LOGS"
passed=0 failed=0
declare -A TIME
declare -a LINES

# run_test NAME FUNCTION: run FUNCTION with its output in the log.  Each
# test gets a scratch folder, TEST_TMP, removed here whatever the test did
# (a kernel tree clone or worktree in it is 1.7 GB: a leak fills the disk
# of the machine that runs CI); worktrees of the tree left in it are pruned.
# TEST_RUN is the run folder a test's boots and benchmarks are told to use
# (--out), kept after the test for its log's sake: build/runs/test-NAME.
run_test() {
	local name=$1 t0 rc line fig
	t0=$(date +%s)
	TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/pcp-test-$name.XXXXXX")
	TEST_RUN=$REPO/build/runs/test-$name
	( set -e -o pipefail; "$2" ) >"$LOGS/$name.log" 2>&1
	rc=$?
	rm -rf "$TEST_TMP"
	[ ! -d "$TREE_DIR/.git" ] || git -C "$TREE_DIR" worktree prune
	TIME[$name]=$(( $(date +%s) - t0 ))
	if [ $rc = 0 ]; then
		passed=$((passed + 1))
		line="ok - $name (${TIME[$name]} s)"
		echo "$line"
		# what the test measured, for the record: its "figure:" lines
		fig=$(sed -n 's/^figure: /#   /p' "$LOGS/$name.log")
		[ -z "$fig" ] || line+=$'\n'"$fig"
		[ -z "$progress" ] || printf '%s\n' "$line" >>"$progress"
	else
		failed=$((failed + 1))
		line="not ok - $name (${TIME[$name]} s, exit $rc)"
		echo "$line: log $LOGS/$name.log"
		tail -5 "$LOGS/$name.log" | sed 's/^/#   /'
	fi
	LINES+=("$line")
}

# must_fail COMMAND...: COMMAND must exit non-zero.  A "! COMMAND" line
# cannot fail a test: under set -e bash ignores the status of a negated
# command (tests/runner/ shows it).
must_fail() {
	if "$@"; then
		echo "must_fail: '$*' succeeded, expected it to fail"
		return 1
	fi
	return 0
}

# expect_error EXPECTED_TEXT COMMAND...: the command must fail with a
# one-line error on stderr that contains EXPECTED_TEXT.
expect_error() {
	local want=$1 err rc
	shift
	err=$("$@" 2>&1 >/dev/null) && { echo "'$*' succeeded, expected an error"; return 1; }
	rc=$?
	echo "'$*' -> exit $rc: $err"
	[ "$(grep -c 'error:' <<<"$err")" = 1 ] || { echo "expected exactly one error line"; return 1; }
	grep -q -- "$want" <<<"$err" || { echo "error does not mention '$want'"; return 1; }
}

. "${PCP_TEST_CASES:-$REPO/tests/cases.sh}"

tests=("$@")
if [ ${#tests[@]} = 0 ]; then
	case $tier in
	fast) tests=("${FAST_TESTS[@]}") ;;
	check) tests=("${CHECK_TESTS[@]}") ;;
	all) tests=("${ALL_TESTS[@]}") ;;
	esac
fi
for t in "${tests[@]}"; do
	declare -F "test_$t" >/dev/null || usage "unknown test '$t'"
done

# The kernel tiers need about 6 GiB under build/ (unpacked tree, the test
# kernels, the bisect worktree) and 2 GiB of scratch space at its peak.
# Without them nearly every test fails on "No space left on device": say so
# once, at the start, instead.
if [ $# = 0 ] && [ "$tier" != fast ]; then
	mkdir -p "$REPO/build"
	for d in "$REPO/build" "${TMPDIR:-/tmp}"; do
		free=$(df -Pk "$d" | awk 'NR == 2 { print int($4 / 1048576) }')
		if [ "$free" -lt "${PCP_MIN_FREE_GIB:-8}" ]; then
			echo "tests/run.sh: error: $free GiB free under $d, the tests need ${PCP_MIN_FREE_GIB:-8} GiB (PCP_MIN_FREE_GIB)" >&2
			echo "0 passed, 1 failed"
			exit 1
		fi
	done
fi

# The progress of a recorded run: the tests passed so far on this series.
# With --resume, those a progress file of the same series lists are not
# run again: their lines (time, figures) go into the record as they were.
progress= series= resumed=0
declare -A EARLIER
if [ -n "$record" ] && [ $# = 0 ]; then
	series=$(STEP=run bash -c '. scripts/lib.sh; series_hash "$SERIES_DIR"')
	progress=$LOGS/$(basename "$record").progress
	if [ -n "$resume" ] && [ "$(sed -n 's/^# series: //p' "$progress" 2>/dev/null)" = "$series" ]; then
		echo "# resuming the run of $(sed -n 's/^# started: //p' "$progress"): the tests it passed on this series are not run again"
		while IFS= read -r l; do
			if [[ $l =~ ^ok\ -\ ([a-z0-9_]+)\  ]]; then
				n=${BASH_REMATCH[1]}
				EARLIER[$n]=$l
			elif [[ $l = "#   "* ]] && [ -n "${n:-}" ]; then
				EARLIER[$n]+=$'\n'"$l"
			fi
		done <"$progress"
	else
		printf '# series: %s\n# started: %s, harness %s\n' "$series" \
			"$(date -u '+%Y-%m-%d %H:%M UTC')" \
			"$(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)" >"$progress"
	fi
fi

start=$(date +%s)
for t in "${tests[@]}"; do
	if [ -n "${EARLIER[$t]:-}" ]; then
		passed=$((passed + 1)) resumed=$((resumed + 1))
		TIME[$t]=$(sed -n '1s/.* (\([0-9]*\) s)$/\1/p' <<<"${EARLIER[$t]}")
		echo "${EARLIER[$t]%%$'\n'*} (passed earlier on this series: not run again)"
		LINES+=("${EARLIER[$t]}")
		continue
	fi
	run_test "$t" "test_$t"
done
total=$(( $(date +%s) - start ))

# The summary: the slowest tests, the whole time, then the count.
what="$tier tier"
[ $# = 0 ] || what="named tests"
echo "# $what: ${#tests[@]} tests in $total s; slowest:$(
	for t in "${tests[@]}"; do echo "${TIME[$t]} $t"; done |
		sort -rn | head -5 | awk '{ printf " %s %d s,", $2, $1 }' | sed 's/,$//')"
if [ -n "$record" ]; then
	if [ "$failed" = 0 ] && [ $# = 0 ]; then
		# (before the redirect below, which rewrites the record: a
		# harness described then would always be "-dirty")
		harness=$(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)
		{
			echo "# The last full run of tests/run.sh --tier $tier (make check-$tier)."
			echo "# series: $series"
			echo "# harness: $harness"
			echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
			echo "# machine: $(nproc) CPUs, $(free -g | awk '/^Mem:/ { print $2 " GiB" }'); $(
				for t in "${tests[@]}"; do echo "${TIME[$t]:-0}"; done | awk '{ s += $1 } END { print s }') s of tests"
			[ "$resumed" = 0 ] ||
				echo "# resumed: $resumed tests passed in the part begun $(sed -n 's/^# started: //p' "$progress")"
			printf '%s\n' "${LINES[@]}"
			echo "$passed passed, $failed failed"
		} >"$record"
		rm -f "$progress"
		echo "# recorded in ${record#"$REPO"/}"
	else
		echo "# not recorded: only a complete run with no failure is (${record#"$REPO"/} unchanged)"
	fi
fi
[ $# != 0 ] || scripts/report/record-status.sh 2>&1 || true
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
