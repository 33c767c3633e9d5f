#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: install what the harness needs on Debian 12 with apt-get.  As root
# it installs whatever is missing; as another user it prints the exact
# apt-get line to run and exits 1.  Nothing to do: silent.
#
# The base tree is the exact package the series is made on,
# linux-source-6.12=$(cat BASE_DEBIAN_VERSION) (BASE_VERSION's Debian
# revision): installed, or put back in place of another 6.12.y, and said
# so.  When Debian's archive no longer has it (stable moves every week or
# two, the archive keeps the last few), the newest linux-source-6.12 is
# installed instead with a warning naming both versions: make tree applies
# the series to it with a warning too, and 'make rebase' moves the base.
#
# netperf is in Debian's non-free component: when apt knows no netperf,
# this adds /etc/apt/sources.list.d/pcp-non-free.sources (bookworm
# non-free, Debian's archive key) and says so.
#
# Usage: scripts/setup/deps.sh

. "$(dirname "$0")/../lib.sh"

PACKAGES=(
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

BASE_PKG=linux-source-6.12
BASE_DEB=$(cat "$REPO/BASE_DEBIAN_VERSION")
[[ $BASE_DEB = "$BASE_VERSION"-* ]] ||
	die "BASE_DEBIAN_VERSION ($BASE_DEB) is not a Debian revision of BASE_VERSION ($BASE_VERSION)"

installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for p in "${PACKAGES[@]}"; do
	installed "$p" || missing+=("$p")
done
have_base=
! installed "$BASE_PKG" || have_base=$(dpkg-query -W -f='${Version}' "$BASE_PKG")
[ ${#missing[@]} -gt 0 ] || [ "$have_base" != "$BASE_DEB" ] || exit 0

# The base package: the pinned version when the archive still has it.
base_in_archive() {
	apt-cache madison "$BASE_PKG" 2>/dev/null | awk -F' *[|] *' -v v="$BASE_DEB" '$2 == v { f = 1 } END { exit !f }'
}
if [ "$have_base" != "$BASE_DEB" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq >/dev/null 2>&1 || true
fi
base_arg=
if [ "$have_base" = "$BASE_DEB" ]; then
	:
elif base_in_archive; then
	base_arg="$BASE_PKG=$BASE_DEB"
	[ -z "$have_base" ] ||
		log "$BASE_PKG $have_base is installed; the series is made on $BASE_DEB (BASE_DEBIAN_VERSION): installing that"
else
	newest=$(apt-cache policy "$BASE_PKG" 2>/dev/null | sed -n 's/^ *Candidate: //p')
	if [ -n "$have_base" ]; then
		warn "$BASE_PKG $BASE_DEB, the base the series is made on (BASE_DEBIAN_VERSION), is no longer in Debian's archive: keeping $have_base; make tree applies the series to it with a warning, 'make rebase' moves the base"
	elif [ -n "$newest" ] && [ "$newest" != "(none)" ]; then
		warn "$BASE_PKG $BASE_DEB, the base the series is made on (BASE_DEBIAN_VERSION), is no longer in Debian's archive: installing $newest; make tree applies the series to it with a warning, 'make rebase' moves the base"
		base_arg="$BASE_PKG"
	else
		die "apt knows no $BASE_PKG: is this Debian 12 with bookworm-security in its sources?"
	fi
fi
[ -z "$base_arg" ] || missing=("$base_arg" "${missing[@]}")
[ ${#missing[@]} -gt 0 ] || exit 0

line="apt-get install -y --no-install-recommends --allow-downgrades ${missing[*]}"
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
