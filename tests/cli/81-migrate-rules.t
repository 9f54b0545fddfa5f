#!/bin/sh
# SPDX-License-Identifier: ISC
# A database written before the rules corrections of schema 12 (tests/fixtures/
# schema-v7-rules.db, made by the schema-7 tally): a Spite and Malice match
# of three deals with no target, a Chase the Ace game whose winner took a
# pot of 6, a Cribbage Solitaire deal of 24 and a Gin knock with no deadwood
# (scored 71 then).  The upgrade keeps the match a match and writes the
# other games' scores again under the corrected rules, so that every game
# still shows and `tally check` agrees.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v7-rules.db"
. "$(dirname "$0")/lib.sh"

test_expect_success 'the fixture is schema 7 with the old scores stored' '
	cp "$FIXTURE" old.db &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = 7 &&
	test "$(sqlite3 old.db "SELECT points FROM hand_score s JOIN hand h ON h.id = s.hand_id WHERE h.game_id = 4 AND s.seat = 0")" = 71
'
test_expect_success 'the upgrade keeps the old Spite and Malice match playing on' '
	tally --db old.db list > out &&
	j=$(tally --db old.db --json show 1) &&
	test "$(json_get "$j" "\$.status")" = open &&
	test "$(json_get "$j" "\$.hands")" = 3 &&
	test "$(json_get "$j" "\$.options.match_target")" = 100000 &&
	test "$(json_get "$j" "\$.players[0].total")" = 11
'
test_expect_success 'the corrected games are scored again and tally check agrees' '
	test "$(json_get "$(tally --db old.db --json show 2)" "\$.players[2].lives")" = 3 &&
	test "$(json_get "$(tally --db old.db --json show 2)" "\$.players[2].won")" = 6 &&
	test "$(json_get "$(tally --db old.db --json show 3)" "\$.players[0].points")" = "[24]" &&
	test "$(json_get "$(tally --db old.db --json show 4)" "\$.players[0].total")" = 100 &&
	test "$(sqlite3 old.db "SELECT points FROM hand_score s JOIN hand h ON h.id = s.hand_id WHERE h.game_id = 4 AND s.seat = 0")" = 100 &&
	test "$(sqlite3 old.db "SELECT count(*) FROM rederive")" = 0 &&
	tally --db old.db check > out && grep_msg "ok:" out
'
test_expect_success 'work left by an interrupted upgrade is done by the next run' '
	cp "$FIXTURE" again.db && tally --db again.db list > /dev/null &&
	sqlite3 again.db "INSERT INTO rederive VALUES ('"'"'gin'"'"');
	    UPDATE hand_score SET points = 71 WHERE seat = 0 AND hand_id IN (SELECT id FROM hand WHERE game_id = 4)" &&
	tally --db again.db list > /dev/null &&
	test "$(sqlite3 again.db "SELECT count(*) FROM rederive")" = 0 &&
	tally --db again.db check > out && grep_msg "ok:" out
'
test_done
