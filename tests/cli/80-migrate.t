#!/bin/sh
# SPDX-License-Identifier: ISC
# A database written by the first released schema (tests/fixtures/
# schema-v1.db) upgrades in place, with a copy saved beside it first.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v1.db"
. "$(dirname "$0")/lib.sh"

test_expect_success 'the fixture is schema 1' '
	cp "$FIXTURE" old.db &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = 1
'
test_expect_success 'opening it upgrades it and keeps a copy' '
	tally --db old.db show 1 > out &&
	grep_msg "Golf #1, started 2026-11-21" out &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = "$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")" &&
	test -f old.db.v1.bak &&
	test "$(sqlite3 old.db.v1.bak "PRAGMA user_version")" = 1 &&
	test "$(sqlite3 old.db.v1.bak "SELECT count(*) FROM hand")" = 3
'
test_expect_success 'the old games replay the same and take new hands' '
	j=$(tally --db old.db show --json 1) &&
	test "$(json_get "$j" "\$.players[2].chips")" = 3 &&
	test "$(json_get "$j" "\$.pot")" = 2 &&
	tally --db old.db hand -g 1 Ann=1 Bob=2 Cid=9 > out &&
	grep_msg "Cid pays a quarter" out &&
	test "$(sqlite3 old.db "SELECT count(*) FROM chip_move")" = 1 &&
	j=$(tally --db old.db show --json 2) &&
	test "$(json_get "$j" "\$.players[0].total")" = 3
'
test_expect_success 'the old games were put into nights by date' '
	test "$(sqlite3 old.db "SELECT count(*) FROM night")" = 1 &&
	test "$(sqlite3 old.db "SELECT name FROM night")" = 2026-11-21 &&
	test "$(sqlite3 old.db "SELECT count(*) FROM game WHERE night_id IS NULL")" = 0
'
test_expect_success 'schema 7 filled the statistics and history columns from the old games' '
	test "$(sqlite3 old.db "SELECT hands FROM game WHERE id = 1")" = 3 &&
	test "$(sqlite3 old.db "SELECT count(*) FROM stat_line WHERE games > 0")" -gt 0 &&
	tally --db old.db stats | sed "1,/^\$/d" > table.out &&
	tally --db old.db stats since:2000-01-01 | sed "1,/^\$/d" > scan.out &&
	cmp table.out scan.out &&
	tally --db old.db check > out && grep_msg "ok:" out
'
test_expect_success 'a database from a newer tally is refused' '
	sqlite3 new.db "PRAGMA application_id = 1413565529; PRAGMA user_version = 99; CREATE TABLE x(y)" &&
	expect_status 74 tally --db new.db list 2>err && grep_msg "newer tally" err
'
test_done
