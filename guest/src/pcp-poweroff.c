// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-poweroff: end the guest from its init.  Syncs, then powers off; where
 * power-off is not wired (no ACPI), reboots, which QEMU's -no-reboot turns
 * into an exit too.  UML exits on either.
 */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sys/reboot.h>

int main(void)
{
	sync();
	reboot(RB_POWER_OFF);
	reboot(RB_AUTOBOOT);
	fprintf(stderr, "pcp-poweroff: reboot: %s\n", strerror(errno));
	return 1;
}
