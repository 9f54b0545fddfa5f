#!/bin/sh
# SPDX-License-Identifier: ISC
# Late arrivals: each game declares whether and how it takes a newcomer
# (tally join); the games that build on every hand from the first refuse,
# saying why, and nothing is stored.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Trash refuses a late arrival with the reason, exit 65, nothing stored' '
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally show --json > before &&
	expect_status 65 tally join Marcus 2> err &&
	test "$(wc -l < err)" = 1 &&
	grep_msg "Trash #1 takes no late arrival: each player plays all twelve contracts" err &&
	tally show --json > after && test_cmp before after &&
	tally check > /dev/null
'
test_expect_success 'the meld, chip and patience games refuse too, each with its reason' '
	tally new hand-foot Ann Bob Cid > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "books and going out" err &&
	tally new gin Ann Bob > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "Gin Rummy #3 takes no late arrival" err &&
	tally new bankrupt Ann Bob Cid > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "every chip is bought in at the start" err &&
	tally new accordion Ann > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "every player plays the same deals" err &&
	tally new account Ann Bob Cid Dee > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "the whole pack is dealt evenly" err &&
	tally new spite-malice Ann Bob > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "two players" err
'
test_expect_success 'Golf with quarters stakes refuses; plain Golf would seat a newcomer with the worst total' '
	tally new golf -o stakes=quarters Ann Bob Cid > /dev/null &&
	expect_status 65 tally join Marcus 2> err && grep_msg "with stakes=quarters" err &&
	tally rules golf > out && grep_msg "Late arrivals: '"'"'tally join PLAYER'"'"' starts from the highest total" out &&
	tally rules trash > out && grep_msg "Late arrivals: each player plays all twelve contracts" out &&
	tally new golf Ann Bob Cid > /dev/null &&
	tally show --json > before &&
	expect_status 65 tally join Marcus 2> err && ! grep -q "takes no late arrival" err &&
	grep_msg "Golf #9 would seat Marcus with the highest total now (the worst: low wins" err &&
	grep_msg "nothing stored" err && tally show --json > after && test_cmp before after
'
test_expect_success 'join checks its words: a seated player, a bad --total, --total where it does not apply' '
	expect_status 64 tally join Ann 2> err && grep_msg "Ann plays here already" err &&
	tally new pad Ann Bob > /dev/null &&
	expect_status 64 tally join --total x Marcus 2> err && grep_msg "--total x is not a whole number" err &&
	tally new chase-ace Ann Bob Cid > /dev/null &&
	expect_status 64 tally join --total 3 Marcus 2> err && grep_msg "--total does not apply" err
'
test_expect_success 'an unknown player in a hand: the error says why the game takes no late arrival' '
	tally new trash Ann Bob Cid Dee > /dev/null &&
	expect_status 66 tally hand Marcus=3 2> err &&
	grep_msg "no player '"'"'Marcus'"'"' at this table" err &&
	grep_msg "this game takes no late arrival: each player plays all twelve contracts" err &&
	tally help join > out && grep_msg "Chase the Ace: the newcomer buys in" out
'
test_done
