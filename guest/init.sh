#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# PID 1 of every harness guest: mount the pseudo filesystems, run the one
# command the host asked for, report its exit code on the console, dump the
# kernel log between markers, power off.
#
# UML boots it straight from the host through hostfs (init=.../guest/init.sh
# PCP_RUNDIR=<host folder>); the x86_64 initramfs has it as /init with the
# run folder at /pcp/run.  The command is the shell script $PCP_RUNDIR/cmd.

PCP_RUNDIR=${PCP_RUNDIR:-/pcp/run}
PCP_GUEST=${PCP_GUEST:-/pcp/guest}
PCP_BIN=${PCP_BIN:-/pcp/bin}
export PCP_RUNDIR PCP_GUEST PCP_BIN
export PATH=$PCP_BIN:$PCP_GUEST:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=dumb

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mountpoint -q /sys/kernel/debug 2>/dev/null ||
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
[ -d /tmp ] || mkdir /tmp
[ "$PCP_RUNDIR" = /pcp/run ] && mount -t tmpfs tmpfs /tmp

echo "PCP-HARNESS: running $PCP_RUNDIR/cmd"
cd "${PCP_CWD:-/}" 2>/dev/null || cd /
sh "$PCP_RUNDIR/cmd" </dev/null
rc=$?
echo "PCP-HARNESS-EXIT: $rc"
echo "PCP-DMESG-BEGIN"
dmesg
echo "PCP-DMESG-END"
exec pcp-poweroff
