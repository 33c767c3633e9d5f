#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: high-order allocation latency and success under memory pressure,
# for each setting of vm.pcp_drain_after_reclaim (0 none, 1 every zone, 2
# the allocation's zones) and vm.reclaim_compaction_early_break (1 on, 0
# off and bounded), interleaved on one boot of the x86_64 kernel: two NUMA
# nodes, one CPU each, a virtio disk read into the page cache, anonymous
# memory with holes, THP/mTHP faults on the second CPU while pcp_bench
# (modes=pressure, __GFP_THISNODE) allocates on the first, each order in
# turn: as many attempts as make up MEM_PCT of the node's memory, holding
# what it gets, after the page cache was filled again.  Prints the tables
# of scripts/highorder-report.py.
#
# QEMU runs with -icount shift=0 (TCG): the guest clock advances one
# nanosecond per instruction, so latencies are instruction counts (shown in
# thousands), deterministic enough to compare settings; they are not
# wall-clock times.  Counts and success rates are the primary result.
#
# With --arch um the same runs on one UML boot instead: native speed, one
# CPU, one node (no __GFP_THISNODE, no THP), a host file as the page
# cache's source; latencies are nanoseconds of real time there.
#
# With --save FILE the report also goes to FILE with the code hash of the
# tree it was measured on (lib.sh code_hash): series/slowpath/
# bench-results.txt is what that series' cover letter quotes (make
# bench-results, then make export).
#
# Usage: scripts/bench/bench-highorder.sh [--out DIR] [--arch x86_64|um] [--save FILE] [ROUNDS] [MEM_PCT]
#        (default x86_64 3 80)
# Env: MEM (default 512M; x86_64: split over the two nodes), ORDERS
#      ("1 2 3 4 6 9"), SETS (the settings, default all six), TIMEOUT
#      (default 1500 s), CHURN=1 (keep reading the disk into the page cache
#      while the attempts run: guest/highorder_pressure.sh), PIN_MIB
#      (default 0: hold that much of the disk's page cache in pipes, pages
#      reclaim scans and cannot free: guest/highorder_pressure.sh).
#      x86_64 only: SMP (default 2 CPUs), NODES (default SMP: one CPU per
#      node; with 1, no __GFP_THISNODE), WRITE_BPS (default 0; N: a
#      writable disk throttled by QEMU to N bytes per second of writes,
#      written over by a streaming writer on the second CPU for the whole
#      run; the page cache is then the writer's, mostly dirty or under
#      writeback, as no fill reads the disk unless FILL_MIB says so),
#      STREAM_MIB (default 0: an anonymous streaming reader of that size
#      on the third CPU), FAULTERS (default SMP - 1: the CPUs, counted
#      from the last, that run pcp-fault).  scripts/bench/bench-stream.sh sets these for
#      the 2011 workload.

. "$(dirname "$0")/../lib.sh"

arch=x86_64
bench_args "usage: scripts/bench/bench-highorder.sh [--out DIR] [--arch x86_64|um] [--save FILE] [ROUNDS] [MEM_PCT]" 3 "" "$@"
[ -z "$save" ] || check_save "$save"
pct=${loops:-80}  # (the second number is MEM_PCT here)
[[ $pct =~ ^[1-9][0-9]?$ ]] || die "MEM_PCT '$pct' is not a percentage (1-99)"
mem=${MEM:-512M}
[[ $mem =~ ^([1-9][0-9]*)M$ ]] || die "MEM '$mem' must be in MiB, like 512M"
pin=${PIN_MIB:-0}
[[ $pin =~ ^[0-9]+$ ]] || die "PIN_MIB '$pin' is not a number of MiB"
smp=${SMP:-2}
[[ $smp =~ ^[1-9][0-9]*$ ]] || die "SMP '$smp' is not a number of CPUs"
nodes=${NODES:-$smp}
[[ $nodes =~ ^[1-9][0-9]*$ ]] && [ $((smp % nodes)) = 0 ] ||
	die "NODES '$nodes' must divide SMP ($smp) CPUs"
write_bps=${WRITE_BPS:-0}
[[ $write_bps =~ ^[0-9]+$ ]] || die "WRITE_BPS '$write_bps' is not a number of bytes per second"
stream=${STREAM_MIB:-0}
[[ $stream =~ ^[0-9]+$ ]] || die "STREAM_MIB '$stream' is not a number of MiB"
[[ ${FILL_MIB:-0} =~ ^[0-9]+$ ]] || die "FILL_MIB '$FILL_MIB' is not a number of MiB"
[[ ${FAULTERS:-0} =~ ^[0-9]+$ ]] || die "FAULTERS '$FAULTERS' is not a number of CPUs"
orders=${ORDERS:-"1 2 3 4 6 9"}
sets=${SETS:-"d0e1=0:1 d1e1=1:1 d2e1=2:1 d0e0=0:0 d1e0=1:0 d2e0=2:0"}

ko=$("$REPO/scripts/build/bench-module.sh" "$arch")
names=()
for s in $sets; do names+=("${s%%=*}"); done
guest="highorder_pressure.sh"
run=$(run_folder "$out")
if [ "$arch" = um ]; then
	fill=$BUILD/highorder-fill.img
	[ -f "$fill" ] || truncate -s 2G "$fill"
	"$REPO/scripts/boot/boot-um.sh" --out "$run" --mem "$mem" --timeout "${TIMEOUT:-1500}" -- \
		"DISK=$fill CHURN=${CHURN:-0} PIN_MIB=$pin $guest $ko $rounds '$orders' 'mem_pct=$pct movable=0' $sets"
	where="UML, 1 CPU, $mem, ns of real time"
	unit=ns scale=1
else
	grep -q '^CONFIG_VIRTIO_BLK=y' "$(out_dir x86_64)/.config" ||
		die "$(flavour x86_64) kernel has no CONFIG_VIRTIO_BLK: rebuild it (make build-x86_64)"
	numa=
	for n in $(seq 0 $((nodes - 1))); do
		first=$((n * smp / nodes)) last=$(((n + 1) * smp / nodes - 1))
		[ "$first" = "$last" ] || first+="-$last"
		numa+=" -object memory-backend-ram,id=m$n,size=$((${mem%M} / nodes))M"
		numa+=" -numa node,nodeid=$n,cpus=$first,memdev=m$n"
	done
	# THP starts off in guests under 512M of RAM (mm/huge_memory.c): turn
	# it and the 64K mTHP size on for pcp-fault's faults.
	cmd="echo always >/sys/kernel/mm/transparent_hugepage/enabled;"
	cmd+=" echo always >/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled;"
	if [ "$write_bps" = 0 ]; then
		disk=$BUILD/highorder-disk.img
		[ -f "$disk" ] || truncate -s 2G "$disk"
		drive="file=$disk,if=virtio,format=raw,readonly=on"
	else
		# Written over by the guest's streaming writer: made anew, sparse.
		disk=$BUILD/highorder-write.img
		rm -f "$disk"
		truncate -s 2G "$disk"
		drive="file=$disk,if=virtio,format=raw,throttling.bps-write=$write_bps"
		cmd+=" WRITER=1 FILL_MIB=${FILL_MIB:-0} SLAB_GROWTH=1"
	fi
	thisnode=$((nodes > 1 ? 1 : 0))
	cmd+=" CHURN=${CHURN:-0} PIN_MIB=$pin STREAM_MIB=$stream${FAULTERS:+ FAULTERS=$FAULTERS} $guest /pcp/run/pcp_bench.ko $rounds '$orders' 'mem_pct=$pct movable=0 thisnode=$thisnode' $sets"
	ACCEL=tcg QEMU_EXTRA="-icount shift=0 -drive $drive$numa" \
		"$REPO/scripts/boot/boot-x86_64.sh" --out "$run" --smp "$smp" --mem "$mem" --timeout "${TIMEOUT:-1500}" \
		--file "$ko" -- "$cmd"
	[ "$write_bps" = 0 ] || rm -f "$disk"
	where="x86_64 QEMU TCG -icount shift=0, $nodes node(s), $smp CPUs, $mem, thousands of instructions"
	[ "$write_bps" = 0 ] || where+=", writer throttled to $write_bps B/s, stream reader $stream MiB"
	unit="thousands of instructions" scale=1000
fi
{
	echo "# $(kernel_version "$SRC") $where; $(date -u +%Y-%m-%d)"
	echo "# reproduce: MEM=$mem ORDERS='$orders' SETS='$sets' CHURN=${CHURN:-0} PIN_MIB=$pin SMP=$smp NODES=$nodes WRITE_BPS=$write_bps STREAM_MIB=$stream${FILL_MIB:+ FILL_MIB=$FILL_MIB}${FAULTERS:+ FAULTERS=$FAULTERS} scripts/bench/bench-highorder.sh --arch $arch $rounds $pct"
	"$REPO/scripts/report/highorder-report.py" "$run/dmesg.txt" "$run/output.txt" \
		--unit "$unit" --scale "$scale" "${names[@]}"
} | tee "$run/report.txt"
if [ -n "$save" ]; then
	{ echo "# code: $(code_hash "$SRC")"; cat "$run/report.txt"; } >"$save"
	log "saved to $save"
fi
