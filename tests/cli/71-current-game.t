#!/bin/sh
# SPDX-License-Identifier: ISC
# The current game: kept in the database, set by `new`
# and `use`; hand, undo, redo, edit, show, end, deal, ledger and sheet with
# no game named act on it and never on another game; `-g ID` picks another
# for one command.
. "$(dirname "$0")/lib.sh"

# the night of the issue: Trash #1 left open, Golf #2 started and finished
tally new trash Ann Bob Cid Dee > /dev/null
tally new golf Ann Bob Cid Dee > /dev/null
tally hand Ann=5 Bob=1 Cid=2 Dee=3 > /dev/null
tally end > /dev/null

test_expect_success 'a hand for a finished current game is refused, named, and stored nowhere' '
	expect_status 65 tally hand Ann=10 Bob=1 Cid=1 Dee=1 2>err &&
	grep_msg "Golf #2 is over; '\''tally new ...'\'' starts the next game, '\''tally use ID'\'' picks another" err &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.hands")" = 0 &&
	j=$(tally --json show 2) && test "$(json_get "$j" "\$.hands")" = 1 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand")" = 1
'
test_expect_success 'show shows the finished current game, not the open one' '
	j=$(tally --json show) && test "$(json_get "$j" "\$.id")" = 2 &&
	test "$(json_get "$j" "\$.status")" = over &&
	tally show > out && grep_msg "Golf #2" out
'
test_expect_success 'use picks a game; every hand line names the game and the hand' '
	tally use 1 > out && grep_msg "Trash #1 is the current game" out &&
	tally hand Ann=4 Bob=3 Cid=3 Dee=3 > out &&
	head -1 out | grep -q "^Trash #1, hand 1: " &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.id")" = 1 &&
	test "$(json_get "$j" "\$.hands")" = 1 &&
	j=$(tally --json list) && test "$(json_get "$j" "\$[1].current")" = 1 &&
	test "$(json_get "$j" "\$[0].current")" = ""
'
test_expect_success 'use of an unknown or deleted game is refused and the current game stays' '
	expect_status 66 tally use 99 2>err && grep_msg "no game 99" err &&
	j=$(tally --json use) && test "$(json_get "$j" "\$.current")" = 1 &&
	tally new golf Eve Fay > /dev/null && tally delete 3 > /dev/null && tally use 1 > /dev/null &&
	expect_status 66 tally use 3 2>err && grep_msg "Golf #3 is deleted" err &&
	expect_status 64 tally use x 2>/dev/null &&
	j=$(tally --json use) && test "$(json_get "$j" "\$.current")" = 1
'
test_expect_success '-g picks another game for one command only' '
	j=$(tally --json show 2) && test "$(json_get "$j" "\$.id")" = 2 &&
	expect_status 65 tally hand -g 2 Ann=1 Bob=1 Cid=1 Dee=1 2>/dev/null &&
	tally undo -g 2 > out && grep_msg "Golf #2: undid end" out &&
	tally hand -g 2 Ann=1 Bob=2 Cid=3 Dee=4 > out && head -1 out | grep -q "^Golf #2, hole 2: " &&
	j=$(tally --json use) && test "$(json_get "$j" "\$.current")" = 1 &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.hands")" = 1
'
test_expect_success 'undo refuses to guess after hand -g; redo, edit, deal, ledger, end and sheet act on the current game' '
	expect_status 65 tally undo 2> err &&
	grep_msg "the last hand entered was Golf #2'\''s; '\''undo -g 2'\'' takes it back; '\''undo -g 1'\'' takes back Trash #1 hand 1" err &&
	tally undo -g 1 > out && grep_msg "Trash #1, hand 1: undid" out &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.hands")" = 0 &&
	j=$(tally --json show 2) && test "$(json_get "$j" "\$.hands")" = 2 &&
	tally redo > out && grep_msg "Trash #1, hand 1: redid" out &&
	tally edit 1 Ann=5 Bob=3 Cid=3 Dee=2 > out && grep_msg "Trash #1, hand 1 is now" out &&
	j=$(tally --json deal) && test "$(json_get "$j" "\$.id")" = 1 &&
	j=$(tally --json ledger) && test "$(json_get "$j" "\$.id")" = 1 &&
	tally sheet -o cur.pdf > /dev/null && pdftotext cur.pdf - | grep -q "Trash" &&
	tally end > /dev/null &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.status")" = over &&
	j=$(tally --json show 2) && test "$(json_get "$j" "\$.status")" = open
'
test_expect_success 'new makes the new game current; deleting it leaves none' '
	tally new golf Ann Bob > /dev/null &&
	j=$(tally --json use) && test "$(json_get "$j" "\$.current")" = 4 &&
	tally delete 4 > out && grep_msg "no current game" out &&
	expect_status 66 tally hand Ann=1 Bob=2 2>err && grep_msg "no current game" err &&
	expect_status 66 tally show 2>/dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 4")" = 0 &&
	j=$(tally --json show 2) && test "$(json_get "$j" "\$.hands")" = 2
'
# `new` while the current game is open leaves it open: it says so in one
# line on stderr (a note, not an error: exit 0); a game over, ended or
# abandoned is not mentioned.
test_expect_success 'new says the game it leaves open, and how to go back or end it' '
	tally new golf Ann Bob 2> err > /dev/null && ! grep -q "stays open" err &&
	tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null && tally hand Ann=5 Bob=6 > /dev/null &&
	tally new golf Bob Ann > out 2> err &&
	test "$(wc -l < err)" = 1 &&
	grep_msg "tally: Golf #5 stays open (3 holes played); '"'"'tally use 5'"'"' returns to it, '"'"'tally end -g 5'"'"' ends it" err &&
	! grep -q "stays open" out &&
	tally end > /dev/null && tally new pad Ann Bob 2> err > /dev/null && ! grep -q "stays open" err &&
	tally new pad Ann Bob 2> err > /dev/null && grep_msg "Pad #7 stays open (no hands played)" err
'
test_done
