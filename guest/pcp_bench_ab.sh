#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A/B/C on one boot: for ROUNDS rounds, for each NAME=SET in turn
# (interleaved: A B C A B C ...), write SET to vm.percpu_pagelist_orders,
# load the pcp_bench module labelled NAME, unload it.  The module prints its
# results to the kernel log; the default set is restored at the end.
#
# Usage (in the guest): pcp_bench_ab.sh KO ROUNDS "MODULE PARAMS" NAME=SET...
# e.g. pcp_bench_ab.sh pcp_bench.ko 5 "orders=0-9 loops=100000" before=0 upstream=0-3,9 all=0-9

ko=$1 rounds=$2 params=$3
shift 3
knob=/proc/sys/vm/percpu_pagelist_orders
[ -f "$ko" ] || { echo "pcp_bench_ab: $ko: no such module" >&2; exit 2; }
[ -e "$knob" ] || { echo "pcp_bench_ab: $knob not present (unpatched kernel?)" >&2; exit 2; }
default=$(cat "$knob")
r=1
while [ "$r" -le "$rounds" ]; do
	for pair in "$@"; do
		name=${pair%%=*} set=${pair#*=}
		out=$(pcp-write "$knob" "$set")
		[ "$out" = ok ] || { echo "pcp_bench_ab: $name=$set: $out" >&2; exit 1; }
		# shellcheck disable=SC2086
		insmod "$ko" $params set="$name" round=$r || exit 1
		rmmod pcp_bench || exit 1
	done
	r=$((r + 1))
done
pcp-write "$knob" "$default" >/dev/null
echo "pcp_bench_ab: $rounds rounds of $*; set restored to $(cat "$knob")"
