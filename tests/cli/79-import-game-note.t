#!/bin/sh
# SPDX-License-Identifier: ISC
# A game's note merges apart from its hands (cmd/cmd-import.c rule 3,
# core/merge.h merge_note_apart): a note written at the host and a hand
# played at the table are no conflict, and neither is lost, whether the
# table took the host's merged version back meanwhile or not; the note
# changed on both sides differently stays a conflict, said as one of
# notes.
. "$(dirname "$0")/lib.sh"

# on FILE COMMAND...: tally on the table's file (T) or the host's (H)
on() { db=$1; shift; TALLY_NOW=2026-11-20T19:00:00Z TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# game FILE: the game's note and live hands there
game() {
	sqlite3 "$SCRATCH/$1.db" "SELECT coalesce(note, '-') || ' | ' || (SELECT group_concat(entry, '; ') FROM
	    (SELECT entry FROM hand WHERE undone = 0 ORDER BY number)) FROM game"
}
# merged FROM INTO WANT: INTO imports FROM with no conflict, updated, and
# holds WANT
merged() {
	on $2 import "$SCRATCH/$1.db" > $2.out 2> $2.err || { cat $2.err; return 1; }
	grep_msg "updated 1" $2.out && test "$(game $2)" = "$3" || { echo "$2: $(game $2)"; return 1; }
	on $2 check > /dev/null
}
conflict() {
	cp $2.db $2.before && expect_status 65 env TALLY_DB="$SCRATCH/$2.db" "$TALLY" import "$SCRATCH/$1.db" 2> $2.err &&
	cmp $2.db $2.before
}

test_expect_success 'a note at the host, a hand at the table: both kept' '
	on T new golf Ann Bob > /dev/null && on T hand Ann=1 Bob=2 > /dev/null &&
	on H import "$SCRATCH/T.db" > /dev/null &&
	on H note -g 1 "Ann hosts" > /dev/null && on T hand Ann=3 Bob=3 > /dev/null &&
	merged T H "Ann hosts | Ann=1 Bob=2; Ann=3 Bob=3"
'

test_expect_success 'the table plays on before it takes the host'"'"'s: merged again, then taken' '
	on T hand Ann=5 Bob=5 > /dev/null &&
	merged T H "Ann hosts | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5" &&
	merged H T "Ann hosts | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5" &&
	on H import "$SCRATCH/T.db" > H.out && grep_msg "1 already here" H.out
'

test_expect_success 'after the table took it: a new note at the host, a hand at the table, both kept' '
	on T hand Ann=4 Bob=4 > /dev/null && on H note -g 1 "Ann hosts, Bob brings cards" > /dev/null &&
	merged T H "Ann hosts, Bob brings cards | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5; Ann=4 Bob=4" &&
	merged H T "Ann hosts, Bob brings cards | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5; Ann=4 Bob=4"
'

test_expect_success 'a note at the table, a hand at the host: both kept, the other way' '
	on T note -g 1 "at Bob'"'"'s" > /dev/null && on H hand -g 1 Ann=9 Bob=9 > /dev/null &&
	merged T H "at Bob'"'"'s | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5; Ann=4 Bob=4; Ann=9 Bob=9" &&
	merged H T "at Bob'"'"'s | Ann=1 Bob=2; Ann=3 Bob=3; Ann=5 Bob=5; Ann=4 Bob=4; Ann=9 Bob=9"
'

test_expect_success 'the note changed on both sides differently: a conflict of notes' '
	on T note -g 1 "at Ann'"'"'s" > /dev/null && on H note -g 1 "at Cid'"'"'s" > /dev/null && conflict T H &&
	grep -q "here: 5 hands, a note; there: 5 hands, a note; the notes differ" H.err &&
	on H import --theirs "$SCRATCH/T.db" > /dev/null && test "$(game H)" = "$(game T)"
'

test_expect_success 'hands on both sides and a note on one: a conflict, as before' '
	on T hand Ann=2 Bob=2 > /dev/null && on H hand -g 1 Ann=8 Bob=8 > /dev/null && on H note -g 1 "late" > /dev/null &&
	conflict T H && grep -q "the hands differ from hand 6 on; the notes differ" H.err
'

test_done
