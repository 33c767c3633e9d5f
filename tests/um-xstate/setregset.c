// SPDX-License-Identifier: GPL-2.0
/*
 * What 6.12's UML does to set a process's FP registers, alone: trace a
 * stopped child and PTRACE_SETREGSET(NT_X86_XSTATE) it with UML's 2696
 * bytes.  Prints the host's XSAVE size and whether the call was taken;
 * exits 0 if it was, 1 if the host refused it, 2 if tracing failed.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE 0x202
#endif
#define UML_FP_BYTES 2696	/* FP_SIZE longs, arch/x86/um/user-offsets.c */

static unsigned char regs[65536];

int main(void)
{
	struct iovec iov = { regs, sizeof(regs) };
	size_t host;
	long r;
	int err;
	pid_t pid = fork();

	if (pid < 0)
		return 2;
	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		_exit(0);
	}
	if (waitpid(pid, NULL, 0) != pid)
		return 2;
	if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov)) {
		printf("setregset: GETREGSET failed: %s\n", strerror(errno));
		kill(pid, SIGKILL);
		return 2;
	}
	host = iov.iov_len;
	iov.iov_len = UML_FP_BYTES;
	r = ptrace(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, &iov);
	err = errno;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	printf("setregset: host XSAVE %zu bytes, UML's %d: %s\n", host,
	       UML_FP_BYTES, r ? strerror(err) : "taken");
	return r ? 1 : 0;
}
