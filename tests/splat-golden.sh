#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Golden tests of scripts/report/splat-check.py: each tests/splat/NAME.log is
# checked, and the kinds of splat found (sorted, one per line, or "clean")
# must equal tests/splat/NAME.expected.  Prints TAP.

cd "$(dirname "$0")/splat" || exit 2
n=0 failed=0
for log in *.log; do
	name=${log%.log}
	n=$((n + 1))
	got=$(../../scripts/report/splat-check.py "$log" | sed -n 's/^splat: \([a-z-]*\): .*/\1/p' | sort -u)
	[ -n "$got" ] || got=$(../../scripts/report/splat-check.py "$log")
	if [ "$got" = "$(cat "$name.expected")" ]; then
		echo "ok $n - $name: $(echo "$got" | paste -sd,)"
	else
		echo "not ok $n - $name: got '$(echo "$got" | paste -sd,)', expected '$(paste -sd, "$name.expected")'"
		failed=$((failed + 1))
	fi
done
echo "1..$n"
[ "$failed" = 0 ]
