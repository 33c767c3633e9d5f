#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Drain the high-order per-cpu lists of every CPU: the order set written
# as "0" and back (a set change drains the orders it removes), so that
# what an earlier measurement left on the lists, which shares pcp->high
# with the next one, is gone.  Order 0, cached in every set, keeps its
# lists.  Where the kernel has no vm.percpu_pagelist_orders (the
# unpatched base) nothing is drained.
#
# Usage (in the guest): pcp_drain.sh

knob=/proc/sys/vm/percpu_pagelist_orders
[ -w "$knob" ] || exit 0
set=$(cat "$knob")
pcp-write "$knob" 0 >/dev/null && pcp-write "$knob" "$set" >/dev/null
