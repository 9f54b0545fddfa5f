#!/bin/sh
# SPDX-License-Identifier: ISC
# Table mode on a terminal another terminal shares the database with: a
# line that changes a game acts only on the game its prompt showed, or
# asks first ("the game changed; go on?"), as a guided hand does; Ctrl-Z
# and fg give the prompt back with the terminal set up again; Ctrl-C stops
# a running command, not table mode.  On tmux's own socket.
. "$(dirname "$0")/lib.sh"

command -v tmux > /dev/null || { echo "1..0 # SKIP no tmux"; exit 0; }
TS="h21term-$$"
trap 'tmux -L "$TS" kill-server 2>/dev/null; scratch_gone' EXIT
screen() { tmux -L "$TS" capture-pane -t "$1" -p; }
wait_for() { wait_screen "$2" screen "$1"; }
keys() { w=$1; shift; tmux -L "$TS" send-keys -t "$w" "$@"; }
table() {
	tmux -L "$TS" new-session -d -s "$1" -x 160 -y 40 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$SCRATCH/state\" LC_ALL=C.UTF-8 $2 \"$TALLY\"; sleep 60"
}

test_expect_success 'a hand typed after another terminal started a game: asked, and no means nothing' '
	tally new golf Ann Bob Cid > /dev/null && table a "" && wait_for a "golf #1 hole 1>" &&
	tally new golf Dee Eve > /dev/null &&
	keys a "3 4 5" Enter && wait_for a "another terminal made Golf #2 the current game since the prompt showed #1" &&
	wait_for a "the game changed; go on with Golf #2 as it is now? [y/N]" &&
	keys a n Enter && wait_for a "nothing done" && wait_for a "golf #2 hole 1>" &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM hand")" = 0
'

test_expect_success 'undo after another terminal'\''s hand: asked; yes undoes the game as it is now' '
	tally hand Dee=1 Eve=2 > /dev/null &&
	keys a undo Enter && wait_for a "Golf #2 changed since the prompt: it had 0 holes, it has 1 now" &&
	keys a y Enter && wait_for a "undid Dee=1 Eve=2" &&
	test "$(totals 2)" = "Dee=0 Eve=0" &&
	keys a "Dee=4 Eve=5" Enter && wait_for a "Dee 4 Eve 5" && ! screen a | grep -q "changed since the prompt: it had 1"
'

test_expect_success 'an edit from another terminal: table mode says which hole changed, not the same count twice' '
	tally edit -g 2 1 Dee=3 Eve=5 > /dev/null &&
	keys a undo Enter && wait_for a "Golf #2 changed since the prompt: hole 1 is not what it was" &&
	! screen a | grep -q "it had 1 hole, it has 1 now" &&
	keys a n Enter && wait_for a "nothing done" &&
	tally sub -g 2 Eve Fay > /dev/null &&
	keys a undo Enter && wait_for a "Golf #2 changed since the prompt: a seat has another player" &&
	keys a n Enter && wait_for a "golf #2 hole 2>" && test "$(totals 2)" = "Dee=3 Eve=5"
'

test_expect_success 'after Ctrl-Z and fg the prompt is back and Tab completes' '
	tmux -L "$TS" new-session -d -s z -x 160 -y 40 \
	    "env -i PATH=\"$PATH\" TERM=screen HOME=\"$SCRATCH\" TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$SCRATCH/state\" LC_ALL=C.UTF-8 bash --norc --noprofile -i" &&
	keys z "\"$TALLY\"" Enter && wait_for z "golf #2 hole 2>" &&
	keys z C-z && wait_for z "Stopped" && keys z fg Enter && sleep 0.5 &&
	keys z "und" Tab && wait_for z "golf #2 hole 2> undo"
'

test_expect_success 'Ctrl-C stops a running import, not table mode; nothing of it half stored' '
	for i in 1 2 3 4 5 6; do
		TALLY_DB=$SCRATCH/src.db tally new golf Ann Bob > /dev/null && TALLY_DB=$SCRATCH/src.db tally hand Ann=1 Bob=2 > /dev/null || exit 1
	done &&
	TALLY_DB=$SCRATCH/src.db tally export -o e.json > /dev/null &&
	table c "TALLY_IMPORT_DELAY_MS=500" && wait_for c "golf #2 hole 2>" &&
	keys c "import e.json" Enter && sleep 0.8 && keys c C-c &&
	wait_for c "interrupted (Ctrl-C)" && wait_for c "run the import again for the rest" &&
	wait_for c "golf #2 hole 2>" &&
	n=$(sqlite3 tally.db "SELECT count(*) FROM game") && test "$n" -lt 8 &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM game g WHERE g.id > 2 AND NOT EXISTS (SELECT 1 FROM hand h WHERE h.game_id = g.id)")" = 0 &&
	keys c "import e.json" Enter && wait_for c "hands), " &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM game")" = 8
'

test_expect_success 'insert after a hand from another table-mode terminal: asked; no puts nothing in' '
	table b "" && wait_for b "golf #2 hole 2>" &&
	keys b "Dee=1 Fay=2" Enter && wait_for b "golf #2 hole 3>" &&
	keys a "insert 1 Dee=6 Fay=6" Enter && wait_for a "Golf #2 changed since the prompt: it had 1 hole, it has 2 now" &&
	wait_for a "the game changed; go on with Golf #2 as it is now? [y/N]" &&
	keys a n Enter && wait_for a "nothing done" && wait_for a "golf #2 hole 3>" &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM hand WHERE game_id = 2 AND undone = 0")" = 2 &&
	keys a "insert 1 Dee=6 Eve=6" Enter && wait_for a "hole 1 put in" &&
	test "$(totals 2)" = "Dee=10 Eve=13"
'
test_done
