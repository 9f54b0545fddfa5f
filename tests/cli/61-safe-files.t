#!/bin/sh
# SPDX-License-Identifier: ISC
# Files tally writes, and what it says when writing fails: a sheet, a night report or an export replaces
# the old file only when the new one is whole; a full disk is 73; CSV is
# RFC 4180; an output that fails after a stored write says it was stored.
. "$(dirname "$0")/lib.sh"

# no_temp DIR: no temporary file was left in DIR
no_temp() {
	! ls -a "$1" | grep "tmp-" >&2
}

test_expect_success 'set-up: a golf game with a quoting name, a night with a quote' '
	tally night start "Bob\"s place" > /dev/null &&
	tally new golf "Ann \"the shark\"" "Lee, Jr" Cid > /dev/null &&
	tally hand Ann=3 Lee=4 Cid=5 > /dev/null &&
	tally new golf 李 王 > /dev/null && tally hand 李=1 王=2 > /dev/null
'
test_expect_success 'CSV: every output goes through one RFC 4180 writer (quotes doubled, CRLF)' '
	tally stats --csv > stats.csv &&
	grep_msg "\"Ann \"\"the shark\"\"\",golf,0,0," stats.csv &&
	grep_msg "\"Lee, Jr\",golf,0,0," stats.csv &&
	tally history --csv > hist.csv &&
	grep_msg ",\"Bob\"\"s place\",\"Ann \"\"the shark\"\", Lee, Jr, Cid\"," hist.csv &&
	tally export --format csv > exp.csv &&
	grep_msg ",\"Bob\"\"s place\",\"Ann \"\"the shark\"\"\",1,3," exp.csv &&
	for f in stats.csv hist.csv exp.csv; do
		test "$(wc -l < $f)" = "$(tr -cd "\r" < $f | wc -c)" || return 1
	done
'
test_expect_success 'a sheet or export that cannot be written to /dev/full: 73' '
	expect_status 73 tally sheet 1 -o /dev/full 2> err && grep_msg "cannot write /dev/full" err &&
	expect_status 73 tally export -o /dev/full 2> err && grep_msg "cannot write /dev/full" err &&
	expect_status 73 tally export --format csv -o /dev/full 2> err
'
test_expect_success 'an export that meets a game that no longer replays keeps the old file' '
	cp "$TALLY_DB" bad.db &&
	sqlite3 bad.db "UPDATE hand SET entry = '\''Ann=zz'\'' WHERE game_id = 1" &&
	echo old > old.csv &&
	expect_status 70 tally --db bad.db export --format csv -o old.csv 2> err &&
	test "$(cat old.csv)" = old && no_temp .
'
test_expect_success 'a night report whose font libharu cannot read: 66, the old PDF kept' '
	echo old > night.pdf &&
	expect_status 66 env TALLY_CJK_FONT=/etc/passwd "$TALLY" sheet night:1 -o night.pdf 2> err &&
	grep_msg "font /etc/passwd cannot be used" err &&
	test "$(cat night.pdf)" = old && no_temp . &&
	expect_status 66 env TALLY_CJK_FONT=/etc/passwd "$TALLY" sheet 2 -o two.pdf 2> err &&
	test ! -e two.pdf && no_temp . &&
	tally sheet night:1 -o night.pdf > /dev/null && test "$(head -c 5 night.pdf)" = "%PDF-"
'
test_expect_success 'a full disk: 73, the old sheet and export untouched, no temporary file' '
	rm -rf tiny && mkdir tiny &&
	if mount -t tmpfs -o size=16k tmpfs tiny 2>/dev/null; then
		echo old > tiny/s.pdf && echo old > tiny/e.json &&
		{ head -c 1000000 /dev/zero > tiny/filler 2>/dev/null; true; } &&
		{
		expect_status 73 tally sheet 1 -o tiny/s.pdf 2> err && grep_msg "No space left" err &&
		expect_status 73 tally export -o tiny/e.json 2> err &&
		expect_status 73 tally sheet night:1 -o tiny/s.pdf 2> err &&
		test "$(cat tiny/s.pdf)" = old && test "$(cat tiny/e.json)" = old && no_temp tiny
		}
		rc=$?
		umount tiny
		test $rc = 0
	else
		echo "# skipped: cannot mount a tmpfs here" >&2
	fi
'
test_expect_success 'a sheet and an export replace the old file whole, with its mode' '
	echo old > s.pdf && chmod 640 s.pdf &&
	tally sheet 1 -o s.pdf > /dev/null && test "$(head -c 5 s.pdf)" = "%PDF-" &&
	test "$(stat -c %a s.pdf)" = 640 &&
	tally export -o e.json && grep_msg "\"tally_export\"" e.json && no_temp .
'
test_expect_success 'output lost after a stored write: 74, and the message says it WAS stored' '
	expect_status 74 tally hand -g 1 Ann=1 Lee=2 Cid=3 > /dev/full 2> err &&
	grep_msg "cannot write the output, but hand 2 of game 1 was stored; do not enter it again" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 1")" = 2 &&
	expect_status 74 tally undo -g 1 > /dev/full 2> err && grep_msg "was stored; do not enter it again" err &&
	expect_status 74 tally new golf Ann Bob > /dev/full 2> err && grep_msg "game 3 was started" err &&
	expect_status 74 tally end 3 > /dev/full 2> err && grep_msg "the end of game 3 was stored" err &&
	expect_status 74 tally list > /dev/full 2> err && grep_msg "cannot write the output" err &&
	! grep -q "stored" err
'
test_expect_success 'import of a directory: 66, like a missing file' '
	mkdir -p adir &&
	expect_status 66 tally import adir 2> err && grep_msg "adir: it is a directory" err &&
	expect_status 66 tally import nosuchfile 2> err
'
test_expect_success 'seats naming one player twice is a usage error (64), as new is' '
	expect_status 64 tally seats Ann Bob ann 2> err && grep_msg "ann is seated twice" err
'
test_expect_success 'a 100 KB token is cut in the error, which says how long it was' '
	big=$(head -c 100000 /dev/zero | tr "\0" x) &&
	expect_status 64 tally hand -g 1 "$big" 2> err &&
	grep_msg "(100000 bytes)" err && test "$(wc -c < err)" -lt 400 &&
	expect_status 64 tally "--$big" 2> err && grep_msg "(100002 bytes)" err && test "$(wc -c < err)" -lt 400 &&
	expect_status 66 tally rules "$big" 2> err && grep_msg "(100000 bytes)" err && test "$(wc -c < err)" -lt 400 &&
	expect_status 64 tally new golf Ann Bob -o "target=$big" 2> err && test "$(wc -c < err)" -lt 400 &&
	expect_status 66 tally import "$big" 2> err && test "$(wc -c < err)" -lt 400
'
test_done
