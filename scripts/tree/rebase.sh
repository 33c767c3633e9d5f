#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: move the series to another Debian linux-source-6.12 (by default the
# newest apt knows), on purpose.  Downloads that package (apt-get download:
# the installed one is not touched), unpacks it into a new tree as make tree
# does (build/linux.rebase), brings the objects of the current base into it
# and applies each series there with git am -3, then both on pcp-series
# (lib.sh build_branches).  When a patch does not apply, it stops with the
# conflicting hunks; nothing of series/, BASE_VERSION or build/linux has
# changed.  When every patch applies, the
# new tree becomes build/linux, BASE_VERSION and BASE_DEBIAN_VERSION name
# the new base, both series are exported again (scripts/tree/export.sh)
# and the new package is installed (scripts/setup/deps.sh).  Then: make
# check, commit, and make records.
#
# Usage: scripts/tree/rebase.sh [DEBIAN_VERSION]   (e.g. 6.12.118-1~deb12u1)

. "$(dirname "$0")/../lib.sh"

case ${1:-} in
-h | --help) sed -n '3,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
-*) die "unknown option '$1' (try --help)" ;;
esac
[ $# -le 1 ] || die "one DEBIAN_VERSION at most (try --help)"
need_cmd git apt-get apt-cache dpkg-deb
PKG=linux-source-6.12
old_deb=$(cat "$REPO/BASE_DEBIAN_VERSION")
target=${1:-}
if [ -z "$target" ]; then
	target=$(apt-cache policy "$PKG" 2>/dev/null | sed -n 's/^ *Candidate: //p')
	[ -n "$target" ] && [ "$target" != "(none)" ] ||
		die "apt knows no $PKG (apt-get update first?)"
fi
[[ $target = 6.12.* ]] || die "'$target' is not a Debian version of Linux 6.12.y (e.g. 6.12.118-1~deb12u1)"
apt-cache madison "$PKG" 2>/dev/null | awk -F' *[|] *' -v v="$target" '$2 == v { f = 1 } END { exit !f }' ||
	die "apt has no $PKG=$target (apt-cache madison $PKG lists what it has)"
if [ "$target" = "$old_deb" ]; then
	log "the series is made on $PKG $target already"
	exit 0
fi

# The tree as series/ has it, with nothing unexported.
"$REPO/scripts/tree/tree.sh"

dl=$BUILD/rebase
new=$BUILD/linux.rebase
rm -rf "$dl" "$new" "$new.new"
mkdir -p "$dl"
log "downloading $PKG=$target"
(cd "$dl" && apt-get download -q "$PKG=$target" >"$dl/download.log" 2>&1) ||
	die "apt-get download $PKG=$target failed (log: $dl/download.log)"
dpkg-deb -x "$dl"/*.deb "$dl/x"
tarball=$dl/x/usr/src/$PKG.tar.xz
[ -f "$tarball" ] || die "$PKG $target has no $PKG.tar.xz"

# The new base, made as make tree makes it (same commit on every machine);
# tree.sh may apply the series plainly already: either way they are
# applied again below, three-way.
TARBALL=$tarball TREE=$new "$REPO/scripts/tree/tree.sh" >"$dl/tree.log" 2>&1 || true
version=$(git -C "$new" config --get pcp.base-version 2>/dev/null) ||
	{ cat "$dl/tree.log" >&2; die "could not unpack $tarball into $new"; }
new_tag=base-$version
git -C "$new" rev-parse -q --verify "refs/tags/$new_tag" >/dev/null ||
	{ cat "$dl/tree.log" >&2; die "$new has no tag $new_tag"; }
[ "$new_tag" != "$BASE_TAG" ] || die "$PKG $target is Linux $version, the base already"
# git am -3 needs the blobs the patches were made against.
# shellcheck disable=SC2046 # one refspec per branch
git -C "$new" fetch -q "$TREE" "refs/tags/$BASE_TAG:refs/tags/$BASE_TAG" \
	$( { topic_branches; echo "$COMBINED_BRANCH"; } | sed 's|.*|refs/heads/&:refs/old/&|')

(build_branches "$new" "$SERIES_DIR" "$new_tag" -3) ||
	die "the series does not apply to $version (above); series/, BASE_VERSION and $TREE are unchanged"
git -C "$new" tag -d "$BASE_TAG" >/dev/null
for b in $(topic_branches) "$COMBINED_BRANCH"; do git -C "$new" update-ref -d "refs/old/$b"; done
for b in $(topic_branches) "$COMBINED_BRANCH"; do
	git -C "$new" config "pcp.head.$b" "$(git -C "$new" rev-parse "refs/heads/$b")"
done

# The new tree in place; the worktrees of the old one go with it.
rm -rf "$BUILD/base" "$BUILD/bisect" "$TREE"
mv "$new" "$TREE"
echo "$version" >"$REPO/BASE_VERSION"
echo "$target" >"$REPO/BASE_DEBIAN_VERSION"
log "BASE_VERSION $version, BASE_DEBIAN_VERSION $target (were $(git -C "$REPO" show HEAD:BASE_VERSION 2>/dev/null || echo ?), $old_deb)"
"$REPO/scripts/tree/export.sh"
git -C "$TREE" config pcp.applied "$(series_hash "$SERIES_DIR")"
"$REPO/scripts/setup/deps.sh" ||
	warn "install $PKG=$target (make deps as root) before the next make tree, or it unpacks the old tarball"
log "the series is on Linux $version: run make check, commit series/, BASE_VERSION and BASE_DEBIAN_VERSION, then make records"
