#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the base initramfs of the x86_64 guest: busybox-static with all its
# applets, guest/init.sh as /init, the scripts of guest/ in /pcp/guest and
# the project's static guest programs in /pcp/bin, and netperf and netserver
# with the shared libraries they load (ldd), where the host has them
# (scripts/bench/bench-netperf-icount.sh).  A run appends a second small
# archive holding /pcp/run/cmd (see boot-x86_64.sh).
#
# Usage: scripts/build/initramfs.sh        -> build/initramfs/base.cpio.gz

. "$(dirname "$0")/../lib.sh"

need_cmd cpio gzip
busybox=${BUSYBOX:-/bin/busybox}
[ -x "$busybox" ] || die "$busybox not found: install busybox-static (make deps)"
make -s -C "$REPO/guest" O="$BUILD/guest" >/dev/null

out=$BUILD/initramfs
root=$out/root
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,etc,usr/bin,usr/sbin,proc,sys,dev,tmp,root,pcp/bin,pcp/guest,pcp/run}
cp "$busybox" "$root/bin/busybox"
for app in $("$busybox" --list-full); do
	[ -e "$root/$app" ] || ln -s /bin/busybox "$root/$app"
done
cp "$REPO/guest/init.sh" "$root/init"
cp "$REPO"/guest/*.sh "$root/pcp/guest/"
cp "$BUILD"/guest/bin/* "$root/pcp/bin/"
for prog in netperf netserver; do
	path=$(command -v "$prog") || continue
	for f in "$path" $(ldd "$path" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }'); do
		cp -L --parents "$f" "$root/" || die "cannot copy $f, which $path needs"
	done
	# getprotobyname() and getservbyname() read these
	for f in /etc/protocols /etc/services; do
		[ ! -f "$f" ] || cp "$f" "$root/etc/"
	done
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$out/base.cpio.gz.new"
mv "$out/base.cpio.gz.new" "$out/base.cpio.gz"
log "$out/base.cpio.gz ($(du -k "$out/base.cpio.gz" | cut -f1) KiB)"
