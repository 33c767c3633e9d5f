// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-write: write VALUE to FILE in one write(2) and say how it went, so
 * that a test can tell EINVAL from any other failure (shells only say
 * "write error").
 *
 * Usage: pcp-write [-n] FILE VALUE
 *   -n  append a newline, as echo does
 * Prints "ok" or "error: <ERRNO NAME>: <message>"; exits 0, or the errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *errno_name(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case ERANGE: return "ERANGE";
	case EBUSY: return "EBUSY";
	case ENOMEM: return "ENOMEM";
	case EFAULT: return "EFAULT";
	default: return "E?";
	}
}

int main(int argc, char **argv)
{
	int newline = 0, fd, e;
	size_t len;
	ssize_t ret;
	char *buf;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		newline = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: pcp-write [-n] FILE VALUE\n");
		return 2;
	}
	len = strlen(argv[2]);
	buf = malloc(len + 2);
	if (!buf)
		return ENOMEM;
	memcpy(buf, argv[2], len);
	if (newline)
		buf[len++] = '\n';
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		e = errno;
		printf("error: %s: open %s: %s\n", errno_name(e), argv[1], strerror(e));
		return e;
	}
	ret = write(fd, buf, len);
	e = errno;
	close(fd);
	if (ret < 0) {
		printf("error: %s: %s\n", errno_name(e), strerror(e));
		return e;
	}
	if ((size_t)ret != len) {
		printf("error: short write: %zd of %zu bytes\n", ret, len);
		return EIO;
	}
	printf("ok\n");
	return 0;
}
