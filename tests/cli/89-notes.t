#!/bin/sh
# SPDX-License-Identifier: ISC
# Notes: `tally note [-g ID] TEXT` keeps a free-text note on a game, `tally
# note night [ID] TEXT` on a night; no TEXT shows it, "" clears it.  A
# note is checked as a night's name is (one check, which import makes
# too): one line, no control or bidi characters, at most 300 bytes.  It is
# shown by show and night, marked in history, printed on the pad and the
# night report, exported, and a note changed at a table travels through
# the import merge like the game's hands (it bumps the game's revision).
# The schema version the notes migration brings (db/migrate-NN.sql that
# adds game.note); later migrations are undone too by the upgrade test.
NOTES_SCHEMA=$(grep -l "ADD COLUMN note TEXT" "$(dirname "$0")"/../../db/migrate-*.sql | sed -n "s/.*migrate-0*\([0-9]*\)\.sql/\1/p")
. "$(dirname "$0")/lib.sh"

at() { TALLY_NOW="$1"; export TALLY_NOW; }

test_expect_success 'a note on the current game: kept, shown, marked in history' '
	at 2026-11-20T19:00:00Z && tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=5 > /dev/null &&
	tally note > out && grep_msg "Golf #1 has no note" out &&
	tally note Bob left at nine, Hal played on > out && grep_msg "note on Golf #1: Bob left at nine, Hal played on" out &&
	tally note > out && grep_msg "note on Golf #1: Bob left at nine, Hal played on" out &&
	tally show > out && grep_msg "note: Bob left at nine, Hal played on" out &&
	test "$(json_get "$(tally --json show)" "\$.note")" = "Bob left at nine, Hal played on" &&
	tally history > out && grep -q "#1 .*Ann, Bob  \[note\]$" out &&
	test "$(json_get "$(tally --json history)" "\$[0].note")" = "Bob left at nine, Hal played on" &&
	tally history --csv | tr -d "\r" | grep -q ",\"Bob left at nine, Hal played on\"$"
'
test_expect_success 'a note that is no line of text is refused (64), nothing stored' '
	expect_status 64 tally note "$(printf "two\nlines")" 2> err && grep_msg "control character" err &&
	expect_status 64 tally note "$(printf "evil \342\200\256txt")" 2> err && grep_msg "bidi" err &&
	expect_status 64 tally note " spaced" 2> err && grep_msg "starts or ends with a space" err &&
	expect_status 64 tally note "$(printf "%0301d" 0)" 2> err && grep_msg "longer than 300 bytes" err &&
	tally note > out && grep_msg "note on Golf #1: Bob left at nine, Hal played on" out
'
test_expect_success 'an empty note clears it; -g names another game' '
	at 2026-11-20T20:00:00Z && tally new gin Cid Dee > /dev/null &&
	tally note -g 1 "" > out && grep_msg "note on Golf #1 cleared" out &&
	tally show 1 > out && ! grep -q "^note:" out &&
	tally --json show 1 | grep -q "\"note\":null" &&
	tally note -g 1 "" > out && grep_msg "Golf #1 has no note" out &&
	tally note -g 1 "Ann dealt with a new pack" > /dev/null &&
	tally note > out && grep_msg "Gin Rummy #2 has no note" out &&
	expect_status 66 tally note -g 9 hello 2> /dev/null &&
	tally note -g 2 night owls > out && grep_msg "note on Gin Rummy #2: night owls" out
'
test_expect_success 'a note on the night: the open one, or by id' '
	at 2026-11-20T21:00:00Z && tally note night > out && grep_msg "night #1 \"2026-11-20\" has no note" out &&
	tally note night "Thanksgiving at Ann'"'"'s" > out && grep_msg "note on night #1 \"2026-11-20\": Thanksgiving at Ann'"'"'s" out &&
	tally note night 1 > out && grep_msg "Thanksgiving at Ann'"'"'s" out &&
	tally night 1 > out && grep_msg "note: Thanksgiving at Ann'"'"'s" out &&
	test "$(json_get "$(tally --json night 1)" "\$.night.note")" = "Thanksgiving at Ann'"'"'s" &&
	expect_status 66 tally note night 7 hello 2> err && grep_msg "no night 7" err
'
test_expect_success 'the filled pad and the night report print the notes' '
	tally sheet 1 -o pad.pdf > /dev/null && pdftotext pad.pdf - | grep -q "Note: Ann dealt with a new pack" &&
	tally sheet night:1 -o night.pdf > /dev/null && pdftotext night.pdf - | grep -q "Note: Thanksgiving at Ann"
'
test_expect_success 'export carries both notes; an import keeps them' '
	tally export -o t1.json > /dev/null &&
	TALLY_DB=$SCRATCH/club.db tally import t1.json > /dev/null &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/club.db tally --json show 1)" "\$.note")" = "Ann dealt with a new pack" &&
	TALLY_DB=$SCRATCH/club.db tally note night 1 > out && grep_msg "Thanksgiving at Ann" out
'
test_expect_success 'a note changed at the table travels to the club; changed at both, a conflict' '
	r=$(sqlite3 "$TALLY_DB" "SELECT revision FROM game WHERE id = 1") &&
	tally note -g 1 "Ann dealt with a new pack; Bob won the toss" > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT revision FROM game WHERE id = 1")" -gt "$r" &&
	tally export -o t2.json > /dev/null &&
	TALLY_DB=$SCRATCH/club.db tally import t2.json > out && grep_msg "updated 1" out &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/club.db tally --json show 1)" "\$.note")" = "Ann dealt with a new pack; Bob won the toss" &&
	TALLY_DB=$SCRATCH/club.db tally note -g 1 "the club says" > /dev/null &&
	tally note -g 1 "the table says" > /dev/null && tally export -o t3.json > /dev/null &&
	expect_status 65 env TALLY_DB=$SCRATCH/club.db "$TALLY" import t3.json 2> err && grep_msg "the notes differ" err &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/club.db tally --json show 1)" "\$.note")" = "the club says"
'
test_expect_success 'import refuses a note tally note would refuse (65, nothing imported)' '
	sed "s/\"note\":\"the table says\"/\"note\":\"bad\\\\u0007bell\"/" t3.json > bad.json &&
	grep -q "bad.u0007bell" bad.json &&
	expect_status 65 env TALLY_DB=$SCRATCH/new.db "$TALLY" import bad.json 2> err &&
	grep_msg "control character" err && grep_msg "nothing was imported" err
'
test_expect_success 'schema 21: a file of schema 20 gains the note columns, its games kept' '
	SCHEMA=$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p") &&
	cp "$TALLY_DB" old.db &&
	sqlite3 old.db "ALTER TABLE game DROP COLUMN note; ALTER TABLE night DROP COLUMN note;
	    ALTER TABLE game DROP COLUMN end_undone_closed; ALTER TABLE merge_base DROP COLUMN seen; ALTER TABLE merge_base DROP COLUMN taken; DROP TABLE seat_change;
	    PRAGMA user_version = $((NOTES_SCHEMA - 1))" &&
	tally --db old.db note -g 1 > out && grep_msg "Golf #1 has no note" out &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = "$SCHEMA" &&
	tally --db old.db check > out && grep_msg "the file is sound" out
'
test_done
