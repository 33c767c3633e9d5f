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
#       only with CONFIG_LOCK_STAT), by difference: LOOPS and 4 * LOOPS
#       loops, each from drained lists, (acq(4L) - acq(L)) / (folios(4L) -
#       folios(L)), with the vmstat work held off (zone_lock_stat.sh hold)
#       and both raw counts on a "zone-lock:" line
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
#   PCP-RESULT bench=fault-kept-4p metric=size-64kB ... value=512 better=lower
#       KiB the per-cpu lists of one CPU (the CPU that holds most) keep at
#       the folio's order once the run is over: the processes' last
#       munmap() and exit, a burst of frees, with the vmstat work held off
#       (its decay trims the lists later); fault-kept-all: at every order.
#       Only on kernels that show the pages of each order in
#       /proc/zoneinfo (guest/zoneinfo_pcp.sh)
#
# With -r, the processes read the memory instead (vm-scalability's
# anon-r-seq, the workload of the 2016 LKP report): memory never written
# maps the zero page, with THP (SIZE_KB 2048) the huge zero page, and a
# fault allocates only its page table.  Sizes 4 and 2048 only (a read
# fault maps no mTHP), and per size:
#
#   PCP-RESULT bench=anon-r-seq-4p metric=page-faults-2048kB ... better=lower
#       page faults per MiB read, per process
#   PCP-RESULT bench=anon-r-seq-zone-lock-4p metric=size-2048kB ... better=lower
#       zone->lock acquisitions per page fault, by difference as above
#   PCP-RESULT bench=anon-r-seq-4p metric=system-time-2048kB ... better=lower
#       system time per GiB read, in ms, or with RATE=icount in millions
#       of instructions (only with RATE=1 or RATE=icount)
#
# The THP settings are restored at the end.
#
# Usage (in the guest): page_fault.sh [-r] PROCS MIB LOOPS SIZE_KB...

read_only=
[ "${1:-}" != -r ] || { read_only=-r; shift; }
procs=$1 mib=$2 loops=$3
shift 3
thp=/sys/kernel/mm/transparent_hugepage
[ -d "$thp" ] || { echo "page_fault: no $thp (CONFIG_TRANSPARENT_HUGEPAGE)" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: page_fault.sh [-r] PROCS MIB LOOPS SIZE_KB..." >&2; exit 2; }
for size in "$@"; do
	if [ -n "$read_only" ]; then
		[ "$size" = 4 ] || [ "$size" = 2048 ] ||
			{ echo "page_fault: -r: size ${size}kB: read faults map 4K or 2048K only" >&2; exit 2; }
	fi
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
interval=$(zone_lock_stat.sh hold) || exit 1
trap 'restore; zone_lock_stat.sh release "$interval"' EXIT

# fault N: from drained lists (and cleared lock statistics), N loops of
# pcp-faultbench at the size in force; prints its line and
# "acq=A alloc=A fallback=F" (the folios of that size allocated and
# fallen back to 4K while it ran).
fault() {
	a0=0 f0=0
	[ -z "$st" ] || a0=$(cat "$st/anon_fault_alloc") f0=$(cat "$st/anon_fault_fallback")
	zone_lock_stat.sh start || return 1
	line=$(pcp-faultbench $read_only "$procs" "$mib" "$1") || return 1
	acq=0
	[ -z "$lockstat" ] || acq=$(zone_lock_stat.sh read | cut -d' ' -f1)
	alloc=0 fallback=0
	[ -z "$st" ] || alloc=$(( $(cat "$st/anon_fault_alloc") - a0 )) fallback=$(( $(cat "$st/anon_fault_fallback") - f0 ))
	echo "$line acq=$acq alloc=$alloc fallback=$fallback $(kept)"
}

# kept: "kept=K kept_all=A", the base pages of order $order (and of every
# order) on the lists of the CPU that holds most, all zones summed; nothing
# where /proc/zoneinfo has no pages by order.
kept() {
	zoneinfo_pcp.sh | awk -v o="$order" '
		/ by order / {
			split($0, f, " by order ")
			n = split(f[2], p, " ")
			cpu = $5
			sub(":", "", cpu)
			for (i = 1; i <= n; i++) {
				all[cpu] += p[i]
				if (i - 1 == o)
					at[cpu] += p[i]
			}
			seen = 1
		}
		END {
			if (!seen)
				exit
			for (c in all) {
				if (at[c] > k) k = at[c]
				if (all[c] > a) a = all[c]
			}
			printf "kept=%d kept_all=%d\n", k, a
		}'
}

for size in "$@"; do
	echo never >"$thp/enabled"
	for d in $sizes_dirs; do echo never >"$d/enabled"; done
	st=
	order=0
	while [ $((4 << order)) -lt "$size" ]; do order=$((order + 1)); done
	if [ "$size" != 4 ]; then
		echo always >"$thp/hugepages-${size}kB/enabled"
		st=$thp/hugepages-${size}kB/stats
	fi
	# With lock statistics, the acquisitions per folio by difference:
	# LOOPS and 4 * LOOPS loops (the forks, exits and reads of the
	# statistics are the same in both and cancel); the rest from the
	# longer run.
	short=
	if [ -n "$lockstat" ]; then
		short=$(fault "$loops") || exit 1
		long=$(fault $((4 * loops))) || exit 1
	else
		long=$(fault "$loops") || exit 1
	fi
	echo "$short|$long" | awk -v size="$size" -v p="$procs" -v ro="$read_only" \
		-v label="$label" -v lockstat="$lockstat" -v rate="${RATE:-0}" '{
		n = split($0, run, "|")
		for (r = 1; r <= n; r++) {
			k = split(run[r], f, " ")
			for (i = 1; i <= k; i++) { split(f[i], kv, "="); v[r, kv[1]] = kv[2] }
			# Folios allocated: 4K pages, or the size folios plus the 4K
			# pages of those that fell back; read faults: the faults.
			if (ro)
				folios[r] = v[r, "faults"]
			else
				folios[r] = size == 4 ? v[r, "pages"] : v[r, "alloc"] + v[r, "fallback"] * size / 4
		}
		bench = ro ? "anon-r-seq-zone-lock-" p "p" : "fault-zone-lock-" p "p"
		m = "metric=size-" size "kB " label
		if (lockstat && folios[2] > folios[1]) {
			printf "zone-lock: bench=%s size=%skB %s folios=%d acq=%d folios=%d acq=%d\n", bench, size, label, folios[1], v[1, "acq"], folios[2], v[2, "acq"]
			printf "PCP-RESULT bench=%s %s value=%.4f better=lower\n", bench, m, (v[2, "acq"] - v[1, "acq"]) / (folios[2] - folios[1])
		}
		if (ro) {
			mibs = p * v[2, "mib"] * v[2, "loops"]
			m = "kB " label
			printf "PCP-RESULT bench=anon-r-seq-%sp metric=page-faults-%s%s value=%.4f better=lower\n", p, size, m, v[2, "faults"] / mibs
			if (rate == 1 || rate == "icount")
				printf "PCP-RESULT bench=anon-r-seq-%sp metric=system-time-%s%s value=%.3f better=lower\n", p, size, m, v[2, "stime"] * 1000 * 1024 / mibs
			next
		}
		m = "metric=size-" size "kB " label
		if (size != 4 && v[2, "alloc"] + v[2, "fallback"])
			printf "PCP-RESULT bench=fault-fallback-%sp %s value=%.2f better=lower\n", p, m, 100 * v[2, "fallback"] / (v[2, "alloc"] + v[2, "fallback"])
		if (rate == 1)
			printf "PCP-RESULT bench=fault-rate-%sp %s value=%.0f better=higher\n", p, m, v[2, "pages"] / v[2, "seconds"]
		if (rate == "icount")
			printf "PCP-RESULT bench=fault-insns-%sp %s value=%.0f better=lower\n", p, m, v[2, "seconds"] * 1e9 / v[2, "pages"]
		if ((2, "kept") in v) {
			printf "PCP-RESULT bench=fault-kept-%sp %s value=%d better=lower\n", p, m, v[2, "kept"] * 4
			printf "PCP-RESULT bench=fault-kept-all-%sp %s value=%d better=lower\n", p, m, v[2, "kept_all"] * 4
		}
	}'
done
restore
trap - EXIT
zone_lock_stat.sh release "$interval"
