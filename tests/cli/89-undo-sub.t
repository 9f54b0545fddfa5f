#!/bin/sh
# SPDX-License-Identifier: ISC
# A substitution is something done at the table, as a join is: `undo`
# right after `sub` gives the seat back to who was to play it (not the
# hand before), `redo` makes it again, and anything new done after the
# undo (a hand, a join, another sub) leaves it undone for good.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

test_expect_success 'undo right after sub takes the substitution back, not the hand before' '
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=5 Dee=1 > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=5 Dee=1 > /dev/null 2>&1 &&
	tally sub Cid Eve > /dev/null &&
	tally undo > out &&
	grep_msg "Trash #1: undid the sub of Eve; Cid plays their own seat again from hand 3" out &&
	grep_msg "('"'"'tally redo'"'"' puts Eve in again)" out &&
	j=$(tally --json show) &&
	test "$(json_get "$j" "\$.hands")" = 2 &&
	test "$(json_get "$j" "\$.players[2].sub")" = "" &&
	tally show > out && ! grep -F Eve out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat_sub")" = 0
'
test_expect_success 'redo makes it again; undo and redo say so in --json too' '
	tally redo > out && grep_msg "Trash #1: redid the sub; Eve plays Cid'"'"'s seat from hand 3" out &&
	test "$(json_get "$(tally --json show)" "\$.players[2].sub")" = Eve &&
	j=$(tally --json undo) && test "$(json_get "$j" "\$.undid")" = sub &&
	test "$(json_get "$j" "\$.hands")" = 2 && test "$(json_get "$j" "\$.players[2].sub")" = "" &&
	j=$(tally --json redo) && test "$(json_get "$j" "\$.redid")" = sub &&
	test "$(json_get "$j" "\$.players[2].sub")" = Eve &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'a hand after the undo: the sub stays undone, the hand is the seat player'"'"'s' '
	tally undo > /dev/null &&
	tally hand Ann=1 Bob=1 Cid=1 Dee=1 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 3 &&
	expect_status 66 tally hand Ann=1 Bob=1 Eve=2 Dee=0 2> err &&
	tally undo > out && grep_msg "hand 3: undid Ann=1 Bob=1 Cid=1 Dee=1" out &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'subs and joins come back off in the order made, and on again in the order undone' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=5 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally join Fay > /dev/null &&
	tally sub Bob Gus > /dev/null && tally sub Gus Hal > /dev/null &&
	tally undo > out && grep_msg "undid the sub of Hal; Gus plays Bob'"'"'s seat from hole 2" out &&
	tally undo > out && grep_msg "undid the sub of Gus; Bob plays their own seat again from hole 2" out &&
	tally undo > out && grep_msg "undid the join of Fay" out &&
	tally undo > out && grep_msg "undid the sub of Eve; Cid plays their own seat again from hole 2" out &&
	tally undo > out && grep_msg "hole 1: undid Ann=4 Bob=3 Cid=5" out &&
	tally redo > out && grep_msg "redid Ann=4 Bob=3 Cid=5" out &&
	tally redo > out && grep_msg "redid the sub; Eve plays Cid'"'"'s seat from hole 2" out &&
	tally redo > out && grep_msg "redid the join of Fay" out &&
	tally redo > out && grep_msg "redid the sub; Gus plays Bob'"'"'s seat from hole 2" out &&
	tally redo > out && grep_msg "redid the sub; Hal plays Bob'"'"'s seat from hole 2" out &&
	expect_status 66 tally redo 2> /dev/null &&
	tally hand Ann=1 Hal=2 Eve=3 Fay=4 > /dev/null &&
	tally show > out && grep_msg "Hal plays Bob'"'"'s seat from hole 2" out &&
	grep_msg "Eve plays Cid'"'"'s seat from hole 2" out && tally check > out && grep_msg "ok:" out
'
test_expect_success 'a sub after an undo goes on from there: the hand undone is not redone' '
	tally undo > /dev/null && tally sub Fay Ida > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 1
'
test_expect_success 'help undo, the man page and README say that undo takes back a sub' '
	tally help undo > out && grep -q "join. or .sub.)" out &&
	tally help redo > out && grep -q "join., .sub. or .insert." out &&
	tally help sub > out && grep_msg "takes the substitution back" out &&
	grep -F "right after takes the substitution back" "$HERE/../../man/tally.1" > /dev/null &&
	grep -F "A sub is undone" "$HERE/../../README.md" > /dev/null
'
test_done
