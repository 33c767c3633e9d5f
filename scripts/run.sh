#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: build the patched kernel, boot it (x86_64, SMP), and print
# from inside the guest its version and the per-CPU page list state of
# /proc/zoneinfo; then the per-order allocation cost under the three order
# sets, interleaved on one booted UML kernel (scripts/bench-uml.sh).
#
# Usage: scripts/run.sh            Env: SMP (default 2), MEM (default 512M),
#                                  ROUNDS (5), LOOPS (100000),
#                                  KSRC (build your own 6.12.y tree instead).

. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$REPO/scripts/tree.sh"
"$REPO/scripts/build.sh" x86_64
"$REPO/scripts/boot-x86_64.sh" -- 'echo "kernel: $(uname -r) $(uname -v)"; echo "cpus: $(grep -c ^processor /proc/cpuinfo)"; zoneinfo_pcp.sh'
run=$BUILD/runs/latest-$(flavour x86_64)
echo
cat "$run/output.txt"
echo
# Per-order cost of the allocator fast path under "0", "0-3" and "0-8",
# interleaved on one booted UML kernel (native speed, 1 CPU).
"$REPO/scripts/build.sh" um
"$REPO/scripts/bench-uml.sh" "${ROUNDS:-5}" "${LOOPS:-100000}"
log "done in $(( $(date +%s) - start )) s; guest log: $run/console.log"
