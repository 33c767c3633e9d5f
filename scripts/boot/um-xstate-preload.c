// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD helper of scripts/boot/boot-um.sh: lets 6.12's UML run its
 * processes on a host whose XSAVE state is larger than UML's fixed buffer.
 *
 * UML keeps a process's FP registers in FP_SIZE longs (2696 bytes on
 * x86_64: x87 to AVX-512 and PKRU) and sets them with
 * PTRACE_SETREGSET(NT_X86_XSTATE) of that size.  A host kernel takes that
 * regset only at its full size (11008 bytes on a CPU with AMX) and refuses
 * a shorter buffer with EFAULT, so the first process UML starts dies
 * ("userspace - ptrace set fp regs failed, errno = 14", then "Attempted to
 * kill init!").  Later kernels size UML's buffer from the host.
 *
 * Here such a call goes to the host with a buffer of the host's size: UML's
 * bytes first, zeros after them.  The components past UML's size are clear
 * in the XSAVE header UML passes (its processes cannot use AMX without
 * asking the host), so the host leaves them in their initial state.  Every
 * other call, and every call on a host whose size is UML's, passes through
 * unchanged.  The kernel under test is not touched: the workaround is the
 * harness's, for the machine it runs on.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE 0x202
#endif

typedef long (*ptrace_fn)(enum __ptrace_request, ...);

static ptrace_fn real_ptrace;
static size_t host_size;	/* the host's XSAVE regset size, 0: not known */
static size_t copied;		/* bytes of the last call's prefix in buf */
static unsigned char *buf;	/* host_size bytes, zero past the prefix */

/* The host's size: what a GETREGSET into a buffer larger than any fills. */
static void probe(pid_t pid)
{
	static unsigned char big[65536];
	struct iovec iov = { big, sizeof(big) };

	if (real_ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov) == 0)
		host_size = iov.iov_len;
	if (host_size)
		buf = calloc(1, host_size);
}

long ptrace(enum __ptrace_request request, ...)
{
	struct iovec *iov, full;
	void *addr, *data;
	va_list ap;
	pid_t pid;

	va_start(ap, request);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);

	if (!real_ptrace)
		real_ptrace = (ptrace_fn)dlsym(RTLD_NEXT, "ptrace");

	if (request == PTRACE_SETREGSET && (long)addr == NT_X86_XSTATE && data) {
		iov = data;
		if (!host_size)
			probe(pid);
		if (buf && iov->iov_len < host_size) {
			if (iov->iov_len < copied)
				memset(buf + iov->iov_len, 0, copied - iov->iov_len);
			memcpy(buf, iov->iov_base, iov->iov_len);
			copied = iov->iov_len;
			full.iov_base = buf;
			full.iov_len = host_size;
			return real_ptrace(request, pid, addr, &full);
		}
	}
	return real_ptrace(request, pid, addr, data);
}
