#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: build the patched kernel, boot it (x86_64, SMP), and print
# from inside the guest its version and the per-CPU page list state of
# /proc/zoneinfo.  (The benchmark issue turns this into the A/B comparison.)
#
# Usage: scripts/run.sh            Env: SMP (default 2), MEM (default 512M),
#                                  KSRC (build your own 6.12.y tree instead).

. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$REPO/scripts/tree.sh"
"$REPO/scripts/build.sh" x86_64
"$REPO/scripts/boot-x86_64.sh" -- 'echo "kernel: $(uname -r) $(uname -v)"; echo "cpus: $(grep -c ^processor /proc/cpuinfo)"; zoneinfo_pcp.sh'
run=$(ls -1dt "$BUILD"/runs/x86_64-* | head -1)
echo
sed -n '/^PCP-HARNESS: running/,/^PCP-HARNESS-EXIT/{//!p}' "$run/console.log" | tr -d '\r'
echo
log "done in $(( $(date +%s) - start )) s; guest log: $run/console.log"
