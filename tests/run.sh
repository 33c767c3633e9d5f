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
#           their broken samples (make check-all).  --record FILE keeps
#           the run in FILE, written again after every test: each test's
#           line with the series it ran on, followed by the "figure:"
#           lines it printed (what it counted: cycles, faults, pages
#           lost); the tests not run yet keep their earlier lines.
#           --resume skips the tests whose line passed on the series as
#           it is now, so that a run of several hours is finished in
#           parts, committed one after another, on any machine.  With
#           NAMEs, --record FILE runs those tests of the tier and puts
#           their lines in its record, the others' kept as they were.
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

case $tier in
fast) tier_tests=("${FAST_TESTS[@]}") ;;
check) tier_tests=("${CHECK_TESTS[@]}") ;;
all) tier_tests=("${ALL_TESTS[@]}") ;;
esac
tests=("$@")
[ ${#tests[@]} != 0 ] || tests=("${tier_tests[@]}")
for t in "${tests[@]}"; do
	declare -F "test_$t" >/dev/null || usage "unknown test '$t'"
	# a recorded run of named tests replaces their lines in the tier's record
	[ -z "$record" ] || [[ " ${tier_tests[*]} " = *" $t "* ]] ||
		usage "test '$t' is not in the $tier tier, whose record is $record"
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

# A recorded run (--record FILE, a whole tier, or named tests of the tier,
# whose lines replace theirs): the record is written again
# after every test, so that a run of hours can stop anywhere and be
# committed as it is, and each test's line names the series it ran on
# ("[series HASH12]"; a line without one is of the header's series).  A
# test not run yet keeps its line from the record as it was.  With
# --resume, a test whose line in the record passed on the series as it is
# now is not run again, on this machine or, from the committed record, on
# another.  The header's "# part:" line says how many tests are on this
# series while that is not all of them.
series= short= resumed=0 harness=
declare -A EARLIER EARLIER_SERIES NOW
if [ -n "$record" ]; then
	series=$(STEP=run bash -c '. scripts/lib.sh; series_hash "$SERIES_DIR"')
	short=${series:0:12}
	harness=$(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)
	if [ -f "$record" ]; then
		hdr=$(sed -n 's/^# series: //p' "$record")
		n=
		while IFS= read -r l; do
			if [[ $l =~ ^(not\ )?ok\ -\ ([a-z0-9_]+)\  ]]; then
				n=${BASH_REMATCH[2]}
				EARLIER[$n]=$l
				if [[ $l =~ \ \[series\ ([0-9a-f]+)\]$ ]]; then
					EARLIER_SERIES[$n]=${BASH_REMATCH[1]}
				else
					EARLIER_SERIES[$n]=${hdr:0:12}
					EARLIER[$n]+=" [series ${hdr:0:12}]"
				fi
			elif [[ $l = "#   "* ]] && [ -n "$n" ]; then
				EARLIER[$n]+=$'\n'"$l"
			else
				n=
			fi
		done <"$record"
	fi
fi

# write_record: the record as it stands: this run's lines, the earlier
# ones of the tests it has not run.
write_record() {
	local t l on=0 np=0 nf=0 secs=0 tsec
	local -a body=()
	for t in "${tier_tests[@]}"; do
		l=${NOW[$t]:-${EARLIER[$t]:-}}
		[ -n "$l" ] || continue
		body+=("$l")
		[[ $l = "ok - "* ]] && np=$((np + 1)) || nf=$((nf + 1))
		[[ ${l%%$'\n'*} != *" [series $short]" ]] || on=$((on + 1))
		tsec=$(sed -n '1s/^.* (\([0-9]*\) s[,)].*/\1/p' <<<"$l")
		secs=$((secs + ${tsec:-0}))
	done
	{
		echo "# The last run of tests/run.sh --tier $tier (make check-$tier), test by test: each line names the series it ran on."
		echo "# series: $series"
		[ "$on" = ${#tier_tests[@]} ] || echo "# part: $on of ${#tier_tests[@]} tests on this series"
		echo "# harness: $harness"
		echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
		echo "# machine: $(nproc) CPUs, $(free -g | awk '/^Mem:/ { print $2 " GiB" }'); $secs s of tests"
		[ "$resumed" = 0 ] || echo "# resumed: $resumed tests passed on this series earlier, not run again"
		printf '%s\n' "${body[@]}"
		echo "$np passed, $nf failed"
	} >"$record.new"
	mv "$record.new" "$record"
}

start=$(date +%s)
for t in "${tests[@]}"; do
	if [ -n "$resume" ] && [ "${EARLIER_SERIES[$t]:-}" = "$short" ] && [[ ${EARLIER[$t]} = "ok - "* ]]; then
		passed=$((passed + 1)) resumed=$((resumed + 1))
		TIME[$t]=$(sed -n '1s/^.* (\([0-9]*\) s).*/\1/p' <<<"${EARLIER[$t]}")
		echo "${EARLIER[$t]%%$'\n'*} (passed earlier on this series: not run again)"
		continue
	fi
	run_test "$t" "test_$t"
	if [ -n "$short" ]; then
		NOW[$t]="${LINES[-1]%%$'\n'*} [series $short]"
		[[ ${LINES[-1]} != *$'\n'* ]] || NOW[$t]+=$'\n'"${LINES[-1]#*$'\n'}"
		write_record
	fi
done
total=$(( $(date +%s) - start ))

# The summary: the slowest tests, the whole time, then the count.
what="$tier tier"
[ $# = 0 ] || what="named tests"
echo "# $what: ${#tests[@]} tests in $total s; slowest:$(
	for t in "${tests[@]}"; do echo "${TIME[$t]} $t"; done |
		sort -rn | head -5 | awk '{ printf " %s %d s,", $2, $1 }' | sed 's/,$//')"
if [ -n "$short" ]; then
	write_record
	echo "# recorded in ${record#"$REPO"/}: $(sed -n 's/^# part: //p' "$record" | grep . || echo "every test on this series")"
fi
# (the records are this repository's: not the summary of another suite's run)
[ $# != 0 ] || [ -n "${PCP_TEST_CASES:-}" ] || scripts/report/record-status.sh 2>&1 || true
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
