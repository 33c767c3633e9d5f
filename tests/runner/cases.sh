# SPDX-License-Identifier: GPL-2.0
# Sample tests for the runner's own test (test_runner_self_test in
# tests/cases.sh): each shows how tests/run.sh judges one kind of check.
# Run with PCP_TEST_CASES=tests/runner/cases.sh tests/run.sh NAME...

FAST_TESTS=(figure_recorded) CHECK_TESTS=() ALL_TESTS=(figure_recorded counted needs_flag)

# A recorded run resumed (--record FILE --resume): "counted" leaves a
# line in RUNNER_COUNT each time it runs, and copies the record as it
# stands then to RUNNER_SNAP when that is set (the record of a run that
# stopped there); "needs_flag" passes only once RUNNER_FLAG exists.
test_counted() {
	echo run >>"$RUNNER_COUNT"
	[ -z "${RUNNER_SNAP:-}" ] || cp "$RUNNER_RECORD" "$RUNNER_SNAP"
}

test_needs_flag() {
	[ -e "$RUNNER_FLAG" ]
}

# What a test counted, on a "figure:" line, goes into the record of a
# whole tier (--record), under the test's own line.
test_figure_recorded() {
	echo "figure: 3 cycles, 0 pages lost"
}

# must_fail on a command that fails: the test passes.
test_must_fail_passes() {
	must_fail false
}

# must_fail on a command that succeeds: the test fails, although the
# function goes on to a last command that succeeds.
test_must_fail_catches() {
	must_fail true
	true
}

# The pitfall: a "! true" line does not stop a function under set -e, so
# a negative check written this way can never fail its test.
test_negation_pitfall() {
	! true
	true
}

# A failing command on the left of a pipe fails the test (pipefail).
test_pipe_hides_nothing() {
	false | cat
	true
}

expect_error_sample() {
	echo "sample: error: $1" >&2
	return "$2"
}

# expect_error passes on a one-line error that says the expected text...
test_expect_error_passes() {
	expect_error "bad thing" expect_error_sample "a bad thing happened" 1
}

# ...and fails on a command that exits 0 although it prints the error.
test_expect_error_catches() {
	expect_error "bad thing" expect_error_sample "a bad thing happened" 0
	true
}
