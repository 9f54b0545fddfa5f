#!/bin/sh
# SPDX-License-Identifier: ISC
# A game with no hands counts nowhere: not in stats (the
# kept tables and a query's fold), not in places, not in history's played
# games; `tally check` agrees.  `list` still shows it.
. "$(dirname "$0")/lib.sh"

stats_len() { j=$(tally --json stats "$@") && printf '%s' "$j" > s.json &&
	sqlite3 :memory: "SELECT json_array_length(json_extract(CAST(readfile('s.json') AS TEXT), '\$.stats'))"; }
stat_of() { j=$(tally --json stats "$@") && printf '%s' "$j" > s.json &&
	sqlite3 :memory: "SELECT json_extract(value, '\$.games') || ' ' || json_extract(value, '\$.open') FROM json_each(json_extract(CAST(readfile('s.json') AS TEXT), '\$.stats'))
	    WHERE json_extract(value, '\$.player') = 'Ann' AND json_extract(value, '\$.game') = 'golf'"; }

test_expect_success 'an empty game, ended, counts in no statistics' '
	tally new golf Ann Bob > /dev/null && tally end > /dev/null &&
	tally new golf Ann Cid > /dev/null &&
	test "$(stats_len)" = 0 && test "$(stats_len game:golf)" = 0 &&
	test "$(stats_len player:Ann)" = 0 &&
	tally check > out && grep_msg "statistics agree" out
'
test_expect_success 'history leaves out empty games; list still shows them' '
	tally history > out && grep_msg "no games match" out &&
	j=$(tally --json list) && test "$(json_get "$j" "\$[0].id")" = 2 &&
	test "$(json_get "$j" "\$[1].id")" = 1
'
test_expect_success 'its first hand makes it count; undoing that hand takes it out again' '
	tally hand Ann=3 Cid=5 > /dev/null &&
	test "$(stat_of)" = "0 1" &&
	j=$(tally --json history) && test "$(json_get "$j" "\$[0].id")" = 2 &&
	tally end > /dev/null && test "$(stat_of)" = "1 0" &&
	j=$(tally --json stats player:Ann) && test "$(json_get "$j" "\$.stats[0].average_place")" = 1.0 &&
	tally check > /dev/null &&
	tally undo > /dev/null && tally undo > /dev/null &&
	test "$(stats_len)" = 0 &&
	tally check > out && grep_msg "statistics agree" out
'
test_expect_success 'an empty game ended after a counted one leaves that one'"'"'s streak alone' '
	tally hand Ann=1 Cid=4 > /dev/null && tally end > /dev/null &&
	j=$(tally --json stats player:Ann) && test "$(json_get "$j" "\$.stats[0].streak")" = 1 &&
	tally new golf Ann Cid > /dev/null && tally end > /dev/null &&
	j=$(tally --json stats player:Ann) && test "$(json_get "$j" "\$.stats[0].streak")" = 1 &&
	test "$(stat_of)" = "1 0" && tally check > /dev/null
'
test_done
