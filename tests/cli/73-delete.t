#!/bin/sh
# SPDX-License-Identifier: ISC
# tally delete / restore: a deleted game is out of list,
# history, stats, nights and the tables an export writes (its JSON keeps
# it, marked deleted, so that a file importing it deletes it too), with
# every row kept; the kept
# statistics move in the same transaction and `tally check` agrees.
. "$(dirname "$0")/lib.sh"

games_of() { j=$(tally --json "$@") && printf '%s' "$j" > games.json &&
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.id'), ' ') FROM json_each(CAST(readfile('games.json') AS TEXT))"; }
stat_of() { j=$(tally --json stats) && printf '%s' "$j" > stats.json &&
	sqlite3 :memory: "SELECT json_extract(value, '\$.$2') FROM json_each(json_extract(CAST(readfile('stats.json') AS TEXT), '\$.stats'))
	    WHERE json_extract(value, '\$.player') = '$1' AND json_extract(value, '\$.game') = 'golf'"; }

tally new golf Ann Bob > /dev/null
tally hand Ann=1 Bob=9 > /dev/null
tally end > /dev/null
tally new golf Ann Bob > /dev/null
tally hand Ann=8 Bob=2 > /dev/null
tally end > /dev/null
tally stats --json > stats-before.json

test_expect_success 'delete takes the game out of list, history, stats and exports' '
	test "$(stat_of Ann games) $(stat_of Ann wins)" = "2 1" &&
	tally delete 1 > out && grep_msg "game 1 deleted" out &&
	test "$(games_of list)" = 2 && test "$(games_of history)" = 2 &&
	test "$(games_of list --deleted)" = 1 &&
	test "$(stat_of Ann games) $(stat_of Ann wins) $(stat_of Bob wins)" = "1 0 1" &&
	tally export --format csv -o all.csv > /dev/null && test "$(grep -c "^[^,]*,1," all.csv)" = 0 &&
	grep -q "^[^,]*,2," all.csv &&
	tally export -o all.json > /dev/null &&
	test "$(grep "\"Ann=1 Bob=9\"" all.json | grep -c "\"deleted\":")" = 1 &&
	test "$(grep "Ann=8 Bob=2" all.json | grep -c "\"deleted\":")" = 0 &&
	tally check > out && grep_msg "statistics agree" out
'
test_expect_success 'every row of the deleted game is kept, and it is refused where a game is named' '
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 1")" = 1 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat WHERE game_id = 1")" = 2 &&
	expect_status 66 tally show 1 2>err && grep_msg "tally restore 1" err &&
	expect_status 66 tally hand -g 1 Ann=1 Bob=1 2>/dev/null &&
	expect_status 66 tally delete 1 2>/dev/null && expect_status 66 tally delete 9 2>/dev/null &&
	expect_status 66 tally restore 2 2>/dev/null && expect_status 64 tally delete 2>/dev/null
'
test_expect_success 'the night counts and reports no deleted game' '
	j=$(tally --json night) && test "$(json_get "$j" "\$.night.games")" = 1 &&
	tally sheet night:1 -o night.pdf > /dev/null && pdftotext night.pdf - > night.txt &&
	grep -q "Golf #2" night.txt && ! grep -q "Golf #1" night.txt
'
test_expect_success 'restore brings it back everywhere, the statistics exactly as before' '
	tally restore 1 > out && grep_msg "game 1 restored" out &&
	test "$(games_of list)" = "2 1" && test "$(games_of list --deleted)" = "" &&
	tally stats --json > stats-after.json && test_cmp stats-before.json stats-after.json &&
	j=$(tally --json night) && test "$(json_get "$j" "\$.night.games")" = 2 &&
	tally check > out && grep_msg "statistics agree" out
'
test_expect_success 'the streaks and bests are made again without a deleted game' '
	test "$(stat_of Bob streak) $(stat_of Bob best)" = "1 2" &&
	tally delete 2 > /dev/null &&
	test "$(stat_of Bob streak) $(stat_of Bob best) $(stat_of Ann best)" = "0 9 1" &&
	tally check > out && grep_msg "statistics agree" out &&
	tally restore 2 > /dev/null && tally check > /dev/null
'
test_done
