#!/bin/sh
# SPDX-License-Identifier: ISC
# A night's note travels through the import merge as a game's note does
# (cmd/cmd-import.c, rule 6): a note set, changed or cleared at the table
# after its games were imported reaches the club; one changed at the club
# only is kept; one changed on both sides, differently, is a conflict that
# imports nothing until --theirs or --ours says which side wins.  Each
# change of a night's note is counted in its clock, and the club remembers
# the note it took from each table (tests/cli/79-import-relay-notes.t
# follows a note through several files).
. "$(dirname "$0")/lib.sh"

TABLE=$SCRATCH/table.db
CLUB=$SCRATCH/club.db
at_table() { TALLY_DB=$TABLE tally "$@"; }
at_club() { TALLY_DB=$CLUB tally "$@"; }
# merge: export the table and import that into the club
merge() { at_table export -o week.json > /dev/null && at_club import "$@" week.json > merge.out; }
# club_note: the note of the club's night of the table's game (uid of the
# table's game 1), as `tally note night ID` says it
club_note() {
	uid=$(sqlite3 "$TABLE" "SELECT uid FROM game WHERE id = 1") &&
	id=$(sqlite3 "$CLUB" "SELECT night_id FROM game WHERE uid = '$uid'") &&
	at_club note night "$id"
}

test_expect_success 'a night note set at the table after the first merge reaches the club' '
	TALLY_NOW=2026-11-20T19:00:00Z && export TALLY_NOW &&
	at_club new pad Zed Yan > /dev/null && at_club hand Zed=1 Yan=2 > /dev/null &&
	at_table new golf Ann Bob Cid > /dev/null && at_table hand Ann=3 Bob=4 Cid=5 > /dev/null &&
	merge && grep_msg "imported 1 game (1 hand)" merge.out &&
	club_note > out && grep_msg "has no note" out &&
	at_table note night "Ann hosts" > /dev/null &&
	merge && grep_msg "1 already here" merge.out && grep_msg "took the note of 1 night from the file" merge.out &&
	club_note > out && grep_msg ": Ann hosts" out
'
test_expect_success 'changed and cleared at the table: each reaches the club; the same file twice changes nothing' '
	at_table note night "Ann hosts, Cid brought the quarters" > /dev/null &&
	merge && club_note > out && grep_msg ": Ann hosts, Cid brought the quarters" out &&
	at_club import week.json > again.out && ! grep -q "took the note" again.out &&
	test "$(json_get "$(at_club --json import week.json)" "\$.night_notes")" = 0 &&
	at_table note night "" > /dev/null && merge && club_note > out && grep_msg "has no note" out &&
	at_table note night "Ann hosts" > /dev/null && merge && club_note > out && grep_msg ": Ann hosts" out
'
test_expect_success 'changed at the club only: kept, and the next import from the table keeps it' '
	id=$(sqlite3 "$CLUB" "SELECT night_id FROM game WHERE uid = (SELECT uid FROM game WHERE id = 2)") &&
	at_club note night "$id" "Ann hosts; the club paid for the pizza" > /dev/null &&
	merge && ! grep -q "took the note" merge.out &&
	club_note > out && grep_msg ": Ann hosts; the club paid for the pizza" out &&
	at_table hand Ann=1 Bob=1 Cid=1 > /dev/null && merge && grep_msg "updated 1" merge.out &&
	club_note > out && grep_msg ": Ann hosts; the club paid for the pizza" out
'
test_expect_success 'changed on both sides: a conflict, nothing imported, both notes shown' '
	at_table note night "Ann hosts; Bob left at ten" > /dev/null && at_table hand Ann=2 Bob=2 Cid=2 > /dev/null &&
	at_table export -o week.json > /dev/null &&
	expect_status 65 env TALLY_DB=$CLUB "$TALLY" import week.json > out 2> err &&
	grep_msg "conflict: night #" err && grep_msg "its note changed here and in the file" err &&
	grep_msg "here: \"Ann hosts; the club paid for the pizza\"; there: \"Ann hosts; Bob left at ten\"" err &&
	grep_msg "the note of 1 night changed both here and in week.json" err && grep_msg "--theirs" err &&
	club_note > out && grep_msg ": Ann hosts; the club paid for the pizza" out &&
	test "$(TALLY_DB=$CLUB totals 2)" = "Ann=4 Bob=5 Cid=6"
'
test_expect_success '--ours keeps the club note, and the conflict is not reported again' '
	at_club import --ours week.json > out && grep_msg "updated 1" out &&
	club_note > out && grep_msg ": Ann hosts; the club paid for the pizza" out &&
	test "$(TALLY_DB=$CLUB totals 2)" = "Ann=6 Bob=7 Cid=8" &&
	at_club import week.json > out && grep_msg "1 already here" out
'
test_expect_success '--theirs takes the table note' '
	at_table note night "Ann hosts; Bob left at ten, Dee came" > /dev/null && at_table export -o week.json > /dev/null &&
	at_club note night "$(sqlite3 "$CLUB" "SELECT night_id FROM game WHERE id = 2")" "the club again" > /dev/null &&
	expect_status 65 env TALLY_DB=$CLUB "$TALLY" import week.json 2> err && grep_msg "conflict: night #" err &&
	at_club import --theirs week.json > out && grep_msg "took the note of 1 night" out &&
	club_note > out && grep_msg ": Ann hosts; Bob left at ten, Dee came" out
'
test_expect_success 'the same change on both sides is no conflict' '
	at_table note night "one note for both" > /dev/null &&
	at_club note night "$(sqlite3 "$CLUB" "SELECT night_id FROM game WHERE id = 2")" "one note for both" > /dev/null &&
	merge && ! grep -q "took the note" merge.out && club_note > out && grep_msg ": one note for both" out
'
test_expect_success 'a restored club remembers the note it took, and takes the next change' '
	at_club export -o club.json > /dev/null &&
	grep -q "\"taken\":{\"from\":\"[0-9a-f]*\",\"note\":\"one note for both\",\"versions\":{[^}]*},\"here\":{[^}]*}}" club.json &&
	TALLY_DB=$SCRATCH/restored.db tally import --restore club.json > out && grep_msg "restored:" out &&
	TALLY_DB=$SCRATCH/restored.db tally export -o club2.json > /dev/null && cmp club.json club2.json &&
	at_table note night "after the restore" > /dev/null && at_table export -o week.json > /dev/null &&
	TALLY_DB=$SCRATCH/restored.db tally import week.json > out && grep_msg "took the note of 1 night" out &&
	CLUB=$SCRATCH/restored.db club_note > out && grep_msg ": after the restore" out
'
test_expect_success 'an export without the record (an older tally) still imports' '
	sed "s/,\"taken\":{\"from\":\"[0-9a-f]*\",\"note\":\"one note for both\",\"versions\":{[^}]*},\"here\":{[^}]*}}//" \
	    club.json > old.json &&
	! grep -q "\"taken\":{\"from\":\"[0-9a-f]*\",\"note\":\"one note for both\"" old.json &&
	! cmp -s club.json old.json &&
	TALLY_DB=$SCRATCH/old.db tally import old.json > out && grep_msg "imported 2 games" out &&
	TALLY_DB=$SCRATCH/fresh.db tally new golf Al Bo > /dev/null &&
	TALLY_DB=$SCRATCH/fresh.db tally import old.json > out && grep_msg "imported 2 games" out
'
test_expect_success 'a record of the night that is no file uid refuses the file (65)' '
	sed "s/\"taken\":{\"from\":\"[0-9a-f]*\",\"note\"/\"taken\":{\"from\":7,\"note\"/" club.json > bad.json &&
	! cmp -s club.json bad.json &&
	expect_status 65 env TALLY_DB=$SCRATCH/bad.db "$TALLY" import bad.json 2> err &&
	grep_msg "what its night was taken from is not a file uid" err && grep_msg "nothing was imported" err
'
test_done
