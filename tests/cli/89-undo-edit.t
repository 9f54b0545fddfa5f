#!/bin/sh
# SPDX-License-Identifier: ISC
# edit keeps the entry it replaced: undo right after the edit puts it
# back (not the last hand); once anything else changed, undo is as before.
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
test_done
