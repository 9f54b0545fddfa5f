#!/bin/sh
# SPDX-License-Identifier: ISC
# undo right after end reopens the game with every hand kept, and redo
# closes it again; undo and redo never destroy a hand.
. "$(dirname "$0")/lib.sh"

status() { j=$(tally --json show "$@") && echo "$(json_get "$j" "\$.status") $(json_get "$j" "\$.hands")"; }

tally new golf Ann Bob > /dev/null
tally hand Ann=3 Bob=9 > /dev/null

test_expect_success 'undo after end reopens the game with its hole' '
	tally end > /dev/null && test "$(status)" = "over 1" &&
	tally undo > out && grep_msg "Golf #1: undid end" out &&
	test "$(status)" = "open 1" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE undone = 0")" = 1
'
test_expect_success 'redo ends it again, with the same standings' '
	tally redo > out && grep_msg "redid end" out && test "$(status)" = "over 1" &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.winners[0]")" = Ann &&
	j=$(tally --json list) && test "$(json_get "$j" "\$[0].status")" = over
'
test_expect_success 'undo twice: the end, then the hole; redo twice brings both back in order' '
	tally undo > /dev/null && tally undo > out && grep_msg "Golf #1, hole 1: undid" out &&
	test "$(status)" = "open 0" &&
	tally redo > out && grep_msg "Golf #1, hole 1: redid" out && test "$(status)" = "open 1" &&
	tally redo > out && grep_msg "redid end" out && test "$(status)" = "over 1" &&
	expect_status 66 tally redo 2>/dev/null && test "$(status)" = "over 1"
'
test_expect_success 'the statistics follow the end, its undo and its redo' '
	j=$(tally --json stats) && test "$(json_get "$j" "\$.stats[0].finished")" = 1 &&
	tally undo > /dev/null &&
	j=$(tally --json stats) && test "$(json_get "$j" "\$.stats[0].finished")" = 0 &&
	tally check > /dev/null && tally redo > /dev/null &&
	j=$(tally --json stats) && test "$(json_get "$j" "\$.stats[0].finished")" = 1 &&
	tally check > /dev/null
'
test_expect_success 'an end after an undo sets the undone hole aside, kept and said' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=2 Bob=4 > /dev/null && tally hand Ann=6 Bob=1 > /dev/null &&
	tally undo > /dev/null && tally end > /dev/null 2>err && test "$(status)" = "over 1" &&
	grep_msg "Golf #2: the undone hole 2 is set aside" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 2 AND undone = 2")" = "Ann=6 Bob=1" &&
	tally undo > /dev/null && test "$(status)" = "open 1" &&
	tally redo > out && grep_msg "redid end" out && test "$(status)" = "over 1" &&
	tally check > /dev/null
'
test_expect_success 'a new hand after an undo sets the undone hand aside, kept and said' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally undo > /dev/null && j=$(tally --json hand Ann=5 Bob=6) &&
	json_get "$j" "\$.warnings[0]" | grep -q "the undone hole 2 is set aside" &&
	test "$(status)" = "open 2" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 3 AND undone = 2")" = "Ann=3 Bob=4" &&
	tally check > /dev/null
'
test_done
