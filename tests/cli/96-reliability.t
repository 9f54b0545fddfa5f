#!/bin/sh
# SPDX-License-Identifier: ISC
# Reliability: nothing lost when a write is killed, nothing lost when
# several terminals write at once, clear errors (exit 74) in bad
# environments, and hostile input stored safely or refused cleanly.
. "$(dirname "$0")/lib.sh"

test_expect_success 'kill -9 at random moments: nothing half-written, nothing reported lost' '
	tally new spite-malice Ann Bob -o match_target=100000 > /dev/null &&
	t0=$(date +%s%N) && tally hand -g 1 --out Ann Bob=5 > /dev/null && t1=$(date +%s%N) &&
	span=$(( (t1 - t0) * 3 / 2000 )) &&
	reported=1 killed=0 i=0 &&
	while [ $i -lt 150 ]; do
		"$TALLY" hand -g 1 --out Ann Bob=5 > /dev/null 2>&1 &
		pid=$!
		# a random moment within one write (a little beyond, so some finish)
		sleep "$(awk -v s=$i -v span=$span "BEGIN { srand(s); printf \"%.6f\", rand() * span / 1000000 }")"
		kill -9 $pid 2>/dev/null
		if wait $pid; then reported=$((reported + 1)); else killed=$((killed + 1)); fi
		i=$((i + 1))
	done &&
	echo "$reported reported, $killed killed" > kills.txt &&
	stored=$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 1") &&
	test "$stored" -ge "$reported" &&
	test "$(sqlite3 "$TALLY_DB" "PRAGMA integrity_check")" = ok &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand h WHERE h.game_id = 1 AND
	    (SELECT count(*) FROM hand_score c WHERE c.hand_id = h.id) <> 2")" = 0 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT coalesce(max(number), 0) FROM hand WHERE game_id = 1")" = "$stored" &&
	tally check > out && grep_msg "the one game replays to what is stored" out &&
	test "$(totals 1)" = "Ann=$((5 * stored)) Bob=0"
'
test_expect_success 'two and four terminals writing at once lose nothing' '
	{ tally new spite-malice Cid Dee -o match_target=100000 > /dev/null && tally new spite-malice Eve Fay -o match_target=100000 > /dev/null; } || exit 1
	( for i in $(seq 25); do "$TALLY" hand -g 2 --out Cid Dee=1 > /dev/null 2>>err.2 || echo fail >> fails; done ) &
	( for i in $(seq 25); do "$TALLY" hand -g 3 --out Eve Fay=1 > /dev/null 2>>err.3 || echo fail >> fails; done ) &
	wait &&
	test ! -s fails &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id IN (2, 3)")" = 50 &&
	tally new spite-malice Gil Hal -o match_target=100000 > /dev/null || exit 1
	for p in 1 2 3 4; do
		( for i in $(seq 25); do "$TALLY" hand -g 4 --out Gil Hal=2 > /dev/null 2>>err4 || echo fail >> fails4; done ) &
	done; wait &&
	test ! -s fails4 && ! grep -q locked err4 2>/dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 4")" = 100 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(number) FROM (SELECT number FROM hand WHERE game_id = 4 ORDER BY number)")" = "$(seq -s, 100)" &&
	tally check > /dev/null
'
test_expect_success 'a hand built on a stale state is checked again, not appended' '
	tally new golf Ivy Jon > /dev/null || exit 1
	for p in 1 2 3 4; do
		( for i in 1 2 3 4 5; do "$TALLY" hand -g 5 Ivy=1 Jon=2 > /dev/null 2>> stale.err; done ) &
	done; wait &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand WHERE game_id = 5")" = 9 &&
	test "$(grep -c "is over" stale.err)" = 11
'
test_expect_success 'a read-only database file: exit 74, one line, nothing written' '
	cp "$TALLY_DB" ro.db && sqlite3 ro.db "PRAGMA journal_mode=DELETE" > /dev/null && chmod 444 ro.db && chmod 755 . &&
	before=$(md5sum < ro.db) &&
	expect_status 74 setpriv --reuid=65534 --regid=65534 --clear-groups "$TALLY" --db "$PWD/ro.db" hand -g 1 --out Ann Bob=3 2>err &&
	test "$(wc -l < err)" = 1 && grep -q "^tally: " err && grep_msg "read-only" err &&
	test "$(md5sum < ro.db)" = "$before"
'
test_expect_success 'a directory that cannot be created: exit 74' '
	expect_status 74 tally --db /proc/no/such/dir/t.db new golf Ann Bob 2>err && grep_msg "cannot create directory /proc/no/such" err &&
	: > afile && expect_status 74 tally --db "$PWD/afile/x/t.db" new golf Ann Bob 2>err && test "$(wc -l < err)" = 1
'
test_expect_success 'a full disk (max_page_count): exit 74 and nothing half-written' '
	tally --db full.db new golf Kim Lee > /dev/null &&
	pages=$(sqlite3 full.db "PRAGMA page_count") &&
	i=0; rc=0; while [ $i -lt 400 ]; do
		TALLY_MAX_PAGES=$((pages + 2)) "$TALLY" --db full.db new golf Kim Lee > /dev/null 2>full.err || { rc=$?; break; }
		i=$((i + 1))
	done &&
	test "$rc" = 74 && grep_msg "full" full.err && test "$(wc -l < full.err)" = 1 &&
	test "$(sqlite3 full.db "PRAGMA integrity_check")" = ok &&
	test "$(sqlite3 full.db "SELECT count(*) FROM game g WHERE NOT EXISTS (SELECT 1 FROM seat s WHERE s.game_id = g.id)")" = 0 &&
	tally --db full.db check > /dev/null
'
test_expect_success 'a corrupt or foreign file: exit 74' '
	printf "not a database at all, just text\n%.0s" $(seq 200) > junk.db &&
	expect_status 74 tally --db junk.db list 2>err && test "$(wc -l < err)" = 1 &&
	sqlite3 other.db "CREATE TABLE stuff(x); PRAGMA application_id = 42" &&
	expect_status 74 tally --db other.db new golf A B 2>err && grep_msg "not a tally database" err
'
test_expect_success 'hostile names: stored safely or refused cleanly, sheets still render' '
	tally new golf "O'"'"'Brien \"Q\"" "%n%s%x" "Robert\\); DROP TABLE game;--" > out &&
	tally hand O=3 %=4 R=5 > out && grep_msg "%n%s%x 4" out &&
	tally show --json > j && sqlite3 "$TALLY_DB" "SELECT count(*) FROM game" > /dev/null &&
	tally sheet 6 -o hostile.pdf > /dev/null && pdftotext hostile.pdf - 2>/dev/null | grep -q "%n%s%x" &&
	expect_status 64 tally new golf "$(printf "bell\\007")" B 2>err && test "$(wc -l < err)" = 1 &&
	expect_status 64 tally new golf "$(printf "bad\\377utf")" B 2>err && test "$(wc -l < err)" = 1 &&
	long=$(head -c 10000 /dev/zero | tr "\\0" x) &&
	expect_status 64 tally new golf "$long" B 2>err && test "$(wc -l < err)" = 1 &&
	test "$(wc -c < err)" -lt 300
'
test_expect_success 'an entry of 100,000 tokens is refused at once' '
	seq 100000 | sed "s/.*/Ann=1/" > many &&
	expect_status 64 xargs -a many "$TALLY" hand -g 6 2>err ||
	{ tr "\\n" " " < many > many1 && expect_status 64 sh -c "\"$TALLY\" hand -g 6 \$(cat many1)" 2>err; } &&
	grep_msg "at most 1000" err
'
test_expect_success 'a hand is reported once it is durable, before the close copies it into the .db' '
	# strace needs ptrace, which some containers forbid
	strace -f -o /dev/null true 2> /dev/null || { echo "# skipped: strace cannot trace here"; exit 0; }
	TALLY_DB="$SCRATCH/sync.db" tally new golf Ann Bob > /dev/null &&
	TALLY_DB="$SCRATCH/sync.db" tally hand Ann=1 Bob=2 > /dev/null &&
	# the commit syncs the WAL; the close checkpoints it into the .db and
	# syncs that: the report goes between, so a tally killed in the close
	# has reported every hand it stored
	# LeakSanitizer cannot run under ptrace: the sanitizer build leaves it off here
	TALLY_DB="$SCRATCH/sync.db" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    strace -f -o sync.tr -e trace=write,fdatasync,fsync "$TALLY" hand Ann=3 Bob=4 > sync.out &&
	grep -q "^Golf #1, hole 2: Ann 3 Bob 4" sync.out &&
	at=$(grep -n "write(1, \"Golf #1, hole 2" sync.tr | cut -d: -f1) &&
	test -n "$at" &&
	test "$(head -n "$at" sync.tr | grep -c "fdatasync\|fsync")" -ge 1 &&
	test "$(tail -n +"$at" sync.tr | grep -c "fdatasync\|fsync")" -ge 1
'
test_done
