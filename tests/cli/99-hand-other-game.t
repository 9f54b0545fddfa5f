#!/bin/sh
# SPDX-License-Identifier: ISC
# A hand refused by the current game that another open game takes as it
# stands (a Golf hand typed while a Bankrupt game is current) is refused
# all the same, nothing stored, with a line naming that game and the
# command that enters it there.  Only a game the entry fits is named.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a Golf hand while Bankrupt is current names the open Golf game' '
	tally new golf Ann Bob Cid > /dev/null && tally new bankrupt Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 65 tally hand Ann=3 Bob=4 Cid=5 2> err &&
	grep_msg "tally: Ann: 1 card entered; a player in the round holds exactly 2" err &&
	grep_msg "Golf #1 is open too and takes this hand: '"'"'tally hand -g 1 Ann=3 Bob=4 Cid=5'"'"'" err &&
	test "$(wc -l < err)" = 2 &&
	test "$(json_get "$(tally --json show 1)" "\$.hands")" = 0 &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 0
'
test_expect_success 'the command named enters it there' '
	tally hand -g 1 Ann=3 Bob=4 Cid=5 > /dev/null && test "$(totals 1)" = "Ann=3 Bob=4 Cid=5"
'
test_expect_success 'an entry no open game takes gets no such line' '
	expect_status 65 tally hand Ann=3 Bob=4 2> err && ! grep -q "is open too" err
'
test_expect_success 'table mode says it in table words' '
	printf "%s\n" "Ann=\"K 5 6 7\" Bob=\"Q J 10 2\" Cid=\"A 2 3 4\"" | tally shell > out 2> err;
	grep_msg "Golf #1 is open too and takes this hand: '"'"'hand -g 1 Ann=\"K 5 6 7\" Bob=\"Q J 10 2\" Cid=\"A 2 3 4\"'"'"'" err
'
test_expect_success 'a game ended is not named' '
	tally end 1 > /dev/null &&
	expect_status 65 tally hand Ann=3 Bob=4 Cid=5 2> err && ! grep -q "is open too" err
'
test_expect_success 'the same game at another table is named; the newest that fits' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 && tally new golf Ann Bob Cid -o layout=6 > /dev/null 2>&1 &&
	tally new golf Dee Eve > /dev/null 2>&1 &&
	expect_status 66 tally hand Ann=1 Bob=2 Cid=3 2> err &&
	grep_msg "no player '"'"'Ann'"'"' at this table" err &&
	grep_msg "Golf #4 is open too and takes this hand: '"'"'tally hand -g 4 Ann=1 Bob=2 Cid=3'"'"'" err &&
	! grep -q "Golf #3" err
'
test_expect_success 'another game like this one (kind and players) is not: the hand broke its rule' '
	tally use 4 > /dev/null &&
	expect_status 65 tally hand Ann="K 3 5 7" Bob=2 Cid=3 2> err && grep_msg "exactly 6" err &&
	! grep -q "is open too" err &&
	tally hand -g 3 Ann="K 3 5 7" Bob=2 Cid=3 > /dev/null
'
test_done
