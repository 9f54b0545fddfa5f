#!/bin/sh
# SPDX-License-Identifier: ISC
# 6-card Golf: two rows of three, scored by columns (RULES.md GF1b).
. "$(dirname "$0")/lib.sh"

test_expect_success 'a 6-card game defaults to column cancelling' '
	tally new golf Ann Bob Cid -o layout=6 > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.options.cancel")" = columns
'
test_expect_success 'GF1b: K 5 7 / K 3 9 = 24 and 2 2 4 / 6 6 4 = 16' '
	tally hand Ann="K 5 7 K 3 9" Bob="2 2 4 6 6 4" Cid="A A A A 2 2" > out &&
	grep_msg "hole 1: Ann 24 Bob 16 Cid 6" out
'
test_expect_success 'a 5-card layout is refused' '
	expect_status 65 tally hand Ann="K 5 7 K 3" Bob=1 Cid=1 2>err &&
	grep_msg "Ann: 5 cards entered; a layout has exactly 6" err
'
test_expect_success 'a 6-card total may reach 60' '
	tally hand Ann=60 Bob=0 Cid=1 > out && grep_msg "Ann 60" out &&
	expect_status 65 tally hand Ann=61 Bob=0 Cid=1 2>/dev/null
'
test_expect_success 'a whole 6-card game of 9 holes' '
	for h in 3 4 5 6 7 8 9; do tally hand Ann=5 Bob=6 Cid=7 > /dev/null || return 1; done &&
	tally show > out && grep_msg "winner: Cid" out &&
	test "$(totals 1)" = "Ann=119 Bob=58 Cid=56"
'
test_done
