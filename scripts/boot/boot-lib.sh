# SPDX-License-Identifier: GPL-2.0
# Shared by boot-um.sh and boot-x86_64.sh: options, the run folder, and the
# verdict.  Sourced after lib.sh.
#
# A run folder (--out DIR, or a new build/runs/<flavour>-<time>/, named in
# the last line the boot prints) holds cmd (what the guest runs),
# console.log (everything the guest printed), output.txt (what was printed
# while the command ran), dmesg.txt (the kernel log the guest dumped at the
# end) and result (exit code and verdict).
#
# Exit code of a boot: the command's own exit code when the kernel log is
# clean; 100 when the log shows a splat (even if the command exited 0);
# 101 when the guest ended without reporting an exit code (crash, panic);
# 124 when the run timed out.  When the command fails, its "not ok" lines
# and last lines go to stderr, so that a test's log says what failed.

boot_usage() {
	cat >&2 <<USAGE
usage: $0 [--out DIR] [--smp N] [--mem SIZE] [--timeout SEC] [--file FILE]... [--] COMMAND...
  Boots the $(flavour "$ARCH") kernel, runs COMMAND (a shell command line) inside,
  returns its exit code.  Defaults: --smp ${SMP:-2} (x86_64 only), --mem ${MEM:-512M},
  --timeout ${TIMEOUT:-300}.  The same settings can be given as SMP=, MEM=, TIMEOUT=.
  --file puts FILE in the guest's /pcp/run/ (x86_64; UML sees the host's files).
  --out DIR: the run folder (default: a new build/runs/<flavour>-<time>).
USAGE
	exit 2
}

parse_boot_args() {
	SMP=${SMP:-2}
	MEM=${MEM:-512M}
	TIMEOUT=${TIMEOUT:-300}
	RUN_FILES=()
	RUN_OUT=
	while [ $# -gt 0 ]; do
		case $1 in
		--out) RUN_OUT=${2:-}; [ -n "$RUN_OUT" ] || die "--out needs a folder"; shift 2 ;;
		--file) [ -f "${2:-}" ] || die "--file '${2:-}': no such file"
			RUN_FILES+=("$2"); shift 2 ;;
		--smp) SMP=${2:-}; shift 2 || boot_usage ;;
		--mem) MEM=${2:-}; shift 2 || boot_usage ;;
		--timeout) TIMEOUT=${2:-}; shift 2 || boot_usage ;;
		-h|--help) boot_usage ;;
		--) shift; break ;;
		-*) die "unknown option '$1' (try --help)" ;;
		*) break ;;
		esac
	done
	[ $# -gt 0 ] || die "no command given (try --help)"
	[[ $SMP =~ ^[1-9][0-9]*$ ]] || die "--smp '$SMP' is not a CPU count"
	[[ $MEM =~ ^[1-9][0-9]*[MG]$ ]] || die "--mem '$MEM' is not a size like 512M or 2G"
	[[ $TIMEOUT =~ ^[1-9][0-9]*$ ]] || die "--timeout '$TIMEOUT' is not a number of seconds"
	[ -z "$RUN_OUT" ] || check_out "$RUN_OUT"
	CMD=$*
}

# boot_progress_start: a boot that runs longer than a minute says so every
# minute on stderr: how long so far, about how long is left (from the last
# boot of the same kernel, command and settings that ended well: kept in
# build/cache/boot-times/), and the guest's last line of output.
# boot_progress_stop BOOT_RC stops it and keeps this boot's time.
boot_progress_start() {
	local prev
	BOOT_KEY=$BUILD/cache/boot-times/$(printf '%s\n' "$(flavour "$ARCH")" "$CMD" "$SMP" "$MEM" \
		"${QEMU_EXTRA:-}" "${APPEND:-}" | cksum | cut -d' ' -f1)
	BOOT_START=$SECONDS
	prev=$(cat "$BOOT_KEY" 2>/dev/null || true)
	(
		n=0
		while sleep 60 </dev/null >/dev/null 2>&1 && kill -0 $$ 2>/dev/null; do
			n=$((n + 1))
			left="no earlier boot of this command to estimate the rest from"
			[ -z "$prev" ] || left="about $(( (prev + 59) / 60 - n < 1 ? 1 : (prev + 59) / 60 - n )) min left (the last boot of it took $(( (prev + 59) / 60 )) min)"
			[ -z "$prev" ] || [ $((n * 60)) -lt "$prev" ] ||
				left="longer than the last boot of it ($(( (prev + 59) / 60 )) min); timeout after $TIMEOUT s"
			log "$(flavour "$ARCH"): $n min so far, $left; last output: $(tr -d '\r' <"$RUNDIR/console.log" 2>/dev/null |
				grep -v '^[[:space:]]*$' | tail -1 | cut -c1-100)"
		done
	) &
	BOOT_TICKER=$!
}

boot_progress_stop() {
	kill "$BOOT_TICKER" 2>/dev/null || true
	wait "$BOOT_TICKER" 2>/dev/null || true
	if [ "$1" = 0 ]; then
		mkdir -p "$(dirname "$BOOT_KEY")"
		echo $((SECONDS - BOOT_START)) >"$BOOT_KEY"
	fi
}

# new_rundir: make the run folder and write the command into it.
new_rundir() {
	RUNDIR=$(run_folder "$RUN_OUT" "$(flavour "$ARCH")")
	printf '%s\n' "$CMD" >"$RUNDIR/cmd"
}

# finish_run BOOT_RC: read the exit code and kernel log out of the console
# log, run the splat check, print the verdict, exit with the code above.
finish_run() {
	local boot_rc=$1 rc verdict splat
	sed -n '/^PCP-DMESG-BEGIN/,/^PCP-DMESG-END/{//!p}' "$RUNDIR/console.log" \
		| tr -d '\r' >"$RUNDIR/dmesg.txt"
	sed -n '/^PCP-HARNESS: running/,/^PCP-HARNESS-EXIT/{//!p}' "$RUNDIR/console.log" \
		| tr -d '\r' >"$RUNDIR/output.txt"
	rc=$(tr -d '\r' <"$RUNDIR/console.log" | sed -n 's/^PCP-HARNESS-EXIT: \([0-9]*\)$/\1/p' | tail -1)
	splat=$("$REPO/scripts/report/splat-check.py" "$RUNDIR/dmesg.txt" "$RUNDIR/console.log") || true
	if [ "$splat" != clean ]; then
		verdict="splat in kernel log"
		echo "$splat" | sed 's/^/  /' >&2
		code=100
	elif [ "$boot_rc" = 124 ] || [ "$boot_rc" = 137 ]; then
		verdict="timed out after $TIMEOUT s"
		code=124
	elif [ -z "$rc" ]; then
		verdict="guest ended without an exit code (boot exit $boot_rc)"
		code=101
	else
		verdict="command exited $rc"
		code=$rc
		# what failed, in the caller's log: the TAP failures and the
		# command's last lines
		[ "$rc" = 0 ] || { grep '^not ok' "$RUNDIR/output.txt" | head -n 5 || true
			tail -n 6 "$RUNDIR/output.txt"; } | sed 's/^/  | /' >&2
	fi
	printf 'exit %s\nverdict %s\ncommand %s\n' "$code" "$verdict" "$CMD" >"$RUNDIR/result"
	log "$(flavour "$ARCH"): $verdict; log: $RUNDIR/console.log"
	exit "$code"
}
