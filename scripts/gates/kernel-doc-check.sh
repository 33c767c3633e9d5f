#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: kernel-doc has nothing new to say, and new interfaces are
# documented.  scripts/kernel-doc -none -Wall runs on every C file and
# header the series touches, at the base and at the tip; a warning the
# base does not have fails the check.  Every function the series makes
# visible outside its file (a non-static definition that the base does not
# have) must carry a kernel-doc comment.
#
# Usage: scripts/gates/kernel-doc-check.sh [--base REF] [--head REF]   (default: the base tag, HEAD)
# Env: TREE (default build/linux).

. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gate-lib.sh"

gate_base_option "$@"
gate_base "$base"
gate_base "$head"
files=($(touched_files "$base" '*.c' '*.h'))
[ ${#files[@]} -gt 0 ] || { log "no C file or header touched: nothing to check"; exit 0; }

# kdoc REF: the kernel-doc warnings on the touched files at REF.
kdoc() {
	local f
	gate_checkout "$1"
	for f in "${files[@]}"; do
		[ -f "$GATE_WT/$f" ] || continue
		(cd "$GATE_WT" && scripts/kernel-doc -none -Wall "$f" 2>&1) |
			grep -v '^Warning: Sphinx version' || true
	done | strip_positions | sort
}

# functions REF: "file name" for each non-static function defined in the
# touched C files at REF (a definition starts at column 0, not static; a
# name at column 0 under a line "static <type>" is a static definition
# written on two lines).
functions() {
	local f
	for f in "${files[@]}"; do
		case $f in *.c) ;; *) continue ;; esac
		git -C "$TREE" cat-file -e "$1:$f" 2>/dev/null || continue
		git -C "$TREE" show "$1:$f" |
			awk -v f="$f" '
			/^[a-z_].*[a-z0-9_]+\(/ && !/^(static|typedef|extern|return)[ (]/ && !/;[ \t]*$/ &&
			!/^[A-Z_]+\(/ && !(prev ~ /^static[ \t]/ && prev !~ /[;{}][ \t]*$/) {
				s = $0; sub(/\(.*/, "", s); n = split(s, w, /[ *]+/)
				if (w[n] ~ /^[a-z_][a-z0-9_]*$/ && w[n] !~ /^(if|for|while|switch)$/)
					print f, w[n]
			}
			{ prev = $0 }'
	done | sort -u
}

old=$(kdoc "$base")
new=$(kdoc "$head")
added=$(comm -13 <(echo "$old") <(echo "$new"))
bad=0
if [ -n "$added" ]; then
	echo "$added" >&2
	warn "$(echo "$added" | wc -l) new kernel-doc warning(s)"
	bad=1
fi
undocumented=()
while read -r f fn; do
	[ -n "$fn" ] || continue
	if (cd "$GATE_WT" && scripts/kernel-doc -rst -function "$fn" "$f" 2>&1 >/dev/null) |
		grep -q "'$fn' not found"; then
		undocumented+=("$f:$fn")
	fi
done < <(comm -13 <(functions "$base") <(functions "$head"))
if [ ${#undocumented[@]} -gt 0 ]; then
	warn "new non-static function(s) without a kernel-doc comment: ${undocumented[*]}"
	bad=1
fi
[ "$bad" = 0 ] || die "kernel-doc check failed for ${files[*]}"
log "no new kernel-doc warning in ${files[*]}; new non-static functions documented"
