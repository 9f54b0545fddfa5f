#!/bin/sh
# SPDX-License-Identifier: ISC
# The small ways an odd value got through: a name no page holds on a blank
# sheet, a value typed with a space around it or as 07, +3 or -0 (kept as
# the number it is, so two entries that mean the same are one text), a
# path with a newline in a one-line error, a long name of 4-byte
# characters cut mid-character in "next".  (Export -> import -> export
# giving the same bytes back is 79-import-restore.)
. "$(dirname "$0")/lib.sh"

test_expect_success 'a blank sheet checks the names it heads as new does (64, not 70)' '
	expect_status 64 tally sheet golf "$(printf "%065536d" 0)" Bob -o b.pdf 2> err &&
	grep_msg "is longer than 200 bytes (65536)" err && ! test -e b.pdf
'

test_expect_success 'a value with white space around it, or 07, +3 and -0: stored as the number' '
	tally new pad Ann Bob > /dev/null &&
	tally hand Ann=07 Bob=+3 > out && grep_msg "Ann 7 Bob 3" out &&
	tally hand Ann=-0 "Bob=1 " > /dev/null &&
	test "$(sqlite3 tally.db "SELECT group_concat(entry, \"|\") FROM hand")" = "Ann=7 Bob=3|Ann=0 Bob=1" &&
	tally new golf Ann Bob > /dev/null && tally hand "Ann=18 " "Bob= 3" > out && grep_msg "Ann 18 Bob 3" out
'

test_expect_success 'a path with a newline stays on the one line of its error' '
	expect_status 73 tally sheet 1 -o "$(printf "no\ndir")/x.pdf" 2> err &&
	test "$(wc -l < err)" = 1 && grep_msg "no<U+000A>dir/x.pdf" err &&
	expect_status 66 tally import "$(printf "no\nfile")" 2> err && test "$(wc -l < err)" = 1
'

test_expect_success 'a 200-byte name of 4-byte characters is never cut in the middle of one' '
	n=$(printf "\360\237\230\200%.0s" $(seq 50)) &&
	tally new golf "$n" Bob > out && tail -1 out | iconv -f UTF-8 -t UTF-8 > /dev/null &&
	grep_msg "(dealer $n)" out &&
	test "$(json_get "$(tally --json show)" "\$.next")" = "hole 1 of 9 (dealer $n)" &&
	tally show | tail -1 | grep -qF "(dealer $n)" && tally use 3 > out && grep_msg "(dealer $n)" out
'

test_expect_success 'a database with a table dropped is no usable tally database (74), not an internal error' '
	TALLY_DB=$SCRATCH/n.db tally new golf Ann Bob > /dev/null &&
	sqlite3 n.db "PRAGMA foreign_keys = OFF; DROP TABLE night" &&
	expect_status 74 tally --db n.db list 2> err &&
	grep_msg "n.db is not a usable tally database (no such table: night)" err && test "$(wc -l < err)" = 1
'

test_expect_success 'a database handed over with a recursive view is refused at once (74), never run' '
	TALLY_DB=$SCRATCH/v.db tally new golf Ann Bob > /dev/null &&
	sqlite3 v.db "PRAGMA foreign_keys = OFF; ALTER TABLE game RENAME TO g0; CREATE VIEW game AS WITH RECURSIVE
	    r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT g0.* FROM g0, r" &&
	expect_status 74 timeout 20 "$TALLY" --db v.db list 2> err &&
	grep_msg "v.db is not a usable tally database: it has a view (game)" err
'

test_expect_success 'an upgrade killed while it copied the file leaves no journal for good' '
	mkdir -p up && : > up/.old.db.v1.bak.tmp-AbC123-journal && : > up/.x.pdf.tmp-ZzZ999-wal &&
	: > up/.new.db.v1.bak.tmp-QqQ111-journal && touch -d "3 hours ago" up/.old.db.v1.bak.tmp-AbC123-journal up/.x.pdf.tmp-ZzZ999-wal &&
	tally export -o up/e.json > /dev/null &&
	! test -e up/.old.db.v1.bak.tmp-AbC123-journal && ! test -e up/.x.pdf.tmp-ZzZ999-wal &&
	test -e up/.new.db.v1.bak.tmp-QqQ111-journal
'

test_done
