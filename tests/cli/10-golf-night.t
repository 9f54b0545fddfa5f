#!/bin/sh
# SPDX-License-Identifier: ISC
# A real Golf night: four players, nine holes, cards and totals, knocks,
# the winner; the standings agree with RULES.md 9.7.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a game starts with seats and the first dealer' '
	tally new golf Ann Bob Cid Dee --dealer Dee > out &&
	grep_msg "Golf #1: Ann, Bob, Cid, Dee" out &&
	grep_msg "Dee deals first" out &&
	grep_msg "hole 1 of 9 (dealer Dee)" out
'

test_expect_success 'GF1: four layouts scored from cards' '
	tally hand Ann="K 3 5 A" Bob="Q J 10 2" Cid="7 7 K 4" Dee="A 2 K 2" > out &&
	grep_msg "hole 1: Ann 9 Bob 32 Cid 18 Dee 5" out &&
	grep_msg "next: hole 2 of 9 (dealer Ann)" out
'

test_expect_success 'card totals, a knock, unique prefixes and suit symbols' '
	tally hand a=4 b="K♠ K♥ 2 3" c=12 d=20 --knock a > out &&
	grep_msg "hole 2: Ann 4 Bob 5 Cid 12 Dee 20" out &&
	grep_msg "Ann knocked (lowest)" out
'

test_expect_success 'holes 3 to 9 and the winner' '
	tally hand Ann=10 Bob=4 Cid=7 Dee=3 &&
	tally hand Ann=2 Bob=8 Cid=3 Dee=9 &&
	tally hand Ann=5 Bob=5 Cid=5 Dee=5 &&
	tally hand Ann=12 Bob=0 Cid=20 Dee=6 &&
	tally hand Ann=1 Bob=9 Cid=6 Dee=4 &&
	tally hand Ann=4 Bob=3 Cid=2 Dee=10 &&
	tally hand Ann="A A 2 K" Bob="3 3 4 K" Cid="Q Q 9 9" Dee="J 2 3 4" > out &&
	grep_msg "game over; winner: Ann" out &&
	test "$(totals 1)" = "Ann=51 Bob=76 Cid=111 Dee=81"
'

test_expect_success 'show: the table, totals and winner' '
	tally show 1 > out &&
	grep_msg "winner: Ann" out &&
	grep -E "^total +51 +76 +111 +81" out
'

test_expect_success 'show --json follows SPEC section 4' '
	j=$(tally show --json 1) &&
	test "$(json_get "$j" "\$.status")" = over &&
	test "$(json_get "$j" "\$.hands")" = 9 &&
	test "$(json_get "$j" "\$.players[0].name")" = Ann &&
	test "$(json_get "$j" "\$.players[0].points")" = "[9,4,10,2,5,12,1,4,4]" &&
	test "$(json_get "$j" "\$.players[0].rank")" = 1 &&
	test "$(json_get "$j" "\$.players[2].rank")" = 4 &&
	test "$(json_get "$j" "\$.winners")" = "[\"Ann\"]" &&
	test "$(json_get "$j" "\$.options.cancel")" = none
'

test_expect_success 'a finished game takes no more hands' '
	expect_status 65 tally hand Ann=1 Bob=1 Cid=1 Dee=1 2>err &&
	grep_msg "Golf #1 is over" err &&
	expect_status 65 tally hand -g 1 Ann=1 Bob=1 Cid=1 Dee=1 2>err &&
	grep_msg "over" err
'

test_expect_success 'list shows the game, newest first' '
	tally new golf Eve Fay > /dev/null &&
	tally list > out &&
	head -1 out | grep -q "#2 " &&
	grep_msg "winner: Ann" out &&
	j=$(tally --json list) &&
	test "$(json_get "$j" "\$[1].winners[0]")" = Ann &&
	test "$(json_get "$j" "\$[0].game")" = golf &&
	test "$(json_get "$j" "\$[0].status")" = open
'

test_expect_success 'hand --json reports points and standings' '
	j=$(tally hand --json Eve="K K 2 2" Fay=7) &&
	test "$(json_get "$j" "\$.hand")" = 1 &&
	test "$(json_get "$j" "\$.points.Eve")" = 4 &&
	test "$(json_get "$j" "\$.players[1].total")" = 7
'

test_expect_success 'target instead of holes' '
	tally new golf Ann Bob -o target=30 > /dev/null &&
	tally hand Ann=20 Bob=10 > /dev/null &&
	tally hand Ann=10 Bob=5 > out &&
	grep_msg "winner: Bob" out
'

test_done
