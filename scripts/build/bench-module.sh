#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: build the pcp_bench module (bench/pcp_bench) against one kernel
# build, out of tree, in build/bench/<the build folder's name>/ so the
# source folder stays clean.  Prints the path of the .ko.
#
# Usage: scripts/build/bench-module.sh ARCH        (ARCH: um or x86_64)

. "$(dirname "$0")/../lib.sh"

arch=${1:-}
check_arch "$arch"
out=$(out_dir "$arch")
[ -f "$out/Module.symvers" ] || [ -f "$(kernel_image "$arch")" ] ||
	die "$(flavour "$arch") kernel not built: run 'make build-$arch' first"
grep -q '^CONFIG_MODULES=y' "$out/.config" ||
	die "$(flavour "$arch") kernel has no module support (CONFIG_MODULES)"
dir=$BUILD/bench/$(basename "$out")
mkdir -p "$dir"
cp "$REPO"/bench/pcp_bench/{pcp_bench.c,Kbuild} "$dir/"
kmake "$arch" -s M="$dir" modules >"$dir/build.log" 2>&1 ||
	{ cat "$dir/build.log" >&2; die "pcp_bench build failed (log: $dir/build.log)"; }
echo "$dir/pcp_bench.ko"
