#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# netperf UDP_STREAM over loopback at each message size, as mmtests'
# netperf-udp and the 2021 high-order PCP changelog run it (send and
# receive throughput in 10^6 bits/s).  Prints one line per size and side:
#
#   PCP-RESULT bench=netperf-udp metric=send-64 config=all round=2 value=6.25 better=higher
#
# With RATE=icount (a guest under QEMU -icount shift=0, where a nanosecond
# of guest time is one instruction a vCPU executed) each size is counted
# instead: during the SECONDS of the test netperf always has a message to
# send, so no moment is idle on every CPU and the guest clock advances
# only by the instructions the CPUs execute.  netperf's send throughput
# then gives the instructions all CPUs execute per message sent (the
# sender's system call, the loopback softirq, the receiver's system call):
#
#   PCP-RESULT bench=netperf-udp-insns metric=send-64 ... value=4826.5 better=lower
#       8000 * SIZE / send throughput (10^6 bits/s of 10^9 instructions)
#   PCP-RESULT bench=netperf-udp-recv metric=send-64 ... value=97.50 better=higher
#       % of the messages sent that netserver received
#
# There netserver's socket buffer is raised to 32 MiB (net.core.rmem_max,
# or the file RMEM_MAX names, for the run): QEMU runs one vCPU at a time,
# so netserver's CPU waits for its turn while netperf's sends a slice's
# worth of messages, which a default buffer drops, and a dropped message
# is freed on the sender's CPU instead of the receiver's.
#
# With two or more CPUs netperf runs on CPU 0 and netserver on CPU 1
# (-T 0,1), as in the 2021 changelog's runs.  Starts netserver on first
# use.  glibc's getaddrinfo() ignores IPv4 when only 127.0.0.1 is
# configured (AI_ADDRCONFIG), so lo gets a second address.
#
# Usage (in the guest): [RATE=icount] netperf_udp.sh SECONDS SIZE...

usage() { echo "usage: [RATE=icount] netperf_udp.sh SECONDS SIZE..." >&2; exit 2; }
secs=${1:-}
case $secs in ''|*[!0-9]*|0) usage ;; esac
shift
[ $# -gt 0 ] || usage
command -v netperf >/dev/null || { echo "netperf_udp: netperf not installed (Debian non-free: apt-get install netperf)" >&2; exit 2; }
opts=
[ "$(grep -c '^processor' /proc/cpuinfo)" -lt 2 ] || opts="-T 0,1"
rcvbuf=
if [ "${RATE:-}" = icount ]; then
	rmem_max=${RMEM_MAX:-/proc/sys/net/core/rmem_max}
	rcvbuf=$((32 << 20))
	saved=$(cat $rmem_max) && echo $rcvbuf >$rmem_max || exit 1
	trap 'echo $saved >$rmem_max' EXIT
fi
if ! netperf -4 -H 127.0.0.1 -t UDP_STREAM -l -6400 -P 0 -- -m 64 >/dev/null 2>&1; then
	busybox ip link set lo up
	busybox ip addr add 10.255.0.1/32 dev lo 2>/dev/null
	netserver -4 >/dev/null 2>&1
	sleep 0.2
fi
tmp=/tmp/netperf.$$
for size in "$@"; do
	# shellcheck disable=SC2086 # opts: nothing, or -T 0,1
	netperf -4 -H 127.0.0.1 -t UDP_STREAM $opts -l "$secs" -P 0 -- -m "$size" -M "$size" \
		${rcvbuf:+-S $rcvbuf} >$tmp 2>&1 || { cat $tmp >&2; exit 1; }
	# Two lines: the sender's (6 fields, throughput last), the receiver's (4).
	awk -v size="$size" -v c="${CONFIG:-unknown}" -v r="${ROUND:-0}" -v icount="$rcvbuf" '
		NF == 6 { s = $6 } NF == 4 { v = $4 }
		END {
			if (s == "" || v == "" || (icount && s <= 0)) exit 1
			m = "config=" c " round=" r
			if (icount) {
				printf "PCP-RESULT bench=netperf-udp-insns metric=send-%s %s value=%.1f better=lower\n", size, m, 8000 * size / s
				printf "PCP-RESULT bench=netperf-udp-recv metric=send-%s %s value=%.2f better=higher\n", size, m, 100 * v / s
				exit
			}
			printf "PCP-RESULT bench=netperf-udp metric=send-%s %s value=%s better=higher\n", size, m, s
			printf "PCP-RESULT bench=netperf-udp metric=recv-%s %s value=%s better=higher\n", size, m, v
		}' $tmp || { echo "netperf_udp: cannot parse:" >&2; cat $tmp >&2; exit 1; }
done
rm -f $tmp
