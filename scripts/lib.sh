# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the harness steps.  Sourced, never run.
#
# Every step prints errors as one line "<step>: error: <what>" on stderr and
# exits non-zero; warnings are "<step>: warning: <what>".

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$REPO/build}
SERIES_DIR=${SERIES_DIR:-$REPO/series}
TREE=${TREE:-$BUILD/linux}
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
BASE_VERSION=$(cat "$REPO/BASE_VERSION")
# The base the tree was made from: BASE_VERSION, or the other 6.12.y that
# Debian's linux-source-6.12 had when the archive no longer had ours
# (tree.sh keeps it as pcp.base-version of the tree).
TREE_BASE_VERSION=$(git -C "$TREE" config --get pcp.base-version 2>/dev/null || echo "$BASE_VERSION")
BASE_TAG=base-$TREE_BASE_VERSION
STEP=${STEP:-$(basename "$0" .sh)}

die()  { echo "$STEP: error: $*" >&2; exit 1; }
warn() { echo "$STEP: warning: $*" >&2; }
log()  { echo "$STEP: $*" >&2; }

# A fixed identity for the commits the harness itself makes (base commit,
# git am), so that re-creating the tree gives the same commits.
harness_git() {
	GIT_COMMITTER_NAME="PCP series harness" \
	GIT_COMMITTER_EMAIL="pcp-harness@localhost" \
	GIT_AUTHOR_NAME="${GIT_AUTHOR_NAME:-PCP series harness}" \
	GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL:-pcp-harness@localhost}" \
	git "$@"
}

# kernel_version DIR: print VERSION.PATCHLEVEL.SUBLEVEL of the tree at DIR.
kernel_version() {
	awk -F' *= *' '
		$1 == "VERSION"    { v = $2 }
		$1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL"   { s = $2; exit }
		END { if (v != "" && p != "") print v "." p "." (s == "" ? 0 : s) }
	' "$1/Makefile" 2>/dev/null
}

# check_version DIR WHAT: a non-6.12 tree is an error, another 6.12.y a warning.
check_version() {
	local v
	v=$(kernel_version "$1")
	[ -n "$v" ] || die "$2 ($1) has no kernel Makefile: not a Linux tree"
	case $v in
	6.12.*) ;;
	*) die "$2 ($1) is Linux $v, the series is for 6.12.y (base $BASE_VERSION)" ;;
	esac
	[ "$v" = "$BASE_VERSION" ] ||
		warn "$2 is Linux $v, the series is made on $BASE_VERSION (BASE_VERSION): applying it to $v (expect offsets; make rebase moves the base)"
	return 0
}

# The two series, in the order make tree applies them: each is a folder
# of SERIES_DIR (series/NAME: format-patch files, a quilt-style series
# file, cover letter) made against the base alone, and a branch pcp-NAME of
# the tree.  The combination that is built and tested is branch
# pcp-series: the first series, then the others picked from their
# branches (build_branches: their context moved by the first series; they
# change no line it changes).
SERIES_NAMES=(orders slowpath)
COMBINED_BRANCH=pcp-series
# The joint patches: code that needs every series (one series' counters
# for another's drain), in SERIES_DIR/both/ (format-patch files and a
# series file, no cover letter, no branch of their own) when there are
# any.  Made on COMBINED_BRANCH past the picks and applied there only,
# after the series (build_branches records where they start as git
# config pcp.combined-base; make export takes the commits past it).  A
# maintainer takes them with whichever series goes in second.
JOINT_SERIES=both

# series_folders DIR [SEP]: the names of the series folders of DIR, in the
# order they apply: SERIES_NAMES, then JOINT_SERIES if DIR has it; one per
# line, or joined by SEP (", " for a message).
series_folders() {
	{
		printf '%s\n' "${SERIES_NAMES[@]}"
		[ ! -f "$1/$JOINT_SERIES/series" ] || echo "$JOINT_SERIES"
	} | if [ -n "${2:-}" ]; then paste -sd, | sed "s/,/$2/g"; else cat; fi
}

# series_patches DIR: the patch files named by DIR/series, in order.
series_patches() {
	[ -f "$1/series" ] || die "$1/series: no such file"
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1/series"
}

# series_hash DIR: a digest of every series in DIR (series_folders): the
# series files and the patches they name.
series_hash() {
	local n p
	{
		for n in $(series_folders "$1"); do
			echo "$n"
			cat "$1/$n/series"
			for p in $(series_patches "$1/$n"); do cat "$1/$n/$p"; done
		done
	} | sha256sum | cut -d' ' -f1
}

# series_count DIR: the number of patches of all the series in DIR, the
# joint patches included.
series_count() {
	local n c=0
	for n in $(series_folders "$1"); do
		c=$(( c + $(series_patches "$1/$n" | wc -l) ))
	done
	echo "$c"
}

# code_hash DIR [REF]: a digest of the code of the git tree at DIR (the
# top-level tree of REF, default HEAD, without Documentation/): what a
# benchmark result was measured on.  A changelog or documentation edit
# keeps it; any code change to the series (or another base) gives another.
code_hash() {
	git -C "$1" ls-tree "${2:-HEAD}" | grep -v '	Documentation$' | sha256sum | cut -c1-16
}

# apply_series TREE DIR [-3]: git am every patch of the series in DIR (one
# folder of SERIES_DIR) on the current branch of TREE; -3: a three-way am,
# for a series applied on another.  On
# failure the am is aborted, the branch is left where it started, and the
# patch that failed is named.
apply_series() {
	local tree=$1 dir=$2 p start am=(am -q --committer-date-is-author-date)
	[ "${3:-}" = -3 ] && am+=(-3)
	start=$(git -C "$tree" rev-parse HEAD)
	for p in $(series_patches "$dir"); do
		[ -f "$dir/$p" ] || die "series names $p, but $dir/$p does not exist"
		if ! harness_git -C "$tree" "${am[@]}" "$dir/$p" >"$BUILD/am.log" 2>&1; then
			# a three-way am stops on a conflict: show its hunks
			git -C "$tree" diff | grep -B3 -A12 '^[-+ ]*<<<<<<<' | head -60 >&2 || true
			git -C "$tree" am --abort >/dev/null 2>&1 || true
			git -C "$tree" reset -q --hard "$start"
			die "patch $(basename "$dir")/$p does not apply to $(git -C "$tree" describe --tags --always "$start") (details: $BUILD/am.log)"
		fi
	done
}

# topic_branches: the tree's branch of each series, one per line.
topic_branches() {
	local n
	for n in "${SERIES_NAMES[@]}"; do echo "pcp-$n"; done
}

# series_list SEP: the series' names (or, given "pcp-", their branches)
# joined for a message: "orders, slowpath".
series_list() {
	local prefix=${1:-}
	printf "$prefix%s\n" "${SERIES_NAMES[@]}" | paste -sd, | sed 's/,/, /g'
}

# apply_all_series TREE DIR: every series of DIR on the current branch of
# TREE, in order: the first plain, the others (the joint patches last)
# three-way.
apply_all_series() {
	local n opt=
	for n in $(series_folders "$2"); do
		apply_series "$1" "$2/$n" $opt
		opt=-3
	done
}

# build_branches TREE DIR BASE [-3]: in the git tree TREE (its worktree is
# checked out and overwritten), branch pcp-NAME = BASE + series DIR/NAME
# for each series, then COMBINED_BRANCH = BASE + all of them, left checked
# out: the first series' branch, then each other series' commits picked
# from its branch (a three-way merge against BASE, whose blobs the tree
# has, whatever 6.12.y BASE is; git am -3 would need those the patches
# were made on).  Each pick keeps its author date as committer date, as
# apply_series does, so the commits are those of an am -3 on our base.
# Then the joint patches of DIR, if any, on COMBINED_BRANCH alone (git am
# -3), past the commit recorded as pcp.combined-base.
# -3: each series on its branch with git am -3 (make rebase: the tree has
# the blobs of the old base too).
build_branches() {
	local tree=$1 dir=$2 base=$3 am3=${4:-} n c first=
	for n in "${SERIES_NAMES[@]}"; do
		git -C "$tree" checkout -q -f -B "pcp-$n" "$base"
		git -C "$tree" clean -q -fd
		apply_series "$tree" "$dir/$n" $am3
	done
	for n in "${SERIES_NAMES[@]}"; do
		if [ -z "$first" ]; then
			first=$n
			git -C "$tree" checkout -q -f -B "$COMBINED_BRANCH" "pcp-$n"
			continue
		fi
		for c in $(git -C "$tree" rev-list --reverse "$base..pcp-$n"); do
			if ! GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%aD "$c") \
			     harness_git -C "$tree" cherry-pick --allow-empty "$c" >"$BUILD/am.log" 2>&1; then
				git -C "$tree" cherry-pick --abort >/dev/null 2>&1 || true
				die "$(git -C "$tree" log -1 --format=%s "$c") (series $n) does not apply on top of $(series_list | sed 's/, .*//') (details: $BUILD/am.log)"
			fi
		done
	done
	git -C "$tree" config pcp.combined-base "$(git -C "$tree" rev-parse HEAD)"
	[ ! -f "$dir/$JOINT_SERIES/series" ] || apply_series "$tree" "$dir/$JOINT_SERIES" -3
}

# need_cmd CMD...: fail early, naming the missing tool and the fix.
need_cmd() {
	local c
	for c; do
		command -v "$c" >/dev/null 2>&1 ||
			die "'$c' not found: run 'make deps' (or scripts/setup/deps.sh) first"
	done
}

# The source tree the build steps use: build/linux, or with KSRC= the
# worktree that tree.sh made of the user's tree.
if [ -n "${KSRC:-}" ]; then
	SRC=$BUILD/ksrc
else
	SRC=$TREE
fi

# run_folder DIR [PREFIX]: make the folder a step writes its run into and
# print its absolute path.  DIR is the folder the caller named (--out); a
# previous run in it (marked by the file .pcp-run) is removed first, any
# other folder that is not empty is an error.  With DIR empty: a new
# build/runs/PREFIX-<time> (PREFIX: the step's name).  No step finds a run
# again by itself: each is told where its run goes, or prints where it went.
run_folder() {
	local d=${1:-} prefix=${2:-$STEP}
	if [ -z "$d" ]; then
		d=$BUILD/runs/$prefix-$(date +%Y%m%d-%H%M%S)-$$
	elif [ -n "$(ls -A "$d" 2>/dev/null)" ]; then
		check_out "$d"
		rm -rf "$d"
	fi
	mkdir -p "$d" || die "--out $d: cannot make the folder"
	: >"$d/.pcp-run"
	(cd "$d" && pwd)
}

# check_out DIR: DIR may take a run (see run_folder): the steps check their
# --out before any work, so that a wrong folder changes nothing.
check_out() {
	[ -z "$(ls -A "$1" 2>/dev/null)" ] || [ -f "$1/.pcp-run" ] ||
		die "--out $1: a folder that is not empty and holds no run"
}

# bench_args USAGE DEFAULT_ROUNDS DEFAULT_LOOPS ARGS...: the arguments of a
# benchmark step.  Of the options --out DIR (into out), --arch ARCH (into
# arch: the caller sets its default first) and --save FILE (into save), it
# takes those USAGE names; then [ROUNDS] [LOOPS] into rounds and loops (a
# step whose second number is not LOOPS gives DEFAULT_LOOPS empty and
# checks it itself).  Everything is checked before any work.
bench_args() {
	local usage=$1 r=$2 l=$3
	shift 3
	out= save=
	while [ $# -gt 0 ]; do
		case $1 in
		--out | --arch | --save) ;;
		-*) die "unknown option '$1' ($usage)" ;;
		*) break ;;
		esac
		[[ $usage = *"$1 "* ]] || die "unknown option '$1' ($usage)"
		case $1 in
		--out) out=${2:-}; [ -n "$out" ] || die "--out needs a folder"; check_out "$out" ;;
		--arch) arch=${2:-}; check_arch "$arch" ;;
		--save) save=${2:-}; [ -n "$save" ] || die "--save needs a file" ;;
		esac
		shift 2
	done
	rounds=${1:-$r}
	loops=${2:-$l}
	[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS '$rounds' is not a positive number"
	[ -z "$l" ] || [[ $loops =~ ^[1-9][0-9]*$ ]] || die "LOOPS '$loops' is not a positive number"
}

# boots_arg: BOOTS from the environment (default 1), the number of boots a
# step measures in (each a run of ROUNDS rounds): checked, into boots.
# With two or more, scripts/report/compare.py judges significance on the
# per-boot means (samples.py --boot).
boots_arg() {
	boots=${BOOTS:-1}
	[[ $boots =~ ^[1-9][0-9]*$ ]] || die "BOOTS '$boots' is not a positive number"
}

# boot_samples RUN TAG: the samples of every boot of a step run in RUN
# (RUN/output.txt for one boot, RUN/boot-N/output.txt for several, each
# with its boot number in a seventh column).
boot_samples() {
	local run=$1 tag=$2 b
	if [ "$boots" = 1 ]; then
		"$REPO/scripts/report/samples.py" --tag "$tag" "$run/output.txt"
		return
	fi
	for b in $(seq 1 "$boots"); do
		"$REPO/scripts/report/samples.py" --tag "$tag" --boot "$b" "$run/boot-$b/output.txt" || return
	done
}

# boot_folder RUN N: where boot N of a step run in RUN writes (RUN itself
# when the step boots once).
boot_folder() {
	if [ "$boots" = 1 ]; then echo "$1"; else echo "$1/boot-$2"; fi
}

# check_save FILE: a benchmark's --save FILE (results a cover letter
# quotes) is possible: its folder exists, the kernel is the plain one, and
# the tree has no uncommitted edits, so the results match a commit.
check_save() {
	[ -d "$(dirname "$1")" ] || die "--save $1: no folder $(dirname "$1")"
	[ -z "${DEBUG:-}" ] && [ -z "${KUNIT:-}" ] ||
		die "--save: results for a cover letter come from the plain kernel, not DEBUG/KUNIT"
	[ -z "$(git -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
		die "--save: $SRC has uncommitted edits; results must match a commit"
}

# orders_env: pcp_bench's order list from ORDERS (default 0-9), or die.
orders_env() {
	local orders=${ORDERS:-0-9}
	[[ $orders =~ ^[0-9][-0-9,]*$ ]] || die "ORDERS '$orders' is not an order list like 0-9 or 0,4-8"
	echo "$orders"
}

# order_sets DEFAULT: the NAME=ORDERS settings of vm.percpu_pagelist_orders
# a step compares, from SETS (default DEFAULT; the first is the base of the
# comparison), into sets, and their names into names; or die.
order_sets() {
	local s
	sets=${SETS:-$1}
	names=
	for s in $sets; do
		[[ $s =~ ^([a-z][a-z0-9_]*)=([0-9][-0-9,]*|auto)$ ]] ||
			die "SETS: '$s' is not NAME=ORDERS (a name of letters and digits, an order list or auto)"
		names+=" ${BASH_REMATCH[1]}"
	done
}

# check_arch ARCH: the targets the harness knows.
check_arch() {
	case ${1:-} in
	um|x86_64) ;;
	"") die "no target given (expected um or x86_64)" ;;
	*) die "unknown target '$1' (expected um or x86_64)" ;;
	esac
}

# flavour ARCH: the build folder name: ARCH, plus -debug, -kunit and
# -lockstat when DEBUG=1 / KUNIT=1 / LOCKSTAT=1 layer those fragments, and
# -extra-<checksum> of the EXTRA_CONFIG files' names and contents.
flavour() {
	local f=$1 sum
	[ "${DEBUG:-0}" = 1 ] && f=$f-debug
	[ "${SANITIZE:-0}" = 1 ] && f=$f-sanitize
	[ "${KUNIT:-0}" = 1 ] && f=$f-kunit
	[ "${LOCKSTAT:-0}" = 1 ] && f=$f-lockstat
	[ "${SELFTESTS:-0}" = 1 ] && f=$f-selftests
	if [ -n "${EXTRA_CONFIG:-}" ]; then
		# shellcheck disable=SC2086
		sum=$({ echo "$EXTRA_CONFIG"; cat $EXTRA_CONFIG 2>/dev/null; } | cksum)
		f=$f-extra-${sum%% *}
	fi
	echo "$f"
}

# unpatched_tree: the worktree of the unpatched base, build/base, checked
# out at the tag tree.sh put on the unpacked tarball or, in a KSRC tree, at
# the commit below the series' patches; BASE_REF: another commit.  Prints
# its path.
unpatched_tree() {
	local base wt=$BUILD/base npatches
	base=$(git -C "$SRC" rev-parse -q --verify "${BASE_REF:-refs/tags/$BASE_TAG}^{commit}") || base=
	[ -n "$base" ] || [ -z "${BASE_REF:-}" ] || die "BASE_REF '$BASE_REF': no such commit in $SRC"
	if [ -z "$base" ]; then
		npatches=$(series_count "$SERIES_DIR")
		base=$(git -C "$SRC" rev-parse -q --verify "HEAD~$npatches") ||
			die "$SRC has fewer commits than the series' $npatches patches"
	fi
	if [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
		git -C "$SRC" worktree prune
		git -C "$SRC" worktree add -q --detach "$wt" "$base" >&2 ||
			die "cannot make the unpatched worktree $wt"
	fi
	git -C "$wt" checkout -q --detach "$base" >&2 || die "cannot check out $base in $wt"
	echo "$wt"
}

# OUTDIR overrides the build folder (the tests use a scratch one).
out_dir() { echo "${OUTDIR:-$BUILD/out/$(flavour "$1")}"; }

# kernel_image ARCH: the bootable file a build produces.
kernel_image() {
	case $1 in
	um) echo "$(out_dir um)/linux" ;;
	x86_64) echo "$(out_dir x86_64)/arch/x86/boot/bzImage" ;;
	esac
}

# kernel_cc [CROSS_COMPILE]: the CC= of a kernel build, through ccache when
# it is installed (every build of the harness, cross and KUnit ones too, so
# that a run after a small change recompiles only what changed).
# um_xstate_preload SO: build scripts/boot/um-xstate-preload.c, the helper
# boot-um.sh preloads into UML on hosts whose XSAVE state is larger than
# UML's buffer, into SO unless SO is newer than the source.
um_xstate_preload() {
	local so=$1 src=$REPO/scripts/boot/um-xstate-preload.c
	[ ! -f "$so" ] || [ "$src" -nt "$so" ] || return 0
	${CC:-gcc} -O2 -Wall -Wextra -Werror -shared -fPIC -o "$so.tmp" "$src" -ldl ||
		die "could not build $so from $src"
	mv "$so.tmp" "$so"
}

kernel_cc() {
	if command -v ccache >/dev/null 2>&1; then
		echo "ccache ${1:-}gcc"
	else
		echo "${1:-}gcc"
	fi
}

kmake() {
	local arch=$1
	shift
	if [ "$arch" = um ]; then
		make -C "$SRC" O="$(out_dir um)" ARCH=um SUBARCH=x86_64 CC="$(kernel_cc)" "$@"
	else
		make -C "$SRC" O="$(out_dir "$arch")" ARCH="$arch" CC="$(kernel_cc)" "$@"
	fi
}

# boot_memory_offline RUN SECONDS [BOOT OPTION...]: guest/pcp_memory_offline.sh
# on the x86_64 kernel of OUTDIR with 1G at boot and a 512M DIMM onlined
# movable, so that ZONE_MOVABLE can be emptied; 2 CPUs.  GUEST_ENV: variable
# assignments for the guest command (e.g. SLAB_GROWTH=1).
boot_memory_offline() {
	local run=$1 secs=$2
	shift 2
	APPEND="memhp_default_state=online_movable${APPEND:+ $APPEND}" \
		QEMU_EXTRA="-m 1G,slots=2,maxmem=2G -object memory-backend-ram,id=d0,size=512M
			-device pc-dimm,id=dimm0,memdev=d0" \
		"$REPO/scripts/boot/boot-x86_64.sh" --out "$run" --smp 2 --mem 1G "$@" \
		-- "${GUEST_ENV:+$GUEST_ENV }pcp_memory_offline.sh $secs"
}
