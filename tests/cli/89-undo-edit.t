#!/bin/sh
# SPDX-License-Identifier: ISC
# edit keeps the entry it replaced: undo right after the edit puts it
# back (not the last hand) and redo makes the edit again; once anything
# else changed, undo and redo are as before.
. "$(dirname "$0")/lib.sh"

test_expect_success 'undo right after edit restores the entry the edit replaced' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null && tally hand Ann=5 Bob=6 > /dev/null &&
	tally edit 1 Ann=9 Bob=4 > /dev/null && test "$(totals)" = "Ann=14 Bob=10" &&
	tally undo > out && grep_msg "hole 1: undid the edit; it is again: Ann=3 Bob=4" out &&
	test "$(totals)" = "Ann=8 Bob=10" &&
	test "$(tally --json show | grep -o "\"hands\":[0-9]*")" = "\"hands\":2"
'
test_expect_success 'the next undo takes back the last hand, as before' '
	tally undo > out && grep_msg "undid Ann=5 Bob=6" out && test "$(totals)" = "Ann=3 Bob=4"
'
test_expect_success 'an edit followed by a hand: undo takes back that hand, the edit stays' '
	tally edit 1 Ann=7 Bob=4 > /dev/null && tally hand Ann=1 Bob=1 > /dev/null &&
	tally undo > out && grep_msg "undid Ann=1 Bob=1" out && test "$(totals)" = "Ann=7 Bob=4"
'
test_expect_success 'an edit of another game: undo here takes back this game'\''s last hand' '
	tally edit 1 Ann=2 Bob=4 > /dev/null &&
	tally new golf Cid Dee > /dev/null && tally hand Cid=1 Dee=2 > /dev/null &&
	tally undo > out && grep_msg "undid Cid=1 Dee=2" out && test "$(totals 1)" = "Ann=2 Bob=4"
'
test_expect_success 'redo right after undo of an edit makes the edit again' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	tally hand Ann=4 Bob=5 Cid=6 > /dev/null && tally edit 1 Ann=9 Bob=2 Cid=3 > /dev/null &&
	tally undo > out && grep_msg "('"'"'tally redo'"'"' makes the edit again)" out &&
	test "$(totals)" = "Ann=5 Bob=7 Cid=9" &&
	tally redo > out && grep_msg "hole 1: redid the edit; it is now: Ann=9 Bob=2 Cid=3" out &&
	grep_msg "moved in hole 1: Ann 9 (was 1)" out &&
	test "$(totals)" = "Ann=13 Bob=7 Cid=9" &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 2
'
test_expect_success 'the edit made again is undone again; redo after a new hand is as before' '
	tally undo > out && grep_msg "it is again: Ann=1 Bob=2 Cid=3" out &&
	tally hand Ann=1 Bob=1 Cid=1 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(totals)" = "Ann=6 Bob=8 Cid=10"
'
test_expect_success 'table mode: redo after undo of an edit makes it again' '
	printf "edit 1 Ann=9 Bob=2 Cid=3\nundo\nredo\n" | tally shell > out 2> err &&
	grep_msg "('"'"'redo'"'"' makes the edit again)" out &&
	grep_msg "redid the edit; it is now: Ann=9 Bob=2 Cid=3" out &&
	! grep -q "nothing undone" err &&
	test "$(totals)" = "Ann=14 Bob=8 Cid=10"
'
test_expect_success 'an edit undone, then hands undone after it: redo brings the hands back first, then the edit' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally edit 1 Ann=5 Bob=2 > /dev/null &&
	tally undo > out && grep_msg "undid the edit" out &&
	tally undo > out && grep_msg "undid Ann=3 Bob=4" out &&
	tally undo > out && grep_msg "undid Ann=1 Bob=2" out &&
	tally redo > out && grep_msg "redid Ann=1 Bob=2" out &&
	tally redo > out && grep_msg "redid Ann=3 Bob=4" out &&
	tally redo > out && grep_msg "hole 1: redid the edit; it is now: Ann=5 Bob=2" out &&
	test "$(totals)" = "Ann=8 Bob=6" &&
	expect_status 66 tally redo 2> /dev/null
'
test_expect_success 'a new hand after them forgets the edit waiting for redo, as it sets the hands aside' '
	tally undo > /dev/null && tally undo > out && grep_msg "undid Ann=3 Bob=4" out &&
	tally hand Ann=7 Bob=7 > /dev/null 2>&1 &&
	expect_status 66 tally redo 2> /dev/null && test "$(totals)" = "Ann=8 Bob=9"
'
test_done
