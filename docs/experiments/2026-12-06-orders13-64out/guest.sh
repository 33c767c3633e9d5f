cd /sys/kernel/mm/pcp
echo 0-3,9 > /proc/sys/vm/percpu_pagelist_orders
snap() { for f in order-$1/stats/*; do echo "$(basename $f) $(cat $f)"; done; }
for o in 1 0 2; do
  for m in batch single; do
    pcp_drain.sh
    snap $o > /tmp/a
    insmod /pcp/run/pcp_bench.ko orders=$o modes=$m loops=20000
    rmmod pcp_bench
    snap $o > /tmp/b
    echo "== order $o $m: $(paste /tmp/a /tmp/b | awk '$4 != $2 {printf "%s=%d ", $1, $4-$2}')"
  done
done
for i in /sys/devices/system/cpu/cpu0/cache/index*; do echo "cache $(cat $i/level) $(cat $i/type) $(cat $i/size) shared=$(cat $i/shared_cpu_list)"; done
grep -E "^Node|high:|batch:|high_min|high_max" /proc/zoneinfo | head -20
dmesg | grep "pcp_bench: mode"
