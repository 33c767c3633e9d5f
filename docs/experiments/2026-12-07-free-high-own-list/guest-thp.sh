cd /sys/kernel/mm/pcp
echo always >/sys/kernel/mm/transparent_hugepage/enabled
snap() { for o in 0 9; do for f in order-$o/stats/*; do echo "o$o-$(basename $f) $(cat $f)"; done; done; }
for set in 0 0-3,9 0 0-3,9; do
  echo $set > /proc/sys/vm/percpu_pagelist_orders
  pcp_drain.sh
  insmod /pcp/run/pcp_bench.ko orders=0 loops=20000; rmmod pcp_bench
  grep -E "count:" /proc/zoneinfo | sed -n 2p
  snap > /tmp/a
  pcp-faultbench 1 16 8
  snap > /tmp/b
  grep -E "count:" /proc/zoneinfo | sed -n 2p
  echo "== set $set: $(paste /tmp/a /tmp/b | awk '$4 != $2 {printf "%s=%d ", $1, $4-$2}')"
done
