#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# netperf UDP_STREAM over loopback at each message size, as mmtests'
# netperf-udp and the 2021 high-order PCP changelog run it (send and
# receive throughput in 10^6 bits/s).  Prints one line per size and side:
#
#   PCP-RESULT bench=netperf-udp metric=send-64 config=all round=2 value=6.25 better=higher
#
# Starts netserver on first use.  glibc's getaddrinfo() ignores IPv4 when
# only 127.0.0.1 is configured (AI_ADDRCONFIG), so lo gets a second address.
#
# Usage (in the guest): netperf_udp.sh SECONDS SIZE...

secs=$1
shift
command -v netperf >/dev/null || { echo "netperf_udp: netperf not installed (Debian non-free: apt-get install netperf)" >&2; exit 2; }
if ! netperf -4 -H 127.0.0.1 -t UDP_STREAM -l 1 -P 0 -- -m 64 >/dev/null 2>&1; then
	busybox ip link set lo up
	busybox ip addr add 10.255.0.1/32 dev lo 2>/dev/null
	netserver -4 >/dev/null 2>&1
	sleep 0.2
fi
for size in "$@"; do
	netperf -4 -H 127.0.0.1 -t UDP_STREAM -l "$secs" -P 0 -- -m "$size" -M "$size" >/tmp/netperf.$$ 2>&1 ||
		{ cat /tmp/netperf.$$ >&2; exit 1; }
	# Two lines: the sender's (6 fields, throughput last), the receiver's (4).
	awk -v size="$size" -v c="${CONFIG:-unknown}" -v r="${ROUND:-0}" '
		NF == 6 { s = $6 } NF == 4 { v = $4 }
		END {
			if (s == "" || v == "") exit 1
			printf "PCP-RESULT bench=netperf-udp metric=send-%s config=%s round=%s value=%s better=higher\n", size, c, r, s
			printf "PCP-RESULT bench=netperf-udp metric=recv-%s config=%s round=%s value=%s better=higher\n", size, c, r, v
		}' /tmp/netperf.$$ || { echo "netperf_udp: cannot parse:" >&2; cat /tmp/netperf.$$ >&2; exit 1; }
done
rm -f /tmp/netperf.$$
