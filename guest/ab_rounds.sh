#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A/B/C on one boot: for ROUNDS rounds, for each NAME=SET in turn, write
# SET to vm.percpu_pagelist_orders and run every BENCH command with
# CONFIG=NAME and ROUND=r in its environment.  The order rotates from
# round to round (A B C, B C A, C A B, A B C, ...), so that no set always
# runs first, after the same other set, or last.  Each switch prints the
# state in force:
#
#   ab: round=2 config=all percpu_pagelist_orders=0-9 pcp_drain_after_reclaim=1 ...
#
# Round 0 comes first: every BENCH once under the first configuration, a
# warm-up (page cache, netserver, first faults) whose results the report
# drops.  The sysctls are restored at the end, also when a benchmark fails
# (which ends the run with its exit code).
#
# With LIST_STATS=1 (the main job's benchmarks), each BENCH is followed by
# what the per-CPU lists did during it (guest/pcp_list_stats.sh): the hit
# rate of each order's lists and the KiB they hold per CPU at its end, as
# result records of the benches pcp-hit-LABEL and pcp-kib-LABEL, LABEL the
# BENCH command's name ("page_fault.sh -r 4 ..." -> page_fault-r).
#
# Usage (in the guest): ab_rounds.sh ROUNDS NAME=SET... -- BENCH...
# e.g. ab_rounds.sh 5 before=0 upstream=0-3,9 all=0-9 -- "netperf_udp.sh 64 1024"

knob=/proc/sys/vm/percpu_pagelist_orders
usage() { echo "usage: ab_rounds.sh ROUNDS NAME=SET... -- BENCH..." >&2; exit 2; }
rounds=$1
case $rounds in ''|*[!0-9]*|0) usage ;; esac
shift
configs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in *=*) ;; *) echo "ab_rounds: '$1' is not NAME=SET" >&2; exit 2 ;; esac
	configs="$configs $1"
	shift
done
[ "${1:-}" = -- ] && [ $# -gt 1 ] && [ -n "$configs" ] || usage
shift
[ -e "$knob" ] || { echo "ab_rounds: $knob not present (unpatched kernel?)" >&2; exit 2; }

saved=
for k in percpu_pagelist_orders pcp_drain_after_reclaim reclaim_compaction_early_break; do
	[ -e /proc/sys/vm/$k ] && saved="$saved $k=$(cat /proc/sys/vm/$k)"
done
restore() {
	for kv in $saved; do
		pcp-write "/proc/sys/vm/${kv%%=*}" "${kv#*=}" >/dev/null
	done
}
trap restore EXIT

state() {
	for k in percpu_pagelist_orders pcp_drain_after_reclaim reclaim_compaction_early_break; do
		[ -e /proc/sys/vm/$k ] && printf ' %s=%s' $k "$(cat /proc/sys/vm/$k)"
	done
}

# The name of a BENCH command: its program without ".sh", and its first
# argument if that is an option (the variables set before it skipped).
bench_label() {
	set -f
	# shellcheck disable=SC2086
	set -- $1
	set +f
	while [ $# -gt 1 ] && [ "${1#*=}" != "$1" ]; do
		shift
	done
	label=${1##*/}
	label=${label%.sh}
	case ${2:-} in -?*) label=$label$2 ;; esac
	echo "$label"
}

stats=
if [ "${LIST_STATS:-0}" = 1 ]; then
	stats=$(mktemp "${TMPDIR:-/tmp}/ab_rounds.stats.XXXXXX") || { echo "ab_rounds: cannot make a scratch file" >&2; exit 1; }
	trap 'restore; rm -f "$stats"' EXIT
	pcp_list_stats.sh snap "$stats" || exit
fi

first=${configs# }
first=${first%% *}
ROUND=0
export CONFIG ROUND
while [ "$ROUND" -le "$rounds" ]; do
	# round 0 (the warm-up) runs the first configuration only
	order=$first
	[ "$ROUND" = 0 ] || order=$(rotated.sh $((ROUND - 1)) $configs)
	for pair in $order; do
		CONFIG=${pair%%=*}
		out=$(pcp-write "$knob" "${pair#*=}")
		[ "$out" = ok ] || { echo "ab_rounds: $pair: $out" >&2; exit 1; }
		echo "ab: round=$ROUND config=$CONFIG$(state)"
		for bench in "$@"; do
			[ -z "$stats" ] || pcp_list_stats.sh snap "$stats" || exit
			sh -c "$bench" || { rc=$?; echo "ab_rounds: '$bench' failed ($rc) in round $ROUND, config $CONFIG" >&2; exit $rc; }
			[ -z "$stats" ] || pcp_list_stats.sh result "$(bench_label "$bench")" "$stats" || exit
		done
	done
	ROUND=$((ROUND + 1))
done
restore
trap - EXIT
[ -z "$stats" ] || rm -f "$stats"
echo "ab_rounds: $rounds rounds of$configs; restored:$(state)"
