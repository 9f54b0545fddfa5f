#!/bin/sh
# SPDX-License-Identifier: ISC
# A tie is written one way all through the night report: "=1st" in the
# night's place column, in each game's column and in the game's standing;
# partners sharing their side's place are no tie.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a tie in a game: "=1st" in the text report, both columns' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=1 Cid=5 > /dev/null &&
	tally end > /dev/null &&
	tally night > out &&
	grep -q "^  =1st   Ann        1  1.0  =1st$" out &&
	grep -q "^  =1st   Bob        1  1.0  =1st$" out &&
	grep -q "^  3rd    Cid        0  3.0  3rd$" out
'
test_expect_success 'the night PDF: "=1st" in the game column and the standing' '
	tally sheet night:1 -o n.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 n.pdf - > p1 &&
	grep -q "=1st *Ann *1 *1.0 *=1st" p1 && grep -q "3rd *Cid *0 *3.0 *3rd" p1 &&
	pdftotext -f 2 -l 2 n.pdf - > p2 && grep_msg "1 point, =1st (winner)" p2
'
# place PLAYER GAME KEY: KEY of PLAYER's place in night game GAME (its
# id) in `tally --json night` (saved in n.json)
place() {
	sqlite3 :memory: "SELECT json_extract(p.value, '\$.$3') FROM
	    json_each(json_extract(CAST(readfile('n.json') AS TEXT), '\$.night.standings')) s,
	    json_each(json_extract(s.value, '\$.places')) p
	    WHERE json_extract(s.value, '\$.player') = '$1' AND json_extract(p.value, '\$.game') = $2"
}
test_expect_success 'night --json: each place in a game says whether it is shared, as the text does' '
	tally new gin Ann+Cid Bob+Dee -o target=50 > /dev/null &&
	tally hand --knock Ann Ann=7 Bob=22 --knock Dee Cid=22 Dee=7 > /dev/null &&
	tally hand --gin Bob Ann=30 Bob=0 --knock Cid Cid=5 Dee=8 > /dev/null &&
	tally --json night > n.json &&
	test "$(place Ann 1 place)" = 1 && test "$(place Ann 1 tied)" = 1 && test "$(place Ann 1 shown)" = "=1st" &&
	test "$(place Bob 1 tied)" = 1 && test "$(place Bob 1 shown)" = "=1st" &&
	test "$(place Cid 1 place)" = 3 && test "$(place Cid 1 tied)" = 0 && test "$(place Cid 1 shown)" = 3rd &&
	test "$(place Bob 2 place)" = 1 && test "$(place Bob 2 tied)" = 0 && test "$(place Bob 2 shown)" = 1st &&
	test "$(place Dee 2 tied)" = 0 && test "$(place Ann 2 shown)" = 2nd && test "$(place Cid 2 tied)" = 0 &&
	tally night > out && grep -q "^  3rd    Ann  .*=1st  *2nd$" out
'
test_done
