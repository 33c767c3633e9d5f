# Allocations per 1000 messages sent, by order, in the runs of
# scripts/bench/bench-netperf-icount.sh under 6.12's set (the default):
# the per-order statistics (orders patch 12) read around each netperf run
# (its start and control connection included).
busybox ip link set lo up
busybox ip addr add 10.255.0.1/32 dev lo
netserver -4 >/dev/null 2>&1
sleep 0.2
echo 33554432 >/proc/sys/net/core/rmem_max
s=/sys/kernel/mm/pcp
snap() { for o in 0 1 2 3 9; do echo "$o $(cat $s/order-$o/stats/alloc) $(cat $s/order-$o/stats/refill)"; done; }
for size in 64 128 256 1024 2048 3312 4096 8192 16384; do
	snap >/tmp/before
	netperf -4 -H 127.0.0.1 -t UDP_STREAM -T 0,1 -l 1 -P 0 -- -m $size -M $size -S 33554432 >/tmp/out
	snap >/tmp/after
	msgs=$(awk 'NF == 6 { print $4 }' /tmp/out)
	paste /tmp/before /tmp/after | awk -v size=$size -v m="$msgs" '{
		printf "allocs: size=%s messages=%s order=%s alloc_per_1000=%.3f refill_per_1000=%.3f\n", size, m, $1, ($5 - $2) * 1000 / m, ($6 - $3) * 1000 / m }'
done
