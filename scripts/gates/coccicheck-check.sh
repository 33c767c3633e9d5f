#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: coccinelle reports nothing new.  The C files the series touches are
# checked with the kernel's own semantic patches, the way the kernel
# documents it for single files (make C=2 CHECK=scripts/coccicheck
# MODE=report, Documentation/dev-tools/coccinelle.rst), once at the base and
# once at the tip, in the scratch worktree build/bisect with the x86_64
# test config; a report the base does not have fails the check.  Some
# semantic patches run OCaml scripts, so coccinelle needs ocaml-nox.
#
# Usage: scripts/gates/coccicheck-check.sh [--base REF] [--head REF]   (default: the base tag, HEAD)
# Env: TREE (default build/linux), JOBS.

. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gate-lib.sh"

gate_base_option "$@"
command -v spatch >/dev/null || die "spatch not found: install coccinelle (make deps)"
command -v ocamlfind >/dev/null && command -v ocamlopt >/dev/null ||
	die "no OCaml compiler: install ocaml-nox (make deps)"
gate_base "$base"
gate_base "$head"
files=($(touched_files "$base" '*.c' | grep -v '_kunit\.c$' || true))
[ ${#files[@]} -gt 0 ] || { log "no C file touched: nothing to check"; exit 0; }

# reports REF: the coccinelle reports on the touched files at REF.
reports() {
	local f objs=() log=$BUILD/out/bisect-coccicheck.log
	gate_checkout "$1"
	gate_configure x86_64
	for f in "${files[@]}"; do
		[ -f "$GATE_WT/$f" ] && objs+=("${f%.c}.o")
	done
	[ ${#objs[@]} -gt 0 ] || return 0
	# (no -s: with it kbuild sends the checker's stdout, the reports, to
	# /dev/null)
	if ! OUTDIR=$BUILD/out/bisect-x86_64 SRC=$GATE_WT kmake x86_64 \
		C=2 CHECK="$GATE_WT/scripts/coccicheck" MODE=report \
		-j"${JOBS:-$(nproc)}" "${objs[@]}" >"$log" 2>&1; then
		tail -5 "$log" >&2
		die "coccicheck failed at $1 (log: $log)"
	fi
	# Reports are "file:line:col-col: WARNING|ERROR|...: text".
	{ grep -E '^[^ ]+\.[ch]:[0-9]+' "$log" || true; } | strip_positions | sort
}

# (spatch takes minutes a file: a tree already checked is read back)
spatch_version=$(spatch --version 2>&1 | head -1)
old=$(gate_cached coccicheck "$base" "${files[*]}" "$spatch_version" -- reports "$base")
new=$(gate_cached coccicheck "$head" "${files[*]}" "$spatch_version" -- reports "$head")
added=$(comm -13 <(echo "$old") <(echo "$new"))
if [ -n "$added" ]; then
	echo "$added" >&2
	die "$(echo "$added" | wc -l) new coccinelle report(s) in ${files[*]}"
fi
log "no new coccinelle report in ${files[*]} ($(echo "$old" | grep -c . || true) at the base)"
