#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# netperf UDP_STREAM over loopback at each message size, as mmtests'
# netperf-udp and the 2021 high-order PCP changelog run it (send and
# receive throughput in 10^6 bits/s).  Prints one line per size and side:
#
#   PCP-RESULT bench=netperf-udp metric=send-64 config=all round=2 value=6.25 better=higher
#
# With -n MESSAGES each size is counted instead of timed, in a guest under
# QEMU -icount shift=0 (RATE=icount), where a nanosecond of guest time is
# one instruction that a vCPU executed: netperf sends MESSAGES, then
# 4 * MESSAGES messages (-l -BYTES), the guest clock read around each
# (pcp-clock), and per size:
#
#   netperf-icount: size=64 config=all round=2 ns=... sent=... recv=... ns=... sent=... recv=...
#   PCP-RESULT bench=netperf-udp-insns metric=send-64 ... value=20512 better=lower
#       instructions all vCPUs executed per message sent, by difference:
#       (ns(4M) - ns(M)) / (sent(4M) - sent(M)), so that netperf's start,
#       its control connection and the clock reads cancel: the sender's
#       system call, the loopback softirq and the receiver's, with what
#       the receiver dropped
#   PCP-RESULT bench=netperf-udp-recv metric=send-64 ... value=97.50 better=higher
#       % of the messages sent in the 4M run that netserver received
#
# With two or more CPUs netperf runs on CPU 0 and netserver on CPU 1
# (-T 0,1), as in the 2021 changelog's runs.  Starts netserver on first
# use.  glibc's getaddrinfo() ignores IPv4 when only 127.0.0.1 is
# configured (AI_ADDRCONFIG), so lo gets a second address.
#
# Usage (in the guest): netperf_udp.sh SECONDS SIZE...
#                       RATE=icount netperf_udp.sh -n MESSAGES SIZE...

usage() { echo "usage: netperf_udp.sh SECONDS SIZE... | RATE=icount netperf_udp.sh -n MESSAGES SIZE..." >&2; exit 2; }
count=
if [ "${1:-}" = -n ]; then
	count=${2:-}
	case $count in ''|*[!0-9]*|0) usage ;; esac
	[ "${RATE:-}" = icount ] ||
		{ echo "netperf_udp: -n counts instructions: only in a QEMU -icount shift=0 guest (RATE=icount)" >&2; exit 2; }
	shift 2
else
	secs=${1:-}
	case $secs in ''|*[!0-9]*|0) usage ;; esac
	shift
fi
[ $# -gt 0 ] || usage
command -v netperf >/dev/null || { echo "netperf_udp: netperf not installed (Debian non-free: apt-get install netperf)" >&2; exit 2; }
# shellcheck disable=SC2086 # bind: nothing, or the two words of -T 0,1
bind=
[ "$(grep -c '^processor' /proc/cpuinfo)" -lt 2 ] || bind="-T 0,1"
if ! netperf -4 -H 127.0.0.1 -t UDP_STREAM -l -6400 -P 0 -- -m 64 >/dev/null 2>&1; then
	busybox ip link set lo up
	busybox ip addr add 10.255.0.1/32 dev lo 2>/dev/null
	netserver -4 >/dev/null 2>&1
	sleep 0.2
fi
tmp=/tmp/netperf.$$

# counted SIZE MESSAGES: one byte-limited run, "ns=N sent=N recv=N".
counted() {
	t0=$(pcp-clock) &&
	netperf -4 -H 127.0.0.1 -t UDP_STREAM $bind -l "-$(($2 * $1))" -P 0 -- -m "$1" -M "$1" \
		-k LOCAL_SEND_CALLS,REMOTE_RECV_CALLS >$tmp 2>&1 &&
	t1=$(pcp-clock) || { cat $tmp >&2; return 1; }
	awk -v ns=$((t1 - t0)) -F= '
		$1 == "LOCAL_SEND_CALLS" { s = $2 } $1 == "REMOTE_RECV_CALLS" { r = $2 }
		END { if (s == "" || r == "") exit 1; printf "ns=%d sent=%d recv=%d", ns, s, r }' $tmp ||
		{ echo "netperf_udp: cannot parse:" >&2; cat $tmp >&2; return 1; }
}

for size in "$@"; do
	if [ -n "$count" ]; then
		short=$(counted "$size" "$count") && long=$(counted "$size" $((4 * count))) || exit 1
		echo "netperf-icount: size=$size config=${CONFIG:-unknown} round=${ROUND:-0} $short $long"
		echo "$short $long" | tr '=' ' ' | awk -v size="$size" -v c="${CONFIG:-unknown}" -v r="${ROUND:-0}" '{
			if ($10 <= $4) exit 1
			m = "metric=send-" size " config=" c " round=" r
			printf "PCP-RESULT bench=netperf-udp-insns %s value=%.1f better=lower\n", m, ($8 - $2) / ($10 - $4)
			printf "PCP-RESULT bench=netperf-udp-recv %s value=%.2f better=higher\n", m, 100 * $12 / $10
		}' || { echo "netperf_udp: the long run sent no more than the short one: $short $long" >&2; exit 1; }
		continue
	fi
	netperf -4 -H 127.0.0.1 -t UDP_STREAM $bind -l "$secs" -P 0 -- -m "$size" -M "$size" >$tmp 2>&1 ||
		{ cat $tmp >&2; exit 1; }
	# Two lines: the sender's (6 fields, throughput last), the receiver's (4).
	awk -v size="$size" -v c="${CONFIG:-unknown}" -v r="${ROUND:-0}" '
		NF == 6 { s = $6 } NF == 4 { v = $4 }
		END {
			if (s == "" || v == "") exit 1
			printf "PCP-RESULT bench=netperf-udp metric=send-%s config=%s round=%s value=%s better=higher\n", size, c, r, s
			printf "PCP-RESULT bench=netperf-udp metric=recv-%s config=%s round=%s value=%s better=higher\n", size, c, r, v
		}' $tmp || { echo "netperf_udp: cannot parse:" >&2; cat $tmp >&2; exit 1; }
done
rm -f $tmp
