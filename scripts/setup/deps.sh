#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: install what the harness needs on Debian 12 with apt-get.  As root
# it installs whatever is missing; as another user it prints the exact
# apt-get line to run and exits 1.  Nothing to do: silent.
#
# netperf is in Debian's non-free component: when apt knows no netperf,
# this adds /etc/apt/sources.list.d/pcp-non-free.sources (bookworm
# non-free, Debian's archive key) and says so.
#
# Usage: scripts/setup/deps.sh

. "$(dirname "$0")/../lib.sh"

PACKAGES=(
	linux-source-6.12			# the base tree
	build-essential flex bison bc libelf-dev libssl-dev	# kernel build
	cpio kmod xz-utils rsync git python3 file
	ccache					# rebuilds
	qemu-system-x86 busybox-static		# x86_64 guest
	# series quality gates; some semantic patches run OCaml scripts
	sparse coccinelle ocaml-nox python3-ply python3-git
	# the cross-architecture gate (scripts/gates/cross-build.sh)
	gcc-arm-linux-gnueabi gcc-m68k-linux-gnu gcc-aarch64-linux-gnu
	gcc-powerpc64le-linux-gnu gcc-powerpc-linux-gnu gcc-riscv64-linux-gnu
	gcc-s390x-linux-gnu
	qemu-system-arm				# arm64 KUnit (gates/kunit-cross.sh)
	bash-static libcap-dev libnuma-dev	# the mm selftests (gates/mm-selftests.sh)
	# the main job: UDP_STREAM (non-free) and the plots
	netperf gnuplot-nox
	# make deb (bindeb-pkg: debian/rules calls dh_listpackages)
	dpkg-dev debhelper
)
NONFREE=/etc/apt/sources.list.d/pcp-non-free.sources
NONFREE_ENTRY="Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"

missing=()
for p in "${PACKAGES[@]}"; do
	[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] ||
		missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
nonfree=
if [[ " ${missing[*]} " = *" netperf "* ]] &&
	! apt-cache policy netperf 2>/dev/null | grep -q 'Candidate: [0-9]'; then
	nonfree=1
fi
if [ "$(id -u)" != 0 ]; then
	echo "$STEP: missing packages; as root run:" >&2
	[ -z "$nonfree" ] ||
		printf '  cat >%s <<EOF\n%s\nEOF\n' "$NONFREE" "$NONFREE_ENTRY" >&2
	echo "  apt-get update && $line" >&2
	exit 1
fi
log "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
mkdir -p "$BUILD"
if [ -n "$nonfree" ]; then
	log "netperf is in Debian's non-free component: adding $NONFREE"
	echo "$NONFREE_ENTRY" >"$NONFREE"
fi
apt-get update -qq >"$BUILD/apt.log" 2>&1 || true
# shellcheck disable=SC2086
if ! $line >>"$BUILD/apt.log" 2>&1; then
	tail -5 "$BUILD/apt.log" >&2
	die "apt-get install failed (log: $BUILD/apt.log)"
fi
