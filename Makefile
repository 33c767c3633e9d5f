# SPDX-License-Identifier: GPL-2.0
#
# The PCP series harness.  Each target is one step in scripts/; see README.md.
#
#   make run            main job: build, boot, report (installs what is missing)
#   make check          the test suite (what CI runs), ends "N passed, N failed"
#   make check-fast     host-only tests (no kernel tree), under a minute
#   make check-all      check + the long gates (bisect build of every patch,
#                       other arches and page sizes, coccinelle); records
#                       the run in tests/check-all.txt; an interrupted run
#                       of the same series goes on where it stopped
#                       (FRESH=1: from the start)
#
#   make records        bring the records of the long runs that are behind up to
#                       date, one committable part at a time (PARTS=...:
#                       bench-results check-all mm-selftests snapshot)
#   make deps           install the Debian packages the harness needs
#   make tree           build/linux: base + each series (pcp-orders, pcp-slowpath)
#                       and both (pcp-series, built and tested); KSRC=... your tree
#   make export         branches pcp-orders, pcp-slowpath -> series/orders, slowpath
#   make rebase         move the series to the newest linux-source-6.12 (V=version:
#                       another): git am -3, BASE_VERSION, re-export
#   make bench-results  measure series/*/bench-results.txt (the cover letters' tables)
#   make deb            Debian packages of the patched kernel (CONFIG=file or SMALL=1;
#                       default: Debian's own config from linux-config-6.12)
#   make unpatched      patched defaults vs unpatched 6.12, alternate UML boots
#   make mm-selftests   the kernel's mm selftests on unpatched, defaults and every
#                       order cached; records tests/mm-selftests.txt
#   make build-um       UML kernel           make build-x86_64    x86_64 kernel
#                       (DEBUG=1: lockdep, DEBUG_VM...; SANITIZE=1, x86_64: KASAN,
#                       UBSAN, DEBUG_PAGEALLOC; KUNIT=1: the suite at boot)
#   make boot-um CMD='...'                   make boot-x86_64 CMD='...' [SMP=4 MEM=1G]
#                       build that kernel when it is not, boot it, run CMD (a
#                       guest/ program and its arguments) in it and print its output
#   make clean          remove kernel build outputs and run folders (keeps build/linux)

SHELL := /bin/bash
CMD ?= zoneinfo_pcp.sh
export DEBUG SANITIZE KUNIT LOCKSTAT EXTRA_CONFIG KSRC PCP_BRANCH SMP MEM TIMEOUT ACCEL QEMU_EXTRA APPEND FORCE STRICT_CONFIG

.PHONY: help run check check-fast check-all records deps tree export rebase bench-results deb unpatched mm-selftests build-um build-x86_64 boot-um boot-x86_64 clean

help:
	@sed -n '3,/^$$/s/^# \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

deps:
	@scripts/setup/deps.sh

tree: deps
	@scripts/tree/tree.sh

export:
	@scripts/tree/export.sh

rebase: deps
	@scripts/tree/rebase.sh $(V)

# Plain (non-debug) UML kernel: 5 interleaved rounds of 100000 pairs for
# the orders series; the slowpath switches under pressure for the other,
# and the 2010 file-creation workload on make run's x86_64 kernel.
bench-results: tree
	@DEBUG= KUNIT= scripts/build/build.sh um
	@DEBUG= KUNIT= scripts/bench/bench-uml.sh --save series/orders/bench-results.txt 5 100000
	@DEBUG= KUNIT= MEM=256M ORDERS='2 4 6 9' scripts/bench/bench-highorder.sh --arch um \
		--save series/slowpath/bench-results.txt 2 95
	@DEBUG= KUNIT= LOCKSTAT=1 scripts/build/build.sh x86_64
	@DEBUG= KUNIT= LOCKSTAT=1 scripts/bench/bench-fscreate.sh \
		--save series/slowpath/fscreate-results.txt 2 15000
	@DEBUG= KUNIT= LOCKSTAT=1 scripts/bench/bench-stream.sh \
		--save series/slowpath/stream-results.txt 4

deb: tree
	@scripts/build/deb.sh $(if $(SMALL),--small,$(if $(CONFIG),--config $(CONFIG)))

unpatched: tree
	@scripts/bench/bench-unpatched.sh $(ROUNDS) $(LOOPS)

mm-selftests: tree
	@scripts/gates/mm-selftests.sh --save tests/mm-selftests.txt

build-um build-x86_64: build-%: tree
	@scripts/build/build.sh $*

boot-um boot-x86_64: boot-%: build-%
	@out=build/runs/make-boot-$*; scripts/boot/boot-$*.sh --out "$$out" -- $(CMD); \
		rc=$$?; cat "$$out/output.txt"; exit $$rc

run: deps
	@scripts/run.sh

check: deps
	@tests/run.sh --tier check

check-fast: deps
	@tests/run.sh --tier fast

check-all: deps
	@tests/run.sh --tier all --record tests/check-all.txt $(if $(FRESH),,--resume)

records: deps
	@scripts/records.sh $(PARTS)

clean:
	rm -rf build/out build/runs build/initramfs build/guest build/test-logs
