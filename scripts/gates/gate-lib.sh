# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the gates (bisect-check, coccicheck-check,
# kernel-doc-check).  Sourced after ../lib.sh, never run.

# The gates look at the commits BASE..HEAD (or --head REF) of TREE through
# one scratch worktree, build/bisect, so that the tree and its builds are
# left alone.
GATE_WT=$BUILD/bisect

# gate_base_option ARGS...: the options of a base-vs-tip gate: --base REF
# (default the base tag) into $base, --head REF (default HEAD: the
# combination of the series; pcp-orders or pcp-slowpath for one series
# alone) into $head, -h/--help prints the script's header.
gate_base_option() {
	base=$BASE_TAG
	head=HEAD
	while [ $# -gt 0 ]; do
		case $1 in
		--base) base=${2:-}; [ -n "$base" ] || die "--base needs a commit"; shift ;;
		--head) head=${2:-}; [ -n "$head" ] || die "--head needs a commit"; shift ;;
		-h|--help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
		*) die "unknown option '$1' (try --help)" ;;
		esac
		shift
	done
}

# gate_target_args ARGS...: the options of a gate that builds per target
# (those of gate_base_option) and its TARGET arguments, into $targets
# (default: ALL_TARGETS), each checked by the gate's target_setup.
gate_target_args() {
	local args=() t
	targets=()
	while [ $# -gt 0 ]; do
		case $1 in
		--base|--head) args+=("$1" "${2:-}"); shift ;;
		-*) args+=("$1") ;;
		*) targets+=("$1") ;;
		esac
		shift
	done
	gate_base_option "${args[@]}"
	[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")
	for t in "${targets[@]}"; do target_setup "$t"; done
}

# gate_for_each_target FUNC WHAT: for each of $targets, target_setup and
# FUNC TARGET, timed; a target where FUNC fails (it says why on stderr)
# does not stop the others; at the end, die "WHAT: TARGETS" if any failed.
gate_for_each_target() {
	local fn=$1 what=$2 t start failed=()
	for t in "${targets[@]}"; do
		target_setup "$t"
		start=$(date +%s)
		if "$fn" "$t"; then
			log "$t: ok ($(( $(date +%s) - start )) s)"
		else
			failed+=("$t")
		fi
	done
	[ ${#failed[@]} -eq 0 ] || die "$what: ${failed[*]}"
}

# gate_base REF: check that TREE has commit REF (die otherwise).
gate_base() {
	git -C "$TREE" rev-parse --git-dir >/dev/null 2>&1 ||
		die "$TREE is not a git tree: run 'make tree' first"
	git -C "$TREE" rev-parse -q --verify "$1^{commit}" >/dev/null ||
		die "$TREE has no commit '$1' (run 'make tree' first?)"
}

# gate_checkout REF: put the scratch worktree at REF (a commit of TREE).
gate_checkout() {
	local c
	c=$(git -C "$TREE" rev-parse "$1^{commit}")
	if [ ! -e "$GATE_WT/.git" ] ||
	   ! git -C "$GATE_WT" rev-parse -q --verify "$c^{commit}" >/dev/null; then
		rm -rf "$GATE_WT"
		git -C "$TREE" worktree prune
		git -C "$TREE" worktree add -q --detach "$GATE_WT" "$c"
	fi
	git -C "$GATE_WT" checkout -q --detach "$c"
}

# touched_files BASE PATHSPEC...: the files any commit of BASE..$head
# (default HEAD) of TREE changes (a file changed and changed back is still
# listed).
touched_files() {
	local base=$1
	shift
	git -C "$TREE" log --format= --name-only "$base..${head:-HEAD}" -- "$@" | sort -u
}

# obj_in_config SRC CONFIG OBJ: whether the kernel tree SRC configured as
# the .config CONFIG builds OBJ (dir/file.o), as the kbuild line of
# SRC/dir/Makefile that names it says: "obj-$(CONFIG_X) += ... file.o"
# builds it only when CONFIG_X is y or m (mm/huge_memory.o needs THP);
# "obj-y", a composite's "name-y" and a line it cannot read build it.  The
# gates compile the touched objects one by one, which make does whatever
# the config says: an object the config leaves out is not built.
obj_in_config() {
	local src=$1 config=$2 obj=$3 lhs sym
	lhs=$(awk -v f="${obj##*/}" '
		{ line = line " " $0 }
		/\\$/ { sub(/\\$/, "", line); next }
		{
			n = split(line, w, /[ \t]+/)
			for (i = 3; i <= n; i++) if (w[i] == f) { print w[2]; exit }
			line = ""
		}' "$src/${obj%/*}/Makefile" 2>/dev/null)
	case $lhs in
	*'$(CONFIG_'*')') sym=${lhs#*\$(}; sym=${sym%)}
		grep -qE "^$sym=(y|m)\$" "$config" ;;
	*) return 0 ;;
	esac
}

# gate_configure ARCH: configure build/out/bisect-ARCH like the test kernels
# (debug + KUnit) for the scratch worktree as checked out now.
gate_configure() {
	OUTDIR=$BUILD/out/bisect-$1 TREE=$GATE_WT DEBUG=1 KUNIT=1 \
		"$REPO/scripts/build/config.sh" "$1" 2>/dev/null ||
		die "configuring $1 in $GATE_WT failed"
}

# strip_positions: take line and column numbers out of "file:L:C[-C]:"
# diagnostics (and the worktree's path), and the line numbers a message
# names ("preceding lock on line 736"), so that base and patch compare: a
# patch that only moves code down a file reports nothing new.
strip_positions() {
	sed -E -e "s|$GATE_WT/||" -e 's/:[0-9]+(:[0-9]+(-[0-9]+)?)?:/:/' \
		-e 's/\<(line|lines) [0-9]+(-[0-9]+)?/\1 N/g'
}

# gate_cached NAME REF KEY... -- COMMAND...: the output of COMMAND, a
# check whose result depends only on the tree of REF and on KEY (the
# objects, the compiler's version), kept in build/cache/gates/ so that a
# later run on the same tree reads it instead of building again: make
# check-all checks the same base for both series, its gate samples start
# from the tip that the series' own checks have just built, and a run
# after a change to the last patch finds every earlier prefix done.  The
# key also holds the gate script and the configuration fragments, so a
# change to how a check is made recomputes it.  COMMAND says why it fails
# (errexit is off in it, as in the command substitutions the gates used
# before); its output is kept only when it succeeds.
gate_cached() {
	local name=$1 ref=$2 key f rc
	shift 2
	key=$(git -C "$TREE" rev-parse "$ref^{tree}")
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		key+=" $1"
		shift
	done
	[ "${1:-}" = -- ] || die "gate_cached: no command after --"
	shift
	key+=" $(cat "$0" "$REPO/scripts/gates/gate-lib.sh" "$REPO"/configs/*.config | sha256sum)"
	f=$BUILD/cache/gates/$name-$(echo "$key" | sha256sum | cut -c1-32)
	if [ -f "$f" ]; then
		log "$name at $(git -C "$TREE" rev-parse --short "$ref"): checked before on this tree, read back (${f#"$REPO"/})"
		cat "$f"
		return 0
	fi
	mkdir -p "${f%/*}"
	rc=0
	"$@" >"$f.new" || rc=$?
	if [ $rc -ne 0 ]; then
		rm -f "$f.new"
		return $rc
	fi
	mv "$f.new" "$f"
	cat "$f"
}
