# zone_lock_count.sh's windows (orders 0 and 8, pcp_bench batch, 64
# outstanding) under sets that add orders 1, 2, 3 and 9 one at a time.
for r in 1 2; do
	for set in 0 0,9 0-1 0,2 0,3 0-3 0-3,9; do
		pcp-write /proc/sys/vm/percpu_pagelist_orders $set >/dev/null
		CONFIG=$set ROUND=$r HOLDMAX=1 zone_lock_count.sh /pcp/run/pcp_bench.ko "0 8" batch 2048 | grep '^zone-lock:'
	done
done
