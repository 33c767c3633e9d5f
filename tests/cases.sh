# SPDX-License-Identifier: GPL-2.0
# The tests of tests/run.sh, in the order they run.  Each is a function
# test_NAME that fails (non-zero) when what it checks does not hold.

# The tiers (tests/run.sh --tier): FAST_TESTS need no kernel tree and run
# in under a minute; CHECK_TESTS are what CI runs (make check), within 60
# minutes on a fresh 2-core machine; ALL_TESTS add the long gates
# (LONG_TESTS), whose last full run is recorded in tests/check-all.txt and
# reported as current or behind by records_status.
HOST_TESTS=(
	runner_self_test
	splat_golden
	stats_unit
	compare_golden
	bench_report_golden
	zoneinfo_drained_golden
	no_page_lost_golden
	list_stats_golden
	strip_positions_unit
	gate_cache_unit
	gate_obj_config_unit
	selftests_compare_golden
	reliability_golden
	tree_other_base
	highorder_report_golden
	fscreate_report_golden
	docs_usage_lines
	quoted_outputs
	make_targets_resolve
	kvm_probe_fallback
	um_xstate_preload
	pcp_stat_golden
	icount_profile_golden
	netperf_golden
)
FAST_TESTS=("${HOST_TESTS[@]}" records_status reliability_current)
KERNEL_TESTS=(
	series_applies
	results_snapshots
	records_list
	export_roundtrip
	tree_unexported_work
	series_cover_letter
	series_checkpatch
	series_kernel_doc
	bad_input
	config_fragments
	uml_build
	uml_smoke
	uml_exit_code
	uml_splat
	uml_pcp_orders_sysctl
	uml_kunit
	uml_pcp_stat_live
	uml_bench_smoke
	x86_64_build
	x86_64_smoke
	make_boot_targets
	x86_64_kunit
	x86_64_pcp_orders_sysctl
	x86_64_pcp_orders_auto
	x86_64_pcp_orders_stress_2cpu
	x86_64_pcp_orders_stress_4cpu
	x86_64_pcp_cpu_hotplug
	x86_64_slowpath_sysctl
	x86_64_sysctl_torture
	x86_64_zonelock_smoke
	x86_64_netperf_icount_smoke
	uml_highorder_pressure
	x86_64_fscreate_pressure
	x86_64_stream_pressure
	series_cross_build
)
# The long tier holds what a fresh 2-core machine with an empty ccache
# cannot also fit in make check's hour (2026-12-07: 75 min 47 s with them
# in it, 50 min 3 s without, docs/check-cold-run.txt): the sanitizer kernel
# (its own build, 1062 s), the main job's smoke run, make deb, the KSRC
# workflow and the gates' broken samples.
LONG_TESTS=(
	x86_64_sanitize
	ksrc_branch
	uml_runner_smoke
	deb_package_small
	gate_sample_kernel_doc
	gate_sample_cross_build
	gate_sample_cross_warning
	x86_64_preempt_rt_stress
	series_bisect_builds
	series_coccicheck
	series_cross_build_each
	series_kunit_cross
	gate_sample_build_break
	gate_sample_kunit_cross
	gate_sample_kunit_recheck
	gate_sample_sparse
	gate_sample_coccicheck
)
CHECK_TESTS=("${FAST_TESTS[@]}" "${KERNEL_TESTS[@]}")
# (every test of the check tier but reliability_current, which compares
# docs/reliability.md with the committed records: the run that writes
# check-all's record changes it, and make records writes the file after it)
ALL_TESTS=("${HOST_TESTS[@]}" records_status "${KERNEL_TESTS[@]}" "${LONG_TESTS[@]}")

TREE_DIR=$REPO/build/linux
BASE_TAG=$(TREE=$TREE_DIR; . "$REPO/scripts/lib.sh"; echo "$BASE_TAG")

# lib.sh's series_count, series_folders, series_patches on a series/ DIR.
series_count() { (. "$REPO/scripts/lib.sh"; series_count "$1"); }
series_folders() { (. "$REPO/scripts/lib.sh"; series_folders "$1"); }
series_patches() { (. "$REPO/scripts/lib.sh"; series_patches "$1"); }

# A copy of series/ whose second series ends in a patch whose context is
# not in 6.12.
broken_series() {
	local d=$1
	mkdir -p "$d"
	cp -r "$REPO"/series/. "$d/"
	cat >"$d/slowpath/9999-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <test@localhost>
Date: Mon, 1 Jan 2024 00:00:00 +0000
Subject: [PATCH] mm: a patch made for another tree

---
 mm/page_alloc.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/mm/page_alloc.c b/mm/page_alloc.c
--- a/mm/page_alloc.c
+++ b/mm/page_alloc.c
@@ -1,3 +1,3 @@
 // SPDX-License-Identifier: GPL-2.0-only
 /*
- *  linux/mm/page_alloc.c as it never was
+ *  linux/mm/page_alloc.c as it will never be
PATCH
	echo 9999-broken.patch >>"$d/slowpath/series"
}

# The runner itself (tests/runner/cases.sh): a must_fail whose command
# succeeds fails its test, so does a failing command on the left of a pipe,
# while a "! command" line does not (why must_fail exists); the summary
# counts them and the exit code is non-zero.
test_runner_self_test() {
	local out rc=0
	out=$(PCP_TEST_CASES=tests/runner/cases.sh PCP_TEST_LOGS=$TEST_TMP \
		tests/run.sh must_fail_passes must_fail_catches negation_pitfall \
		pipe_hides_nothing expect_error_passes expect_error_catches) || rc=$?
	echo "$out"
	[ "$rc" = 1 ]
	grep -q '^ok - must_fail_passes ' <<<"$out"
	grep -q '^not ok - must_fail_catches ' <<<"$out"
	grep -q '^ok - negation_pitfall ' <<<"$out"
	grep -q '^not ok - pipe_hides_nothing ' <<<"$out"
	grep -q '^ok - expect_error_passes ' <<<"$out"
	grep -q '^not ok - expect_error_catches ' <<<"$out"
	[ "$(tail -1 <<<"$out")" = "3 passed, 3 failed" ]
	grep -q "must_fail: 'true' succeeded" "$TEST_TMP/must_fail_catches.log"
	PCP_TEST_CASES=tests/runner/cases.sh PCP_TEST_LOGS=$TEST_TMP \
		tests/run.sh --tier fast --record "$TEST_TMP/record.txt" >/dev/null
	cat "$TEST_TMP/record.txt"
	grep -A1 '^ok - figure_recorded ' "$TEST_TMP/record.txt" | grep -qx '#   3 cycles, 0 pages lost'
	# A recorded run: the record is written after every test, each line
	# with the series it ran on, a failure included.
	local rr=(env PCP_TEST_CASES=tests/runner/cases.sh PCP_TEST_LOGS=$TEST_TMP
		RUNNER_COUNT=$TEST_TMP/count RUNNER_FLAG=$TEST_TMP/flag
		RUNNER_RECORD=$TEST_TMP/all.txt
		tests/run.sh --tier all --record "$TEST_TMP/all.txt")
	local now
	now=$(. scripts/lib.sh; series_hash "$SERIES_DIR" | cut -c1-12)
	must_fail "${rr[@]}" >"$TEST_TMP/part1.out"
	cat "$TEST_TMP/all.txt"
	grep -q "^ok - counted ([0-9]* s) \[series $now\]$" "$TEST_TMP/all.txt"
	grep -q "^not ok - needs_flag ([0-9]* s, exit 1) \[series $now\]$" "$TEST_TMP/all.txt"
	[ "$(tail -1 "$TEST_TMP/all.txt")" = "2 passed, 1 failed" ]
	must_fail grep -q '^# part: ' "$TEST_TMP/all.txt"
	# --resume: what passed on this series is not run again and keeps
	# its line (and figures); the failed test runs again.
	touch "$TEST_TMP/flag"
	out=$("${rr[@]}" --resume)
	echo "$out"
	grep -q "^ok - counted ([0-9]* s) \[series $now\] (passed earlier on this series: not run again)$" <<<"$out"
	[ "$(wc -l <"$TEST_TMP/count")" = 1 ]
	cat "$TEST_TMP/all.txt"
	grep -q '^# resumed: 2 tests passed on this series earlier, not run again$' "$TEST_TMP/all.txt"
	grep -A1 '^ok - figure_recorded ' "$TEST_TMP/all.txt" | grep -qx '#   3 cycles, 0 pages lost'
	[ "$(tail -1 "$TEST_TMP/all.txt")" = "3 passed, 0 failed" ]
	# A record of an earlier series (here: made so by hand) is run again
	# from the start with --resume; stopped after its first test, it
	# holds that test on this series and the others as they were.
	sed -i "s/\[series $now\]/[series 0123456789ab]/" "$TEST_TMP/all.txt"
	RUNNER_SNAP=$TEST_TMP/snap.txt "${rr[@]}" --resume >/dev/null
	cat "$TEST_TMP/snap.txt"
	grep -q '^# part: 1 of 3 tests on this series$' "$TEST_TMP/snap.txt"
	grep -q "^ok - figure_recorded ([0-9]* s) \[series $now\]$" "$TEST_TMP/snap.txt"
	grep -q '^ok - needs_flag ([0-9]* s) \[series 0123456789ab\]$' "$TEST_TMP/snap.txt"
	[ "$(wc -l <"$TEST_TMP/count")" = 2 ]
	must_fail grep -q '^# part: ' "$TEST_TMP/all.txt"
	[ "$(grep -c "\[series $now\]$" "$TEST_TMP/all.txt")" = 3 ]
	# without --resume, everything runs again
	"${rr[@]}" >/dev/null
	[ "$(wc -l <"$TEST_TMP/count")" = 3 ]
	# named tests with --record: their lines are replaced, the others kept
	sed -i "s/\[series $now\]/[series 0123456789ab]/" "$TEST_TMP/all.txt"
	"${rr[@]}" counted >/dev/null
	[ "$(wc -l <"$TEST_TMP/count")" = 4 ]
	cat "$TEST_TMP/all.txt"
	grep -q '^# part: 1 of 3 tests on this series$' "$TEST_TMP/all.txt"
	grep -q "^ok - counted ([0-9]* s) \[series $now\]$" "$TEST_TMP/all.txt"
	grep -q '^ok - needs_flag ([0-9]* s) \[series 0123456789ab\]$' "$TEST_TMP/all.txt"
	grep -A1 '^ok - figure_recorded ' "$TEST_TMP/all.txt" | grep -qx '#   3 cycles, 0 pages lost'
	[ "$(tail -1 "$TEST_TMP/all.txt")" = "3 passed, 0 failed" ]
	expect_error "test 'figure_recorded' is not in the check tier" \
		env PCP_TEST_CASES=tests/runner/cases.sh tests/run.sh --record "$TEST_TMP/all.txt" figure_recorded
	expect_error "--resume needs --record FILE" tests/run.sh --resume
	expect_error "unknown tier 'slow'" tests/run.sh --tier slow
	expect_error "unknown test 'nosuch'" tests/run.sh nosuch
}

# scripts/report/record-status.sh: every committed record is current or
# behind, and says which; a record is never failed for being of older code,
# but one of the current series that failed, that says it is complete and
# lacks a test, or that is missing, fails.  check-all's record is judged
# test by test, each line with the series it ran on.
test_records_status() {
	local t=$TEST_TMP now now12 out x
	local rs=(scripts/report/record-status.sh)
	"${rs[@]}"
	now=$(. scripts/lib.sh; series_hash "$SERIES_DIR")
	now12=${now:0:12}
	# sample_record SERIES12 [HARNESS]: a complete check-all record
	sample_record() {
		printf '# series: %s\n# harness: %s\n# date: 2026-12-02 00:00 UTC\n' "$now" "${2:-$(git rev-parse --short HEAD)}"
		for x in "${ALL_TESTS[@]}"; do echo "ok - $x (1 s) [series $1]"; done
		echo "${#ALL_TESTS[@]} passed, 0 failed"
	}
	sample_record "$now12" >"$t/ca.txt"
	sed "s/^# series: .*/# series: $now/" tests/mm-selftests.txt >"$t/st.txt"
	out=$("${rs[@]}" --kind check-all "$t/ca.txt" --kind mm-selftests "$t/st.txt")
	echo "$out"
	grep -q "ca.txt: current (2026-12-02 00:00 UTC, ${#ALL_TESTS[@]} passed, 0 failed)" <<<"$out"
	grep -q "st.txt: current (same passes on every kernel" <<<"$out"
	# in parts: one test on an earlier series is behind, by its patches
	sed -e "s/^ok - series_coccicheck (1 s) .*/ok - series_coccicheck (1 s) [series 0123456789ab]/" \
		-e '1a # part: 1 of 2' "$t/ca.txt" >"$t/part.txt"
	out=$("${rs[@]}" --kind check-all "$t/part.txt")
	echo "$out"
	grep -q "part.txt: $(( ${#ALL_TESTS[@]} - 1 )) of ${#ALL_TESTS[@]} tests current; 1 behind by an unknown series (0123456789ab" <<<"$out"
	# of an older series altogether: behind
	sed 's/^# series: .*/# series: 0123456789abcdef/' tests/mm-selftests.txt >"$t/old.txt"
	out=$("${rs[@]}" --kind mm-selftests "$t/old.txt")
	echo "$out"
	grep -q 'old.txt: behind by an unknown series' <<<"$out"
	# failed on the current series, or complete but lacking a test its
	# harness had: errors; lacking one added since: behind
	sed 's/^ok - series_coccicheck (1 s)/not ok - series_coccicheck (1 s, exit 1)/' "$t/ca.txt" >"$t/failed.txt"
	expect_error "failed on the current series: series_coccicheck" "${rs[@]}" --kind check-all "$t/failed.txt"
	grep -v '^ok - gate_sample_sparse ' "$t/ca.txt" >"$t/partial.txt"
	expect_error "has no line for gate_sample_sparse, which its harness" "${rs[@]}" --kind check-all "$t/partial.txt"
	# (a harness commit this repository lacks had no such test)
	sample_record "$now12" 0000000 | grep -v '^ok - gate_sample_sparse ' >"$t/added.txt"
	out=$("${rs[@]}" --kind check-all "$t/added.txt")
	echo "$out"
	grep -q "added.txt: $(( ${#ALL_TESTS[@]} - 1 )) of ${#ALL_TESTS[@]} tests current; not in the record (added since): gate_sample_sparse" <<<"$out"
	expect_error "no such file" "${rs[@]}" --kind check-all "$t/missing.txt"
	expect_error "has no '# series:' line" "${rs[@]}" --kind check-all README.md
	sed 's/^same passes on every kernel/passes differ/' "$t/st.txt" >"$t/differ.txt"
	expect_error "does not say 'same passes on every kernel'" "${rs[@]}" --kind mm-selftests "$t/differ.txt"
	grep -v '^offline: ' "$t/st.txt" >"$t/no-offline.txt"
	expect_error "has no memory offline run" "${rs[@]}" --kind mm-selftests "$t/no-offline.txt"
	expect_error "--kind 'nosuch'" "${rs[@]}" --kind nosuch x
	# which patches: a copy of series/ with the code of one patch changed
	# and the changelog of another
	cp -r series "$t/s"
	local p q
	p=$(. scripts/lib.sh; series_patches "$t/s/orders" | sed -n 2p)
	q=$(. scripts/lib.sh; series_patches "$t/s/slowpath" | sed -n 1p)
	sed -i '0,/^+[^+]/s|^+\([^+].*\)$|+\1 /* changed */|' "$t/s/orders/$p"
	sed -i '0,/^Subject: /s/^\(Subject: .*\)$/\1, again/' "$t/s/slowpath/$q"
	out=$(SERIES_DIR=$t/s "${rs[@]}" --kind check-all "$t/ca.txt" --kind mm-selftests "$t/st.txt")
	echo "$out"
	grep -q "ca.txt: 0 of ${#ALL_TESTS[@]} tests current; ${#ALL_TESTS[@]} behind by orders/$p (ran on " <<<"$out"
	grep -q "st.txt: behind by orders/$p (ran on " <<<"$out"
	must_fail grep -q "slowpath/$q" <<<"$out"
	cp series/orders/"$p" "$t/s/orders/"
	out=$(SERIES_DIR=$t/s "${rs[@]}" --kind check-all "$t/ca.txt")
	echo "$out"
	grep -q "ca.txt: 0 of ${#ALL_TESTS[@]} tests current; ${#ALL_TESTS[@]} behind by changelogs only (ran on " <<<"$out"
}

# make tree on a tarball of another 6.12.y (Debian's archive no longer has
# the base): taken with a warning naming both versions, tagged with its own
# version; a tarball that is not 6.12 is refused and makes no tree.
# Tarballs of a few files stand in for linux-source-6.12's.
test_tree_other_base() {
	local t=$TEST_TMP out v
	for v in "12 999" "13 0"; do
		mkdir -p "$t/src-${v% *}/linux-source-6.12/mm"
		printf 'VERSION = 6\nPATCHLEVEL = %s\nSUBLEVEL = %s\n' $v >"$t/src-${v% *}/linux-source-6.12/Makefile"
		echo '// SPDX-License-Identifier: GPL-2.0-only' >"$t/src-${v% *}/linux-source-6.12/mm/page_alloc.c"
		: >"$t/src-${v% *}/linux-source-6.12/.gitignore"
		tar -cJf "$t/6.${v% *}.tar.xz" -C "$t/src-${v% *}" linux-source-6.12
	done
	out=$(TARBALL=$t/6.12.tar.xz TREE=$t/tree scripts/tree/tree.sh 2>&1) && { echo "$out"; return 1; }
	echo "$out"
	grep -q "warning: .*6.12.tar.xz is Linux 6.12.999, the series is made on $(cat BASE_VERSION) (BASE_VERSION)" <<<"$out"
	# past the version check: the patches are tried (and do not apply to
	# a tree of one file)
	grep -q "error: patch orders/.* does not apply to base-6.12.999" <<<"$out"
	[ "$(git -C "$t/tree" config pcp.base-version)" = 6.12.999 ]
	git -C "$t/tree" log -1 --format=%s base-6.12.999 | grep -q '^Linux 6.12.999 '
	expect_error "is Linux 6.13.0, the series is for 6.12.y" env TARBALL="$t/6.13.tar.xz" TREE="$t/tree13" scripts/tree/tree.sh
	must_fail test -e "$t/tree13"
	must_fail test -e "$t/tree13.new"
}

# scripts/report/reliability.py on saved records (tests/reliability/): the
# figure lines of passing tests only (not the log tail of a failed one),
# the selftest counts per kernel, the offline run; bad input.
test_reliability_golden() {
	local d=tests/reliability t=$TEST_TMP
	diff -u $d/expected.txt <(scripts/report/reliability.py $d/check-all.txt $d/mm-selftests.txt)
	expect_error "no such file\|No such file" scripts/report/reliability.py $d/missing.txt $d/mm-selftests.txt
	expect_error "has no '# date:' line" scripts/report/reliability.py $d/mm-selftests.txt $d/mm-selftests.txt
	grep -v '^same passes' $d/mm-selftests.txt >"$t/no-verdict.txt"
	expect_error "no pass/skip/fail table" scripts/report/reliability.py $d/check-all.txt "$t/no-verdict.txt"
	printf '%s\n' "$(sed -n '1,/<!-- reliability/p' docs/reliability.md)" "stale figures" "<!-- end reliability -->" >"$t/reliability.md"
	expect_error "not what the records give now" scripts/report/reliability.py --check "$t/reliability.md"
	expect_error "has no '<!-- reliability" scripts/report/reliability.py --check $d/expected.txt
}

# The reliability figures of docs/reliability.md are what the committed
# records give.
test_reliability_current() {
	scripts/report/reliability.py --check docs/reliability.md
}

# The outputs README.md and docs/ quote are their records' first lines
# (scripts/report/quotes.py); shown failing on a copy with one figure
# changed, on a quote of a record that is not there, and on a quote
# longer than its record; --write puts the record back.
test_quoted_outputs() {
	local t=$TEST_TMP
	scripts/report/quotes.py
	[ "$(grep -c '^<!-- quote: ' docs/workloads.md)" -ge 3 ]
	sed -E '0,/^    pcp_reclaim_retry_success +[0-9]/s/^(    pcp_reclaim_retry_success +.* )([0-9]+)$/\1 9\2/' docs/workloads.md >"$t/changed.md"
	must_fail cmp -s docs/workloads.md "$t/changed.md"
	expect_error "the quote of series/slowpath/fscreate-results.txt differs from it at its line" \
		scripts/report/quotes.py "$t/changed.md"
	scripts/report/quotes.py --write "$t/changed.md"
	cmp docs/workloads.md "$t/changed.md"
	printf '<!-- quote: series/gone.txt -->\n\n    x\n\n<!-- end quote -->\n' >"$t/gone.md"
	expect_error "quotes series/gone.txt: no such file" scripts/report/quotes.py "$t/gone.md"
	{ printf '<!-- quote: BASE_VERSION -->\n\n'; sed 's/^/    /' BASE_VERSION; printf '    one more\n\n<!-- end quote -->\n'; } >"$t/long.md"
	expect_error "the quote of BASE_VERSION has 2 lines, the record 1" scripts/report/quotes.py "$t/long.md"
	expect_error "unknown option '--bogus'" scripts/report/quotes.py --bogus
}

# scripts/report/selftests-compare.py on saved TAP results (tests/selftests/):
# the same passes on three kernels; a test that passes on two kernels and
# fails on the third is named and fails the comparison, unless the known
# file gives its reason; bad input is a one-line error.
test_selftests_compare_golden() {
	local d=tests/selftests t=$TEST_TMP out
	out=$(scripts/report/selftests-compare.py "$d/unpatched.tap" "$d/defaults.tap" "$d/unpatched.tap")
	grep -q '^same passes on every kernel: 4 tests$' <<<"$out"
	grep -qE '^mlock-random-test +FAIL +FAIL +FAIL$' <<<"$out"
	out=$(scripts/report/selftests-compare.py "$d/unpatched.tap" "$d/defaults.tap" "$d/all.tap") && return 1
	[ "$(grep -c '^difference: ' <<<"$out")" = 1 ]
	grep -q '^difference: ksm_tests -M -p 10: passes on unpatched, defaults only$' <<<"$out"
	out=$(scripts/report/selftests-compare.py --known "$d/known.txt" "$d/unpatched.tap" "$d/defaults.tap" "$d/all.tap")
	grep -q '^known difference: ksm_tests -M -p 10: passes on unpatched, defaults only: the golden sample' <<<"$out"
	: >"$t/empty.tap"
	expect_error "empty: no TAP result lines" scripts/report/selftests-compare.py "$d/all.tap" "$t/empty.tap"
	printf 'no tab here\n' >"$t/known.txt"
	expect_error "want 'TEST<TAB>why'" scripts/report/selftests-compare.py --known "$t/known.txt" "$d/all.tap" "$d/all.tap"
	expect_error "No such file" scripts/report/selftests-compare.py "$d/all.tap" "$t/missing.tap"
}

# docs/harness.md gives every script's own usage line; a row that drifts
# from it, or names a script that is gone, fails.
test_docs_usage_lines() {
	local d=$TEST_TMP/harness.md
	tests/docs-usage.py
	sed 's/^| `scripts\/bench\/bench-highorder.sh [^`]*`/| `scripts\/bench\/bench-highorder.sh [ROUNDS] [LOOPS]`/' docs/harness.md >"$d"
	grep -q 'scripts/bench/bench-highorder.sh \[ROUNDS\] \[LOOPS\]`' "$d"
	must_fail tests/docs-usage.py "$d" | tee "$TEST_TMP/out"
	grep -q 'scripts/bench/bench-highorder.sh: want' "$TEST_TMP/out"
	echo '| `scripts/gone.sh` | a step that was removed |' >>"$d"
	must_fail tests/docs-usage.py "$d" | tee "$TEST_TMP/out"
	grep -q 'row for scripts/gone.sh, which does not exist' "$TEST_TMP/out"
}

# make_targets MAKEFILE: every target the Makefile declares (.PHONY) is in
# its `make help`, and `make -n` of each names only harness scripts that
# exist (a target whose script moved fails here, not in a user's hands).
make_targets() {
	local mk=$1 t p bad=0 phony help
	phony=$(sed -n 's/^\.PHONY: //p' "$mk")
	help=$(make -s -f "$mk" help)
	for t in $phony; do
		[ "$t" = help ] && continue
		grep -q "make $t\b" <<<"$help" ||
			{ echo "make help does not list $t"; bad=1; }
		for p in $(make -n -f "$mk" "$t" CMD=true | grep -oE '(scripts|tests)/[A-Za-z0-9_./-]+\.(sh|py)' | sort -u); do
			[ -x "$p" ] || { echo "make $t runs $p, which is not an executable file"; bad=1; }
		done
	done
	return $bad
}

# Every target of make help resolves; shown failing on a Makefile whose
# boot target names a script that is not there, and on one with a target
# that make help leaves out.
test_make_targets_resolve() {
	local mk=$TEST_TMP/Makefile
	make_targets Makefile
	sed 's|scripts/boot/boot-\$\*\.sh|scripts/boot-$*.sh|' Makefile >"$mk"
	must_fail make_targets "$mk" | tee "$TEST_TMP/out"
	grep -q 'make boot-um runs scripts/boot-um.sh, which is not an executable file' "$TEST_TMP/out"
	sed 's/^#   make clean .*$/#/' Makefile >"$mk"
	must_fail make_targets "$mk" | tee "$TEST_TMP/out"
	grep -qx 'make help does not list clean' "$TEST_TMP/out"
}

# make boot-um and make boot-x86_64, as the README gives them: the test
# kernel (built already: the target's build is a no-op) boots and runs
# CMD, whose output is printed; a CMD that fails fails the target.
test_make_boot_targets() {
	make boot-um CMD='smoke.sh' | tee "$TEST_TMP/um.out"
	grep -qE '^# kernel 6\.12\.[0-9]+[^ ]* x86_64$' "$TEST_TMP/um.out"
	grep -q '^1\.\.3$' "$TEST_TMP/um.out"
	must_fail make -s boot-um CMD='exit 3'
	make boot-x86_64 CMD='smoke.sh 2' SMP=2 | tee "$TEST_TMP/x86_64.out"
	grep -q '^ok 1 - 2 CPU(s) online$' "$TEST_TMP/x86_64.out"
}

# scripts/setup/kvm-probe.sh where /dev/kvm is there but a guest does not
# come up under it (a QEMU stand-in that aborts, as QEMU did on
# 2026-12-02): "tcg" and one line saying why, no shell "Aborted" line;
# the answer is cached; it probes with whichever x86_64 kernel is built,
# and says what to build when none is.
test_kvm_probe_fallback() {
	local t=$TEST_TMP out err
	mkdir -p "$t/bin" "$t/build/out/x86_64-debug-kunit/arch/x86/boot" "$t/build/initramfs"
	printf '#!/bin/sh\necho "qemu stand-in: $*" >&2\nkill -ABRT $$\n' >"$t/bin/qemu-system-x86_64"
	chmod +x "$t/bin/qemu-system-x86_64"
	: >"$t/kvm"
	: >"$t/build/initramfs/base.cpio.gz"
	expect_error "no x86_64 kernel is built to probe KVM with: run 'make build-x86_64' first" \
		env BUILD="$t/build" KVM_DEV="$t/kvm" PATH="$t/bin:$PATH" scripts/setup/kvm-probe.sh
	: >"$t/build/out/x86_64-debug-kunit/arch/x86/boot/bzImage"
	out=$(BUILD=$t/build KVM_DEV=$t/kvm PATH=$t/bin:$PATH KVM_PROBE_TIMEOUT=5 \
		scripts/setup/kvm-probe.sh 2>"$t/err")
	err=$(cat "$t/err")
	echo "stdout: $out"; echo "stderr: $err"
	[ "$out" = tcg ]
	[ "$(wc -l <"$t/err")" = 1 ]
	grep -q 'did not boot under KVM within 5 s (qemu: exit 134): using TCG' <<<"$err"
	must_fail grep -qi 'aborted' <<<"$err"
	[ "$(cat "$t"/build/kvm-probe.*)" = tcg ]
	# no /dev/kvm: TCG, nothing probed
	[ "$(BUILD=$t/none KVM_DEV=$t/missing scripts/setup/kvm-probe.sh)" = tcg ]
	must_fail test -e "$t/none"
}

# boot-um.sh's preloaded helper (scripts/boot/um-xstate-preload.c): the
# call 6.12's UML makes to set a process's FP registers
# (tests/um-xstate/setregset.c makes it alone) is taken through the helper
# on any host, and without it fails exactly where the host's XSAVE state is
# larger than UML's buffer (a CPU with AMX: EFAULT), which is what the
# helper is for.
test_um_xstate_preload() {
	local t=$TEST_TMP out rc size
	gcc -O2 -Wall -Wextra -Werror -o "$t/setregset" tests/um-xstate/setregset.c
	(. scripts/lib.sh; um_xstate_preload "$t/preload.so")
	LD_PRELOAD=$t/preload.so "$t/setregset"
	out=$("$t/setregset") && rc=0 || rc=$?
	echo "without the helper: $out (exit $rc)"
	size=$(sed -n 's/.*host XSAVE \([0-9]*\) bytes.*/\1/p' <<<"$out")
	if [ "$size" -gt 2696 ]; then
		[ "$rc" = 1 ]
	else
		[ "$rc" = 0 ]
	fi
}

test_splat_golden() {
	tests/splat-golden.sh
}

# scripts/report/bench-report.py against hand-computed figures: order 0 upstream
# 10,12,14 (mean 12, sd 2), before 20,20,21 (mean 20.33, sd 0.58): the
# difference 8.33 exceeds 1.96 * (2 + 0.58) = 5.05, so 20.33/12 = 1.694 is
# marked; all 11,13,12 (mean 12) gives 1.000, unmarked; order 1 has one
# round per set, so nothing is marked.  Bad input fails.
test_bench_report_golden() {
	diff -u tests/bench/expected.txt <(scripts/report/bench-report.py tests/bench/sample.log upstream before all)
	expect_error "no results for set(s) nosuchset" scripts/report/bench-report.py tests/bench/sample.log upstream nosuchset
	expect_error "No such file" scripts/report/bench-report.py tests/bench/missing.log upstream
}

# scripts/report/icount-profile.py on hand-made QEMU logs (tests/icount-
# profile/): alpha's TB of 3 instructions runs 2 times in the short log, 5
# in the long one, where a retranslation of its address with 1 instruction
# (as -icount cuts a TB at an I/O instruction) runs once: (16 - 6) / 3 =
# 3.3 a pair, which counting the retranslation's runs at the other's size
# would not give; beta (6.0) has two TBs, both listed by --detail.  The
# ranges of the kernel text the profile logs: a run of 6 functions, and an
# error for fewer.  Bad input is a one-line error.
test_icount_profile_golden() {
	local d=tests/icount-profile
	diff -u $d/expected.txt <(scripts/report/icount-profile.py --detail beta $d/System.map 3 \
		x=$d/short.log,$d/long.log y=$d/short.log,$d/short.log)
	[ "$(scripts/report/icount-profile.py ranges $d/System.map $d/functions)" = \
		0xffffffff81000100..0xffffffff810003ff ]
	expect_error "no run of 6 or more functions" \
		scripts/report/icount-profile.py ranges $d/System.map $d/few-functions
	expect_error "PAIRS '0' is not a positive number" \
		scripts/report/icount-profile.py $d/System.map 0 x=$d/short.log,$d/long.log
	expect_error "'x=$d/short.log' is not NAME=SHORT_LOG,LONG_LOG" \
		scripts/report/icount-profile.py $d/System.map 3 x=$d/short.log
	expect_error "no exec lines" \
		scripts/report/icount-profile.py $d/System.map 3 x=$d/short.log,$d/System.map
	expect_error "missing.log: No such file" \
		scripts/report/icount-profile.py $d/System.map 3 x=$d/short.log,$d/missing.log
	expect_error "no text symbols" \
		scripts/report/icount-profile.py $d/functions 3 x=$d/short.log,$d/long.log
}

# guest/netperf_udp.sh on what netperf prints (a stand-in, tests/netperf/):
# send and receive throughput as read; with RATE=icount 8000 * 64 / 51.20
# = 10000 instructions a message (16 times that at 1024 bytes) and 95%
# received, netserver's buffer raised for the run only (RMEM_MAX restored)
# and netperf told so (-S).  No send throughput or bad arguments are
# errors.
test_netperf_golden() {
	local d=tests/netperf t=$TEST_TMP out
	out=$(PATH=$PWD/$d:$PATH CONFIG=c ROUND=3 guest/netperf_udp.sh 1 64)
	echo 212992 >"$t/rmem_max"
	out+=$'\n'$(PATH=$PWD/$d:$PATH RMEM_MAX=$t/rmem_max NETPERF_ARGS=$t/args RATE=icount CONFIG=c ROUND=3 \
		guest/netperf_udp.sh 1 64 1024)
	diff -u $d/expected.txt - <<<"$out"
	[ "$(cat "$t/rmem_max")" = 212992 ]
	grep -q -- '-m 1024 -M 1024 -S 33554432$' "$t/args"
	out=$(PATH=$PWD/$d:$PATH NETPERF_SEND=0 RMEM_MAX=$t/rmem_max RATE=icount guest/netperf_udp.sh 1 64 2>&1) && return 1
	grep -q '^netperf_udp: cannot parse:' <<<"$out"
	[ "$(cat "$t/rmem_max")" = 212992 ]
	out=$(PATH=$PWD/$d:$PATH NETPERF_SEND= guest/netperf_udp.sh 1 64 2>&1) && return 1
	grep -q '^netperf_udp: cannot parse:' <<<"$out"
	out=$(PATH=$PWD/$d:$PATH guest/netperf_udp.sh 0.5 64 2>&1) && return 1
	grep -q '^usage: \[RATE=icount\] netperf_udp.sh SECONDS SIZE' <<<"$out"
}

# guest/pcp_orders_drained.sh on a saved /proc/zoneinfo (tests/zoneinfo):
# DMA32 cpu 0 holds orders 0-4 and 9.
test_zoneinfo_drained_golden() {
	local z=tests/zoneinfo/two-cpus.txt out
	guest/pcp_orders_drained.sh 0-4,9 "$z"
	guest/pcp_orders_drained.sh 0-9 "$z"
	out=$(guest/pcp_orders_drained.sh 0-3,9 "$z") && return 1
	[ "$out" = "Node 0 DMA32 cpu 0: 16 pages of order 4, not in set 0-3,9" ]
	[ "$(guest/pcp_orders_drained.sh 0 "$z" | wc -l)" = 5 ]
	# one CPU's lists only (CPU=N): CPU 1 holds order 0 alone, CPU 0 does not
	CPU=1 guest/pcp_orders_drained.sh 0 "$z"
	out=$(CPU=0 guest/pcp_orders_drained.sh 0-3 "$z") && return 1
	[ "$(wc -l <<<"$out")" = 2 ]
	guest/pcp_orders_drained.sh 0 tests/splat/clean-boot.log && return 1
	[ $? = 3 ]
}

# guest/pcp_no_page_lost.sh on saved /proc/zoneinfo files (ZONEINFO=, no
# settling): the same figures before and after pass; CPU 1 counting one
# page more than its lists hold, or DMA32 with 2000 free pages fewer than
# before (more than the tolerance), fail and are named; bad use is refused.
test_no_page_lost_golden() {
	local z=tests/zoneinfo/two-cpus.txt t=$TEST_TMP out
	# pages migrated since boot: 100 before the workload, 2100 after
	echo "pgmigrate_success 100" >"$t/vmstat.before"
	echo "pgmigrate_success 2100" >"$t/vmstat.after"
	# the stack depot: 10 pools before the workload
	echo "pools: 10" >"$t/depot.before"
	export VMSTAT=$t/vmstat.before STACKDEPOT=$t/depot.before
	ZONEINFO=$z guest/pcp_no_page_lost.sh before "$t/before"
	[ "$(cat "$t/before")" = "$(printf 'Node0:DMA 3840 0 0\nNode0:DMA32 100000 833 0\npgmigrate_success 100\nslab 0\ndepot_pools 10')" ]
	out=$(ZONEINFO=$z guest/pcp_no_page_lost.sh after "$t/before")
	grep -q '^no-page-lost: zone=Node0:DMA32 before=100000+833 now=100000+833 (free+pcp) lost=0 tolerance=64 ok$' <<<"$out"
	sed 's/count: 93$/count: 94/' "$z" >"$t/miscount"
	out=$(ZONEINFO=$t/miscount guest/pcp_no_page_lost.sh after "$t/before") && return 1
	[ "$(grep -c 'Node0:DMA32 cpu 1: count 94, but 93 pages on its lists' <<<"$out")" = 2 ]
	sed 's/pages free     100000/pages free     98000/' "$z" >"$t/lost"
	out=$(ZONEINFO=$t/lost guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q 'zone=Node0:DMA32 .* lost=2000 tolerance=64 FAIL$' <<<"$out"
	ZONEINFO=$t/lost guest/pcp_no_page_lost.sh after "$t/before" 2000
	# 2000 pages moved from DMA32 to DMA (offlining migrates so): each zone
	# alone fails; with TOTAL=1 the zones together pass, and DMA32 passes
	# when 2000 pages were migrated meanwhile; lost for good fails, and
	# so does a zone short by more than the pages migrated
	sed 's/pages free     3840/pages free     5840/' "$t/lost" >"$t/moved"
	out=$(ZONEINFO=$t/moved guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q 'zone=Node0:DMA32 .* lost=2000 tolerance=64 FAIL$' <<<"$out"
	out=$(VMSTAT=$t/vmstat.after ZONEINFO=$t/moved TOTAL=1 guest/pcp_no_page_lost.sh after "$t/before")
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=64+2000 migrated ok$' <<<"$out"
	grep -q '^no-page-lost: zone=all before=104673 now=104673 (free+pcp) lost=0 tolerance=128 ok$' <<<"$out"
	out=$(VMSTAT=$t/vmstat.after ZONEINFO=$t/lost TOTAL=1 guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q '^no-page-lost: zone=all .* lost=2000 tolerance=128 FAIL$' <<<"$out"
	out=$(ZONEINFO=$t/moved TOTAL=1 guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=64+0 migrated FAIL$' <<<"$out"
	# SLAB_GROWTH=1 (KASAN kernels): a zone may also be short by the slab
	# pages the run added (2100 here), not by more (1000)
	printf 'nr_slab_reclaimable 500\nnr_slab_unreclaimable 1600\n' >"$t/vmstat.slab"
	out=$(VMSTAT=$t/vmstat.slab ZONEINFO=$t/lost SLAB_GROWTH=1 guest/pcp_no_page_lost.sh after "$t/before")
	grep -q '^no-page-lost: SLAB_GROWTH=1: slab grew by 2100 pages over the run, the stack depot by 0 pools (0 pages' <<<"$out"
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=2164 ok$' <<<"$out"
	printf 'nr_slab_reclaimable 500\nnr_slab_unreclaimable 500\n' >"$t/vmstat.slab"
	out=$(VMSTAT=$t/vmstat.slab ZONEINFO=$t/lost SLAB_GROWTH=1 guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=1064 FAIL$' <<<"$out"
	# ... and by the stack depot's new pools, four pages each and the one
	# allocated in advance: 1000 slab pages and 234 pools (940 pages) pass
	# with 2000 short, 1000 slab pages and 200 pools (804) do not
	echo "pools: 244" >"$t/depot.after"
	out=$(STACKDEPOT=$t/depot.after VMSTAT=$t/vmstat.slab ZONEINFO=$t/lost SLAB_GROWTH=1 guest/pcp_no_page_lost.sh after "$t/before")
	grep -q 'slab grew by 1000 pages over the run, the stack depot by 234 pools (940 pages with the one in advance)' <<<"$out"
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=2004 ok$' <<<"$out"
	echo "pools: 210" >"$t/depot.after"
	out=$(STACKDEPOT=$t/depot.after VMSTAT=$t/vmstat.slab ZONEINFO=$t/lost SLAB_GROWTH=1 guest/pcp_no_page_lost.sh after "$t/before") && return 1
	grep -q '^no-page-lost: zone=Node0:DMA32 .* lost=2000 tolerance=1868 FAIL$' <<<"$out"
	# the slab pages from the node stats of the same /proc/zoneinfo read
	# where it has them (300 here), /proc/vmstat's (2100) otherwise
	sed '/^Node 0, zone      DMA$/a\  per-node stats\n      nr_slab_reclaimable 100\n      nr_slab_unreclaimable 200' \
		"$z" >"$t/nodestats"
	VMSTAT=$t/vmstat.slab ZONEINFO=$t/nodestats guest/pcp_no_page_lost.sh before "$t/before.nodestats"
	grep -qx 'slab 300' "$t/before.nodestats"
	VMSTAT=$t/vmstat.slab ZONEINFO=$z guest/pcp_no_page_lost.sh before "$t/before.vmstat"
	grep -qx 'slab 1000' "$t/before.vmstat"
	expect_error "no such file" guest/pcp_no_page_lost.sh after "$t/nothing"
	expect_error "not a number" guest/pcp_no_page_lost.sh after "$t/before" -3
	expect_error "usage" guest/pcp_no_page_lost.sh during "$t/before"
}

# guest/pcp_list_stats.sh on made-up statistics folders and a saved
# /proc/zoneinfo: order 0 served 1000 allocations with 20 refills (98%),
# order 4 was freed 50 times outside the set (0%), order 1 did nothing
# (no record); the fullest CPU holds 750 pages over two zones (3000 KiB);
# bad use, a missing snapshot and a kernel without the statistics are
# refused.
test_list_stats_golden() {
	local t=$TEST_TMP o f out rc
	for o in 0 1 4; do
		mkdir -p "$t/pcp/order-$o/stats"
		for f in alloc refill free_not_cached; do echo 100 >"$t/pcp/order-$o/stats/$f"; done
	done
	# CPU 0 holds 10 pages in DMA and 740 in DMA32
	sed '6s/count: 0$/count: 10/' tests/zoneinfo/two-cpus.txt >"$t/zoneinfo"
	export STATS_DIR=$t/pcp ZONEINFO=$t/zoneinfo CONFIG=all ROUND=2
	guest/pcp_list_stats.sh snap "$t/snap"
	[ "$(cat "$t/snap")" = "$(printf '0 100 100 100\n1 100 100 100\n4 100 100 100')" ]
	echo 1100 >"$t/pcp/order-0/stats/alloc"
	echo 120 >"$t/pcp/order-0/stats/refill"
	echo 150 >"$t/pcp/order-4/stats/free_not_cached"
	out=$(guest/pcp_list_stats.sh result page_fault-r "$t/snap")
	[ "$out" = "$(printf '%s\n' \
		'PCP-RESULT bench=pcp-hit-page_fault-r metric=order-0 config=all round=2 value=98.00 better=higher' \
		'PCP-RESULT bench=pcp-hit-page_fault-r metric=order-4 config=all round=2 value=0.00 better=higher' \
		'PCP-RESULT bench=pcp-kib-page_fault-r metric=cpu-max config=all round=2 value=3000 better=lower')" ]
	# the report's samples take them as they take every result record
	[ "$(scripts/report/samples.py --tag um <(printf '%s\n' "$out") | cut -f1,2,5 | paste -sd' ')" = \
		"pcp-hit-page_fault-r@um	order-0	98.0 pcp-hit-page_fault-r@um	order-4	0.0 pcp-kib-page_fault-r@um	cpu-max	3000.0" ]
	expect_error "usage" guest/pcp_list_stats.sh during "$t/snap"
	expect_error "letters, digits" guest/pcp_list_stats.sh result 'a b' "$t/snap"
	rc=0
	out=$(guest/pcp_list_stats.sh result x "$t/nothing" 2>&1) || rc=$?
	[ "$rc" = 1 ]
	grep -q "no such file (run 'snap' first)" <<<"$out"
	rc=0
	out=$(STATS_DIR=$t/none guest/pcp_list_stats.sh snap "$t/snap2" 2>&1) || rc=$?
	[ "$rc" = 3 ]
	grep -q "no per-order statistics in this kernel" <<<"$out"
	# the kernel's peak (orders patch 16): 'snap' restarts it, 'result'
	# reports it in KiB beside the end value
	echo 7 >"$t/pcp/peak"
	guest/pcp_list_stats.sh snap "$t/snap"
	[ "$(cat "$t/pcp/peak")" = 0 ]
	echo 1953 >"$t/pcp/peak"
	[ "$(guest/pcp_list_stats.sh result page_fault-r "$t/snap" | tail -2)" = "$(printf '%s\n' \
		'PCP-RESULT bench=pcp-kib-page_fault-r metric=cpu-max config=all round=2 value=3000 better=lower' \
		'PCP-RESULT bench=pcp-kib-page_fault-r metric=cpu-peak config=all round=2 value=7812 better=lower')" ]
	echo 19x3 >"$t/pcp/peak"
	expect_error "is not a page count" guest/pcp_list_stats.sh result page_fault-r "$t/snap"
	rm "$t/pcp/peak"
	# pcp_stat_pages.sh: blocks << order, summed from MIN_ORDER up
	echo 3 >"$t/pcp/order-0/stats/drain_offline"
	echo 2 >"$t/pcp/order-1/stats/drain_offline"
	echo 5 >"$t/pcp/order-4/stats/drain_offline"
	[ "$(guest/pcp_stat_pages.sh drain_offline)" = 87 ]
	[ "$(guest/pcp_stat_pages.sh drain_offline 1)" = 84 ]
	[ "$(guest/pcp_stat_pages.sh drain_offline 5)" = 0 ]
	expect_error "MIN_ORDER 'x' is not an order" guest/pcp_stat_pages.sh drain_offline x
	expect_error "is not a statistic's name" guest/pcp_stat_pages.sh ../alloc
	expect_error "usage" guest/pcp_stat_pages.sh
	rc=0
	out=$(guest/pcp_stat_pages.sh drain_nothing 2>&1) || rc=$?
	[ "$rc" = 3 ]
	grep -q "no statistic 'drain_nothing'" <<<"$out"
	rc=0
	out=$(STATS_DIR=$t/none guest/pcp_stat_pages.sh drain_offline 2>&1) || rc=$?
	[ "$rc" = 3 ]
	unset STATS_DIR ZONEINFO CONFIG ROUND
}

# scripts/report/fscreate-report.py on the records of a real run of
# bench-fscreate.sh (tests/fscreate/output.txt, 2 rounds of d0 d1 d2):
# the sums, ratios and per-CPU interrupt rows, the settings in the order
# asked; a setting without records and a run missing its livelock record
# are errors.  tests/fscreate-check.py passes the run and names each
# broken promise of a doctored one (a drain with drain=0, more drains than
# retries, more successes than retries, a longest run above the fruitless
# seconds, CAL going down, no direct reclaim at all).
test_fscreate_report_golden() {
	local d=tests/fscreate t=$TEST_TMP
	diff -u $d/expected.txt <(scripts/report/fscreate-report.py $d/output.txt d0 d1 d2)
	scripts/report/fscreate-report.py $d/output.txt d2 d0 >"$t/swapped.txt"
	grep -qE '^drain +2 +0$' "$t/swapped.txt"
	expect_error "no fscreate records for set(s) d9" scripts/report/fscreate-report.py $d/output.txt d0 d9
	grep -v '^livelock: set=d1 round=2 ' $d/output.txt >"$t/no-livelock.txt"
	expect_error "set d1 round 2: no livelock record" scripts/report/fscreate-report.py "$t/no-livelock.txt" d0 d1
	tests/fscreate-check.py $d/output.txt
	sed -E '/^fscreate: set=d0 round=1 /s/pcp_reclaim_drain_pages=0/pcp_reclaim_drain_pages=7/
		/^fscreate: set=d1 round=1 /s/pcp_reclaim_drain=([0-9]+)/pcp_reclaim_drain=100\1/
		/^fscreate: set=d2 round=1 /s/pcp_reclaim_retry_success=([0-9]+)/pcp_reclaim_retry_success=100\1/
		/^livelock: set=d0 round=2 /s/longest_fruitless=[0-9]+/longest_fruitless=999/
		/^interrupts: set=d1 round=2 /s/cal_after=[0-9]+/cal_after=0/' $d/output.txt >"$t/broken.txt"
	must_fail tests/fscreate-check.py "$t/broken.txt" >"$t/check.out"
	cat "$t/check.out"
	grep -q '^fscreate set=d0 round=1: drain=0 but pcp_reclaim_drain_pages=7$' "$t/check.out"
	grep -q '^fscreate set=d1 round=1: more drains (100[0-9]*) than retries' "$t/check.out"
	grep -q '^fscreate set=d2 round=1: more retry successes than retries$' "$t/check.out"
	grep -q '^livelock set=d0 round=2: seconds >= ' "$t/check.out"
	grep -q '^interrupts set=d1 round=2: cal went down on a CPU$' "$t/check.out"
	sed -E 's/allocstall_(dma32|normal)=[0-9]+/allocstall_\1=0/g' $d/output.txt >"$t/calm.txt"
	must_fail tests/fscreate-check.py "$t/calm.txt" >"$t/check.out"
	grep -q '^no run entered direct reclaim' "$t/check.out"
}

# scripts/report/highorder-report.py pools rounds by hand-checked figures: set a,
# order 1: runs {100,200,300,400} (mean 250, sd 129) and {50,150} (mean
# 100, sd 71) pool to count 6, mean 200, sd 130 (130.36; 130.38 from the raw
# values; the inputs are rounded), success 4/6.  tests/highorder-check.py
# passes a consistent run and names each broken promise of a bad one.
test_highorder_report_golden() {
	local d=tests/highorder
	diff -u $d/expected.txt <(scripts/report/highorder-report.py $d/dmesg.txt $d/output.txt a b)
	# per-attempt rounds without progress: worst of the rounds, a p99 at
	# the end of the module's histogram kept as a floor
	diff -u $d/expected-noprogress.txt \
		<(scripts/report/highorder-report.py $d/dmesg-noprogress.txt $d/output.txt a b)
	expect_error "no mode=pressure results for set(s) c" scripts/report/highorder-report.py $d/dmesg.txt $d/output.txt a c
	tests/highorder-check.py $d/output.txt
	# not reached: 3; a broken promise: 1, also when another run reached
	# every path
	local rc=0
	tests/highorder-check.py $d/output-no-early-break.txt || rc=$?
	[ "$rc" = 3 ]
	rc=0
	tests/highorder-check.py $d/output-broken-switches.txt $d/output.txt || rc=$?
	[ "$rc" = 1 ]
	tests/highorder-check.py $d/output-no-early-break.txt $d/output.txt
	[ "$(tests/highorder-check.py $d/output-broken-switches.txt | grep -c 'set=')" = 7 ]
}

# Each series applies to the base on its own branch, one commit per patch,
# in order, and both together on the checked-out branch pcp-series.
test_series_applies() {
	scripts/tree/tree.sh
	local n want have g=(git -C "$TREE_DIR")
	subjects() {
		local p
		for p in $(sed -e 's/#.*//' -e '/^$/d' "series/$1/series"); do
			git mailinfo /dev/null /dev/null <"series/$1/$p" | sed -n 's/^Subject: //p'
		done
	}
	for n in orders slowpath; do
		diff <(subjects $n) <("${g[@]}" log --reverse --format=%s "$BASE_TAG..pcp-$n")
	done
	want=$(series_count series)
	have=$("${g[@]}" rev-list --count "$BASE_TAG..HEAD")
	echo "series: $want patches, pcp-series: $have commits on $BASE_TAG"
	[ "$want" = "$have" ]
	[ "$("${g[@]}" symbolic-ref --short HEAD)" = pcp-series ]
	diff <(for n in $(series_folders series); do subjects "$n"; done) \
	     <("${g[@]}" log --reverse --format=%s "$BASE_TAG..HEAD")
	# On pcp-orders, the combination adds the lines the slowpath series adds
	# to the base, and removes the lines it removes; the joint patches
	# (series/both/) come after, past pcp.combined-base.
	local joint njoint=0
	joint=$("${g[@]}" config pcp.combined-base)
	[ ! -f series/both/series ] || njoint=$(series_patches series/both | wc -l)
	[ "$("${g[@]}" rev-list --count "$joint..HEAD")" = "$njoint" ]
	changed() { "${g[@]}" diff -U0 "$@" | grep -E '^[-+]([^-+]|$)' | sort; }
	diff <(changed "$BASE_TAG" pcp-slowpath) <(changed pcp-orders "$joint")
	# Re-running is incremental: no unpack, no re-apply.
	local out
	out=$(scripts/tree/tree.sh 2>&1)
	echo "$out"
	grep -q 'is up to date' <<<"$out"
}

# The results snapshots the README and docs/ link to: each one is current
# (measured on the series' code, lib.sh code_hash of the tree) or behind,
# and says which (scripts/report/record-status.sh); one that is linked but
# missing fails.
test_results_snapshots() {
	local t=$TEST_TMP out rs=(scripts/report/record-status.sh)
	"${rs[@]}"
	mkdir -p "$t/snap/good" "$t/snap/stale"
	echo "code: $(. scripts/lib.sh; code_hash "$TREE_DIR" pcp-series)" >"$t/snap/good/run-info.txt"
	echo "code: 0123456789abcdef" >"$t/snap/stale/run-info.txt"
	out=$("${rs[@]}" --kind snapshot "$t/snap/good/run-info.txt" --kind snapshot "$t/snap/stale/run-info.txt")
	echo "$out"
	grep -q "snap/good: current (code " <<<"$out"
	grep -q "snap/stale: behind: code 0123456789abcdef, now " <<<"$out"
	expect_error "no such file" "${rs[@]}" --kind snapshot "$t/snap/gone/run-info.txt"
	expect_error "has no code: line" "${rs[@]}" --kind snapshot README.md
}

# make records --list: one line per part, current or behind as
# record-status.sh says, and nothing run; a part it does not know is an
# error.
test_records_list() {
	local out st
	st=$(scripts/report/record-status.sh)
	out=$(scripts/records.sh --list 2>&1)
	echo "$out"
	grep -q '^records: \(current\|behind\): check-all' <<<"$out"
	if grep -qv 'tests/check-all.txt: current' <<<"$(grep 'tests/check-all.txt' <<<"$st")"; then
		grep -q '^records: behind: check-all (tests/check-all.txt)' <<<"$out"
	else
		grep -q '^records: current: check-all$' <<<"$out"
	fi
	must_fail grep -q 'part .*: start' <<<"$out"
	expect_error "unknown part 'nosuch'" scripts/records.sh nosuch
}

# Every patch of both series is checkpatch --strict clean, with no
# exception: a patch that adds a file adds its MAINTAINERS entry too.  The
# series touch mm/, include/, Documentation/, MAINTAINERS and one line of
# drivers/base/cacheinfo.c (orders patch 17 drops its call of
# setup_pcp_cacheinfo(), whose flag no test reads any more).  The
# patches are passed by absolute path: checkpatch checks a relative path
# that `git ls-files` knows as a source file, not as a patch.  checkpatch's
# SPDX check runs Debian's python3 (with python3-ply and python3-git),
# hence the PATH.
test_series_checkpatch() {
	local n p bad=0 outside
	outside=$(grep -h '^+++ b/' series/*/0*.patch |
		grep -v '^+++ b/\(mm\|include\|Documentation\)/\|^+++ b/MAINTAINERS$\|^+++ b/drivers/base/cacheinfo\.c$' || true)
	[ -z "$outside" ] || { echo "files outside mm/, include/, Documentation/, MAINTAINERS, drivers/base/cacheinfo.c: $outside"; return 1; }
	for n in $(series_folders series); do
		for p in $(sed -e 's/#.*//' -e '/^$/d' "series/$n/series"); do
			if ! PATH=/usr/bin:$PATH "$TREE_DIR/scripts/checkpatch.pl" --strict --quiet \
				"$REPO/series/$n/$p"; then
				echo "checkpatch: $n/$p is not clean"
				bad=1
			fi
		done
	done
	# A new file without a MAINTAINERS entry is not clean.
	sed '/^ MAINTAINERS /d; /^diff --git a\/MAINTAINERS/,/^diff --git/{/^diff --git a\/MAINTAINERS/d;/^diff --git/!d}' \
		"$REPO"/series/orders/0003-*.patch >"$TEST_TMP/no-maintainers.patch"
	must_fail env PATH=/usr/bin:$PATH "$TREE_DIR/scripts/checkpatch.pl" --strict --quiet \
		"$TEST_TMP/no-maintainers.patch" | tee "$TEST_TMP/no-maintainers.out"
	grep -q 'does MAINTAINERS need updating' "$TEST_TMP/no-maintainers.out"
	# The gate itself must fail a badly styled patch.
	must_fail env PATH=/usr/bin:$PATH "$TREE_DIR/scripts/checkpatch.pl" --strict --quiet \
		"$REPO/tests/gates/bad-style.patch"
	[ "$bad" = 0 ]
}

# export -> re-create -> export gives identical files, for the series as
# they are and with one more commit on the second one, written by someone
# else: its author stays (an in-body From:), the sender signs off.  The
# sender is the git identity, or PCP_IDENT.
test_export_roundtrip() {
	local tmp=$TEST_TMP c
	local me="Series Sender <sender@localhost>"
	c=$(sed -n '2s/^From: //p' series/orders/0000-cover-letter.patch)
	PCP_IDENT=$c scripts/tree/export.sh --to "$tmp/a"
	if [ "$(cd "$TREE_DIR" && git config pcp.base-version || cat "$REPO/BASE_VERSION")" = "$(cat BASE_VERSION)" ]; then
		diff -r series "$tmp/a"
	else
		echo "the tree is made on another 6.12.y than BASE_VERSION: its export differs from series/ (make rebase)"
	fi
	# A clone with its own branches; the tree's stay as they are.
	git clone -q --shared --no-checkout "$TREE_DIR" "$tmp/clone"
	local g=(git -C "$tmp/clone")
	# (the clone has pcp-series, the tree's checked-out branch, already)
	for b in pcp-orders pcp-slowpath; do "${g[@]}" branch -q -f $b "origin/$b"; done
	"${g[@]}" checkout -q pcp-slowpath
	# where the joint patches start on pcp-series is the tree's to say
	expect_error "has no pcp.combined-base" env PCP_IDENT="$me" TREE="$tmp/clone" scripts/tree/export.sh --to "$tmp/x"
	"${g[@]}" config pcp.combined-base "$(git -C "$TREE_DIR" config pcp.combined-base)"
	echo "round trip" >"$tmp/clone/mm/pcp-roundtrip.txt"
	sed -i '2s/$/ (round trip test)/' "$tmp/clone/mm/vmscan.c"
	"${g[@]}" add mm/pcp-roundtrip.txt mm/vmscan.c
	GIT_AUTHOR_DATE='Mon, 1 Jan 2024 00:00:00 +0000' \
		"${g[@]}" -c user.name=Other -c user.email=other@localhost \
		commit -q -m "mm: round trip test" -m "Body of the round trip test." \
		-m "Signed-off-by: Other <other@localhost>"
	PCP_IDENT=$me TREE=$tmp/clone scripts/tree/export.sh --to "$tmp/b"
	[ "$(series_count "$tmp/b")" = $(( $(series_count series) + 1 )) ]
	local p=$tmp/b/slowpath/0003-mm-round-trip-test.patch
	grep -q "^From: Series Sender <sender@localhost>" "$p"
	grep -q "^From: Other <other@localhost>" "$p"
	[ "$(grep '^Signed-off-by: ' "$p" | paste -sd,)" = "Signed-off-by: Other <other@localhost>,Signed-off-by: $me" ]
	grep -q "^From: $me\$" "$tmp/b/slowpath/0000-cover-letter.patch"
	( . scripts/lib.sh; build_branches "$tmp/clone" "$tmp/b" "$BASE_TAG" )
	[ "$("${g[@]}" rev-list --count "$BASE_TAG..pcp-series")" = "$(series_count "$tmp/b")" ]
	PCP_IDENT=$me TREE=$tmp/clone scripts/tree/export.sh --to "$tmp/c"
	diff -r "$tmp/b" "$tmp/c"
	echo "identical after re-creation: $(cd "$tmp/c" && ls */* | paste -sd' ')"
	expect_error "sender 'nobody' is not 'Name <email>'" env PCP_IDENT=nobody TREE="$tmp/clone" scripts/tree/export.sh --to "$tmp/d"
}

# Work that is not in series/ is never lost: make tree refuses a topic
# branch with commits make export has not taken (FORCE=1 discards them);
# commits on pcp-series are joint patches, which make export takes into
# both/ and make tree also refuses to drop; a pcp-series that lost the
# series under them is refused.
test_tree_unexported_work() {
	local tmp=$TEST_TMP g
	git clone -q --shared --no-checkout "$TREE_DIR" "$tmp/clone"
	g=(git -C "$tmp/clone" -c user.name=Test -c user.email=test@localhost)
	"${g[@]}" config pcp.tarball "$(git -C "$TREE_DIR" config pcp.tarball)"
	TREE=$tmp/clone scripts/tree/tree.sh
	TREE=$tmp/clone scripts/tree/tree.sh 2>&1 | grep -q 'is up to date'
	"${g[@]}" checkout -q pcp-orders
	"${g[@]}" commit -q --allow-empty -m "mm: not exported"
	expect_error "has work that is not in series/ (pcp-orders)" env TREE="$tmp/clone" scripts/tree/tree.sh
	FORCE=1 TREE=$tmp/clone scripts/tree/tree.sh
	[ "$("${g[@]}" symbolic-ref --short HEAD)" = pcp-series ]
	[ -z "$("${g[@]}" log --format=%s --grep "not exported" pcp-orders)" ]
	echo joint >"$tmp/clone/mm/pcp-joint.txt"
	"${g[@]}" add mm/pcp-joint.txt
	"${g[@]}" commit -q -m "mm: on the combination"
	expect_error "has work that is not in series/ (pcp-series)" env TREE="$tmp/clone" scripts/tree/tree.sh
	TREE=$tmp/clone scripts/tree/export.sh --to "$tmp/out"
	[ "$(series_patches "$tmp/out/both" | sed -n '$p')" = "$(ls "$tmp/out/both" | grep -- '-mm-on-the-combination.patch$')" ]
	grep -q '^+joint$' "$tmp/out/both/"*-mm-on-the-combination.patch
	"${g[@]}" reset -q --hard "$BASE_TAG"
	expect_error "no longer contains pcp.combined-base" env TREE="$tmp/clone" scripts/tree/export.sh --to "$tmp/out2"
	[ ! -e "$tmp/out2" ]
}

# The cover letter is what make export writes now; the benchmark table it
# quotes may be behind (measured on earlier code: a warning naming that
# code, never a failure).  An edited cover letter fails.
test_series_cover_letter() {
	local tmp
	tmp=$TEST_TMP
	scripts/tree/export.sh --check
	grep -q '^base-commit: ' series/orders/0000-cover-letter.patch
	grep -q '^base-commit: ' series/slowpath/0000-cover-letter.patch
	grep -qE '^single +4 ' series/orders/0000-cover-letter.patch
	grep -qE '^ 9 :: Success ' series/slowpath/0000-cover-letter.patch
	cp -r series "$tmp/s"
	sed -i 's/^base-version: .*/base-version: 0.0/' "$tmp/s/slowpath/0000-cover-letter.patch"
	expect_error "the series folder is stale" env SERIES_DIR="$tmp/s" scripts/tree/export.sh --check
	cp series/slowpath/0000-cover-letter.patch "$tmp/s/slowpath/"
	SERIES_DIR="$tmp/s" scripts/tree/export.sh --check
	sed -i 's/^# code: .*/# code: 0123456789abcdef/' "$tmp/s/orders/bench-results.txt"
	local out
	out=$(env SERIES_DIR="$tmp/s" scripts/tree/export.sh --check 2>&1)
	echo "$out"
	grep -q "warning: .*orders/bench-results.txt is behind: measured on code 0123456789abcdef" <<<"$out"
}

# Each bad input is a one-line error, non-zero exit, and leaves nothing
# behind that breaks the next run.
test_bad_input() {
	local tmp
	tmp=$TEST_TMP
	expect_error "unknown target 'sparc'" scripts/build/build.sh sparc
	expect_error "'6.13.1-1' is not a Debian version of Linux 6.12.y" scripts/tree/rebase.sh 6.13.1-1
	expect_error "apt has no linux-source-6.12=6.12.999-1~deb12u1" scripts/tree/rebase.sh 6.12.999-1~deb12u1
	expect_error "unknown option '--now'" scripts/tree/rebase.sh --now
	expect_error "ROUNDS '0' is not a positive number" scripts/bench/bench-unpatched.sh 0
	expect_error "BASE_REF 'nosuch': no such commit" env BASE_REF=nosuch scripts/bench/bench-unpatched.sh 1
	expect_error "ORDERS '4+' is not an order list" env ORDERS=4+ scripts/bench/bench-unpatched.sh 1
	expect_error "unknown target 'sparc'" scripts/bench/bench-unpatched.sh --arch sparc 1
	expect_error "unknown target 'sparc'" scripts/bench/bench-highorder.sh --arch sparc 1
	expect_error "PIN_MIB '32M' is not a number of MiB" env PIN_MIB=32M scripts/bench/bench-highorder.sh --arch um 1
	expect_error "NODES '2' must divide SMP (3) CPUs" env SMP=3 NODES=2 scripts/bench/bench-highorder.sh 1
	expect_error "unknown option '--arch'" scripts/bench/bench-stream.sh --arch um 1
	expect_error "WRITE_BPS '4M' is not a number of bytes per second" env WRITE_BPS=4M scripts/bench/bench-stream.sh 1
	expect_error "unknown target 'ppc'" scripts/run.sh --arch ppc
	expect_error "--preset '$tmp/none.conf': no such file" scripts/run.sh --preset "$tmp/none.conf"
	printf 'ARCHES=um\n' >"$tmp/short.conf"
	expect_error "short.conf does not set ROUNDS" scripts/run.sh --preset "$tmp/short.conf"
	sed 's/^ROUNDS=.*/ROUNDS=five/' bench/presets/quick.conf >"$tmp/bad.conf"
	expect_error "ROUNDS 'five' is not a number" scripts/run.sh --preset "$tmp/bad.conf"
	expect_error "NI_ROUNDS 'x' is not a number" env NI_ROUNDS=x scripts/run.sh --quick
	expect_error "ROUNDS 'x' is not a positive number" scripts/bench/bench-icount.sh x
	expect_error "ORDERS 'all' is not an order list" env ORDERS=all scripts/bench/bench-icount.sh 1
	expect_error "SETS: 'b=x' is not NAME=ORDERS" env SETS="a=0 b=x" scripts/bench/bench-icount.sh 1
	expect_error "MODES 'mixed,x' is not a list of single" env MODES=mixed,x scripts/bench/bench-icount.sh 1
	expect_error "MIX_ORDER '11' is not an order from 0 to 10" env MIX_ORDER=11 scripts/bench/bench-icount.sh 1
	expect_error "OUTSTANDING '0' is not a positive number" env OUTSTANDING=0 scripts/bench/bench-icount.sh 1
	expect_error "LOOPS '0' is not a positive number" scripts/bench/icount-profile.sh 0
	expect_error "ORDER '11' is not an order from 0 to 10" env ORDER=11 scripts/bench/icount-profile.sh
	expect_error "MODE 'cross' is not batch or single" env MODE=cross scripts/bench/icount-profile.sh
	expect_error "CMD has no @LOOPS@" env CMD='pcp-faultbench 1 16 8' scripts/bench/icount-profile.sh
	expect_error "PER 'x' is not a positive number" env PER=x scripts/bench/icount-profile.sh
	expect_error "SETS: 'all' is not NAME=ORDERS" env SETS=all scripts/bench/icount-profile.sh
	expect_error "unknown option '--arch'" scripts/bench/icount-profile.sh --arch um
	expect_error "SECONDS '0.5' is not a positive number of seconds" scripts/bench/bench-netperf-icount.sh 1 0.5
	expect_error "SIZES '64 x' is not a list of message sizes" env SIZES='64 x' scripts/bench/bench-netperf-icount.sh 1
	expect_error "SETS: 'b=x' is not NAME=ORDERS" env SETS="a=0 b=x" scripts/bench/bench-netperf-icount.sh 1
	expect_error "unknown option '--arch'" scripts/bench/bench-netperf-icount.sh --arch um
	expect_error "netperf runs in the UML guest only" env NETPERF_SIZES=64 scripts/bench/bench-unpatched.sh --arch x86_64 1
	expect_error "SMP '1': the cross mode needs at least 2 CPUs" env SMP=1 scripts/bench/bench-zonelock.sh
	expect_error "SMP '1': the allcpu mode needs at least 2 CPUs" env SMP=1 MODES=allcpu scripts/bench/bench-zonelock.sh
	expect_error "MODES: unknown mode 'pressure' (cross, allcpu, batch, single)" env MODES=pressure scripts/bench/bench-zonelock.sh
	expect_error "MODES is empty" env MODES= scripts/bench/bench-zonelock.sh
	expect_error "OUTSTANDING '0': not a number of blocks" env OUTSTANDING=0 scripts/bench/bench-zonelock.sh
	expect_error "LOOPS 100 is not a multiple of OUTSTANDING 64" scripts/bench/bench-zonelock.sh 1 100
	expect_error "FAULT_PROCS 'x': not a number of processes" env FAULT_PROCS=x scripts/bench/bench-zonelock.sh
	expect_error "SMP '1' must be a number of CPUs, at least 2" env SMP=1 scripts/bench/bench-fscreate.sh
	expect_error "SETS: 'd1=on' is not NAME=DRAIN" env SETS="d0=0 d1=on" scripts/bench/bench-fscreate.sh
	expect_error "FILES 'many' is not a positive number" scripts/bench/bench-fscreate.sh 1 many
	expect_error "MEM '1G' must be in MiB" env MEM=1G scripts/bench/bench-fscreate.sh
	expect_error "unknown option '--arch'" scripts/bench/bench-fscreate.sh --arch um
	expect_error "unknown target 'ppc'" scripts/build/config.sh ppc
	expect_error "no target given" scripts/build/build.sh
	expect_error "unknown option '--bogus'" scripts/boot/boot-um.sh --bogus true
	expect_error "--smp 'two'" scripts/boot/boot-x86_64.sh --smp two true
	expect_error "unknown option '--frobnicate'" scripts/tree/tree.sh --frobnicate
	must_fail make -s frobnicate 2>"$tmp/make.err"
	grep "No rule to make target 'frobnicate'" "$tmp/make.err"
	expect_error "KSRC=$tmp/missing: no such directory" env KSRC="$tmp/missing" scripts/tree/tree.sh
	mkdir -p "$tmp/old"
	printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 99\n' >"$tmp/old/Makefile"
	git -C "$tmp/old" init -q
	expect_error "is Linux 6.1.99, the series is for 6.12.y" env KSRC="$tmp/old" scripts/tree/tree.sh
	expect_error "is not a git tree" env KSRC=/ scripts/tree/tree.sh
	broken_series "$tmp/broken"
	expect_error "patch slowpath/9999-broken.patch does not apply" env SERIES_DIR="$tmp/broken" scripts/tree/tree.sh
	# The tree is left on the base, and the next run applies the real series.
	[ "$(git -C "$TREE_DIR" rev-parse HEAD)" = "$(git -C "$TREE_DIR" rev-parse "$BASE_TAG")" ]
	[ -z "$(git -C "$TREE_DIR" status --porcelain --untracked-files=no)" ]
	scripts/tree/tree.sh
	[ "$(git -C "$TREE_DIR" rev-list --count "$BASE_TAG..HEAD")" = "$(series_count series)" ]
	expect_error "not built" env OUTDIR="$tmp/nothing" scripts/boot/boot-um.sh true
	# --out: a folder holding something else is refused before any work
	# and left as it was; a missing folder name is an error.
	mkdir -p "$tmp/notarun"
	echo "someone's file" >"$tmp/notarun/file"
	for s in boot/boot-um.sh boot/boot-x86_64.sh bench/bench-uml.sh bench/bench-icount.sh \
		bench/icount-profile.sh bench/bench-netperf-icount.sh bench/bench-zonelock.sh bench/bench-highorder.sh bench/bench-unpatched.sh \
		bench/bench-fscreate.sh run.sh; do
		expect_error "--out $tmp/notarun: a folder that is not empty and holds no run" \
			scripts/$s --out "$tmp/notarun" $([ $s = run.sh ] || echo true)
		expect_error "--out needs a folder" scripts/$s --out
	done
	[ "$(ls -A "$tmp/notarun")" = file ]
}

# KSRC=: the series goes onto a new branch of the user's tree; the user's
# branch, index and uncommitted edits stay as they were.
test_ksrc_branch() {
	local tmp user u before
	tmp=$TEST_TMP
	user=$tmp/linux
	trap 'rm -rf "$REPO/build/ksrc"' EXIT
	git clone -q --shared --branch "$BASE_TAG" "$TREE_DIR" "$user" 2>/dev/null
	u=(git -C "$user" -c user.name=U -c user.email=u@localhost)
	"${u[@]}" checkout -q -b user-work
	echo "user's own work" >>"$user/README"
	before=$("${u[@]}" rev-parse HEAD)
	KSRC=$user PCP_BRANCH=pcp-test scripts/tree/tree.sh
	[ "$("${u[@]}" rev-list --count "$before..pcp-test")" = "$(series_count series)" ]
	[ "$("${u[@]}" symbolic-ref --short HEAD)" = user-work ]
	[ "$("${u[@]}" rev-parse HEAD)" = "$before" ]
	grep -q '^ M README' <<<"$("${u[@]}" status --porcelain)"
	expect_error "already has a branch 'pcp-test'" env KSRC="$user" PCP_BRANCH=pcp-test scripts/tree/tree.sh
	broken_series "$tmp/broken"
	expect_error "does not apply" env KSRC="$user" PCP_BRANCH=pcp-broken SERIES_DIR="$tmp/broken" scripts/tree/tree.sh
	must_fail "${u[@]}" rev-parse -q --verify refs/heads/pcp-broken
	[ ! -e "$REPO/build/ksrc" ]
	# Another 6.12.y is a warning, not an error.
	mkdir -p "$tmp/other"
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 1\n' >"$tmp/other/Makefile"
	git -C "$tmp/other" init -q
	git -C "$tmp/other" -c user.name=U -c user.email=u@localhost commit -q --allow-empty -m init
	KSRC=$tmp/other PCP_BRANCH=pcp-warn scripts/tree/tree.sh 2>&1 | tee "$tmp/warn.log" || true
	grep -q "warning: KSRC is Linux 6.12.1" "$tmp/warn.log"
}

# Fragments merge in order (a later one overrides an earlier one) and an
# option that does not survive olddefconfig is reported.
test_config_fragments() {
	local tmp
	tmp=$TEST_TMP
	printf 'CONFIG_PCP_HARNESS_NO_SUCH_OPTION=y\n# CONFIG_HOSTFS is not set\n' >"$tmp/extra.config"
	OUTDIR=$tmp/out EXTRA_CONFIG=$tmp/extra.config scripts/build/config.sh um 2>&1 | tee "$tmp/log"
	grep -q 'extra.config: CONFIG_PCP_HARNESS_NO_SUCH_OPTION=y did not survive olddefconfig' "$tmp/log"
	grep -q '^# CONFIG_HOSTFS is not set' "$tmp/out/.config"
	must_fail grep -q 'CONFIG_HOSTFS' "$tmp/log"
	expect_error "did not survive" env STRICT_CONFIG=1 OUTDIR="$tmp/out" EXTRA_CONFIG="$tmp/extra.config" scripts/build/config.sh um
	STRICT_CONFIG=1 OUTDIR=$tmp/out scripts/build/config.sh um
	grep -q '^CONFIG_HOSTFS=y' "$tmp/out/.config"
}

test_uml_build() {
	STRICT_CONFIG=1 scripts/build/build.sh um
}

test_uml_smoke() {
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- smoke.sh
	cat "$TEST_RUN/console.log"
	grep -q 'Linux version 6\.12\.' "$TEST_RUN/dmesg.txt"
}

test_uml_exit_code() {
	local rc=0
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- 'exit 7' || rc=$?
	echo "exit $rc"
	[ "$rc" = 7 ]
}

# A splat fails the run even though the command exits 0.
test_uml_splat() {
	local rc=0
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- 'echo "<4>WARNING: CPU: 0 PID: 1 at harness/injected.c:1 injected_by_test" >/dev/kmsg; exit 0' || rc=$?
	echo "exit $rc"
	[ "$rc" = 100 ]
	grep -q injected_by_test "$TEST_RUN/dmesg.txt"
}

test_x86_64_build() {
	STRICT_CONFIG=1 scripts/build/build.sh x86_64
}

test_x86_64_smoke() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- smoke.sh 2
	local rc=0
	cat "$TEST_RUN/console.log"
	grep -q 'Linux version 6\.12\.' "$TEST_RUN/dmesg.txt"
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- 'exit 3' || rc=$?
	[ "$rc" = 3 ]
}

# vm.percpu_pagelist_orders: valid values read back, 20+ malformed ones
# return EINVAL and change nothing.
test_uml_pcp_orders_sysctl() {
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- pcp_orders_sysctl.sh
	cat "$TEST_RUN/output.txt"
}

test_x86_64_pcp_orders_sysctl() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- pcp_orders_sysctl.sh
	cat "$TEST_RUN/output.txt"
}

# vm.percpu_pagelist_orders=auto (orders patch 15): guest/pcp_orders_auto.sh
# on 2 CPUs (the set follows the 64K size and the top-level setting, the
# order-4 pages drained when the size goes off, the read-back value taken,
# malformed values refused); then from boot, with thp_anon= enabling the
# 64K size, and a malformed boot value: the default set, and the log says
# why.
test_x86_64_pcp_orders_auto() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN/sysfs" --smp 2 -- pcp_orders_auto.sh
	cat "$TEST_RUN/sysfs/output.txt"
	grep -qE '^ok [0-9]+ - order-4 lists filled: [1-9][0-9]* pages$' "$TEST_RUN/sysfs/output.txt"
	grep -qx '1\.\.22' "$TEST_RUN/sysfs/output.txt"
	APPEND="percpu_pagelist_orders=auto thp_anon=64K:always" \
		scripts/boot/boot-x86_64.sh --out "$TEST_RUN/boot" -- cat /proc/sys/vm/percpu_pagelist_orders
	grep -qx 'auto (0-4,9)' "$TEST_RUN/boot/output.txt"
	APPEND="percpu_pagelist_orders=autox" \
		scripts/boot/boot-x86_64.sh --out "$TEST_RUN/bad" -- cat /proc/sys/vm/percpu_pagelist_orders
	grep -qx '0-3,9' "$TEST_RUN/bad/output.txt"
	grep -q 'percpu_pagelist_orders="autox" is invalid: "auto", or a list of orders with order 0 in it; only orders' "$TEST_RUN/bad/dmesg.txt"
}

# Set changes every few ms while every CPU faults 4K..2M folios: no splat.
# After every write, /proc/zoneinfo must show no page of a removed order.
stress_x86_64() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" "$@" --timeout 120 -- pcp_orders_stress.sh 8
	cat "$TEST_RUN/output.txt"
	grep -q ' [1-9][0-9]* checked in /proc/zoneinfo' "$TEST_RUN/output.txt"
	no_page_lost "$TEST_RUN/output.txt"
	figures "$TEST_RUN/output.txt" "stress, $(grep -m1 -oE '^# [0-9]+ CPUs' "$TEST_RUN/output.txt" | cut -c3-)"
}

# figures OUTPUT LABEL: what a stress or hotplug run did, as a "figure:"
# line that tests/run.sh --record keeps under the test: set changes,
# hotplug cycles, MiB faulted by the workers, pages short per zone after
# it (pcp_no_page_lost.sh; what the workload left in slab and page
# tables, within the stated tolerance), and the splats splat-check.py
# finds in the boot's dmesg.txt beside OUTPUT.
figures() {
	local sets cycles mib lost splats
	splats=$(scripts/report/splat-check.py "$(dirname "$1")/dmesg.txt" | grep -c '^splat:' || true)
	sets=$(sed -n 's/^# \([0-9]*\) set changes.*/\1/p' "$1")
	cycles=$(sed -n 's/^# \([0-9]*\) hotplug cycles.*/\1/p' "$1")
	mib=$(awk '/^pcp-fault: / { s += $4 } END { print s + 0 }' "$1")
	lost=$(sed -n 's/^no-page-lost: zone=\([^ ]*\) .* lost=\(-*[0-9]*\) .*/\1 \2/p' "$1" |
		paste -sd, | sed 's/,/, /g')
	echo "figure: $2: ${sets:-0} set changes, ${cycles:-0} hotplug cycles, $mib MiB faulted; pages short per zone: ${lost:-?}; $splats splats"
}

# strip_positions (scripts/gates/gate-lib.sh), which lets the gates
# compare a diagnostic at the base with the same one at the tip: the
# worktree path, "file:line:col:" and the line numbers a message names go
# (a patch that moves code down the file adds no report: coccinelle's
# "preceding lock on line 736" was 730 at the base), the text stays.
test_strip_positions_unit() {
	local out want
	out=$(BUILD=/w; . scripts/gates/gate-lib.sh
		printf '%s\n' "/w/bisect/mm/vmscan.c:741:1-7: preceding lock on line 736" \
			"mm/vmscan.c:12:3: warning: unused variable 'x' [-Wunused-variable]" \
			"mm/a.c:5: lines 10-12 of 3 lined up" | strip_positions)
	want="mm/vmscan.c: preceding lock on line N
mm/vmscan.c: warning: unused variable 'x' [-Wunused-variable]
mm/a.c: lines N of 3 lined up"
	echo "$out"
	[ "$out" = "$want" ]
}

# gate_cached (scripts/gates/gate-lib.sh) reads back what it computed on
# the same tree and key, computes again on another tree or key, and keeps
# nothing of a check that failed.
# gate-lib.sh obj_in_config: which touched objects a config builds, from
# the kbuild line that names each (a made-up mm/Makefile): obj-y and a
# composite's list always, "+=" under a CONFIG_ symbol only when it is y
# or m, a continued line read whole, a name it cannot find built.
test_gate_obj_config_unit() {
	local t=$TEST_TMP o want got
	mkdir -p "$t/src/mm"
	cat >"$t/src/mm/Makefile" <<'EOS'
obj-y			:= filemap.o mempool.o \
			   vmscan.o vmstat.o
page-alloc-y := page_alloc.o
obj-$(CONFIG_TRANSPARENT_HUGEPAGE) += huge_memory.o khugepaged.o
obj-$(CONFIG_MEMORY_FAILURE) += memory-failure.o
obj-$(CONFIG_ZSMALLOC)	+= zsmalloc.o
EOS
	printf 'CONFIG_MMU=y\n# CONFIG_TRANSPARENT_HUGEPAGE is not set\nCONFIG_MEMORY_FAILURE=y\nCONFIG_ZSMALLOC=m\n' >"$t/config"
	for o in vmstat.o:yes vmscan.o:yes page_alloc.o:yes huge_memory.o:no khugepaged.o:no \
		memory-failure.o:yes zsmalloc.o:yes unknown.o:yes; do
		want=${o#*:} o=${o%:*}
		got=no
		(. scripts/lib.sh; . scripts/gates/gate-lib.sh; obj_in_config "$t/src" "$t/config" "mm/$o") && got=yes
		echo "mm/$o: $got"
		[ "$got" = "$want" ]
	done
	# THP on: built
	echo CONFIG_TRANSPARENT_HUGEPAGE=y >>"$t/config"
	(. scripts/lib.sh; . scripts/gates/gate-lib.sh; obj_in_config "$t/src" "$t/config" mm/huge_memory.o)
}

test_gate_cache_unit() {
	local t=$TEST_TMP out
	git init -q "$t/tree"
	for v in a b; do
		echo $v >"$t/tree/f"
		git -C "$t/tree" add f
		git -C "$t/tree" -c user.name=Test -c user.email=test@localhost commit -qm $v
	done
	cat >"$t/gate.sh" <<'EOS'
. "$1/scripts/lib.sh"
. "$1/scripts/gates/gate-lib.sh"
shift
counted() { echo run >>"$BUILD/runs"; echo "out $*"; }
failing() { echo run >>"$BUILD/runs"; echo partial; return 3; }
gate_cached "$@"
EOS
	cached() { TREE=$t/tree BUILD=$t/build bash "$t/gate.sh" "$REPO" "$@"; }
	runs() { [ "$(wc -l <"$t/build/runs")" = "$1" ] || { echo "ran $(wc -l <"$t/build/runs") times, expected $1"; return 1; }; }
	out=$(cached t HEAD k1 -- counted x)
	[ "$out" = "out x" ] && runs 1
	out=$(cached t HEAD k1 -- counted x 2>"$t/err")
	[ "$out" = "out x" ] && runs 1
	cat "$t/err"
	grep -q 'checked before on this tree, read back' "$t/err"
	cached t HEAD~1 k1 -- counted x >/dev/null && runs 2
	cached t HEAD k2 -- counted x >/dev/null && runs 3
	must_fail cached t HEAD k3 -- failing
	must_fail cached t HEAD k3 -- failing
	runs 5
	must_fail grep -rq partial "$t/build/cache"
	expect_error "no command after --" cached t HEAD k1
}

# no_page_lost OUTPUT: guest/pcp_no_page_lost.sh ran after the workload and
# found every count right and no zone short.
no_page_lost() {
	grep -qE '^no-page-lost: [1-9][0-9]* per-CPU counts checked against their lists; ok$' "$1"
	grep '^no-page-lost: zone=' "$1"
}

test_x86_64_pcp_orders_stress_2cpu() {
	stress_x86_64 --smp 2
}

test_x86_64_pcp_orders_stress_4cpu() {
	stress_x86_64 --smp 4 --mem 1G
}

# The same with CPUs 1-3 going offline and online in a loop (issue 12):
# no splat, hotplug cycles done, nothing outside the set afterwards, and
# CPU 1, taken down holding mTHP/THP pages, comes back holding none; the
# pages the CPUs held when they went down count as drain_cpu_dead.
test_x86_64_pcp_cpu_hotplug() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 4 --mem 1G --timeout 180 -- \
		pcp_orders_stress.sh --hotplug 8
	cat "$TEST_RUN/output.txt"
	grep -q ' [1-9][0-9]* checked in /proc/zoneinfo' "$TEST_RUN/output.txt"
	grep -qE '^# [1-9][0-9]* hotplug cycles of CPUs 1-3' "$TEST_RUN/output.txt"
	# the check after the CPU came back was not vacuous
	grep -qE '^# CPU 1: [1-9][0-9]* pages of orders 4 and up on its lists before it went down, 0 when' \
		"$TEST_RUN/output.txt"
	# and the lists of the CPUs that went down counted as drain_cpu_dead
	grep -qE '^# drain_cpu_dead: [1-9][0-9]* pages over the hotplug cycles$' "$TEST_RUN/output.txt"
	no_page_lost "$TEST_RUN/output.txt"
	figures "$TEST_RUN/output.txt" "CPU hotplug under load, 4 CPUs"
}

# The two slowpath switches: defaults, valid values, EINVAL with the value
# unchanged, the counters in /proc/vmstat.
# The four sysctls of the series from a C program (pcp-sysctl-torture):
# at least 30 malformed values each (NULs inside included) fail with
# EINVAL and change nothing, a value split over two writes is never joined,
# reads in pieces and after lseek() give the bytes of a whole read, two
# writers racing for 5 s per sysctl leave every read a written value; and
# no page lost across it.
test_x86_64_sysctl_torture() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- sysctl_torture.sh 5
	cat "$TEST_RUN/output.txt"
	grep -qE '^pcp-sysctl-torture: [0-9]+ cases tried, 0 bad$' "$TEST_RUN/output.txt"
	# every sysctl there, none skipped
	[ "$(grep -cE '^ok [0-9]+ - [a-z_]+: [0-9]+ malformed values tried, 0 bad$' "$TEST_RUN/output.txt")" = 4 ]
	no_page_lost "$TEST_RUN/output.txt"
	echo "figure: sysctl torture, 2 CPUs: $(sed -nE 's/^pcp-sysctl-torture: //p' "$TEST_RUN/output.txt"); $(grep -oE 'two writers for [0-9]+ s: [0-9]+ reads' "$TEST_RUN/output.txt" | awk '{ s += $6 } END { print s }') racing reads"
}

test_x86_64_slowpath_sysctl() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- slowpath_sysctl.sh
	must_fail grep -q '^not ok' "$TEST_RUN/output.txt"
}

# High-order allocations under pressure with every setting of the two
# switches (one round, UML: 256M, orders 2, 4, 6, 9, 95% of memory each):
# the run ends (the bounded fallback terminates), no splat, each setting
# keeps its promises and the pressure reaches the drain and the early
# break (tests/highorder-check.py).
#
# The early break is decided only by rounds of reclaim for compaction
# that scan pages and reclaim none.  From clean page cache and anonymous
# memory without swap such rounds came only when reclaim happened to
# meet mapped pages (none in three rounds in CI on 2026-12-03), so 8 MiB
# of the disk's page cache is held in pipes (PIN_MIB, guest/src/pcp-pin.c):
# pages reclaim scans and cannot free, met whenever reclaim passes them.
# Should a round still reach neither path, with every promise kept,
# another runs, at most three.  A broken promise fails at once.  The rule
# itself is tested exactly by the reclaim_compaction KUnit suite.
test_uml_highorder_pressure() {
	local i rc outs=()
	for i in 1 2 3; do
		PIN_MIB=8 MEM=256M ORDERS="2 4 6 9" TIMEOUT=600 \
			scripts/bench/bench-highorder.sh --out "$TEST_RUN/round-$i" --arch um 1 95
		no_page_lost "$TEST_RUN/round-$i/output.txt"
		# the joint patch: the statistics' reclaim drains are vmstat's
		grep -qE '^highorder_pressure: drain_reclaim [0-9]+ pages, pcp_reclaim_drain_pages [0-9]+$' \
			"$TEST_RUN/round-$i/output.txt"
		outs+=("$TEST_RUN/round-$i/output.txt")
		rc=0
		tests/highorder-check.py "${outs[@]}" || rc=$?
		[ "$rc" = 3 ] || return "$rc"
		echo "round $i: paths not reached yet, another round"
	done
	return 1
}

# The series' KUnit suites (pcp_orders, reclaim_compaction), run at boot:
# every case of each passes (UML: 1 CPU, no
# THP; x86_64: 2 CPUs, THP).
test_uml_kunit() {
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- true
	scripts/report/kunit-results.py "$TEST_RUN/dmesg.txt" pcp_orders
	scripts/report/kunit-results.py "$TEST_RUN/dmesg.txt" reclaim_compaction
}

# The sanitizer kernel (SANITIZE=1, configs/25-sanitize.config: generic
# KASAN, UBSAN bounds and shift, DEBUG_PAGEALLOC on from boot, on top of
# the debug kernel's lockdep and DEBUG_VM): the KUnit suites, the set-change
# stress on 4 CPUs, CPU hotplug under load, the sysctl torture and memory
# offlining boot it: the stress, the hotplug and the offlining run for
# SECONDS, the torture's racing writers 1 second per sysctl (3 from
# SECONDS 8 up);
# a splat (a KASAN or UBSAN report among them) fails the boot, and each
# run must lose no page (SLAB_GROWTH=1: the slab pages that KASAN's
# quarantine keeps, grown over the run, are not counted lost).  LABEL
# goes into the figure lines.
sanitize_runs() {
	local secs=$1 label=$2
	export SANITIZE=1
	STRICT_CONFIG=1 scripts/build/build.sh x86_64
	grep -qx 'CONFIG_KASAN_GENERIC=y' build/out/x86_64-debug-sanitize-kunit/.config
	grep -qx 'CONFIG_DEBUG_PAGEALLOC_ENABLE_DEFAULT=y' build/out/x86_64-debug-sanitize-kunit/.config
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN/kunit" --smp 2 -- true
	grep -q 'KernelAddressSanitizer initialized' "$TEST_RUN/kunit/dmesg.txt"
	scripts/report/kunit-results.py "$TEST_RUN/kunit/dmesg.txt" pcp_orders
	scripts/report/kunit-results.py "$TEST_RUN/kunit/dmesg.txt" reclaim_compaction
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN/stress" --smp 4 --mem 1G --timeout 300 -- \
		SLAB_GROWTH=1 pcp_orders_stress.sh "$secs"
	cat "$TEST_RUN/stress/output.txt"
	grep -q ' [1-9][0-9]* checked in /proc/zoneinfo' "$TEST_RUN/stress/output.txt"
	no_page_lost "$TEST_RUN/stress/output.txt"
	figures "$TEST_RUN/stress/output.txt" "stress, 4 CPUs, $label"
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN/hotplug" --smp 4 --mem 1G --timeout 300 -- \
		SLAB_GROWTH=1 pcp_orders_stress.sh --hotplug "$secs"
	cat "$TEST_RUN/hotplug/output.txt"
	grep -qE '^# [1-9][0-9]* hotplug cycles of CPUs 1-3' "$TEST_RUN/hotplug/output.txt"
	no_page_lost "$TEST_RUN/hotplug/output.txt"
	figures "$TEST_RUN/hotplug/output.txt" "CPU hotplug under load, 4 CPUs, $label"
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN/sysctl" --smp 2 --timeout 300 -- \
		SLAB_GROWTH=1 sysctl_torture.sh "$((secs < 8 ? 1 : 3))"
	grep -qE '^pcp-sysctl-torture: [0-9]+ cases tried, 0 bad$' "$TEST_RUN/sysctl/output.txt"
	no_page_lost "$TEST_RUN/sysctl/output.txt"
	(. scripts/lib.sh; GUEST_ENV=SLAB_GROWTH=1 boot_memory_offline "$TEST_RUN/offline" "$secs" --timeout 600)
	cat "$TEST_RUN/offline/output.txt"
	grep -qE '^# [1-9][0-9]* offline/online cycles' "$TEST_RUN/offline/output.txt"
	grep -qE '^# drain_offline: [1-9][0-9]* pages$' "$TEST_RUN/offline/output.txt"
	grep '^no-page-lost: zone=' "$TEST_RUN/offline/output.txt"
	echo "figure: memory offline, 2 CPUs, $label: $(sed -n 's/^# \([0-9]* offline\/online cycles: [0-9]* blocks offlined\).*/\1/p' "$TEST_RUN/offline/output.txt"); $(scripts/report/splat-check.py "$TEST_RUN/offline/dmesg.txt" | grep -c '^splat:' || true) splats"
}

# The long tier's: 8 seconds a run.
test_x86_64_sanitize() {
	sanitize_runs 8 "KASAN/UBSAN/DEBUG_PAGEALLOC"
}

# The PREEMPT_RT kernel (EXTRA_CONFIG=configs/70-preempt-rt.config on the
# debug kernel): pcp->lock and zone->lock sleep there, and decay_pcp_high()
# may lower pcp->high without pcp->lock while a refill waits for
# zone->lock, so the exact pcp->high check of the debug kernel must not
# fire.  With panic_on_warn=1 a WARN kills the boot; the KUnit suites run
# in each boot, then the set-change stress on 4 CPUs, alone and with CPUs
# 1-3 going offline and online.  (No THP on PREEMPT_RT in 6.12: the
# workers fault order 0, the set and its drain cover every order.)
test_x86_64_preempt_rt_stress() {
	local out b
	export EXTRA_CONFIG=configs/70-preempt-rt.config
	STRICT_CONFIG=1 scripts/build/build.sh x86_64
	out=$(. scripts/lib.sh; out_dir x86_64)
	grep -qx 'CONFIG_PREEMPT_RT=y' "$out/.config"
	for b in stress hotplug; do
		APPEND=panic_on_warn=1 scripts/boot/boot-x86_64.sh --out "$TEST_RUN/$b" \
			--smp 4 --mem 1G --timeout 300 -- \
			pcp_orders_stress.sh $([ $b = stress ] || echo --hotplug) 8
		cat "$TEST_RUN/$b/output.txt"
		grep -q 'Kernel command line:.* panic_on_warn=1' "$TEST_RUN/$b/dmesg.txt"
		grep -q 'PREEMPT_RT' "$TEST_RUN/$b/dmesg.txt"
		scripts/report/kunit-results.py "$TEST_RUN/$b/dmesg.txt" pcp_orders
		scripts/report/kunit-results.py "$TEST_RUN/$b/dmesg.txt" reclaim_compaction
		grep -q ' [1-9][0-9]* checked in /proc/zoneinfo' "$TEST_RUN/$b/output.txt"
		no_page_lost "$TEST_RUN/$b/output.txt"
	done
	grep -qE '^# [1-9][0-9]* hotplug cycles of CPUs 1-3' "$TEST_RUN/hotplug/output.txt"
	figures "$TEST_RUN/stress/output.txt" "stress, 4 CPUs, PREEMPT_RT, panic_on_warn"
	figures "$TEST_RUN/hotplug/output.txt" "CPU hotplug under load, 4 CPUs, PREEMPT_RT, panic_on_warn"
}

# scripts/pcp-stat live in the UML guest (it runs on the host's root, so
# the host's python3 runs it there) while a loop forks: a header with the
# set, a line per order with lists, and order 0 served from its lists.
test_uml_pcp_stat_live() {
	local out
	scripts/boot/boot-um.sh --out "$TEST_RUN" -- \
		'( i=0; while [ $i -lt 400 ]; do (true); i=$((i+1)); done ) & '"$REPO"'/scripts/pcp-stat 1 1; wait'
	out=$(grep -v '^\[' "$TEST_RUN/output.txt")
	echo "$out"
	grep -qE '^# set 0-3; drain after reclaim [0-2]; early break [01]; 1 s$' <<<"$out"
	[ "$(grep -cE '^ +[0-9]+ ' <<<"$out")" -ge 4 ]
	grep -qE '^ +0 +[1-9][0-9]* +[0-9.]+ ' <<<"$out"
}

test_x86_64_kunit() {
	scripts/boot/boot-x86_64.sh --out "$TEST_RUN" --smp 2 -- true
	scripts/report/kunit-results.py "$TEST_RUN/dmesg.txt" pcp_orders
	scripts/report/kunit-results.py "$TEST_RUN/dmesg.txt" reclaim_compaction
}

# The statistics of the comparison tables (scripts/report/mmstat.py) against
# hand-computed cases.
test_stats_unit() {
	python3 -m unittest -v tests/stats/test_mmstat.py tests/stats/test_records.py
}

# samples.py, compare.py, plot.py and report.py on saved inputs
# (tests/stats/): a saved guest log gives the expected samples (duplicates
# and the warm-up round dropped); hand-checked samples give the expected
# mmtests table; the plots and report.md are written; bad input is a
# one-line error.
test_compare_golden() {
	local tmp
	tmp=$TEST_TMP
	mkdir "$tmp/res"
	diff -u tests/stats/samples-expected.tsv <(scripts/report/samples.py --tag um tests/stats/guest.log)
	diff -u tests/stats/compare-expected.txt <(scripts/report/compare.py tests/stats/samples.tsv before upstream)
	# the LKP rendering of the same samples (hand-checked: send-16384 before
	# 100, 120: 110 ± 13%; fault-insns before, boots of 100 and 103: ± 2%)
	diff -u tests/stats/lkp-expected.txt <(scripts/report/lkp.py tests/stats/samples.tsv before upstream)
	expect_error "no samples of a benchmark starting with 'nosuch'" \
		scripts/report/lkp.py --bench nosuch tests/stats/samples.tsv before upstream
	expect_error "no samples for nosuch" scripts/report/lkp.py tests/stats/samples.tsv before nosuch
	cp tests/stats/samples.tsv "$tmp/res/samples.tsv"
	scripts/report/report.py "$tmp/res" before upstream
	for f in netperf-udp-send pcp_bench-single; do
		[ -s "$tmp/res/plots/$f.svg" ] && [ -s "$tmp/res/plots/$f.png" ] ||
			{ echo "no plot $f"; return 1; }
	done
	grep -q 'Hmean     send-64 ' "$tmp/res/report.md"
	grep -q '](plots/netperf-udp-send.svg)' "$tmp/res/report.md"
	printf 'a\tb\n' >"$tmp/bad.tsv"
	expect_error "2 fields" scripts/report/compare.py "$tmp/bad.tsv" before upstream
	expect_error "no samples for nosuch" scripts/report/compare.py tests/stats/samples.tsv before nosuch
	expect_error "No such file" scripts/report/compare.py "$tmp/missing.tsv" before
	expect_error "no result lines" scripts/report/samples.py tests/stats/compare-expected.txt
	expect_error "--boot 'x' is not a positive number" scripts/report/samples.py --boot x tests/stats/guest.log
	# --boot: the same samples with their boot in a seventh column
	diff -u <(sed 's/$/\t3/' tests/stats/samples-expected.tsv) \
		<(scripts/report/samples.py --boot 3 --tag um tests/stats/guest.log)
	expect_error "no such folder" scripts/report/plot.py tests/stats/samples.tsv "$tmp/missing" before
	expect_error "no samples for nosuch" scripts/report/report.py "$tmp/res" nosuch
}

# The main job end to end on UML, quick: pcp_bench and netperf under the
# three sets, high-order allocations under pressure with two settings of
# the slowpath switches, the report with tables and plots in
# build/results/.
test_uml_runner_smoke() {
	local res=$TEST_RUN
	scripts/run.sh --out "$res" --quick --arch um | tee "$LOGS/runner.out"
	grep -q "^report: $res/report.md " "$LOGS/runner.out"
	# the preset's values are recorded, and every table's command is made
	# from them
	grep -qx 'ROUNDS=2' "$res/preset.conf"
	grep -qx "ARCHES=um" "$res/preset.conf"
	[ "$(grep -c "(in: scripts/run.sh --preset ${res#"$REPO"/}/preset.conf)" "$res/runs.txt")" = 2 ]
	# the order of the sets rotates: round 1 starts with before, round 2
	# with upstream and ends with before
	[ "$(grep -o '^ab: round=1 config=[a-z]*' "$res/runs/bench-uml/output.txt" | head -1)" = "ab: round=1 config=before" ]
	[ "$(grep -o '^ab: round=2 config=[a-z]*' "$res/runs/bench-uml/output.txt" | sed -n '1p;$p' | paste -sd,)" = "ab: round=2 config=upstream,ab: round=2 config=before" ]
	[ -f "$res/report.md" ] || { echo "no report"; return 1; }
	for b in pcp_bench-single@um pcp_bench-batch@um netperf-udp@um \
		pcp-hit-pcp_bench_run@um pcp-kib-pcp_bench_run@um pcp-hit-netperf_udp@um pcp-kib-netperf_udp@um; do
		grep -q "^$b  (2 rounds)$" "$res/comparison.txt" || { echo "no table $b"; return 1; }
	done
	[ "$(grep -cE '^Amean +order-[0-9] ' "$res/comparison.txt")" = 20 ]
	[ "$(grep -cE '^Hmean +(send|recv)-(64|1024|16384) ' "$res/comparison.txt")" = 6 ]
	# what the lists did: order 4 is served from its list under "all"
	# only, and the report says how to read it
	sed -n '/^pcp-hit-pcp_bench_run@um /,/^$/p' "$res/comparison.txt" |
		awk '$2 == "order-4" { found = 1; n = 0
				for (i = 3; i < NF; i++) if ($(i + 1) == "(" || $(i + 1) == "*") v[++n] = $i
				bad = n != 3 || v[1] != "0.00" || v[2] != "0.00" || v[3] + 0 < 50 }
			END { exit bad || !found }'
	grep -q '^The `pcp-hit-NAME` and `pcp-kib-NAME` tables' "$res/report.md"
	# the memory tables have the end value and the kernel's peak
	[ "$(sed -n '/^pcp-kib-/,/^$/p' "$res/comparison.txt" | grep -cE '^Amean +cpu-(max|peak) ')" = 4 ]
	# 10 plots of the tables (one per metric kind), and the latency
	# distributions of orders 4 and 9
	[ "$(ls "$res"/plots/*.svg | wc -l)" = 12 ]
	grep -q '^## High-order allocations under pressure' "$res/report.md"
	grep -q '](plots/latency-order-9.svg)' "$res/report.md"
	grep -qE '^ 9 :: Count +[0-9]+ +[0-9]+$' "$res/highorder.txt"
	expect_error "unknown option '--bogus'" scripts/run.sh --bogus
}

# The 2010 workload in short (bench-fscreate.sh, 4 CPUs, 128M, 8 creators
# of 12000 files, drain settings 0 and 1, one round) on the test kernel:
# the creators reach direct reclaim, the drain switch keeps its promises
# (tests/fscreate-check.py), the report has both columns and the per-CPU
# interrupt rows, and no page is lost (fs_create_pressure.sh).
test_x86_64_fscreate_pressure() {
	MEM=128M PROCS=8 SETS="d0=0 d1=1" TIMEOUT=900 \
		scripts/bench/bench-fscreate.sh --out "$TEST_RUN" 1 12000
	tests/fscreate-check.py "$TEST_RUN/output.txt"
	grep -qE '^pcp_reclaim_retry +[0-9]+ +[0-9]+$' "$TEST_RUN/report.txt"
	[ "$(grep -cE '^  CAL before( +[0-9]+){4}$' "$TEST_RUN/report.txt")" = 2 ]
	grep -q '^no-page-lost: .*; ok$' "$TEST_RUN/output.txt"
}

# The 2011 workload in short: bench-stream.sh on the 4-CPU test kernel,
# 256M, one round of orders 2 and 9 with the early break on and off.  The
# step runs to its end, each setting keeps its promises (a broken one
# fails; whether the streaming writer's dirty pages made reclaim meet
# rounds without progress is printed, not required: that is up to the
# pressure, and uml_highorder_pressure requires it), the 2011 table has
# both orders for both settings, the writer wrote and no page is lost.
test_x86_64_stream_pressure() {
	local rc=0
	MEM=256M ORDERS="2 9" TIMEOUT=900 scripts/bench/bench-stream.sh --out "$TEST_RUN" 1 30
	tests/highorder-check.py "$TEST_RUN/output.txt" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ]
	[ "$(grep -cE '^ [29] :: Count +[1-9][0-9]* +[1-9][0-9]*$' "$TEST_RUN/report.txt")" = 2 ]
	grep -qE '^nr_written +[1-9][0-9]* +[1-9][0-9]*$' "$TEST_RUN/report.txt"
	grep -q '^no-page-lost: .*; ok$' "$TEST_RUN/output.txt"
}

# zone->lock counts on the SMP x86_64 test kernel (it has LOCK_STAT): with
# the mTHP lists on, an order-4 alloc+free pair takes zone->lock far less
# often than without them (about 2 per pair: one to allocate, one to free),
# and so do 64K page faults on both CPUs; no hold times there (TCG).  Then
# one CPU under the instruction clock: order 8's longest hold, there only,
# is longer with its list (refills of ten blocks) than without.
test_x86_64_zonelock_smoke() {
	SMP=2 ORDERS="0 4" FAULT_SIZES="4 64" FAULT_LOOPS=2 READ_MIB=8 \
		scripts/bench/bench-zonelock.sh --out "$TEST_RUN/smp" 1 512
	tests/zonelock-check.py "$TEST_RUN/smp/samples.tsv"
	SMP=1 MODES=batch ORDERS="0 8" FAULT_SIZES= READ_SIZES= QEMU_EXTRA="-icount shift=0,sleep=off" \
		scripts/bench/bench-zonelock.sh --out "$TEST_RUN/hold" 1 512
	tests/zonelock-check.py --hold 8 "$TEST_RUN/hold/samples.tsv"
}

# scripts/bench/bench-netperf-icount.sh on the test kernel, one round of
# one second at two sizes: netperf and netserver run in the x86_64 guest
# (the initramfs carries them with their libraries), and the report has,
# for each size and set, the instructions per message sent (thousands at
# least: a system call each side) and the share netserver received.
test_x86_64_netperf_icount_smoke() {
	local r=$TEST_RUN/report.txt
	SIZES="64 16384" SETS="upstream=0-3,9 all=0-9" \
		scripts/bench/bench-netperf-icount.sh --out "$TEST_RUN" 1 1
	grep -q '^netperf-udp-insns@x86_64-icount-netperf  (1 rounds)$' "$r"
	[ "$(awk '$1 == "Amean" && $2 ~ /^send-(64|16384)$/ && $3 >= 1000 && $6 >= 1000' "$r" |
		wc -l)" = 2 ]
	grep -q '^netperf-udp-recv@x86_64-icount-netperf  (1 rounds)$' "$r"
	[ "$(sed -n '/^netperf-udp-recv@/,/^$/p' "$r" | grep -cE '^Hmean +send-(64|16384) ')" = 2 ]
}

# make deb with the small config (the test kernel, built in place): an
# installable linux-image package whose kernel is the patched one (a
# symbol the series adds is in its System.map), with its module index.
test_deb_package_small() {
	local deb tmp
	deb=$(scripts/build/deb.sh --small | tail -1)
	grep -q '^linux-image-' <<<"$(dpkg-deb -f "$deb" Package)"
	tmp=$TEST_TMP
	dpkg-deb -x "$deb" "$tmp"
	ls "$tmp"/boot/vmlinuz-* "$tmp"/boot/config-*
	grep -q ' zone_pcp_order_pages$' "$tmp"/boot/System.map-*
	ls "$tmp"/lib/modules/*/modules.builtin
	expect_error "unknown option '--bogus'" scripts/build/deb.sh --bogus
	expect_error "no such file" scripts/build/deb.sh --config "$tmp/missing.config"
}

# The per-order benchmark runs end to end: module built out of tree, loaded
# under each set in turn, a row for every mode and order 0-9 in the report.
test_uml_bench_smoke() {
	local ko
	scripts/bench/bench-uml.sh --out "$TEST_RUN" 1 2000 | tee "$LOGS/bench.out"
	[ "$(grep -cE '^(single|batch) +[0-9] ' "$LOGS/bench.out")" = 20 ]
	must_fail grep -qE -- '^(single|batch).* - ' "$LOGS/bench.out"
	# modes=mixed: order 0's pairs among order 4's (10 batches of 32 + 32);
	# a mix_order beyond the orders is refused
	ko=$(scripts/build/bench-module.sh um)
	scripts/boot/boot-um.sh --out "$TEST_RUN/mixed" -- "insmod $ko orders=0 modes=mixed loops=640 &&
		rmmod pcp_bench && if insmod $ko modes=mixed mix_order=11; then exit 1; fi"
	grep -q 'pcp_bench: mode=mixed order=0 loops=320 ns=[0-9.]* cycles=0 ' "$TEST_RUN/mixed/dmesg.txt"
	grep -q 'pcp_bench: mix_order=11: not an order within 0-10' "$TEST_RUN/mixed/dmesg.txt"
}

# Every prefix of each series, on the base alone, compiles the C files it
# touches, um and x86_64, with no W=1 or sparse warning the base does not
# have; from the patch that adds the KUnit suite on, and at each series'
# last patch, it builds a whole UML test kernel that boots (and passes the
# suite where it is).
test_series_bisect_builds() {
	scripts/gates/bisect-check.sh --head pcp-orders --kunit um x86_64
	scripts/gates/bisect-check.sh --head pcp-slowpath --kunit um x86_64
	# the joint patches, on the combination of the series
	[ ! -f series/both/series ] ||
		scripts/gates/bisect-check.sh --base "$(git -C "$TREE_DIR" config pcp.combined-base)" \
			--head pcp-series --kunit um x86_64
}

# The touched files build with W=1, with the KUnit suite, on every
# architecture and page size of the gate (x86_64, UML, arm64 4K/16K/64K,
# ppc64le 64K, ppc44x 256K, riscv64, s390, ARM and m68k nommu, PREEMPT_RT),
# with no warning the base lacks: the tip of both series (make check) ...
test_series_cross_build() {
	scripts/gates/cross-build.sh
}

# ... and each series on its own base (make check-all).
test_series_cross_build_each() {
	scripts/gates/cross-build.sh --head pcp-orders
	scripts/gates/cross-build.sh --head pcp-slowpath
}

# The KUnit suite on arm64 with 4K, 16K and 64K pages and on x86_64 with
# PREEMPT_RT, at the tip of both series.
test_series_kunit_cross() {
	scripts/gates/kunit-cross.sh
}

# coccinelle (make C=2 CHECK=scripts/coccicheck MODE=report) and
# scripts/kernel-doc find nothing in the touched files that the base does
# not have; new non-static functions carry kernel-doc.
test_series_coccicheck() {
	scripts/gates/coccicheck-check.sh
}

test_series_kernel_doc() {
	scripts/gates/kernel-doc-check.sh
}

# The gates fail on broken samples (tests/gates/*.c).
# expect_gate_failure WANT COMMAND...: COMMAND fails and says WANT.
expect_gate_failure() {
	local want=$1 err
	shift
	err=$("$@" 2>&1) && { echo "$err"; echo "'$*' passed, expected the gate to fail"; return 1; }
	echo "$err" | tail -5
	grep -qF -- "$want" <<<"$err" || { echo "the gate did not say '$want'"; return 1; }
}

# gate_sample_fails SAMPLE WANT GATE [ARGS...]: on a scratch worktree of
# the series' tip, one commit appends tests/gates/SAMPLE to mm/page_alloc.c
# (a sample named *break* is taken back by a second commit, so the break
# sits in the middle of a series that builds at its tip); GATE --base TIP
# ARGS must fail and say WANT.
gate_sample_fails() {
	local sample=$1 want=$2 gate=$3 wt tip rc=0
	shift 3
	wt=$(mktemp -d "$TEST_TMP/gate.XXXXXX")/wt
	git -C "$TREE_DIR" worktree add -q --detach "$wt" HEAD
	tip=$(git -C "$wt" rev-parse HEAD)
	cat "tests/gates/$sample" >>"$wt/mm/page_alloc.c"
	git -C "$wt" -c user.name=Test -c user.email=test@localhost \
		commit -q -a -m "gate sample: $sample"
	case $sample in
	*break*) git -C "$wt" -c user.name=Test -c user.email=test@localhost \
			revert --no-edit HEAD >/dev/null ;;
	esac
	expect_gate_failure "$want" env TREE="$wt" "$gate" --base "$tip" "$@" || rc=1
	# A test may try several samples: each worktree goes when done.
	git -C "$TREE_DIR" worktree remove --force "$wt"
	return $rc
}

# A build break in the middle of a series that builds at its tip.
test_gate_sample_build_break() {
	gate_sample_fails build-break.c \
		"patch 1 (gate sample: build-break.c) does not build for x86_64: mm/page_alloc.o" \
		scripts/gates/bisect-check.sh x86_64
}

# PMD_SHIFT used unguarded: builds for x86_64, not for ARM without an MMU.
test_gate_sample_cross_build() {
	gate_sample_fails cross-pmd-shift.c "does not build cleanly for: arm-nommu" \
		scripts/gates/cross-build.sh arm-nommu
}

# A warning only W=1 gives (an unused static const), where the base has
# none.
test_gate_sample_cross_warning() {
	gate_sample_fails w1-warning.c "does not build cleanly for: x86_64" \
		scripts/gates/cross-build.sh x86_64
}

# gate_sample_edit_fails FILE SED CHECK MSG WANT GATE [ARGS...]: on a
# scratch worktree of the series' tip, one commit (MSG) edits FILE with
# the sed script SED, which must leave a line matching CHECK; GATE ARGS
# run on that tree must fail and say WANT.
gate_sample_edit_fails() {
	local file=$1 sed=$2 check=$3 msg=$4 want=$5 wt rc=0
	shift 5
	wt=$(mktemp -d "$TEST_TMP/gate.XXXXXX")/wt
	git -C "$TREE_DIR" worktree add -q --detach "$wt" HEAD
	sed -i "$sed" "$wt/$file"
	grep -q -- "$check" "$wt/$file" || { echo "the sample did not apply to $file"; rc=1; }
	git -C "$wt" -c user.name=Test -c user.email=test@localhost \
		commit -q -a -m "gate sample: $msg"
	[ $rc -ne 0 ] || expect_gate_failure "$want" env TREE="$wt" "$@" || rc=1
	git -C "$TREE_DIR" worktree remove --force "$wt"
	return $rc
}

# A suite that assumes 4K pages ("0,6" parses: order 6 has lists) passes on
# UML and x86_64 and must fail with 64K pages, where it has none.
test_gate_sample_kunit_cross() {
	gate_sample_edit_fails mm/pcp_orders_kunit.c \
		's/{ "64", -EINVAL },/{ "0,6", 0, BIT(0) | BIT(6) }, { "64", -EINVAL },/' \
		'{ "0,6", 0, BIT(0) | BIT(6) }' "a 4K-page assumption in the KUnit suite" \
		"pcp_orders fails on: arm64-64k" scripts/gates/kunit-cross.sh arm64-64k
}

# The test of the set under the pcp lock taken out (pcp_order_still_cached()
# always true): pcp_test_recheck_under_lock must catch it, on UML.
test_gate_sample_kunit_recheck() {
	gate_sample_edit_fails mm/page_alloc.c \
		'/^static inline bool pcp_order_still_cached(/,/^}/s/^\tif (!static_branch_unlikely(&pcp_orders_changed))$/\tif (true)/' \
		'^	if (true)$' "no test of the set under the pcp lock" \
		"pcp_orders fails on: um" scripts/gates/kunit-cross.sh um
}

# A warning from sparse that gcc's W=1 does not give.
test_gate_sample_sparse() {
	gate_sample_fails sparse-warning.c "new sparse warnings for x86_64" \
		scripts/gates/bisect-check.sh x86_64
}

# A kernel-doc comment naming the wrong parameter; a new non-static
# function without kernel-doc.
test_gate_sample_kernel_doc() {
	gate_sample_fails kernel-doc-warning.c "Excess function parameter 'nosuchparam'" \
		scripts/gates/kernel-doc-check.sh
	gate_sample_fails kernel-doc-undocumented.c \
		"without a kernel-doc comment: mm/page_alloc.c:pcp_gate_sample_undocumented" \
		scripts/gates/kernel-doc-check.sh
}

# A NULL check before kfree().
test_gate_sample_coccicheck() {
	gate_sample_fails coccicheck-warning.c "1 new coccinelle report(s) in mm/page_alloc.c" \
		scripts/gates/coccicheck-check.sh
}

# scripts/pcp-stat on two saved samples of /proc and /sys from a UML guest
# (tests/pcp-stat/a and b, 2 s apart: forks and a 12M write between them,
# the set written to 0 and back): the report is the hand-checked one
# (order 0: 14548 allocations, 44 refills of 4588 blocks in the interval:
# 7274/s, hit 99.7%, 104.3 blocks per refill; 3613 pages held, 14452 KiB);
# docs/workloads.md quotes it unchanged; bad input is a one-line error and a
# kernel without the statistics exit 1.
test_pcp_stat_golden() {
	local d=tests/pcp-stat t=$TEST_TMP out rc
	out=$(scripts/pcp-stat --root $d/a,$d/b 2)
	diff -u $d/expected.txt - <<<"$out"
	# docs/workloads.md quotes this output as it is
	awk '/^    \$ scripts\/pcp-stat --root tests\/pcp-stat\/a,tests\/pcp-stat\/b 2$/ { on = 1; next }
	     on && /^    / { print substr($0, 5); next } on { exit }' docs/workloads.md |
		diff -u $d/expected.txt -
	grep -qE '^ +0 +7274 +99\.7 +22 +104\.3 +7266 +0 +792 +0 +14452 ' <<<"$out"
	# the reverse interval is negative, never the same report
	out=$(scripts/pcp-stat --root $d/b,$d/a 2)
	must_fail diff -q $d/expected.txt - <<<"$out"
	for bad in 0 -1 abc nan inf 1e999; do
		expect_error "is not a positive number" scripts/pcp-stat "$bad"
	done
	expect_error "is not a positive whole number" scripts/pcp-stat 1 0
	expect_error "unknown option" scripts/pcp-stat --bogus
	expect_error "at least two" scripts/pcp-stat --root $d/a
	expect_error "no such directory" scripts/pcp-stat --root $d/a,$t/none
	mkdir -p "$t/old/proc"
	cp $d/a/proc/zoneinfo "$t/old/proc/"
	expect_error "no per-order statistics" scripts/pcp-stat --root "$t/old,$t/old"
	rc=0
	scripts/pcp-stat --root "$t/old,$t/old" 2>/dev/null || rc=$?
	[ "$rc" = 1 ]
}
