#!/bin/sh
# SPDX-License-Identifier: ISC
# Stats keep a 9-hole game and an 18-hole one comparable: the average a
# hand beside the average a game; the leaderboard's games and win% count
# the same (finished) games.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a 9-hole 4-card game (47) and an 18-hole 6-card one (171)' '
	tally new golf Ann Bob > /dev/null &&
	for h in 1 2 3 4 5 6 7 8; do tally hand Ann=5 Bob=6 > /dev/null 2>&1 || return 1; done &&
	tally hand Ann=7 Bob=6 > /dev/null 2>&1 &&
	tally new golf Ann Bob -o layout=6 -o holes=18 > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do tally hand Ann=9 Bob=10 > /dev/null 2>&1 || return 1; done &&
	tally hand Ann=18 Bob=10 > /dev/null 2>&1 &&
	test "$(totals 1)" = "Ann=47 Bob=54" && test "$(totals 2)" = "Ann=171 Bob=180"
'
test_expect_success 'stats: 109.0 a game, 8.1 a hole (218 over 27 holes)' '
	tally stats > out &&
	grep -q "^Ann  *golf  *2  *[0-9]  *[0-9.]*  *109.0  *8.1 " out &&
	grep_msg "/hand" out &&
	j=$(tally --json stats) &&
	test "$(json_get "$j" "\$.stats[0].average_per_hand")" = 8.07 &&
	tally stats --csv | tr -d "\r" > s.csv &&
	head -n 1 s.csv | grep -q ",average_per_hand,open\$" && grep -q "^\"Ann\",golf,.*,8.07,0\$" s.csv
'
test_expect_success 'chips games have no average a hand; the leaderboard counts finished games for both' '
	tally new chase-ace Ann Bob Cid > /dev/null && tally hand Ann=2 Bob=9 Cid=Q > /dev/null &&
	tally stats --csv | tr -d "\r" | grep "chase-ace" > c.csv && grep -q ",,1\$" c.csv &&
	tally stats > out && grep -q "^Ann  *2  *" out
'
test_done
