#!/bin/sh
# What a kernel without THP allocates at the mTHP orders (4-8), in the UML
# guest (no THP; the harness builds it with CONFIG_PCP_MTHP_LISTS=y, so the
# per-order statistics exist for those orders): a mixed workload under the
# default set (every free of an order outside the set counts as
# free_not_cached), then under every order (free: movable, onto a list;
# free_no_list: the other migratetypes).
# Run: scripts/boot/boot-um.sh --out DIR -- "$PWD/docs/experiments/2026-12-06-nothp/mthp-orders-used.sh"
stats() {
	for o in 0 1 2 3 4 5 6 7 8; do
		d=/sys/kernel/mm/pcp/order-$o/stats
		[ -d $d ] || continue
		printf 'order %d:' $o
		for f in free free_not_cached free_no_list free_locked refill_blocks; do
			printf ' %s=%s' $f "$(cat $d/$f)"
		done
		echo
	done
}
work() {
	pcp-fault 3 4 64 2048 | tail -1
	tar cf - /usr/include 2>/dev/null | wc -c
	find /usr/lib -xdev 2>/dev/null | wc -l
	mkdir -p /tmp/pcp-nothp-w.$$ && cd /tmp/pcp-nothp-w.$$ && printf 'int main(void){return 0;}\n' >t.c && gcc -O2 t.c -o t && ./t && echo compiled
	dd if=/dev/zero of=/tmp/pcp-nothp-w.$$/big bs=1M count=64 2>/dev/null; cat /tmp/pcp-nothp-w.$$/big >/dev/null; rm -rf /tmp/pcp-nothp-w.$$
	mkdir -p /tmp/pcp-nothp-fs.$$ && pcp-fscreate /tmp/pcp-nothp-fs.$$ 2 2000 0 | tail -1; rm -rf /tmp/pcp-nothp-fs.$$
}
echo "set: $(cat /proc/sys/vm/percpu_pagelist_orders)"; stats
work 2>&1 | sed "s/^/  work: /"
echo "after the workload, default set:"; stats
echo 0-8 >/proc/sys/vm/percpu_pagelist_orders
work 2>&1 | sed "s/^/  work: /"
echo "after the workload again, set $(cat /proc/sys/vm/percpu_pagelist_orders):"; stats
grep -E "^(pgalloc_normal|pgfree|pgfault)" /proc/vmstat
