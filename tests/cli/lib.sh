# SPDX-License-Identifier: ISC
# lib.sh: a small TAP harness for tally's command-line tests, in the manner
# of git's t/test-lib.sh.  Each test script sources it, runs
# test_expect_success 'what' 'commands' blocks and ends with test_done.
#
# Every script gets a fresh scratch directory and database: $TALLY_DB.

set -u
: "${TALLY:?set TALLY to the tally binary}"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/tally-test.XXXXXX")
# scratch_gone: the scratch directory removed, unless KEEP_SCRATCH is set;
# a second try a moment later, as a table mode a test's tmux server was
# just told to end may still be writing its history there
scratch_gone() {
	[ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$SCRATCH" 2>/dev/null || { sleep 1; rm -rf "$SCRATCH"; }
}
trap scratch_gone EXIT
cd "$SCRATCH" || exit 1
export TALLY_DB="$SCRATCH/tally.db"
export HOME="$SCRATCH/home" XDG_DATA_HOME="" XDG_STATE_HOME=""
export LC_ALL=C.UTF-8
unset TALLY_NOW
test_count=0
test_failed=0

tally() { "$TALLY" "$@"; }

test_expect_success() {
	test_count=$((test_count + 1))
	if (eval "$2") >"$SCRATCH/out.log" 2>&1; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		# on standard error too: prove shows it without -v, so a failure
		# seen once in CI says why
		sed 's/^/# /' "$SCRATCH/out.log" | tee /dev/stderr
		test_failed=$((test_failed + 1))
	fi
}

# expect_status N command...: run the command, fail unless it exits N.
expect_status() {
	want=$1
	shift
	"$@"
	got=$?
	if [ "$got" != "$want" ]; then
		echo "exit status $got, expected $want: $*" >&2
		return 1
	fi
	return 0
}

# test_cmp expected actual: the files are equal, else show the diff.
test_cmp() {
	diff -u "$1" "$2"
}

# json_get JSON PATH: one value from a JSON document (SQLite's json_extract).
json_get() {
	printf '%s' "$1" > "$SCRATCH/json.tmp"
	sqlite3 :memory: "SELECT json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '$2')"
}

# totals ID: "Name=total ..." for every player of game ID.
totals() {
	j=$(tally --json show "$@") || return 1
	printf '%s' "$j" > "$SCRATCH/json.tmp"
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name') || '=' || json_extract(value, '\$.total'), ' ')
	    FROM json_each(json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '\$.players'))"
}

# grep_msg PATTERN FILE: the file contains the pattern (fixed string).
grep_msg() {
	grep -F -- "$1" "$2" >/dev/null || { echo "'$1' not in:" >&2; cat "$2" >&2; return 1; }
}

# wait_screen TEXT CMD...: CMD (printing a terminal's screen, such as
# tmux capture-pane -p) shows TEXT within 30 s
wait_screen() {
	text=$1
	shift
	i=0
	# up to 30 s: a screen that comes sooner ends the wait at once, and a
	# loaded machine (the sanitizer build, four tests at a time) once took
	# more than the 10 s this allowed before
	while [ $i -lt 300 ]; do
		"$@" > screen.txt 2>/dev/null
		grep -F -- "$text" screen.txt > /dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "never saw '$text' on the screen:" >&2
	cat screen.txt >&2
	return 1
}

# own_tmux_server: every tmux command of this script talks to a server of
# its own (TMUX_TMPDIR: a short directory, as a socket's path is limited to
# about 100 bytes), kept up by a session that only sleeps, and killed at
# exit.  A server shared with the tests beside it, or one that quits with
# its last session while the script's next new-session connects, once made
# a terminal test fail on a loaded machine.
own_tmux_server() {
	TMUX_TMPDIR=$(mktemp -d /tmp/tally-tmux.XXXXXX) || exit 1
	export TMUX_TMPDIR
	unset TMUX
	trap 'tmux kill-server 2>/dev/null; rm -rf "$TMUX_TMPDIR"; scratch_gone' EXIT
	tmux new-session -d -s keeper -x 80 -y 5 "sleep 3600" 2>/dev/null || true
}

# tmux_harness: a tmux session name for this test in $T, killed when the
# test ends, with table mode's history under the scratch directory; then
# wait_for TEXT (the screen shows TEXT within 30 s) and keys KEY... (tmux
# send-keys to it).
tmux_harness() {
	T="tally-test-$$"
	export XDG_STATE_HOME="$SCRATCH/state"
	own_tmux_server
}
wait_for() { wait_screen "$1" tmux capture-pane -t "$T" -p; }
keys() { tmux send-keys -t "$T" "$@"; }

# use_tmux NAME: a tmux session T for this script on a server of its own
# (cleanup_tmux kills T), with wait_for TEXT (the screen shows it within 30 s,
# left in screen.txt) and keys KEYS... (typed into it).
use_tmux() {
	T="tally-$1-$$"
	own_tmux_server
}
cleanup_tmux() { tmux kill-session -t "$T" 2>/dev/null; }
wait_for() { wait_screen "$1" tmux capture-pane -t "$T" -p; }
keys() { tmux send-keys -t "$T" "$@"; }

# at W COMMAND...: tally COMMAND on a terminal W columns wide (a tmux
# session of its own, while a session "$T" of the caller's keeps the server
# up: a server that quits with its last session may still be going when
# the next one starts), its screen in plain.txt; fails when a line wraps
# (the pane's lines differ joined, -J, but for blanks at their ends) or is
# wider than W (wc -L: display columns, in the UTF-8 locale)
at() {
	w=$1
	shift
	s="$T-$w-$1"
	tmux new-session -d -s "$s" -x "$w" -y 120 \
	    "env TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 TERM=xterm \"$TALLY\" $*; echo at-end-of-output; sleep 30" &&
	# a marker no command prints (help says "shown"): the screen is
	# captured only once the whole output is on it
	wait_screen "at-end-of-output" tmux capture-pane -t "$s" -p &&
	tmux capture-pane -t "$s" -p | sed 's/ *$//' > plain.txt &&
	tmux capture-pane -t "$s" -p -J | sed 's/ *$//' > joined.txt &&
	tmux kill-session -t "$s" &&
	test_cmp plain.txt joined.txt &&
	test "$(wc -L < plain.txt)" -le "$w"
}

# answer TARGET KEY...: type each KEY, then Enter, into table mode in the
# tmux pane TARGET, each only once tally reads a line there: the pane's
# terminal out of canonical mode (libedit edits the line) and the cursor on
# a line not yet answered that shows a prompt.  Between two lines read the
# terminal is in canonical mode and echoes what comes itself, out of
# place: keys sent without waiting once made a screen no user sees, on a
# loaded machine.  $TMUX_CMD is the tmux to use (default: tmux).
answer() {
	a_t=$1
	shift
	for a_k in "$@"; do
		a_i=0
		while :; do
			a_at=$(${TMUX_CMD:-tmux} display -p -t "$a_t" '#{pane_tty} #{history_size} #{cursor_y}') ||
			    return 1
			set -- $a_at
			a_line=$(${TMUX_CMD:-tmux} capture-pane -p -t "$a_t" -S "$3" -E "$3")
			if [ "$a_t $2 $3" != "${a_last:-}" ] && [ -n "$(printf %s "$a_line" | tr -d " ")" ] &&
			    stty -F "$1" -a 2>/dev/null | grep -q -- -icanon; then
				break
			fi
			a_i=$((a_i + 1))
			if [ $a_i -ge 300 ]; then
				echo "table mode never read a line for '$a_k':" >&2
				${TMUX_CMD:-tmux} capture-pane -p -t "$a_t" >&2
				return 1
			fi
			sleep 0.1
		done
		a_last="$a_t $2 $3"
		${TMUX_CMD:-tmux} send-keys -t "$a_t" "$a_k" Enter || return 1
	done
}

# on_clock TIME COMMAND...: tally COMMAND with its clock at TIME (an ISO
# 8601 UTC time, TALLY_NOW), its output dropped: a night played over weeks
# in one test.
on_clock() {
	t=$1
	shift
	TALLY_NOW=$t tally "$@" > /dev/null 2>&1
}

# phone_night: the night a new user tried on a phone's terminal (the
# 99-width-narrow tests): Golf won by Christabel, a Chase the Ace won by
# Kim, and one abandoned after a round.
phone_night() {
	tally night start "Friday cards" > /dev/null &&
	tally new golf Ann Bob Kim Christabel > /dev/null 2>&1 &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=$h Bob=3 Kim=4 Christabel=1 > /dev/null || return 1; done &&
	tally new chase-ace Ann Bob Kim Halvard -o lives=1 > /dev/null 2>&1 &&
	tally hand Ann=K Bob=9 Kim=Q Halvard=2 > /dev/null && tally hand Ann=K Bob=2 Kim=Q > /dev/null &&
	tally hand Ann=3 Kim=Q > /dev/null &&
	tally new chase-ace Ann Bob Kim Halvard > /dev/null 2>&1 &&
	tally hand Ann=K Bob=9 Kim=Q Halvard=2 > /dev/null && tally end --abandon > /dev/null
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" = 0 ]
}
