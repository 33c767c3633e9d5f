#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# struct per_cpu_pages, as pahole (Debian: dwarves) lays it out, on the unpatched
# base and on the tip of both series, for the cross-build gate's targets
# named (their O= folders under build/out/cross-*, made by
# scripts/gates/cross-build.sh, which make check runs): mm/page_alloc.o is
# built again with -g in the gate's worktree (build/bisect), which is left
# at the commit it was at.  -femit-struct-debug-detailed=any: arm64's
# defconfig reduces the debug information to the structs of the file's
# own headers.
#
# Usage: docs/experiments/2026-12-07-pageset-size/sizes.sh OUTDIR REF... -- TARGET...
#        e.g. sizes.sh /tmp/sizes base-6.12.118 pcp-series -- x86_64 um arm64-64k
set -e -o pipefail
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
. "$REPO/scripts/lib.sh"
out=${1:?usage: sizes.sh OUTDIR REF... -- TARGET...}
shift
refs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do refs+=("$1"); shift; done
[ "${1:-}" = -- ] || die "usage: sizes.sh OUTDIR REF... -- TARGET..."
shift
[ ${#refs[@]} -gt 0 ] && [ $# -gt 0 ] || die "usage: sizes.sh OUTDIR REF... -- TARGET..."
wt=$BUILD/bisect
[ -d "$wt" ] || die "$wt: no gate worktree (run scripts/gates/cross-build.sh first)"
was=$(git -C "$wt" rev-parse HEAD)
trap 'git -C "$wt" checkout -q --detach "$was"' EXIT
mkdir -p "$out"
for ref in "${refs[@]}"; do
	git -C "$wt" checkout -q --detach "$ref"
	for t in "$@"; do
		o=$BUILD/out/cross-$t
		[ -f "$o/.config" ] || die "$o: not configured (scripts/gates/cross-build.sh $t)"
		case $t in
		x86_64*|um) arch=${t%%-*}; cross= ;;
		arm64*) arch=arm64; cross=aarch64-linux-gnu- ;;
		*) die "$t: only x86_64, um and arm64 targets here" ;;
		esac
		[ "$arch" = um ] && extra=SUBARCH=x86_64 || extra=
		make -C "$wt" O="$o" ARCH="$arch" $extra ${cross:+CROSS_COMPILE=$cross} \
			CC="$(kernel_cc "$cross")" KCFLAGS="-g -femit-struct-debug-detailed=any" -j"$(nproc)" mm/page_alloc.o >"$out/$t-$ref.log" 2>&1 ||
			die "$t at $ref: build failed ($out/$t-$ref.log)"
		{
			echo "# $t at $ref ($(git -C "$wt" rev-parse --short=12 HEAD)), $(grep -c '^CONFIG_TRANSPARENT_HUGEPAGE=y' "$o/.config" | sed 's/1/THP/;s/0/no THP/'), $(grep -E '^CONFIG_(ARM64_(4K|16K|64K)_PAGES)=y' "$o/.config" | cut -d= -f1 || true)"
			pahole -C per_cpu_pages "$o/mm/page_alloc.o"
		} >"$out/$t-$ref.txt"
		grep -E '/\* size: ' "$out/$t-$ref.txt" | sed "s|^\s*|$t $ref: |"
	done
done
