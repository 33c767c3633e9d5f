#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: bring the records of the long runs up to date, only those that are
# behind (scripts/report/record-status.sh), one part at a time, cheapest
# first, each ending in files to commit on their own:
#
#   bench-results  the cover letters' tables (make bench-results, make
#                  export), then the quotes of docs/ (scripts/report/quotes.py
#                  --write): commit series/ and docs/
#   check-all      make check-all (goes on from its progress file when the
#                  series is the same), then the reliability table:
#                  commit tests/check-all.txt and docs/reliability.md
#   mm-selftests   make mm-selftests, then the reliability table: commit
#                  tests/mm-selftests.txt and docs/reliability.md
#   snapshot       make run, kept as docs/results/<date>-<code>/: read its
#                  figures, then link it in place of the snapshot that is
#                  behind (the prose of docs/ quotes figures: a person
#                  changes it) and commit
#
# A part that fails stops the refresh, naming it; run it again to go on
# from there: the parts done are current and are skipped, on this machine
# or, once committed, on a new one.  PART... does those parts only.
#
# Usage: scripts/records.sh [--list] [PART...]
#   --list   say which parts are behind and what each would run; run nothing

. "$(dirname "$0")/lib.sh"

PARTS=(bench-results check-all mm-selftests snapshot)
list=0
want=()
for a; do
	case $a in
	--list) list=1 ;;
	-h | --help) sed -n '3,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) die "unknown option '$a' (try --help)" ;;
	*)
		[[ " ${PARTS[*]} " = *" $a "* ]] || die "unknown part '$a' (one of ${PARTS[*]})"
		want+=("$a")
		;;
	esac
done
[ ${#want[@]} -gt 0 ] || want=("${PARTS[@]}")

cd "$REPO"
"$REPO/scripts/tree/tree.sh" >&2
status=$("$REPO/scripts/report/record-status.sh") || {
	echo "$status"
	die "a record is broken (above): fix it before refreshing"
}
echo "$status"

# behind PART: the records of PART that are behind, one per line.
behind() {
	local re
	case $1 in
	bench-results) re='series/[^:]*/[a-z]*-results.txt' ;;
	check-all) re='tests/check-all.txt' ;;
	mm-selftests) re='tests/mm-selftests.txt' ;;
	snapshot) re='docs/results/[^:]*' ;;
	esac
	sed -nE "s|^#   ($re): (behind\|[0-9]+ of [0-9]+ tests current).*|\1|p" <<<"$status"
}

# run_part PART: the commands of PART.
run_part() {
	case $1 in
	bench-results)
		make --no-print-directory bench-results
		scripts/tree/export.sh
		scripts/report/quotes.py --write
		log "bench-results done: read the text around the quotes that changed, commit series/ and docs/"
		;;
	check-all)
		tests/run.sh --tier all --record tests/check-all.txt --resume
		scripts/report/reliability.py --write docs/reliability.md
		log "check-all done: commit tests/check-all.txt and docs/reliability.md"
		;;
	mm-selftests)
		scripts/gates/mm-selftests.sh --save tests/mm-selftests.txt
		scripts/report/reliability.py --write docs/reliability.md
		log "mm-selftests done: commit tests/mm-selftests.txt and docs/reliability.md"
		;;
	snapshot)
		local out name
		out=$BUILD/results/records-$(date +%Y%m%d-%H%M%S)
		scripts/run.sh --out "$out"
		name=$(date +%Y-%m-%d)-$(sed -n 's/^code: //p' "$out/run-info.txt")
		scripts/report/snapshot.sh "$out" "$name"
		log "snapshot done: docs/results/$name; read its figures, link it from README.md and docs/ in place of $(behind snapshot | paste -sd' '), then commit"
		;;
	esac
}

todo=()
for p in "${want[@]}"; do
	if [ -n "$(behind "$p")" ]; then
		todo+=("$p")
		log "behind: $p ($(behind "$p" | paste -sd' ' | sed 's/ /, /g'))"
	else
		log "current: $p"
	fi
done
if [ ${#todo[@]} = 0 ]; then
	log "every record asked for is current"
	exit 0
fi
[ "$list" = 0 ] || exit 0
for p in "${todo[@]}"; do
	log "part $p: start $(date -u '+%H:%M UTC')"
	(run_part "$p") || die "part $p failed: fix it and run 'make records' again (the parts done are current and are skipped)"
done
log "done: ${todo[*]}"
