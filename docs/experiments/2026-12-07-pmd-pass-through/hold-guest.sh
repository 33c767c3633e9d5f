# zone->lock hold times on one CPU under -icount (ns = instructions):
# pcp_bench batch (64 outstanding) at order 0 and 8, each set, drained first
for o in 0 8; do for set in 0 0-3,9 0-9; do
	pcp-write /proc/sys/vm/percpu_pagelist_orders $set >/dev/null
	pcp_drain.sh >/dev/null
	echo 0 >/proc/lock_stat; echo 1 >/proc/sys/kernel/lock_stat
	insmod /pcp/run/pcp_bench.ko orders=$o modes=batch loops=4000 >/dev/null
	echo 0 >/proc/sys/kernel/lock_stat
	rmmod pcp_bench
	awk -v o=$o -v s=$set '$1 == "&zone->lock:" { printf "hold: order=%s set=%s acq=%s holdmax_us=%s holdtotal_us=%s\n", o, s, $9, $11, $12 }' /proc/lock_stat
done; done
