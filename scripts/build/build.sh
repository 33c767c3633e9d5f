#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: build the kernel for one target in its own O= folder under
# build/out/, through ccache when it is installed, and print the build time.
#
# Usage: scripts/build/build.sh ARCH [make targets...]     (ARCH: um or x86_64)
# Env: DEBUG=1 / KUNIT=1 / EXTRA_CONFIG as for scripts/build/config.sh,
#      JOBS (default: number of CPUs).

. "$(dirname "$0")/../lib.sh"

arch=${1:-}
check_arch "$arch"
shift
need_cmd make gcc flex bison bc

"$REPO/scripts/build/config.sh" "$arch"
out=$(out_dir "$arch")
if [ $# -eq 0 ]; then
	case $arch in
	um) set -- linux ;;
	x86_64) set -- bzImage ;;
	esac
	# "modules" also writes Module.symvers, which out-of-tree modules
	# (bench/pcp_bench) link against.
	grep -q '^CONFIG_MODULES=y' "$out/.config" && set -- "$@" modules
fi
start=$(date +%s)
if ! kmake "$arch" -j"${JOBS:-$(nproc)}" "$@" >"$out/build.log" 2>&1; then
	grep -E 'error|Error' "$out/build.log" | head -20 >&2
	die "$(flavour "$arch") build failed (full log: $out/build.log)"
fi
end=$(date +%s)
log "$(flavour "$arch"): built $(kernel_image "$arch") in $((end - start)) s ($(kernel_version "$SRC"), $(git -C "$SRC" describe --tags --always 2>/dev/null || echo 'not git'))"
