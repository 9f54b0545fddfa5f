#!/bin/sh
# Words a player reads: a rank is "the ace", never "the A" (which reads as
# a player called A); one time is "1 time"; export -o says what it wrote,
# as sheet does; undo names the game a hand went to with -g.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Chase the Ace names the losing card in words' '
	tally new chase-ace Al Bob Cid > /dev/null &&
	expect_status 65 tally hand Al=A Bob=5 Cid=9 --loser Bob 2> err &&
	grep_msg "the cards say the ace loses" err
'

test_expect_success 'head to head says 1 time, export -o says wrote' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=2 > /dev/null && tally end > /dev/null &&
	tally stats player:Ann vs:Bob > out && grep_msg "finished ahead 1 time, behind 0 times" out &&
	tally export -o e.json > out && grep_msg "wrote e.json" out
'

test_done
