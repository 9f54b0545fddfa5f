#!/bin/sh
# SPDX-License-Identifier: ISC
# A late arrival named in a hand: the error names the game and who sits
# there, and says how the newcomer can play (a seat of their own with
# `tally join` where the game takes one, the next game with them, or a
# seat taken over where the game allows substitutes); nothing stored.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Golf: the next game with them, or a seat taken over' '
	tally new golf Al Bea Cy > /dev/null &&
	expect_status 66 tally hand Al=1 Bea=2 Cy=3 Marcus=5 2> err &&
	grep_msg "Golf #1: no player '"'"'Marcus'"'"' at this table (Al Bea Cy)" err &&
	grep_msg "'"'"'tally join -g 1 Marcus'"'"' seats them from hole 1" err &&
	grep_msg "'"'"'tally new golf Al Bea Cy Marcus'"'"' starts the next game with them" err &&
	grep_msg "'"'"'tally sub PLAYER Marcus'"'"' lets them take over a seat" err &&
	test "$(json_get "$(tally --json show 1)" "\$.hands")" = 0
'
test_expect_success 'Chase the Ace takes no substitute: only the next game' '
	tally new chase-ace Al Bea Cy > /dev/null &&
	expect_status 66 tally hand Al=1 Bea=2 Cy=3 Marcus=5 2> err &&
	grep_msg "Chase the Ace #2: no player '"'"'Marcus'"'"' at this table" err &&
	! grep -q "tally sub" err
'
test_expect_success 'a near miss still gets its suggestion alone' '
	expect_status 66 tally hand -g 1 Al=1 Bea=2 Cyy=3 2> err &&
	grep_msg "did you mean Cy" err && ! grep -q "starts the next game" err
'
test_done
