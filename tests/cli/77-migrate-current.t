#!/bin/sh
# Schema 8 (issue 12) on an older database: the game `hand` used to pick
# (the newest open game) becomes the current game, no game is deleted, and
# games with no hands leave the statistics.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v1.db"
. "$(dirname "$0")/lib.sh"

test_expect_success 'the newest open game becomes the current game' '
	cp "$FIXTURE" old.db &&
	j=$(tally --db old.db --json use) && test "$(json_get "$j" "\$.current")" = 2 &&
	test "$(sqlite3 old.db "SELECT count(*) FROM game WHERE deleted IS NOT NULL")" = 0 &&
	j=$(tally --db old.db --json list) && test "$(json_get "$j" "\$[0].current")" = 1 &&
	tally --db old.db check > out && grep_msg "statistics agree" out
'
test_expect_success 'a schema 7 database with an empty finished game drops it from the statistics' '
	tally --db seven.db new golf Ann Bob > /dev/null && tally --db seven.db end > /dev/null &&
	tally --db seven.db new golf Ann Bob > /dev/null && tally --db seven.db hand Ann=1 Bob=2 > /dev/null &&
	sqlite3 seven.db "DROP TABLE current_game; ALTER TABLE game DROP COLUMN deleted;
	    ALTER TABLE game DROP COLUMN end_undone; PRAGMA user_version = 7;
	    UPDATE stat_line SET games = games + 1, finished = finished + 1 WHERE player_id = 1" &&
	j=$(tally --db seven.db --json use) && test "$(json_get "$j" "\$.current")" = 2 &&
	j=$(tally --db seven.db --json stats player:Ann) && test "$(json_get "$j" "\$.stats[0].games")" = 1 &&
	tally --db seven.db check > out && grep_msg "statistics agree" out
'
test_done
