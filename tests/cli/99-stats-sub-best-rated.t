#!/bin/sh
# SPDX-License-Identifier: ISC
# `tally stats`: the leaderboard sums the per player and game rows under
# it, so its best rated game is one of the player's rows.  A substitute is
# rated for the games played in another's seat (`tally ratings`, partial
# play: 88-sub-ratings), but the seat's place and win stay with its
# player, so those games make no row of the substitute's: the leaderboard
# does not name them either.
. "$(dirname "$0")/lib.sh"

# Fay plays 8 of Golf #1's 9 holes in Cid's seat, which wins, and plays
# Hand & Foot #2 herself, last: her golf rating is her best, but golf is
# no row of hers.
test_expect_success 'a night where Fay is a substitute at golf and a player at Hand & Foot' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=2 Bob=3 Cid=9 > /dev/null &&
	tally sub Cid Fay > /dev/null &&
	for i in 1 2 3 4 5 6 7 8; do tally hand Ann=$((5 + i)) Bob=6 Fay=$i > /dev/null 2>&1 || return 1; done &&
	tally new hand-foot Ann Bob Fay -o rounds=1 > /dev/null &&
	tally hand --out Ann Ann=1c2d335m90o Bob=20l Fay=200l > /dev/null &&
	tally --json ratings > r.json &&
	# rated at golf all the same, and better than at Hand & Foot
	sqlite3 :memory: "SELECT json_extract(value, '\''$.game'\'') FROM json_each(CAST(readfile('\''r.json'\'') AS TEXT))
	    WHERE json_extract(value, '\''$.player'\'') = '\''Fay'\'' ORDER BY json_extract(value, '\''$.ordinal'\'') DESC" > games &&
	printf "golf\nhand-foot\n" > want && test_cmp want games
'
test_expect_success 'the leaderboard names for Fay her best rated game among her rows: Hand & Foot' '
	tally --json stats > s.json &&
	sqlite3 :memory: "SELECT json_extract(value, '\''$.best_rated.game'\'') FROM
	    json_each(json_extract(CAST(readfile('\''s.json'\'') AS TEXT), '\''$.leaderboard'\''))
	    WHERE json_extract(value, '\''$.player'\'') = '\''Fay'\''" > best &&
	echo hand-foot > want && test_cmp want best &&
	COLUMNS=120 tally stats > out &&
	grep -q "^Fay  *1  *0  *0.0  hand-foot (-" out &&
	! grep -q "^Fay .*golf" out
'
test_expect_success 'every best rated game on the leaderboard is a row of that player below it' '
	sqlite3 :memory: "SELECT b.value ->> '\''$.player'\'' || '\'' '\'' || (b.value ->> '\''$.best_rated.game'\'')
	    FROM json_each(CAST(readfile('\''s.json'\'') AS TEXT), '\''$.leaderboard'\'') b
	    WHERE b.value ->> '\''$.best_rated'\'' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM
	    json_each(CAST(readfile('\''s.json'\'') AS TEXT), '\''$.stats'\'') s
	    WHERE s.value ->> '\''$.player'\'' = b.value ->> '\''$.player'\''
	    AND s.value ->> '\''$.game'\'' = b.value ->> '\''$.best_rated.game'\'')" > orphans &&
	{ test ! -s orphans || { echo "best rated with no row:" >&2; cat orphans >&2; false; }; } &&
	test "$(sqlite3 :memory: "SELECT count(*) FROM json_each(CAST(readfile('\''s.json'\'') AS TEXT), '\''$.leaderboard'\'')
	    WHERE value ->> '\''$.best_rated'\'' IS NOT NULL")" = 4
'
test_done
