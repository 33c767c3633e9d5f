#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The series' four sysctls under malformed, split, piecewise and racing
# reads and writes (pcp-sysctl-torture: cases tried and cases bad), and no
# page lost across it (pcp_no_page_lost.sh: the set changes of the race
# drain the lists of the orders they remove).
# Usage (in the guest): sysctl_torture.sh [SECONDS]   (the race, per sysctl; default 5)

secs=${1:-5}
pcp_no_page_lost.sh before /tmp/pages.before || { echo "counts wrong before the run"; exit 1; }
rc=0
pcp-sysctl-torture "$secs" || rc=1
pcp_no_page_lost.sh after /tmp/pages.before || rc=1
exit $rc
