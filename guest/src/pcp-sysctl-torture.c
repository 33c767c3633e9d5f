// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-sysctl-torture: the sysctls of the series from user space, with the
 * writes and reads a shell cannot make.  For each of
 *
 *   vm.percpu_pagelist_orders        an order list ("0-3,9")
 *   vm.percpu_pagelist_high_fraction 0 or at least 8 (6.12's own)
 *   vm.pcp_drain_after_reclaim       0..2
 *   vm.reclaim_compaction_early_break 0..1
 *
 * it checks:
 *   - malformed values (at least 30 each, embedded NULs included), each
 *     in one write(2) at offset 0: EINVAL, and the value reads back as it
 *     was;
 *   - values split over two write(2) calls on one open file: the value
 *     ends as it was or as the first part alone (when that part is valid
 *     on its own), never as the whole value nor anything else (the kernel
 *     takes a value from a write at offset 0 only);
 *   - reads one byte at a time, after lseek() to every offset, and a
 *     partial read and the rest give the bytes of one whole read (for
 *     the integers, as for every proc_dointvec() sysctl: the bytes from
 *     offset 0 only, end of file at any later offset);
 *   - two processes writing valid values for SECONDS while this one reads
 *     in single read(2) calls: every write succeeds, every read is one of
 *     the values written (or the value before), never a torn or mixed
 *     one.
 * The value each sysctl had is written back at the end.  A sysctl the
 * kernel lacks is skipped and said so.
 *
 * Usage: pcp-sysctl-torture [SECONDS]     (default 5; 0: no race)
 * Prints TAP, then "pcp-sysctl-torture: N cases tried, M bad"; exits 1 if
 * one was bad, 2 on bad use.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define VALUE_MAX	256

struct bytes {
	const char *s;
	size_t len;
};
/* a string literal with its length: NULs inside it count */
#define S(lit)	{ lit, sizeof(lit) - 1 }

struct knob {
	const char *name;
	/* valid values a writer may write, and how each reads back */
	const char *const *valid;
	const char *const *readback;
	/* the value written before each malformed one */
	const char *rest;
	/* malformed values of this knob, besides the common ones */
	const struct bytes *bad;
	/*
	 * an integer (proc_dointvec): the common malformed integers apply,
	 * and, as for every integer sysctl, a read gives the value from
	 * offset 0 only; a read at a later offset gives end of file
	 */
	int integer;
	/*
	 * a value split in two writes at every byte, from split_start: it
	 * reads back differently from split_start and from its first byte,
	 * so that a kernel joining the two writes shows
	 */
	const char *split_start, *split;
};

static int tried, bad_cases, tap;

static void result(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	tried++;
	if (!ok)
		bad_cases++;
	printf("%s %d - ", ok ? "ok" : "not ok", ++tap);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static size_t blen(const struct bytes *b)
{
	return b->len;
}

/* Printable form of a value, NULs and control bytes escaped. */
static const char *show(const char *s, size_t len)
{
	static char out[4][4 * VALUE_MAX + 1];
	static int n;
	char *o = out[n++ & 3], *p = o;
	size_t i;

	for (i = 0; i < len && i < 48; i++) {
		unsigned char c = s[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			*p++ = c;
		else
			p += sprintf(p, "\\x%02x", c);
	}
	if (len > 48)
		p += sprintf(p, "...(%zu bytes)", len);
	*p = '\0';
	return o;
}

static char path[VALUE_MAX];

static void knob_path(const struct knob *k)
{
	snprintf(path, sizeof(path), "/proc/sys/vm/%s", k->name);
}

/* The value as one read(2) gives it, newline taken off; -1 on error. */
static int read_value(char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	if (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	return n;
}

/* One write(2) of LEN bytes at offset 0: 0, or the errno. */
static int write_value(const char *s, size_t len)
{
	int fd = open(path, O_WRONLY), e = 0;
	ssize_t n;

	if (fd < 0)
		return errno;
	n = write(fd, s, len);
	if (n < 0)
		e = errno;
	else if ((size_t)n != len)
		e = EIO;	/* a short write: part of the value taken */
	close(fd);
	return e;
}

static int is_readback(const struct knob *k, const char *v)
{
	int i;

	for (i = 0; k->readback[i]; i++)
		if (!strcmp(v, k->readback[i]))
			return 1;
	return 0;
}

/* The readback of valid value V (its index in k->valid), or NULL. */
static const char *readback_of(const struct knob *k, const char *v, size_t len)
{
	int i;

	for (i = 0; k->valid[i]; i++)
		if (strlen(k->valid[i]) == len && !memcmp(k->valid[i], v, len))
			return k->readback[i];
	return NULL;
}

static const struct bytes common_bad_int[] = {
	S("-1"), S("abc"), S("1a"), S("2x"), S("99999999999999999999"),
	S("999999999999999999999999"), S("2147483648"), S("4294967296"),
	S("-2147483649"), S("+1"), S(" "), S("\n"), S("\t"), S("-"),
	S("--1"), S("1-"), S("1.0"), S("1,0"), S("1e3"), S("0b1"),
	S("08"), S("1\0"), S("\0"), S("1\0junk"), S("\x01"),
	S("1\x01"), S("- 1"), S("one"), S("0x"), S("1;"),
	S("\xef\xbc\x91"), S("[1]"), { NULL, 0 }
};

/* --- the four knobs --- */

static const char *const orders_valid[] = { "0-3", "0,2", "0", "0-1", "0-2", NULL };
static const char *const orders_readback[] = { "0-3", "0,2", "0", "0-1", "0-2", NULL };
static const struct bytes orders_bad[] = {
	S("\n"), S(" "), S("10"), S("11"), S("64"), S("0-10"),
	S("0-11"), S("1"), S("1-3"), S("3-0"), S("-1"), S("0-"), S("-3"),
	S("0,"), S(",0"), S("0,,1"), S("a"), S("0x1"), S("0-3a"),
	S("all"), S("N"), S("0 1"), S("0;1"), S("0-3:0/2"), S("0-3:3/2"),
	S("+0"), S("99999999999999999999"), S("0- 3"), S("0.5"),
	S("1,2"), S("2-3"), S("0,10"), S("0\0-3"), S("\0"),
	S("0\0"), S("0-3\0"), S("\0" "0-3"), S("0\t1"), S("\x01"),
	S("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"),
	{ NULL, 0 }
};

static const char *const drain_valid[] = { "0", "1", "2", NULL };
static const struct bytes drain_bad[] = {
	S("3"), S("4"), S("100"), S("2147483647"), S("0x3"), { NULL, 0 }
};

static const char *const early_valid[] = { "0", "1", NULL };
static const struct bytes early_bad[] = {
	S("2"), S("3"), S("100"), S("2147483647"), S("0x2"), { NULL, 0 }
};

static const char *const fraction_valid[] = { "0", "8", "64", "100", NULL };
static const struct bytes fraction_bad[] = {
	S("1"), S("2"), S("3"), S("4"), S("5"), S("6"), S("7"), { NULL, 0 }
};

static const struct knob knobs[] = {
	{ "percpu_pagelist_orders", orders_valid, orders_readback, "0-2",
	  orders_bad, 0, "0-2", "0-3" },
	{ "percpu_pagelist_high_fraction", fraction_valid, fraction_valid, "0",
	  fraction_bad, 1, "0", "64" },
	{ "pcp_drain_after_reclaim", drain_valid, drain_valid, "0",
	  drain_bad, 1, "2", "01" },
	{ "reclaim_compaction_early_break", early_valid, early_valid, "0",
	  early_bad, 1, "0", "01" },
};

/* --- the checks --- */

static void check_bad_one(const struct knob *k, const struct bytes *b,
			  const char *rest_rb)
{
	char now[VALUE_MAX];
	int e;

	/* from the same value each time: one bad case does not hide others */
	if (write_value(k->rest, strlen(k->rest))) {
		result(0, "%s: cannot write '%s'", k->name, k->rest);
		return;
	}
	e = write_value(b->s, blen(b));
	read_value(now, sizeof(now));
	result(e == EINVAL && !strcmp(now, rest_rb),
	       "%s: '%s' -> %s, reads '%s' (want EINVAL, '%s')", k->name,
	       show(b->s, blen(b)), e ? strerror(e) : "accepted", now, rest_rb);
}

static void check_bad(const struct knob *k)
{
	const struct bytes *b;
	const char *rest_rb = readback_of(k, k->rest, strlen(k->rest));
	int before = tried, bad_before = bad_cases;

	if (!rest_rb)
		rest_rb = k->rest;
	for (b = k->bad; b->s; b++)
		check_bad_one(k, b, rest_rb);
	if (k->integer)
		for (b = common_bad_int; b->s; b++)
			check_bad_one(k, b, rest_rb);
	result(tried - before >= 30, "%s: %d malformed values tried, %d bad",
	       k->name, tried - before, bad_cases - bad_before);
}

/*
 * k->split cut after each byte into two write(2) calls on one open file,
 * from k->split_start: the value must end as it was or as the first part
 * alone where that part is valid (the kernel takes a value only from a
 * write at offset 0; a write that failed leaves the offset at 0).
 */
static void check_split(const struct knob *k)
{
	const char *v = k->split, *start_rb, *first_rb;
	char now[VALUE_MAX];
	size_t cut;
	int fd, e1, e2;

	start_rb = readback_of(k, k->split_start, strlen(k->split_start));
	for (cut = 1; cut < strlen(v); cut++) {
		first_rb = readback_of(k, v, cut);
		if (write_value(k->split_start, strlen(k->split_start)) || !start_rb) {
			result(0, "%s: cannot write '%s'", k->name, k->split_start);
			return;
		}
		fd = open(path, O_WRONLY);
		if (fd < 0) {
			result(0, "%s: open: %s", k->name, strerror(errno));
			return;
		}
		e1 = write(fd, v, cut) < 0 ? errno : 0;
		e2 = write(fd, v + cut, strlen(v) - cut) < 0 ? errno : 0;
		close(fd);
		read_value(now, sizeof(now));
		result(!strcmp(now, start_rb) || (first_rb && !strcmp(now, first_rb)),
		       "%s: '%.*s' + '%s' in two writes (%s, %s): reads '%s' (want '%s'%s%s%s)",
		       k->name, (int)cut, v, v + cut, e1 ? strerror(e1) : "ok",
		       e2 ? strerror(e2) : "ok", now, start_rb,
		       first_rb ? " or '" : "", first_rb ? first_rb : "",
		       first_rb ? "'" : "");
	}
}

/*
 * Byte by byte, from every offset and in two reads: the bytes of one whole
 * read (a string sysctl), or, for an integer, its first bytes and then end
 * of file (proc_dointvec() reads from offset 0 only).
 */
static void check_reads(const struct knob *k)
{
	char whole[VALUE_MAX], piece[VALUE_MAX];
	ssize_t n, len, off, want;
	int fd, ok = 1;

	fd = open(path, O_RDONLY);
	len = fd < 0 ? -1 : read(fd, whole, sizeof(whole) - 1);
	if (fd >= 0)
		close(fd);
	if (len <= 0) {
		result(0, "%s: a whole read gave %zd bytes", k->name, len);
		return;
	}

	fd = open(path, O_RDONLY);
	off = 0;
	while (off < (ssize_t)sizeof(piece) && read(fd, piece + off, 1) == 1)
		off++;
	close(fd);
	want = k->integer ? 1 : len;
	result(off == want && !memcmp(piece, whole, want),
	       "%s: read one byte at a time: %zd bytes (want %zd of the %zd of a whole read)",
	       k->name, off, want, len);

	for (off = 0; off <= len; off++) {
		fd = open(path, O_RDONLY);
		if (lseek(fd, off, SEEK_SET) != off) {
			ok = 0;
			close(fd);
			continue;
		}
		n = read(fd, piece, sizeof(piece));
		close(fd);
		want = k->integer && off ? 0 : len - off;
		if (n != want || memcmp(piece, whole + off, want))
			ok = 0;
	}
	result(ok, "%s: lseek to each of %zd offsets and read: %s", k->name,
	       len + 1, k->integer ? "the value at 0, end of file after" :
	       "the rest of the value");

	fd = open(path, O_RDONLY);
	n = read(fd, piece, 1);
	if (n == 1)
		n += read(fd, piece + 1, sizeof(piece) - 1);
	close(fd);
	want = k->integer ? 1 : len;
	result(n == want && !memcmp(piece, whole, want),
	       "%s: a read of 1 byte, then the rest: %zd bytes (want %zd)",
	       k->name, n, want);
}

/* A writer: valid values, one after another, until killed. */
static void writer(const struct knob *k, int start)
{
	unsigned long i;
	int nvalid = 0;

	while (k->valid[nvalid])
		nvalid++;
	for (i = start;; i++) {
		const char *v = k->valid[i % nvalid];

		if (write_value(v, strlen(v)))
			_exit(1);
	}
}

static void check_race(const struct knob *k, int seconds)
{
	char now[VALUE_MAX];
	unsigned long reads = 0, torn = 0;
	pid_t w[2];
	int i, status, wfail = 0;
	time_t end;

	for (i = 0; i < 2; i++) {
		w[i] = fork();
		if (w[i] == 0)
			writer(k, i);
	}
	end = time(NULL) + seconds;
	while (time(NULL) < end) {
		if (read_value(now, sizeof(now)) < 0 || !is_readback(k, now)) {
			if (torn++ < 3)
				printf("# %s: read '%s' during the race\n", k->name, now);
		}
		reads++;
	}
	for (i = 0; i < 2; i++) {
		if (w[i] < 0) {
			wfail = 1;
			continue;
		}
		/* a writer still running has failed no write */
		if (waitpid(w[i], &status, WNOHANG) == w[i])
			wfail = 1;
		kill(w[i], SIGKILL);
		waitpid(w[i], &status, 0);
	}
	read_value(now, sizeof(now));
	result(!torn && !wfail && is_readback(k, now),
	       "%s: two writers for %d s: %lu reads, %lu not a written value%s; reads '%s' after",
	       k->name, seconds, reads, torn, wfail ? ", a write failed" : "", now);
}

int main(int argc, char **argv)
{
	char saved[VALUE_MAX], now[VALUE_MAX];
	int seconds = 5;
	size_t i;

	if (argc > 2 || (argc == 2 && (seconds = atoi(argv[1])) < 0) ||
	    (argc == 2 && strspn(argv[1], "0123456789") != strlen(argv[1]))) {
		fprintf(stderr, "pcp-sysctl-torture: error: usage: pcp-sysctl-torture [SECONDS]\n");
		return 2;
	}
	printf("TAP version 13\n");
	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		const struct knob *k = &knobs[i];

		knob_path(k);
		if (access(path, F_OK)) {
			printf("# SKIP %s: not in this kernel\n", path);
			continue;
		}
		if (read_value(saved, sizeof(saved)) < 0) {
			result(0, "%s: cannot read", k->name);
			continue;
		}
		printf("# %s: '%s'\n", k->name, saved);
		check_bad(k);
		check_split(k);
		check_reads(k);
		if (seconds)
			check_race(k, seconds);
		write_value(saved, strlen(saved));
		read_value(now, sizeof(now));
		result(!strcmp(now, saved), "%s: '%s' written back, reads '%s'",
		       k->name, saved, now);
	}
	printf("1..%d\n", tap);
	printf("pcp-sysctl-torture: %d cases tried, %d bad\n", tried, bad_cases);
	return bad_cases ? 1 : 0;
}
