#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the kernel's own mm selftests as a peer suite.  run_vmtests.sh of
# tools/testing/selftests/mm, built once from the patched tree (static,
# with a static bash), runs in x86_64 guests (QEMU TCG, 2 CPUs on 2 NUMA
# nodes so that migration runs, 2G) on three kernels and settings:
#
#   unpatched   6.12 without the series (a worktree of the base, as
#               scripts/bench/bench-unpatched.sh makes it)
#   defaults    the patched kernel at its defaults
#   all         the patched kernel with every order cached (0-9)
#
# Both kernels are the selftests flavour (SELFTESTS=1:
# configs/50-selftests.config, GUP_TEST, KSM, userfaultfd, soft-dirty,
# memory hotplug).  A fourth boot of the patched kernel offlines and
# onlines the blocks of a 512M DIMM onlined movable in a loop while every
# CPU faults every folio size with every order cached
# (guest/pcp_memory_offline.sh): every block must go offline, none may
# leave a page on a list, no splat, no page lost.
# After the tests, the patched kernels must have lost no page
# (guest/pcp_no_page_lost.sh).  The tests that pass must be the same on
# the three: each test that passes on one and not on another is printed,
# and fails the gate unless tests/mm-selftests-known.txt names it with the
# reason (a line "TEST<TAB>why").  Prints the three lists side by side.
#
# With --save FILE the result also goes to FILE, with the date, the series
# hash (lib.sh series_hash, as tests/check-all.txt) and the code it ran on:
# tests/mm-selftests.txt is the record make check checks for staleness
# (make mm-selftests).
#
# Usage: scripts/gates/mm-selftests.sh [--out DIR] [--save FILE] [CATEGORY...]
#        (default categories: mmap gup_test compaction migration thp mlock
#        madv_populate ksm)
# Env: TIMEOUT (each boot, default 1800 s), OFFLINE_SECS (the offline
#      loop, default 20 s).

. "$(dirname "$0")/../lib.sh"

USAGE="usage: scripts/gates/mm-selftests.sh [--out DIR] [--save FILE] [CATEGORY...]"
out= save=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:-}; [ -n "$out" ] || die "--out needs a folder"; shift ;;
	--save) save=${2:-}; [ -n "$save" ] || die "--save needs a file"; shift ;;
	-*) die "unknown option '$1' ($USAGE)" ;;
	*) break ;;
	esac
	shift
done
[ -z "$save" ] || [ -d "$(dirname "$save")" ] || die "--save $save: no such folder"
cats=${*:-mmap gup_test compaction migration thp mlock madv_populate ksm}
known=$REPO/tests/mm-selftests-known.txt
bash_static=/bin/bash-static
[ -x "$bash_static" ] || die "$bash_static not found: install bash-static (make deps)"
[ -f /usr/include/sys/capability.h ] || die "libcap headers not found: install libcap-dev (make deps)"
[ -f /usr/include/numa.h ] || die "libnuma headers not found: install libnuma-dev (make deps)"
[ -f "$TREE/Makefile" ] || die "$TREE has no kernel tree: run 'make tree' first"

export SELFTESTS=1 DEBUG= KUNIT= LOCKSTAT=
patched_out=$(out_dir x86_64)
unpatched_out=$patched_out-unpatched
base=$(unpatched_tree)
"$REPO/scripts/build/build.sh" x86_64
OUTDIR=$unpatched_out KSRC= TREE=$base "$REPO/scripts/build/build.sh" x86_64

# The selftests, from the patched tree against its own headers, static so
# that the busybox initramfs can run them.  6.12.117's khugepaged.c uses
# KSFT_SKIP without including kselftest.h: every file gets it included.
st=$BUILD/mm-selftests
rm -rf "$st"
mkdir -p "$st/mm" "$st/build"
kmake x86_64 -s headers >"$st/headers.log" 2>&1 || die "make headers failed (see $st/headers.log)"
make -s -C "$TREE/tools/testing/selftests/mm" -j"$(nproc)" OUTPUT="$st/build" \
	KHDR_INCLUDES="-isystem $patched_out/usr/include" \
	EXTRA_CFLAGS="-static -include $TREE/tools/testing/selftests/kselftest.h" LDFLAGS=-static \
	install INSTALL_PATH="$st/mm" >"$st/build.log" 2>&1 ||
	die "the mm selftests do not build (see $st/build.log)"
[ -x "$st/mm/run_vmtests.sh" ] || die "no run_vmtests.sh in $st/mm (see $st/build.log)"
cp "$bash_static" "$st/mm/bash"
tar -C "$st" -cf "$st/mm-selftests.tar" mm
log "mm selftests: $(find "$st/mm" -maxdepth 1 -type f -perm -u+x | wc -l) programs and scripts, $(du -m "$st/mm-selftests.tar" | cut -f1) MiB"

out=$(run_folder "$out")
numa="-object memory-backend-ram,id=m0,size=1024M -numa node,nodeid=0,cpus=0,memdev=m0
	-object memory-backend-ram,id=m1,size=1024M -numa node,nodeid=1,cpus=1,memdev=m1"
for k in unpatched defaults all; do
	case $k in
	unpatched) o=$unpatched_out set= ;;
	defaults) o=$patched_out set= ;;
	all) o=$patched_out set=0-9 ;;
	esac
	run=$out/$k
	OUTDIR=$o ACCEL=tcg QEMU_EXTRA="$numa" "$REPO/scripts/boot/boot-x86_64.sh" --out "$run" \
		--smp 2 --mem 2G --timeout "${TIMEOUT:-1800}" --file "$st/mm-selftests.tar" -- \
		"mm_selftests.sh /pcp/run/mm-selftests.tar '$cats' $set" ||
		die "$k: the boot failed (exit $?, see $run)"
	grep -E '^(not )?ok [0-9]+ ' "$run/output.txt" >"$out/$k.tap" ||
		die "$k: no TAP lines in $run/output.txt"
	{ grep '^no-page-lost: zone=' "$run/output.txt" || true; } | sed "s/^/$k: /" >>"$out/no-page-lost.txt"
done
run=$out/offline
OUTDIR=$patched_out ACCEL=tcg \
	boot_memory_offline "$run" "${OFFLINE_SECS:-20}" --timeout "${TIMEOUT:-1800}" ||
	die "memory offline: the run failed (exit $?, see $run)"
{ grep -E '^(# [0-9]+ offline/online cycles|no-page-lost: zone=)' "$run/output.txt" || true; } |
	sed 's/^/offline: /' >"$out/offline.txt"

{
	echo "# mm selftests (run_vmtests.sh -t '$cats'), x86_64 QEMU TCG, 2 CPUs on 2 nodes, 2G; $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "# series: $(series_hash "$SERIES_DIR")"
	echo "# code: $(code_hash "$TREE")"
	echo "# unpatched: $(git -C "$base" log --oneline -1)"
	echo "# reproduce: scripts/gates/mm-selftests.sh $cats"
	"$REPO/scripts/report/selftests-compare.py" --known "$known" \
		"$out/unpatched.tap" "$out/defaults.tap" "$out/all.tap" || true
	echo "# after the tests (guest/pcp_no_page_lost.sh; the unpatched kernel cannot tell):"
	cat "$out/no-page-lost.txt"
	echo "# memory offline, every order cached, ${OFFLINE_SECS:-20} s (guest/pcp_memory_offline.sh):"
	cat "$out/offline.txt"
} >"$out/report.txt"
cat "$out/report.txt"
grep -q '^same passes' "$out/report.txt" || die "the pass lists differ (see $out/report.txt)"
[ -z "$save" ] || cp "$out/report.txt" "$save"
log "$out/report.txt${save:+, saved in $save}"
