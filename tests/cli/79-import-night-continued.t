#!/bin/sh
# SPDX-License-Identifier: ISC
# A table's night on which no game started (last week's game was
# continued) has no game to carry it, so the export carries it apart
# ("nights"), with its note and clock, and import makes it and merges its
# note as any night's (cmd/cmd-import.c rule 6): a note written there
# reaches the club, a later note and the night's end follow, a note the
# club writes reaches the table, and a restore gives the same bytes back.
. "$(dirname "$0")/lib.sh"

# on FILE TIME COMMAND...: tally on the table's file (T) or the club's (C)
on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# night FILE: the second night there, name, end and note
night() { sqlite3 "$SCRATCH/$1.db" "SELECT name || ' ' || coalesce(ended, 'open') || ' ' || coalesce(note, '-')
    FROM night WHERE name = '2026-11-20'"; }
merge() { on $2 2026-11-21T10:00:00Z import "$SCRATCH/$1.db" > $2.out 2> $2.err || { cat $2.err; return 1; }; }

test_expect_success 'last week'"'"'s game continued on a new night with a note: the note reaches the club' '
	on T 2026-11-13T19:00:00Z new golf Ann Bob > /dev/null && on T 2026-11-13T19:10:00Z hand Ann=1 Bob=2 > /dev/null &&
	on T 2026-11-13T22:00:00Z night end > /dev/null && on T 2026-11-20T19:00:00Z night start > /dev/null &&
	on T 2026-11-20T19:10:00Z hand -g 1 Ann=3 Bob=3 > /dev/null &&
	on T 2026-11-20T19:20:00Z note night "continued from last week" > /dev/null &&
	merge T C && grep_msg "took the note of 1 night from the file" C.out &&
	test "$(night C)" = "2026-11-20 2026-11-20T19:00:00Z continued from last week" &&
	merge T C && ! grep -q "took the note" C.out && on C 2026-11-21T10:00:00Z check > /dev/null
'

test_expect_success 'a later note and the night'"'"'s end follow' '
	on T 2026-11-20T21:00:00Z note night "continued; Bob won" > /dev/null && on T 2026-11-20T23:30:00Z night end > /dev/null &&
	merge T C && test "$(night C)" = "2026-11-20 2026-11-20T23:30:00Z continued; Bob won"
'

test_expect_success 'a note the club writes reaches the table; both on both sides: a conflict' '
	id=$(sqlite3 C.db "SELECT id FROM night WHERE name = '"'"'2026-11-20'"'"'") &&
	on C 2026-11-21T09:00:00Z note night "$id" "Bob won the pot" > /dev/null &&
	merge C T && test "$(night T)" = "2026-11-20 2026-11-20T23:30:00Z Bob won the pot" &&
	on C 2026-11-21T11:00:00Z note night "$id" "club" > /dev/null &&
	on T 2026-11-21T11:00:00Z note night 2 "table" > /dev/null &&
	cp C.db C.before && expect_status 65 env TALLY_DB="$SCRATCH/C.db" "$TALLY" import "$SCRATCH/T.db" 2> C.err &&
	grep -q "its note changed here and in the file" C.err && cmp C.db C.before
'

test_expect_success 'an export with such a night restores byte for byte, the night open if it is' '
	on T 2026-11-27T19:00:00Z night start > /dev/null && on T 2026-11-27T19:10:00Z hand -g 1 Ann=2 Bob=2 > /dev/null &&
	on T 2026-11-27T19:20:00Z export -o t.json > /dev/null &&
	on R 2026-11-27T19:30:00Z import --restore t.json > /dev/null && on R 2026-11-27T19:30:00Z export -o r.json > /dev/null &&
	cmp t.json r.json && test "$(sqlite3 R.db "SELECT count(*) FROM night WHERE ended IS NULL")" = 1
'

test_done
