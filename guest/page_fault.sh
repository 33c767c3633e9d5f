#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Anonymous page faults at each folio size, PROCS processes at once
# (pcp-faultbench, will-it-scale page_fault1 style), labelled with the A/B
# driver's CONFIG and ROUND (guest/ab_rounds.sh).  For each SIZE_KB: only
# that folio size enabled (4: none, 4K pages; 2048: THP), then per size:
#
#   PCP-RESULT bench=fault-zone-lock-4p metric=size-64kB ... value=0.0123 better=lower
#       zone->lock acquisitions per folio allocated (/proc/lock_stat, exact;
#       only with CONFIG_LOCK_STAT)
#   PCP-RESULT bench=fault-fallback-4p metric=size-64kB ... value=0.00 better=lower
#       % of the faults at that size that fell back to 4K pages
#   PCP-RESULT bench=fault-rate-4p metric=size-64kB ... value=123456 better=higher
#       4K pages faulted per second: only with RATE=1, which the host sets
#       when the guest runs on KVM or bare metal (TCG times are not
#       performance)
#   PCP-RESULT bench=fault-insns-1p metric=size-64kB ... value=5123 better=lower
#       instructions per 4K page faulted (and unmapped): only with
#       RATE=icount, which the host sets for a QEMU -icount shift=0 guest,
#       where a nanosecond of guest time is one instruction
#
# The THP settings are restored at the end.
#
# Usage (in the guest): page_fault.sh PROCS MIB LOOPS SIZE_KB...

procs=$1 mib=$2 loops=$3
shift 3
thp=/sys/kernel/mm/transparent_hugepage
[ -d "$thp" ] || { echo "page_fault: no $thp (CONFIG_TRANSPARENT_HUGEPAGE)" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: page_fault.sh PROCS MIB LOOPS SIZE_KB..." >&2; exit 2; }
for size in "$@"; do
	[ "$size" = 4 ] || [ -f "$thp/hugepages-${size}kB/enabled" ] ||
		{ echo "page_fault: no anonymous folio size ${size}kB here" >&2; exit 2; }
done

saved="$thp/enabled=$(sed 's/.*\[\(.*\)\].*/\1/' $thp/enabled)"
# Anonymous sizes only: a size without an "enabled" file is not one.
sizes_dirs=
for d in "$thp"/hugepages-*kB; do
	[ -f "$d/enabled" ] || continue
	sizes_dirs="$sizes_dirs $d"
	saved="$saved $d/enabled=$(sed 's/.*\[\(.*\)\].*/\1/' "$d/enabled")"
done
restore() { for kv in $saved; do echo "${kv#*=}" >"${kv%%=*}"; done; }
trap restore EXIT
lockstat=
[ -w /proc/lock_stat ] && lockstat=1

label="config=${CONFIG:-unknown} round=${ROUND:-0}"
for size in "$@"; do
	echo never >"$thp/enabled"
	for d in $sizes_dirs; do echo never >"$d/enabled"; done
	st=
	if [ "$size" != 4 ]; then
		echo always >"$thp/hugepages-${size}kB/enabled"
		st=$thp/hugepages-${size}kB/stats
		a0=$(cat "$st/anon_fault_alloc") f0=$(cat "$st/anon_fault_fallback")
	fi
	zone_lock_stat.sh start || exit 1
	line=$(pcp-faultbench "$procs" "$mib" "$loops") || exit 1
	acq=0
	[ -z "$lockstat" ] || acq=$(zone_lock_stat.sh read | cut -d' ' -f1)
	alloc=0 fallback=0
	[ -z "$st" ] || alloc=$(( $(cat "$st/anon_fault_alloc") - a0 )) fallback=$(( $(cat "$st/anon_fault_fallback") - f0 ))
	echo "$line acq=$acq alloc=$alloc fallback=$fallback" | awk -v size="$size" -v p="$procs" \
		-v label="$label" -v lockstat="$lockstat" -v rate="${RATE:-0}" '{
		for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		# Folios allocated: 4K pages, or the size folios plus the 4K
		# pages of those that fell back.
		folios = size == 4 ? v["pages"] : v["alloc"] + v["fallback"] * size / 4
		m = "metric=size-" size "kB " label
		if (lockstat && folios)
			printf "PCP-RESULT bench=fault-zone-lock-%sp %s value=%.4f better=lower\n", p, m, v["acq"] / folios
		if (size != 4 && v["alloc"] + v["fallback"])
			printf "PCP-RESULT bench=fault-fallback-%sp %s value=%.2f better=lower\n", p, m, 100 * v["fallback"] / (v["alloc"] + v["fallback"])
		if (rate == 1)
			printf "PCP-RESULT bench=fault-rate-%sp %s value=%.0f better=higher\n", p, m, v["pages"] / v["seconds"]
		if (rate == "icount")
			printf "PCP-RESULT bench=fault-insns-%sp %s value=%.0f better=lower\n", p, m, v["seconds"] * 1e9 / v["pages"]
	}'
done
restore
trap - EXIT
