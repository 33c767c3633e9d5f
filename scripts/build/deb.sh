#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: installable Debian packages (make bindeb-pkg) of the patched
# x86_64 kernel, for real machines: install them, boot, flip the sysctls,
# run mmtests (docs/real-machines.md).
#
# Usage: scripts/build/deb.sh [--small | --config FILE]
#
#   scripts/build/deb.sh                Debian's own 6.12 configuration (package
#                                 linux-config-6.12, amd64 flavour), made
#                                 buildable outside Debian's packaging: no
#                                 Debian signing keys, no BTF/debug info.
#                                 A full distribution kernel: hours on 2
#                                 cores, minutes on a big machine.
#   scripts/build/deb.sh --config FILE  that configuration (olddefconfig'd)
#   scripts/build/deb.sh --small        the harness's own x86_64 kernel (the
#                                 flavour of DEBUG/KUNIT/LOCKSTAT), built
#                                 in place: what the tests check
#
# The packages go to build/deb/<name>/ (linux-image-*, linux-headers-*,
# linux-libc-dev); the path of linux-image is printed last.

. "$(dirname "$0")/../lib.sh"

mode=debian cfg=
case ${1:-} in
"") ;;
--small) mode=small ;;
--config)
	cfg=${2:-}
	[ -n "$cfg" ] || die "--config needs a file"
	[ -f "$cfg" ] || die "--config $cfg: no such file"
	mode=config ;;
*) die "unknown option '$1' (usage: scripts/build/deb.sh [--small | --config FILE])" ;;
esac
need_cmd dpkg-buildpackage dh_listpackages
[ -f "$SRC/Makefile" ] || die "$SRC has no kernel tree: run 'make tree' first"

case $mode in
small)
	"$REPO/scripts/build/build.sh" x86_64
	out=$(out_dir x86_64)
	name=$(basename "$out") ;;
debian)
	deb_cfg=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
	if [ ! -f "$deb_cfg" ]; then
		[ "$(id -u)" = 0 ] || die "Debian's config needs linux-config-6.12: as root run 'apt-get install linux-config-6.12'"
		log "installing linux-config-6.12 (Debian's kernel configurations)"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q linux-config-6.12 >"$BUILD/apt.log" 2>&1 ||
			die "apt-get install linux-config-6.12 failed (log: $BUILD/apt.log)"
	fi
	[ -f "$deb_cfg" ] || die "$deb_cfg: not in linux-config-6.12"
	out=$BUILD/out/deb-debian name=debian
	mkdir -p "$out"
	xz -dc "$deb_cfg" >"$out/.config" ;;
config)
	out=$BUILD/out/deb-$(basename "$cfg" .config) name=$(basename "$cfg" .config)
	mkdir -p "$out"
	cp "$cfg" "$out/.config" ;;
esac

if [ "$mode" != small ]; then
	# Debian signs with keys that only its build service has, and its
	# BTF/debug info needs pahole and gigabytes: off, the rest as given.
	"$SRC/scripts/config" --file "$out/.config" \
		--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
		--disable MODULE_SIG_ALL --disable DEBUG_INFO_BTF \
		--disable DEBUG_INFO_DWARF5 --disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
		--enable DEBUG_INFO_NONE
	OUTDIR=$out kmake x86_64 -s olddefconfig >"$out/config.log" 2>&1 ||
		die "olddefconfig failed (see $out/config.log)"
fi

start=$(date +%s)
log "$name: make bindeb-pkg in $out"
rm -f "$(dirname "$out")"/*.deb "$(dirname "$out")"/*.buildinfo "$(dirname "$out")"/*.changes
if ! OUTDIR=$out kmake x86_64 -j"${JOBS:-$(nproc)}" bindeb-pkg >"$out/deb.log" 2>&1; then
	grep -E 'error|Error' "$out/deb.log" | head -20 >&2
	die "bindeb-pkg failed (full log: $out/deb.log)"
fi
dest=$BUILD/deb/$name
rm -rf "$dest" && mkdir -p "$dest"
mv "$(dirname "$out")"/*.deb "$dest/"
mv "$(dirname "$out")"/*.buildinfo "$(dirname "$out")"/*.changes "$dest/" 2>/dev/null || true
image=$(ls "$dest"/linux-image-*.deb 2>/dev/null | grep -v -- -dbg_ | head -1)
[ -n "$image" ] || die "bindeb-pkg made no linux-image package (log: $out/deb.log)"
log "$name: $(ls "$dest"/*.deb | wc -l) packages in $dest in $(( $(date +%s) - start )) s"
echo "$image"
