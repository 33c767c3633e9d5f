#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# rotated.sh N ITEM...: the items from the (N mod count)-th on, then the
# ones before it, on one line.  The interleaved benchmarks run round R in
# the order "rotated.sh R-1 A B C": A B C, B C A, C A B, A B C, ..., so
# that no setting always runs first (after boot, with the warm-up of the
# page cache and the workers), after the same other setting, or last.

n=$1
shift
case $n in '' | *[!0-9]*) echo "rotated.sh: '$n' is not a number" >&2; exit 2 ;; esac
[ $# -gt 0 ] || { echo "usage: rotated.sh N ITEM..." >&2; exit 2; }
n=$((n % $#))
i=0 head='' tail=''
for x; do
	if [ $i -lt $n ]; then tail="$tail $x"; else head="$head $x"; fi
	i=$((i + 1))
done
# shellcheck disable=SC2086 # the items are words: split, and joined by one space
echo $head $tail
