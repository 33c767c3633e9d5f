#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the kernel configuration.  Merges the fragments of configs/ in order
# with the kernel's scripts/kconfig/merge_config.sh (a later fragment
# overrides an earlier one) on top of allnoconfig, then runs olddefconfig,
# and reports every fragment option that did not survive.
#
# Usage: scripts/build/config.sh ARCH          (ARCH: um or x86_64)
# Fragments: configs/00-base.config, configs/10-ARCH.config, then
#   configs/20-debug.config with DEBUG=1, configs/25-sanitize.config with
#   SANITIZE=1 (x86_64 only: KASAN, UBSAN, DEBUG_PAGEALLOC), configs/30-kunit.config with
#   KUNIT=1, configs/40-lockstat.config with LOCKSTAT=1,
#   configs/50-selftests.config with SELFTESTS=1; the files listed in
#   EXTRA_CONFIG (space separated) are merged on top of the result.
# STRICT_CONFIG=1 turns a dropped option into an error.

. "$(dirname "$0")/../lib.sh"

arch=${1:-}
check_arch "$arch"
[ -f "$SRC/Makefile" ] || die "$SRC has no kernel tree: run 'make tree' first"

frags=("$REPO/configs/00-base.config" "$REPO/configs/10-$arch.config")
[ "${DEBUG:-0}" = 1 ] && frags+=("$REPO/configs/20-debug.config")
if [ "${SANITIZE:-0}" = 1 ]; then
	[ "$arch" = x86_64 ] || die "SANITIZE=1 is for x86_64 (the sanitizer kernels); $arch has none"
	frags+=("$REPO/configs/25-sanitize.config")
fi
[ "${KUNIT:-0}" = 1 ] && frags+=("$REPO/configs/30-kunit.config")
[ "${LOCKSTAT:-0}" = 1 ] && frags+=("$REPO/configs/40-lockstat.config")
[ "${SELFTESTS:-0}" = 1 ] && frags+=("$REPO/configs/50-selftests.config")
extra=()
for f in ${EXTRA_CONFIG:-}; do
	[ -f "$f" ] || die "EXTRA_CONFIG names $f: no such file"
	extra+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done

out=$(out_dir "$arch")
mkdir -p "$out"
merged=$out/fragments.config
# -m: only merge; the allnoconfig below then takes the merged file as the
# values it must honour (KCONFIG_ALLCONFIG).
(cd "$out" && ARCH=$arch "$SRC/scripts/kconfig/merge_config.sh" -m -O "$out" \
	"${frags[@]}" >"$out/merge.log" 2>&1) ||
	die "merge_config.sh failed (see $out/merge.log)"
mv "$out/.config" "$merged"
kmake "$arch" -s KCONFIG_ALLCONFIG="$merged" allnoconfig >"$out/config.log" 2>&1 ||
	die "allnoconfig failed (see $out/config.log)"
kmake "$arch" -s olddefconfig >>"$out/config.log" 2>&1 ||
	die "olddefconfig failed (see $out/config.log)"

# The EXTRA_CONFIG files go on top of that finished .config, as a user
# layers a fragment on a kernel's config: an option they switch on that
# makes others visible (CONFIG_EXPERT) leaves those at the values they
# already have, where allnoconfig would have turned them all off.
if [ ${#extra[@]} -gt 0 ]; then
	(cd "$out" && ARCH=$arch "$SRC/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "${extra[@]}" >>"$out/merge.log" 2>&1) ||
		die "merge_config.sh failed on EXTRA_CONFIG (see $out/merge.log)"
	kmake "$arch" -s olddefconfig >>"$out/config.log" 2>&1 ||
		die "olddefconfig failed (see $out/config.log)"
	frags+=("${extra[@]}")
fi

# Which fragment asked for each option (the last one wins, as in the merge).
dropped=0
while IFS='|' read -r sym want from; do
	have=$(grep -E "^($sym=|# $sym is not set)" "$out/.config" || true)
	[ -n "$have" ] || have="# $sym is not set"
	norm_want=$want
	[ "$norm_want" = "$sym=n" ] && norm_want="# $sym is not set"
	if [ "$have" != "$norm_want" ]; then
		echo "config: $(basename "$from"): $want did not survive olddefconfig (now: $have)" >&2
		dropped=$((dropped + 1))
	fi
done < <(awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { split($0, a, "="); sym = a[1]; want[sym] = $0; from[sym] = FILENAME; next }
	/^# CONFIG_[A-Za-z0-9_]+ is not set/ { sym = $2; want[sym] = $0; from[sym] = FILENAME }
	END { for (s in want) print s "|" want[s] "|" from[s] }' "${frags[@]}" | sort)

names=$(for f in "${frags[@]}"; do basename "$f"; done | paste -sd' ')
if [ "$dropped" -gt 0 ]; then
	[ "${STRICT_CONFIG:-0}" = 1 ] &&
		die "$dropped fragment option(s) did not survive olddefconfig (fragments: $names)"
	warn "$dropped fragment option(s) did not survive olddefconfig (fragments: $names)"
fi
log "$(flavour "$arch"): $out/.config from $names"
