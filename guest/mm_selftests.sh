#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the kernel's own mm selftests (tools/testing/selftests/mm,
# run_vmtests.sh) in the guest, with the order set SET written first when
# one is given (the kernel must have vm.percpu_pagelist_orders then), and
# check afterwards that no page was lost (pcp_no_page_lost.sh, where the
# kernel has the per-order counts).  The TAP lines of run_vmtests.sh are
# printed as they come; the last line is "mm_selftests: pass N skip N fail N".
#
# Usage (in the guest): mm_selftests.sh TAR "CATEGORY..." [SET]
# TAR: the tests as scripts/gates/mm-selftests.sh packs them (the built
# folder and a static bash in mm/bash).

tar=$1 cats=$2 set=${3:-}
die() { echo "mm_selftests: error: $*" >&2; exit 2; }
[ -f "$tar" ] || die "$tar: no such file"
[ -n "$cats" ] || die "no categories given"
mkdir -p /tmp/selftests
tar xf "$tar" -C /tmp/selftests || die "cannot unpack $tar"
cd /tmp/selftests/mm || die "no mm folder in $tar"
# run_vmtests.sh and its helpers are bash scripts.
cp bash /bin/bash
mountpoint -q /sys/kernel/debug 2>/dev/null || mount -t debugfs none /sys/kernel/debug
mountpoint -q /sys/fs/cgroup 2>/dev/null || mount -t cgroup2 none /sys/fs/cgroup 2>/dev/null

knob=/proc/sys/vm/percpu_pagelist_orders
if [ -n "$set" ]; then
	[ -e "$knob" ] || die "$knob not present: the set '$set' needs the patched kernel"
	out=$(pcp-write "$knob" "$set") && [ "$out" = ok ] || die "$knob=$set: $out"
fi
counted=
if grep -q 'count by order:' /proc/zoneinfo; then
	pcp_no_page_lost.sh before /tmp/pages.before || die "per-CPU counts wrong before the tests"
	counted=1
fi
echo "mm_selftests: kernel $(uname -r), set ${set:-(none)}${set:+ ($(cat $knob))}, categories: $cats"
./run_vmtests.sh -t "$cats" >/tmp/vmtests.out 2>&1
rc=$?
cat /tmp/vmtests.out
lost=0
if [ -n "$counted" ]; then
	[ -z "$set" ] || echo "mm_selftests: set after the tests $(cat $knob)"
	pcp_no_page_lost.sh after /tmp/pages.before || lost=1
fi
pass=$(grep -c '^ok [0-9]* [^#]*$' /tmp/vmtests.out)
skip=$(grep -c '^ok [0-9]* .*# SKIP$' /tmp/vmtests.out)
fail=$(grep -c '^not ok ' /tmp/vmtests.out)
echo "mm_selftests: run_vmtests.sh exit $rc; pass $pass skip $skip fail $fail"
[ "$lost" = 0 ]
