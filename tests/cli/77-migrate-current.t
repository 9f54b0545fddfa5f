#!/bin/sh
# SPDX-License-Identifier: ISC
# Schema 8 on an older database: the game `hand` used to pick
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
test_expect_success 'an old empty finished game counts in no statistics after the upgrade' '
	cp "$FIXTURE" empty.db &&
	sqlite3 empty.db "INSERT INTO game (id, uid, kind, started, ended, status, closed)
	    VALUES (3, '\''e3'\'', '\''golf'\'', '\''2026-11-21T23:00:00Z'\'', '\''2026-11-21T23:01:00Z'\'', '\''over'\'', 1);
	    INSERT INTO seat (game_id, seat, player_id, total, rank, winner) VALUES (3, 0, 1, 0, 1, 0), (3, 1, 2, 0, 1, 0)" &&
	j=$(tally --db empty.db --json stats player:Ann) && test "$(json_get "$j" "\$.stats[0].games")" = 0 &&
	test "$(json_get "$j" "\$.stats[0].open")" = 2 && test "$(json_get "$j" "\$.stats[0].wins")" = 0 &&
	j=$(tally --db empty.db --json stats player:Bob) && test "$(json_get "$j" "\$.stats[0].games")" = 0 &&
	test "$(json_get "$j" "\$.stats[0].open")" = 1 &&
	tally --db empty.db check > out && grep_msg "statistics agree" out
'
test_done
