# zone->lock hold times on one CPU under -icount (ns = instructions):
# pcp_bench batch at order 0 and 8, each set, drained first; order 0 also
# with 4096 outstanding, where its refills grow to a whole bulk
# (pcp->alloc_factor at CONFIG_PCP_BATCH_SCALE_MAX: 2016 pages).
run() {	# ORDER SET OUTSTANDING
	pcp-write /proc/sys/vm/percpu_pagelist_orders $2 >/dev/null
	pcp_drain.sh >/dev/null
	echo 0 >/proc/lock_stat; echo 1 >/proc/sys/kernel/lock_stat
	insmod /pcp/run/pcp_bench.ko orders=$1 modes=batch loops=4000 outstanding=$3 >/dev/null
	echo 0 >/proc/sys/kernel/lock_stat
	rmmod pcp_bench
	awk -v o=$1 -v s=$2 -v n=$3 '$1 == "&zone->lock:" { printf "hold: order=%s set=%s outstanding=%s acq=%s holdmax_us=%s holdtotal_us=%s\n", o, s, n, $9, $11, $12 }' /proc/lock_stat
}
for set in 0 0-3,9 0-9; do run 0 $set 64; run 0 $set 4096; done
for set in 0 0-3,9 0-9; do run 8 $set 64; done
