#!/bin/sh
# SPDX-License-Identifier: ISC
# Abandoning a game: `end --abandon` keeps the hands but gives no result,
# so the game counts nowhere (stats, leaderboard, ratings, the night
# report's players) and shows as abandoned; a plain `end` still crowns the
# leaders.
. "$(dirname "$0")/lib.sh"

page() { pdftotext -layout -f "$1" -l "$1" "$2" - 2>/dev/null; }

test_expect_success 'Chase the Ace abandoned after two rounds has no winner' '
	tally night start "Thanksgiving" > /dev/null &&
	tally new chase-ace Ann Bob Cid Dee Eve Fay > /dev/null &&
	tally hand Ann=2 Bob=9 Cid=K Dee=5 Eve=7 Fay=3 > /dev/null &&
	tally hand Ann=4 Bob=9 Cid=K Dee=5 Eve=7 Fay=8 > /dev/null &&
	tally end --abandon > out &&
	grep_msg "abandoned: no result, counted nowhere" out &&
	j=$(tally --json show 1) &&
	test "$(json_get "$j" "\$.status")" = abandoned &&
	test "$(json_get "$j" "\$.winners")" = "[]" &&
	test "$(json_get "$j" "\$.hands")" = 2
'
test_expect_success 'it is listed as abandoned and counted nowhere' '
	tally list > out && grep -q "^.#1 *chase-ace .* abandoned *2 rounds" out &&
	! grep -q "winner" out &&
	test "$(json_get "$(tally --json list)" "\$[0].status")" = abandoned &&
	tally stats > out && ! grep -q "chase-ace" out &&
	test "$(tally --json stats | grep -c chase)" = 0 &&
	tally ratings > out && ! grep -q "Ann" out
'
test_expect_success 'hands to an abandoned game are refused; undo right after reopens it' '
	expect_status 65 tally hand Ann=2 Bob=9 Cid=K Dee=5 Eve=7 Fay=3 2> err &&
	grep_msg "is over" err &&
	tally undo > /dev/null &&
	test "$(json_get "$(tally --json show 1)" "\$.status")" = open
'
test_expect_success 'a plain end still crowns the leaders' '
	tally end > out && grep_msg "ended early; winner: Bob, Cid, Dee, Eve" out &&
	tally undo > /dev/null && tally end 1 --abandon > /dev/null
'
test_expect_success 'redo puts back the end undo took back as it was: abandoned, or the leaders' '
	tally undo > undo.out && tally redo > redo.out &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.status")" = abandoned &&
	test "$(json_get "$j" "\$.winners")" = "[]" &&
	tally stats > out && ! grep -q "chase-ace" out &&
	grep_msg "undid end --abandon" undo.out && grep_msg "abandons it again" undo.out &&
	grep_msg "redid end --abandon" redo.out && grep_msg "abandoned: no result" redo.out &&
	tally undo > /dev/null && tally end > /dev/null && tally undo > out && grep_msg "ends it again" out &&
	tally redo > out && grep_msg "ended early; winner: Bob, Cid, Dee, Eve" out &&
	test "$(json_get "$(tally --json show 1)" "\$.status")" = over &&
	tally undo > /dev/null && tally end 1 --abandon > /dev/null
'
test_expect_success 'the night report shows it abandoned, and no one played it' '
	tally new golf Ann Bob > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=2 > /dev/null || return 1; done &&
	tally sheet night:1 -o night.pdf > /dev/null &&
	page 1 night.pdf > p1 &&
	grep -q "^ *1 *Chase the Ace *abandoned *2 rounds, abandoned" p1 &&
	grep -q "^ *2 *Golf *Ann *9 holes" p1 &&
	grep -q "Place *Player *Wins *Avg place *Golf #2 *\$" p1 && ! grep -q "Chase the Ace #1" p1 &&
	grep -q "^ *1st *Ann *1 *1.0 *1st *\$" p1 &&
	grep -q "^ *2nd *Bob *0 *2.0 *2nd *\$" p1 && ! grep -q "^ *[0-9][a-z]* *Cid" p1
'
test_expect_success 'an export keeps it abandoned through import' '
	tally export -o all.json > /dev/null &&
	TALLY_DB=$SCRATCH/other.db tally import all.json > /dev/null &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/other.db tally --json show 1)" "\$.status")" = abandoned
'
test_done
