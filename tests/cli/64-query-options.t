#!/bin/sh
# SPDX-License-Identifier: ISC
# Queries and options: a player's name in a query is no
# LIKE pattern, options are stored canonical so option:KEY=VALUE finds
# them, and two presets are refused.
# the schema the names migration (migrate-09) brings; later migrations are undone too
NAMES_SCHEMA=$(($(ls "$(dirname "$0")/../../db" | grep '^migrate-.*\.sql$' | sort | grep -n '^migrate-09' | cut -d: -f1) + 1))
. "$(dirname "$0")/lib.sh"

SCHEMA=$(tally --version | sed -n 's/.*(schema \([0-9]*\)).*/\1/p')

test_expect_success 'player:_nn and player:A% do not match Ann' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=2 > /dev/null &&
	tally history player:an > out && grep_msg "Ann" out &&
	expect_status 66 tally history player:_nn 2>err && grep_msg "no player '"'"'_nn'"'"'" err &&
	expect_status 66 tally history "player:A%" 2>err && grep_msg "no player '"'"'A%'"'"'" err &&
	expect_status 66 tally stats "with:%" 2>err
'
test_expect_success 'a name with _ or % in it is found as typed' '
	tally new golf "A_b%" Cid > /dev/null && tally hand A=1 C=2 > /dev/null &&
	tally history "player:a_b%" > out && grep_msg "A_b%" out &&
	tally history "player:a_" > out && grep_msg "A_b%" out &&
	test "$(grep -c golf out)" = 1
'
test_expect_success 'option values are stored canonical: +5 and 0005 are 5' '
	tally new golf Ann Bob -o target=+5 > out && grep_msg "option target = 5" out &&
	tally hand Ann=1 Bob=2 > /dev/null &&
	tally new golf Ann Bob -o target=0005 > /dev/null && tally hand Ann=1 Bob=2 > /dev/null &&
	tally new golf Ann Bob -o target=6 > /dev/null && tally hand Ann=1 Bob=2 > /dev/null &&
	test "$(sqlite3 tally.db "SELECT group_concat(value, \" \") FROM game_option WHERE key = '"'"'target'"'"' AND is_set")" = "5 5 6" &&
	j=$(tally --json history option:target=5) &&
	test "$(json_get "$j" "\$[0].id")" = 4 && test "$(json_get "$j" "\$[1].id")" = 3 &&
	test "$(json_get "$j" "\$[2].id")" = ""
'
test_expect_success 'a query for option:target=+5 means 5 too' '
	tally --json history option:target=+5 > a &&
	tally --json history option:target=5 > b && test_cmp a b
'
test_expect_success 'two presets are refused, naming both; nothing stored' '
	n=$(sqlite3 tally.db "SELECT count(*) FROM game") &&
	expect_status 64 tally new golf Ann Bob -o preset=house -o preset=standard 2>err &&
	grep_msg "preset=house" err && grep_msg "preset=standard" err &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM game")" = "$n"
'
test_expect_success 'an upgrade makes integer options stored as typed canonical' '
	TALLY_DB=$SCRATCH/o.db tally new golf Ann Bob -o target=7 > /dev/null &&
	TALLY_DB=$SCRATCH/o.db tally hand Ann=1 Bob=2 > /dev/null &&
	sqlite3 o.db "UPDATE game_option SET value = '"'"'+07'"'"' WHERE key = '"'"'target'"'"';
	    DROP INDEX player_fold; ALTER TABLE player DROP COLUMN fold;
	    DROP INDEX night_uid; ALTER TABLE night DROP COLUMN uid; DROP TABLE IF EXISTS seat_change; DROP TABLE IF EXISTS seat_sub;
	    DROP TABLE IF EXISTS pad; DROP TABLE IF EXISTS rating; DROP TABLE IF EXISTS rating_state; DROP TABLE IF EXISTS rederive; DROP TABLE IF EXISTS restat;
	    ALTER TABLE game DROP COLUMN revision; DROP TABLE IF EXISTS merge_base; DROP TABLE IF EXISTS meta;
	    DROP TABLE IF EXISTS season; ALTER TABLE player DROP COLUMN guest; ALTER TABLE seat DROP COLUMN side; ALTER TABLE seat DROP COLUMN joined; ALTER TABLE seat DROP COLUMN join_total;
	    ALTER TABLE game DROP COLUMN note; ALTER TABLE night DROP COLUMN note; ALTER TABLE game DROP COLUMN end_undone_closed;
	    PRAGMA user_version = $((NAMES_SCHEMA - 1))" &&
	TALLY_DB=$SCRATCH/o.db tally history option:target=7 > out && grep_msg "Ann, Bob" out &&
	test "$(sqlite3 o.db "SELECT value FROM game_option WHERE key = '"'"'target'"'"'")" = 7 &&
	test "$(sqlite3 o.db "SELECT value FROM game_option WHERE key = '"'"'preset'"'"'")" = standard
'
test_done
