#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: high-order allocation latency and success under memory pressure,
# for each setting of vm.pcp_drain_after_reclaim (0 none, 1 every zone, 2
# the allocation's zones) and vm.reclaim_compaction_early_break (1 on, 0
# off and bounded), interleaved on one boot of the x86_64 kernel: two NUMA
# nodes, one CPU each, a virtio disk read into the page cache, anonymous
# memory with holes, THP/mTHP faults on the second CPU while pcp_bench
# (modes=pressure, __GFP_THISNODE) allocates on the first.  Prints the
# tables of scripts/highorder-report.py.
#
# QEMU runs with -icount shift=0 (TCG): the guest clock advances one
# nanosecond per instruction, so latencies are instruction counts (shown in
# thousands), deterministic enough to compare settings; they are not
# wall-clock times.  Counts and success rates are the primary result.
#
# Usage: scripts/bench-highorder.sh [ROUNDS] [LOOPS]   (default 3 40)
# Env: MEM (default 512M, split over the two nodes), ORDERS (1-4,6,9),
#      SETS (the settings, default all six), TIMEOUT (default 1500 s).

. "$(dirname "$0")/lib.sh"

rounds=${1:-3}
loops=${2:-40}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS '$rounds' is not a positive number"
[[ $loops =~ ^[1-9][0-9]*$ ]] || die "LOOPS '$loops' is not a positive number"
mem=${MEM:-512M}
[[ $mem =~ ^([1-9][0-9]*)M$ ]] || die "MEM '$mem' must be in MiB, like 512M"
node_mib=$(( ${mem%M} / 2 ))
orders=${ORDERS:-1-4,6,9}
sets=${SETS:-"d0e1=0:1 d1e1=1:1 d2e1=2:1 d0e0=0:0 d1e0=1:0 d2e0=2:0"}

ko=$("$REPO/scripts/bench-module.sh" x86_64)
grep -q '^CONFIG_VIRTIO_BLK=y' "$(out_dir x86_64)/.config" ||
	die "$(flavour x86_64) kernel has no CONFIG_VIRTIO_BLK: rebuild it (make build-x86_64)"
disk=$BUILD/highorder-disk.img
[ -f "$disk" ] || truncate -s 2G "$disk"

names=()
for s in $sets; do names+=("${s%%=*}"); done
cmd="echo always >/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled;"
cmd+=" highorder_pressure.sh /pcp/run/pcp_bench.ko $rounds 'orders=$orders loops=$loops movable=0 thisnode=1' $sets"
ACCEL=tcg QEMU_EXTRA="-icount shift=0 \
	-drive file=$disk,if=virtio,format=raw,readonly=on \
	-object memory-backend-ram,id=m0,size=${node_mib}M -numa node,nodeid=0,cpus=0,memdev=m0 \
	-object memory-backend-ram,id=m1,size=${node_mib}M -numa node,nodeid=1,cpus=1,memdev=m1" \
	"$REPO/scripts/boot-x86_64.sh" --smp 2 --mem "$mem" --timeout "${TIMEOUT:-1500}" \
	--file "$ko" -- "$cmd"
run=$BUILD/runs/latest-$(flavour x86_64)
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0, 2 nodes x 1 CPU, $mem; $(date -u +%Y-%m-%d)"
	echo "# reproduce: scripts/bench-highorder.sh $rounds $loops   (ORDERS=$orders)"
	"$REPO/scripts/highorder-report.py" "$run/dmesg.txt" "$run/output.txt" \
		--unit "thousands of instructions" --scale 1000 "${names[@]}"
} | tee "$run/report.txt"
