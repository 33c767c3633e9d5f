#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Smoke test run inside a guest: the kernel answers, its per-CPU page lists
# show in /proc/zoneinfo, and a vm sysctl can be written and restored.
# Usage (in the guest): smoke.sh [EXPECTED_CPUS]
# Prints TAP; exits non-zero on the first failure.

n=0
ok()   { n=$((n + 1)); echo "ok $n - $*"; }
fail() { n=$((n + 1)); echo "not ok $n - $*"; exit 1; }

echo "TAP version 13"
echo "# kernel $(uname -r) $(uname -m)"

cpus=$(grep -c '^processor' /proc/cpuinfo)
[ -z "$1" ] || [ "$cpus" = "$1" ] || fail "$cpus CPUs online, expected $1"
ok "$cpus CPU(s) online"

# Every populated zone lists a pageset (count/high/batch) per possible CPU.
zoneinfo_pcp.sh || fail "reading per-CPU pagesets from /proc/zoneinfo"
sets=$(grep -c '^ *cpu: [0-9]' /proc/zoneinfo)
[ "$sets" -ge "$cpus" ] || fail "$sets pagesets in /proc/zoneinfo for $cpus CPUs"
ok "/proc/zoneinfo has $sets per-CPU pagesets"

# Write a vm sysctl of the per-CPU lists, read it back, restore it.
knob=/proc/sys/vm/percpu_pagelist_high_fraction
[ -w "$knob" ] || fail "$knob not writable"
old=$(cat "$knob")
echo 16 >"$knob" || fail "writing 16 to $knob"
[ "$(cat "$knob")" = 16 ] || fail "$knob reads $(cat "$knob") after writing 16"
if echo 1 >"$knob" 2>/dev/null; then
	echo "$old" >"$knob"
	fail "$knob accepted 1 (below its minimum of 8)"
fi
[ "$(cat "$knob")" = 16 ] || fail "$knob changed by a rejected write"
echo "$old" >"$knob" || fail "restoring $knob to $old"
[ "$(cat "$knob")" = "$old" ] || fail "$knob reads $(cat "$knob"), not restored $old"
ok "vm.percpu_pagelist_high_fraction written, invalid value rejected, restored to $old"
echo "1..$n"
