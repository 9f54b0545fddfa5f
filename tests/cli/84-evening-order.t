#!/bin/sh
# SPDX-License-Identifier: ISC
# One order for guided entry and bare values: a hole read out in the order
# the prompts use (from the dealer's left) goes to the same players typed
# as bare values, and the line says whose each value is.
. "$(dirname "$0")/lib.sh"

test_expect_success 'house Golf, Al dealing: the guided hole asks Bea, Cy, Dee, then Al' '
	tally new golf Al Bea Cy Dee -o preset=house > /dev/null &&
	printf "hand\n5\n9\n20\n3\n" | tally shell > out &&
	test "$(totals 1)" = "Al=3 Bea=5 Cy=9 Dee=20"
'
test_expect_success 'the same values bare, in the same order: the same players' '
	tally new golf Al Bea Cy Dee -o preset=house > /dev/null &&
	printf "5 9 20 3\n" | tally shell > out &&
	test "$(totals 2)" = "Al=3 Bea=5 Cy=9 Dee=20" &&
	grep_msg "values from the dealer'"'"'s left: Bea=5 Cy=9 Dee=20 Al=3" out &&
	j=$(tally --json show 2) &&
	test "$(json_get "$j" "\$.players[3].chips")" = 3 &&
	test "$(json_get "$j" "\$.players[0].chips")" = 4
'
test_expect_success 'the echo comes before the standings; a wrong count names the order' '
	head -n 1 out | grep -q "^values from the dealer" &&
	printf "5 9 20\n" | tally shell > /dev/null 2> err
	test $? = 64 &&
	grep_msg "3 values for 4 players; values by position go to the players from the dealer'"'"'s left: Cy Dee Al Bea" err
'
test_done
