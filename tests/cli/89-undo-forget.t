#!/bin/sh
# SPDX-License-Identifier: ISC
# A new change forgets what waits for redo, and only that (README "Nothing
# is lost by one command"): after undo, undo, redo, one change still waits,
# and a new hand forgets it and nothing made again before it.  Redo makes
# changes again in the order undone, whatever their kinds, and forgets
# nothing.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

sub_of() { json_get "$(tally --json show)" "\$.players[$1].sub"; }
hands() { json_get "$(tally --json show)" "\$.hands"; }
steps() { sqlite3 "$TALLY_DB" "SELECT group_concat(kind || ':' || undone, ' ') FROM
    (SELECT kind, undone FROM undo_step WHERE game_id = $1 ORDER BY seq)"; }

test_expect_success 'undo a hand and a sub, redo the sub: a new hand forgets the hand that waited, keeps the sub' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=1 Bob=2 Cid=3 > /dev/null && tally hand Ann=2 Bob=2 Cid=2 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally hand Ann=3 Bob=3 Cid=4 > /dev/null &&
	tally undo > out && grep_msg "hole 3: undid Ann=3 Bob=3 Cid=4" out &&
	tally undo > out && grep_msg "undid the sub of Eve" out &&
	tally redo > out && grep_msg "redid the sub; Eve plays Cid'"'"'s seat from hole 3" out &&
	tally hand Ann=5 Bob=5 Cid=5 > /dev/null 2> err && grep_msg "the undone hole 3 is set aside" err &&
	expect_status 66 tally redo 2> err && grep_msg "Golf #1 has nothing undone to redo" err &&
	test "$(totals)" = "Ann=8 Bob=9 Cid=10" && test "$(sub_of 2)" = Eve && test "$(hands)" = 3 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 1 AND undone = 2")" = "Ann=3 Bob=3 Cid=4" &&
	test "$(steps 1)" = "hand:0 hand:0 sub:0 hand:0" &&
	tally undo > out && grep_msg "hole 3: undid Ann=5 Bob=5 Cid=5" out &&
	tally undo > out && grep_msg "undid the sub of Eve" out &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'undo an edit and a sub, redo the sub: a new hand forgets the edit, the entry stays as it was' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 Cid=3 > /dev/null && tally sub Cid Eve > /dev/null &&
	tally edit 1 Ann=9 Bob=2 Cid=3 > /dev/null &&
	tally undo > out && grep_msg "undid the edit; it is again: Ann=1 Bob=2 Cid=3" out &&
	tally undo > out && grep_msg "undid the sub of Eve" out &&
	tally redo > out && grep_msg "redid the sub" out &&
	tally hand Ann=1 Bob=1 Eve=1 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "Golf #2 has nothing undone to redo" err &&
	test "$(totals)" = "Ann=2 Bob=3 Cid=4" && test "$(sub_of 2)" = Eve &&
	test "$(steps 2)" = "hand:0 sub:0 hand:0" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 2 AND undone > 0")" = 0 &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'undo a join and a hand, redo the hand: a new hand forgets the join' '
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 > /dev/null && tally join Dan --total 4 > /dev/null &&
	tally undo > out && grep_msg "undid the join of Dan" out &&
	tally undo > out && grep_msg "undid Ann=1 Bob=2" out &&
	tally redo > out && grep_msg "redid Ann=1 Bob=2" out &&
	tally hand Ann=2 Bob=2 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(totals)" = "Ann=3 Bob=4" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat_change WHERE game_id = 3")" = 0 &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'two undos of a sub and an edit, two redos: the sub, then the edit' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 Cid=3 > /dev/null && tally sub Cid Eve > /dev/null &&
	tally edit 1 Ann=4 Bob=2 Cid=3 > /dev/null &&
	tally undo > /dev/null && tally undo > /dev/null &&
	test "$(totals)" = "Ann=1 Bob=2 Cid=3" && test "$(sub_of 2)" = "" &&
	tally redo > out && grep_msg "redid the sub; Eve plays Cid'"'"'s seat from hole 2" out &&
	test "$(totals)" = "Ann=1 Bob=2 Cid=3" &&
	tally redo > out && grep_msg "redid the edit; it is now: Ann=4 Bob=2 Cid=3" out &&
	test "$(totals)" = "Ann=4 Bob=2 Cid=3" && test "$(sub_of 2)" = Eve &&
	test "$(steps 4)" = "hand:0 sub:0 edit:0" &&
	expect_status 66 tally redo 2> /dev/null
'
test_expect_success 'two undos of a hand and a sub, two redos: the sub, then the hand the substitute played' '
	tally hand Ann=2 Bob=2 Eve=2 > /dev/null && tally sub Eve Fay > /dev/null && tally hand Ann=1 Bob=1 Fay=1 > /dev/null &&
	tally undo > /dev/null && tally undo > out && grep_msg "undid the sub of Fay" out &&
	test "$(sub_of 2)" = Eve && test "$(hands)" = 2 &&
	tally redo > out && grep_msg "redid the sub; Fay plays Cid'"'"'s seat from hole 3" out && test "$(hands)" = 2 &&
	tally redo > out && grep_msg "hole 3: redid Ann=1 Bob=1" out &&
	test "$(totals)" = "Ann=7 Bob=5 Cid=6" && test "$(sub_of 2)" = Fay &&
	test "$(steps 4)" = "hand:0 sub:0 edit:0 hand:0 sub:0 hand:0"
'
test_expect_success 'two undos of an edit and a hand, two redos: the edit, then the hand' '
	tally edit 2 Ann=0 Bob=2 Eve=2 > /dev/null && tally hand Ann=1 Bob=1 Fay=1 > /dev/null &&
	tally undo > /dev/null && tally undo > out && grep_msg "undid the edit; it is again: Ann=2 Bob=2" out &&
	test "$(totals)" = "Ann=7 Bob=5 Cid=6" &&
	tally redo > out && grep_msg "redid the edit; it is now: Ann=0 Bob=2" out &&
	tally redo > out && grep_msg "hole 4: redid Ann=1 Bob=1" out &&
	test "$(totals)" = "Ann=6 Bob=6 Cid=7" && tally check > out && grep_msg "ok:" out
'
test_expect_success 'an end redone keeps the edit made after it waiting' '
	tally end > /dev/null && tally edit 1 Ann=3 Bob=2 Cid=3 > /dev/null &&
	tally undo > out && grep_msg "undid the edit" out &&
	tally undo > out && grep_msg "undid end" out &&
	tally redo > out && grep_msg "redid end" out &&
	tally redo > out && grep_msg "redid the edit; it is now: Ann=3 Bob=2 Cid=3" out &&
	test "$(json_get "$(tally --json show)" "\$.status")" = over && test "$(totals)" = "Ann=5 Bob=6 Cid=7"
'
test_done
