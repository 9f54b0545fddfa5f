#!/bin/sh
# SPDX-License-Identifier: ISC
# A laptop plays a night; the host takes it while it is open there (the
# host's copy ends with its last game), a second laptop takes the host's
# file.  The next evening the laptop starts a new night, which ends the
# old one there.  That later end reaches every file that holds the night,
# whichever way it goes (laptop -> host -> laptop, or straight), and a
# night ends once, at its home, after its games, so the later end is the
# newer and an earlier one never replaces it (cmd/cmd-import.c rule 6);
# a night still open in its home stays open there.
. "$(dirname "$0")/lib.sh"

# on FILE at TIME COMMAND...: tally on that file at that time
on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# ended FILE: the night's end there ("-": open)
ended() { sqlite3 "$SCRATCH/$1.db" "SELECT coalesce(ended, '-') FROM night WHERE uid = '$(cat night.uid)'"; }
import_ok() { TALLY_DB=$SCRATCH/$1.db tally import "$SCRATCH/$2.db" > "$SCRATCH/$1.out" 2> "$SCRATCH/$1.err" ||
    { cat "$SCRATCH/$1.err"; return 1; }; }
checked() { for f in "$@"; do on $f 2026-11-22T10:00:00Z check > /dev/null || { echo "check $f"; return 1; }; done; }

test_expect_success 'the host takes the night while it is open at the laptop; B takes the host' '
	on A 2026-11-20T19:00:00Z new golf Ann Bob > /dev/null &&
	on A 2026-11-20T19:10:00Z hand Ann=3 Bob=4 > /dev/null &&
	sqlite3 A.db "SELECT uid FROM night" > night.uid &&
	on B 2026-11-20T19:00:00Z new golf Cid Dee > /dev/null &&
	import_ok H A && import_ok B H &&
	test "$(ended A)" = - && test "$(ended H)" = 2026-11-20T19:10:00Z && test "$(ended B)" = 2026-11-20T19:10:00Z
'

test_expect_success 'the laptop starts a new night: the old one ends there, and the host takes that end' '
	on A 2026-11-21T19:00:00Z night start > /dev/null &&
	test "$(ended A)" = 2026-11-21T19:00:00Z &&
	import_ok H A && grep -q "took the later end of 1 night from the file" H.out &&
	test "$(ended H)" = 2026-11-21T19:00:00Z &&
	test "$(json_get "$(on H 2026-11-21T19:30:00Z --json import "$SCRATCH/A.db")" "\$.night_ends")" = 0
'

test_expect_success 'through the host to B; an earlier end never replaces a later one' '
	import_ok B H && test "$(ended B)" = 2026-11-21T19:00:00Z &&
	cp B.db B-old.db && sqlite3 B-old.db "UPDATE night SET ended = '"'"'2026-11-20T19:10:00Z'"'"'
	    WHERE uid = '"'"'$(cat night.uid)'"'"'" &&
	import_ok B B-old && test "$(ended B)" = 2026-11-21T19:00:00Z &&
	import_ok A B && test "$(ended A)" = 2026-11-21T19:00:00Z &&
	checked A B H
'

test_expect_success 'a night open at its home stays open when a copy with an end comes back' '
	on A 2026-11-21T19:05:00Z new golf Ann Bob > /dev/null &&
	on A 2026-11-21T19:15:00Z hand Ann=1 Bob=2 > /dev/null &&
	import_ok H A && import_ok A H &&
	test "$(sqlite3 A.db "SELECT count(*) FROM night WHERE ended IS NULL")" = 1 && checked A H
'

test_done
