#!/bin/sh
# SPDX-License-Identifier: ISC
# Two files of schema 26 (tests/fixtures/schema-v26-notes-*.db, written by
# the tally before nights' notes had clocks): a laptop that set the notes
# of three nights, and the club that took them; after that the laptop
# changed the second night's note, which the club never took.  Both
# upgrade in place to schema 28, their notes kept and no clock made up;
# a note changed before clocks is then decided by the records (what each
# file took from the other), a note changed after by the clocks: the
# second night, changed on the laptop before and at the club after, is a
# conflict in both files; the club's later change of a note the laptop
# set reaches the laptop, and the laptop's later change reaches the club.
FIXTURES="$(cd "$(dirname "$0")/../fixtures" && pwd)"
. "$(dirname "$0")/lib.sh"

on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# the laptop's night of that name, in either file
key() { echo "uid = (SELECT uid FROM laptop.night WHERE name = '$1')"; }
# note FILE NAME: the note of the laptop's night of that name there
note() { sqlite3 "$SCRATCH/$1.db" "ATTACH '$SCRATCH/laptop.db' AS laptop; SELECT note FROM main.night WHERE $(key "$2")"; }
# nid FILE NAME: the id of the laptop's night of that name there
nid() { sqlite3 "$SCRATCH/$1.db" "ATTACH '$SCRATCH/laptop.db' AS laptop; SELECT id FROM main.night WHERE $(key "$2")"; }
import_ok() { TALLY_DB=$SCRATCH/$1.db tally import "$SCRATCH/$2.db" > "$SCRATCH/$1.out" 2> "$SCRATCH/$1.err"; }

test_expect_success 'the fixtures are schema 26, the laptop'"'"'s second note never taken by the club' '
	cp "$FIXTURES/schema-v26-notes-laptop.db" laptop.db && cp "$FIXTURES/schema-v26-notes-club.db" club.db &&
	test "$(sqlite3 laptop.db "PRAGMA user_version")" = 26 && test "$(sqlite3 club.db "PRAGMA user_version")" = 26 &&
	test "$(note laptop N2)" = "the second night, Bob left early" && test "$(note club N2)" = "the second night"
'

test_expect_success 'opening them upgrades them in place: the notes kept, no clock made up' '
	SCHEMA=$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p") &&
	on laptop 2026-11-20T10:00:00Z note night "$(nid laptop N3)" > out && grep_msg "the third night" out &&
	on club 2026-11-20T10:00:00Z check > /dev/null &&
	for f in laptop club; do
		test "$(sqlite3 $f.db "PRAGMA user_version")" = "$SCHEMA" &&
		test -f $f.db.v26.bak &&
		test "$(sqlite3 $f.db "SELECT count(*) FROM night_clock")" = 0 || exit 1
	done &&
	test "$(note laptop 2026-11-13)" = "at Ann'"'"'s" && test "$(note club 2026-11-13)" = "at Ann'"'"'s" &&
	test "$(note club N3)" = "the third night"
'

test_expect_success 'changed on the laptop before clocks, at the club after: a conflict in both' '
	on club 2026-11-20T19:00:00Z note night "$(nid club N2)" "the second night at the club" > /dev/null &&
	test "$(sqlite3 club.db "SELECT count(*) FROM night_clock WHERE versions IS NOT NULL")" = 1 &&
	cp club.db club.before && cp laptop.db laptop.before &&
	expect_status 65 env TALLY_DB="$SCRATCH/club.db" "$TALLY" import laptop.db 2> err &&
	grep_msg "here: \"the second night at the club\"; there: \"the second night, Bob left early\"" err &&
	expect_status 65 env TALLY_DB="$SCRATCH/laptop.db" "$TALLY" import club.db 2> err &&
	grep_msg "here: \"the second night, Bob left early\"; there: \"the second night at the club\"" err &&
	cmp club.db club.before && cmp laptop.db laptop.before
'

test_expect_success 'settled at the club with --theirs: the laptop, which had that note, stays as it is' '
	TALLY_DB=$SCRATCH/club.db tally import --theirs laptop.db > /dev/null &&
	test "$(note club N2)" = "the second night, Bob left early" &&
	import_ok laptop club || { cat laptop.err; exit 1; }
	! grep -q "took the note" laptop.out && test "$(note laptop N2)" = "the second night, Bob left early"
'

test_expect_success 'a note the laptop set before clocks, the club changed after: the laptop takes it' '
	# fresh copies: the laptop has never taken anything from the club;
	# the club'"'"'s file says what it took from the laptop
	cp "$FIXTURES/schema-v26-notes-laptop.db" l2.db && cp "$FIXTURES/schema-v26-notes-club.db" c2.db &&
	on c2 2026-11-20T20:00:00Z note night "$(nid c2 2026-11-13)" "at Ann'"'"'s, then at Bob'"'"'s" > /dev/null &&
	import_ok l2 c2 || { cat l2.err; exit 1; }
	test "$(note l2 2026-11-13)" = "at Ann'"'"'s, then at Bob'"'"'s" &&
	test "$(note l2 N2)" = "the second night, Bob left early" &&
	import_ok c2 l2 && test "$(note c2 2026-11-13)" = "at Ann'"'"'s, then at Bob'"'"'s" &&
	test "$(note c2 N2)" = "the second night, Bob left early"
'

test_expect_success 'a note the club took unchanged, changed on the laptop after: the club takes it' '
	on laptop 2026-11-20T21:00:00Z note night "$(nid laptop N3)" "the third night, and a fourth game" > /dev/null &&
	import_ok club laptop || { cat club.err; exit 1; }
	test "$(note club N3)" = "the third night, and a fourth game" &&
	import_ok laptop club && ! grep -q "took the note" laptop.out
'

test_done
