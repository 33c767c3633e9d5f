# zone->lock acquisitions per message sent in netperf UDP_STREAM (1 s, the
# runs of scripts/bench/bench-netperf-icount.sh), per order set, on a
# LOCKSTAT=1 kernel: lock_stat cleared after a drain of every CPU's lists
# (guest/zone_lock_stat.sh start), read after the run: netperf's start and
# control connection included, not by difference.
busybox ip link set lo up
busybox ip addr add 10.255.0.1/32 dev lo
netserver -4 >/dev/null 2>&1
sleep 0.2
echo 33554432 >/proc/sys/net/core/rmem_max
interval=$(zone_lock_stat.sh hold)
for set in 0 0-3,9 0-9; do
	pcp-write /proc/sys/vm/percpu_pagelist_orders $set >/dev/null
	for size in 64 1024 8192 16384; do
		zone_lock_stat.sh start
		netperf -4 -H 127.0.0.1 -t UDP_STREAM -T 0,1 -l 1 -P 0 -- -m $size -M $size -S 33554432 >/tmp/out
		set -- $(zone_lock_stat.sh read)
		awk -v set=$set -v size=$size -v acq=$1 -v cont=$2 'NF == 6 {
			printf "zone-lock: set=%s size=%s messages=%s acq=%s cont=%s acq_per_message=%.4f\n", set, size, $4, acq, cont, acq / $4 }' /tmp/out
	done
done
zone_lock_stat.sh release "$interval"
