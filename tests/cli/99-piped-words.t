#!/bin/sh
# SPDX-License-Identifier: ISC
# Piped (no terminal to fit), a night's games still stand in columns
# whatever each game calls its hands ("9 holes", "3 rounds", "1 hole"),
# and every listing counts a game's hands in the game's own word: holes
# for Golf, rounds for Chase the Ace (the game's words.hand_word,
# core/rules.h).
. "$(dirname "$0")/lib.sh"

TALLY_NOW=2026-11-20T19:00:00Z
export TALLY_NOW
test_expect_success 'a night of Golf and Chase the Ace' '
	tally new golf Ann Bob > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=$h Bob=4 > /dev/null 2>&1 || return 1; done &&
	TALLY_NOW=2026-11-20T20:00:00Z tally new chase-ace Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T20:05:00Z tally hand Ann=A Bob=3 > /dev/null &&
	TALLY_NOW=2026-11-20T20:10:00Z tally hand Ann=A Bob=5 > /dev/null &&
	TALLY_NOW=2026-11-20T20:20:00Z tally hand Ann=A Bob=6 > /dev/null &&
	TALLY_NOW=2026-11-20T20:30:00Z tally new golf Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T20:31:00Z tally hand Ann=1 Bob=4 > /dev/null
'
# the play time ends each game's line at one column, piped as on a terminal
test_expect_success 'night, piped: the play times in one column' '
	tally night 1 | cat > out &&
	grep -q "^  #1 .* 9 holes  *0 min  winner: Bob$" out &&
	grep -q "^  #2 .* 3 rounds  *20 min  winner: Bob$" out &&
	grep "^  #[12] " out | sed "s/ min .*/ min/" > rows &&
	test "$(awk "{ print length }" rows | sort -u | wc -l)" = 1
'
test_expect_success 'list and history: holes for Golf, rounds for Chase the Ace, in one column' '
	tally list > out &&
	grep -q "^ #1  *golf  .*  9 holes   Ann, Bob  winner: Bob$" out &&
	grep -q "^ #2  *chase-ace  .*  3 rounds  Ann, Bob  winner: Bob$" out &&
	grep -q "^\*#3  *golf  .*  1 hole    Ann, Bob$" out &&
	test "$(sed "s/ Ann, Bob.*//" out | awk "{ print length }" | sort -u | wc -l)" = 1 &&
	tally history > out &&
	grep -q "^  #1  *golf  .*  9 holes  .*winner: Bob$" out &&
	grep -q "^  #2  *chase-ace  .*  3 rounds  .*winner: Bob$" out &&
	! grep -q " hands\? " out
'
test_done
