#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Let every anonymous folio size fault as its own folio where the kernel
# supports it: THP "always" and every mTHP size "inherit".  With "off",
# THP and every mTHP size "never" instead.  Prints the sizes in KiB that
# anonymous faults can take ("4" alone without THP), as pcp-fault wants
# them.
#
# Usage (in the guest): thp_sizes.sh [on|off]   (default on)

thp=/sys/kernel/mm/transparent_hugepage
mode=${1:-on}
case $mode in
on) top=always each=inherit ;;
off) top=never each=never ;;
*) echo "thp_sizes: error: usage: thp_sizes.sh [on|off]" >&2; exit 2 ;;
esac
sizes=4
if [ -d $thp ]; then
	echo $top >$thp/enabled
	for d in "$thp"/hugepages-*kB; do
		[ -d "$d" ] || continue
		echo $each 2>/dev/null >"$d/enabled" || continue
		kb=${d##*hugepages-}
		sizes="$sizes ${kb%kB}"
	done
fi
[ "$mode" = off ] && sizes=4
echo "$sizes"
