#!/bin/sh
# SPDX-License-Identifier: ISC
# An export of most of the file's games reads each table once in game
# order (db/store.h, store_games_open); one of a few games looks each game
# up.  Both write the same game the same way, also where the file holds a
# game's rows out of game order: options written again after later games'
# (an import's replace, an upgrade that added an option to old games).
. "$(dirname "$0")/lib.sh"

# the lines of the export on stdin that are kind's games
games_of() { grep -F "\"kind\":\"$1\"" || true; }

test_expect_success 'a game whose options come after later games'"'"' is exported whole and in order' '
	tally new golf Ann Bob > /dev/null && tally hand -g 1 Ann=3 Bob=4 > /dev/null &&
	for k in 2 3 4; do tally new gin Ann Bob > /dev/null || exit 1; done &&
	tally hand -g 3 --knock Ann Ann=2 Bob=43 > /dev/null &&
	tally new golf Cid Dee > /dev/null && tally hand -g 5 Cid=1 Dee=2 > /dev/null &&
	sqlite3 "$TALLY_DB" "DELETE FROM game_option WHERE game_id = 1 AND key = '"'"'packs'"'"';
	    INSERT INTO game_option (game_id, key, value, is_set) VALUES (1, '"'"'packs'"'"', '"'"'1'"'"', 0)" &&
	tally export > all.json && tally export game:golf > golf.json &&
	test "$(games_of golf < all.json | wc -l)" = 2 &&
	games_of golf < all.json | sed "s/,\$//" > a && games_of golf < golf.json | sed "s/,\$//" > b && cmp a b &&
	games_of golf < all.json | head -1 | grep -F "[\"end_method\",\"knock\",false],[\"packs\",\"1\",false]]" &&
	test "$(games_of golf < all.json | head -1 | grep -o "\[\"[a-z_0-9]*\",\"[^\"]*\",[a-z]*\]" | wc -l)" = \
	    "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game_option WHERE game_id = 1")"
'

test_done
