#!/bin/sh
# SPDX-License-Identifier: ISC
# `tally night ID` lists the night's games and their winners, not only the
# rating changes; night:last finds it.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a night of a finished Golf game and an abandoned Chase' '
	tally night start Thanksgiving > /dev/null &&
	tally new golf Al Bea > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Al=1 Bea=2 > /dev/null 2>&1 || return 1; done &&
	tally new chase-ace Al Bea Cy > /dev/null && tally hand Al=2 Bea=9 Cy=Q > /dev/null &&
	tally end --abandon > /dev/null
'
test_expect_success 'night ID lists the games with their winners' '
	tally night 1 > out &&
	grep -q "^  #2  *Chase the Ace  *abandoned  *1 round *\$" out &&
	grep -q "^  #1  *Golf  *over  *9 holes  .*  winner: Al\$" out &&
	grep_msg "rating change tonight" out
'
test_expect_success 'night --json: the games as "played", in the order they started' '
	j=$(tally --json night 1) &&
	test "$(json_get "$j" "\$.night.played[0].winners[0]")" = Al &&
	test "$(json_get "$j" "\$.night.played[1].status")" = abandoned &&
	tally history night:last > h && grep_msg "golf" h
'
test_done
