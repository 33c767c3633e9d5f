#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One run of the pcp_bench module, labelled with the A/B driver's CONFIG
# and ROUND (guest/ab_rounds.sh): load it (it measures and prints when
# loaded), unload it.  Results go to the kernel log.
#
# Usage (in the guest): pcp_bench_run.sh KO "MODULE PARAMS"

ko=$1 params=$2
[ -f "$ko" ] || { echo "pcp_bench_run: $ko: no such module" >&2; exit 2; }
# shellcheck disable=SC2086
insmod "$ko" $params set="${CONFIG:-unknown}" round="${ROUND:-0}" || exit 1
rmmod pcp_bench
