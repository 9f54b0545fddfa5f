#!/bin/sh
# SPDX-License-Identifier: ISC
# Outputs that would destroy a file tally did not mean to write: the open
# database itself (by name, through ../dir/./, a hard link, a side file),
# a file the shell opened behind /dev/stdout, and a file another user's
# symbolic link in a shared sticky directory points at (the upgrade's .bak
# included).  Each is refused (73) or written through, and nothing is lost;
# a killed writer's temporaries are cleaned at the next write.
. "$(dirname "$0")/lib.sh"

test_expect_success 'set-up: a pad with a hand' '
	tally new pad Ann Bob > /dev/null && tally hand Ann=1 Bob=2 > /dev/null &&
	sqlite3 tally.db "SELECT count(*) FROM hand" > before
'

test_expect_success 'an output naming the open database is refused (73), every way it is named' '
	mkdir -p sub &&
	for o in tally.db ../"$(basename "$SCRATCH")"/./tally.db sub/../tally.db tally.db-wal tally.db-shm; do
		expect_status 73 tally sheet 1 -o "$o" 2> err || exit 1
		grep_msg "the database this command has open" err || exit 1
	done &&
	expect_status 73 tally export -o tally.db 2> err &&
	ln tally.db hard.db && expect_status 73 tally export -o hard.db 2> err &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM hand")" = "$(cat before)" &&
	tally check > out
'

test_expect_success '-o /dev/stdout, /dev/fd/1 and - write through the shell'\''s file, appending' '
	echo "first line" > log.txt && ino=$(stat -c %i log.txt) &&
	tally export -o /dev/stdout >> log.txt &&
	tally export -o /dev/fd/1 >> log.txt &&
	test "$(head -1 log.txt)" = "first line" &&
	test "$(grep -c "^{\"tally_export\"" log.txt)" = 2 &&
	test "$(stat -c %i log.txt)" = "$ino" &&
	tally sheet 1 -o - > out.pdf 2> err && grep_msg "wrote -" err &&
	pdftotext out.pdf - | grep -q Ann &&
	tally export -o - > e.json && grep -q "^{\"tally_export\"" e.json
'

test_expect_success 'a link another user left in a sticky directory is never followed' '
	command -v runuser > /dev/null || { echo "# no runuser: skipped"; exit 0; }
	mkdir -m 1777 shared && mkdir -m 700 secret && echo precious > secret/file &&
	chmod 755 "$SCRATCH" &&
	runuser -u nobody -- ln -s "$SCRATCH/secret/file" shared/scores.pdf &&
	expect_status 73 tally sheet 1 -o shared/scores.pdf 2> err &&
	grep_msg "a symbolic link another user left in a shared directory" err &&
	test "$(cat secret/file)" = precious &&
	cp "$(dirname "$TALLY_TEMPLATES")/tests/fixtures/schema-v1.db" shared/club.db &&
	runuser -u nobody -- ln -s "$SCRATCH/secret/file" shared/club.db.v1.bak &&
	expect_status 74 tally --db shared/club.db list 2> err &&
	grep_msg "cannot keep a copy of shared/club.db before upgrading it" err &&
	test "$(cat secret/file)" = precious &&
	test "$(sqlite3 shared/club.db "PRAGMA user_version")" = 1 &&
	ln -s "$SCRATCH/mine.pdf" shared/own.pdf && tally sheet 1 -o shared/own.pdf > /dev/null && test -s mine.pdf
'

test_expect_success 'a killed writer'\''s old temporaries are cleaned at the next write beside them' '
	mkdir -p outdir && : > outdir/.x.pdf.tmp-AbC123 && : > outdir/.y.json.tmp-ZzZ999 &&
	touch -d "3 hours ago" outdir/.x.pdf.tmp-AbC123 &&
	tally sheet 1 -o outdir/x.pdf > /dev/null &&
	! test -e outdir/.x.pdf.tmp-AbC123 && test -e outdir/.y.json.tmp-ZzZ999
'

test_done
