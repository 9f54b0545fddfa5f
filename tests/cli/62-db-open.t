#!/bin/sh
# SPDX-License-Identifier: ISC
# Opening the database (13 and HOME of 14): a
# schema version tally never wrote is "not a tally database"; creation and
# upgrade are one exclusive transaction, so tallies started together all
# succeed; the copy kept before an upgrade is whole or absent; the path is
# a file, never memory or an SQLite URI; a file on a read-only medium can
# still be read.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v1.db"
. "$(dirname "$0")/lib.sh"
# the schema this tally writes
SCHEMA=$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")

test_expect_success 'a schema version outside 1..current is not a tally database (74)' '
	tally new golf Ann Bob > /dev/null &&
	for v in -1 -20 -400 -2147483648 0; do
		cp "$TALLY_DB" v.db &&
		sqlite3 v.db "PRAGMA user_version = $v" &&
		expect_status 74 tally --db v.db list > out 2> err &&
		grep_msg "is not a tally database (schema version $v" err &&
		test ! -s out || return 1
	done
'
test_expect_success 'a brand-new empty file is still created (version 0, no tables)' '
	: > empty.db &&
	tally --db empty.db new golf Ann Bob > /dev/null &&
	test "$(sqlite3 empty.db "PRAGMA user_version")" = "$SCHEMA"
'

# together N CMD...: run N copies of CMD at once; print each exit status.
together() {
	n=$1
	shift
	i=0
	while [ $i -lt "$n" ]; do
		("$TALLY" "$@" > /dev/null 2>> together.err; echo $? >> together.rc) &
		i=$((i + 1))
	done
	wait
}
test_expect_success '8 simultaneous new on a missing file all succeed, 10 times over' '
	: > together.rc && : > together.err &&
	for round in 1 2 3 4 5 6 7 8 9 10; do
		rm -f race.db race.db-wal race.db-shm &&
		together 8 --db race.db new golf Ann Bob &&
		test "$(sqlite3 race.db "SELECT count(*) FROM game")" = 8 || return 1
	done &&
	test "$(sort -u together.rc)" = 0 || { cat together.err >&2; false; }
'
test_expect_success '8 simultaneous list on a schema-1 file all succeed, and upgrade it once' '
	: > together.rc && : > together.err &&
	for round in 1 2 3 4 5 6 7 8 9 10; do
		rm -f old.db* && cp "$FIXTURE" old.db &&
		together 8 --db old.db list &&
		test "$(sqlite3 old.db "PRAGMA user_version")" = "$SCHEMA" &&
		test "$(sqlite3 old.db.v1.bak "PRAGMA user_version")" = 1 &&
		test "$(sqlite3 old.db.v1.bak "SELECT count(*) FROM hand")" = 3 || return 1
	done &&
	test "$(sort -u together.rc)" = 0 || { cat together.err >&2; false; }
'
test_expect_success 'an empty copy left by an older tally is taken again, whole' '
	rm -f old.db* && cp "$FIXTURE" old.db && : > old.db.v1.bak &&
	tally --db old.db list > /dev/null &&
	test "$(sqlite3 old.db.v1.bak "SELECT count(*) FROM hand")" = 3 &&
	! ls -a | grep -q "tmp-"
'
test_expect_success 'kill -9 during upgrades: the copy is whole or absent, the file old or new, never half' '
	cp "$FIXTURE" t.db && t0=$(date +%s%N) && tally --db t.db list > /dev/null && t1=$(date +%s%N) &&
	span=$(( (t1 - t0) * 3 / 2000 )) && i=0 && : > seen &&
	while [ $i -lt 60 ]; do
		rm -f k.db* .k.db* && cp "$FIXTURE" k.db || return 1
		"$TALLY" --db k.db list > /dev/null 2>&1 &
		pid=$!
		sleep "$(awk -v s=$i -v span=$span "BEGIN { srand(s); printf \"%.6f\", rand() * span / 1000000 }")"
		kill -9 $pid 2>/dev/null; wait $pid
		if [ -e k.db.v1.bak ]; then
			test "$(sqlite3 k.db.v1.bak "SELECT count(*) FROM hand")" = 3 || return 1
			echo copy >> seen
		fi
		v=$(sqlite3 k.db "PRAGMA user_version")
		{ test "$v" = 1 || test "$v" = "$SCHEMA"; } || { echo "run $i: schema [$v]" >&2; ls -la >&2; return 1; }
		ic=$(sqlite3 k.db "PRAGMA integrity_check")
		test "$ic" = ok || { echo "run $i: integrity $ic" >&2; return 1; }
		tally --db k.db list > /dev/null &&
		test "$(sqlite3 k.db.v1.bak "SELECT count(*) FROM hand")" = 3 || { echo "run $i: the copy after" >&2; return 1; }
		i=$((i + 1))
	done &&
	echo "# $(grep -c copy seen) of 60 killed runs had left a copy, all whole" >&2
'
test_expect_success 'a copy that cannot be written (disk full) stops the upgrade: nothing changed, no temporary file' '
	rm -rf full && mkdir full &&
	if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
		cp "$FIXTURE" full/old.db &&
		{ head -c 1000000 /dev/zero > full/filler 2>/dev/null; true; } &&
		expect_status 74 tally --db full/old.db list > /dev/null 2> err; rc=$?
		v=$(sqlite3 full/old.db "PRAGMA user_version"); left=$(ls -a full | grep -c "tmp-")
		umount full
		test $rc = 0 && grep_msg "nothing was changed" err && test "$v" = 1 && test "$left" = 0
	else
		echo "# skipped: cannot mount a tmpfs here" >&2
	fi
'
test_expect_success 'no database in memory or behind an SQLite URI (64), from --db or TALLY_DB' '
	for p in "" ":memory:" "file:x?mode=memory" "file:t.db" "FILE:t.db"; do
		expect_status 64 tally --db "$p" new golf Ann Bob > out 2> err &&
		grep_msg "tally: " err && test ! -s out &&
		expect_status 64 env TALLY_DB="$p" "$TALLY" list 2> err &&
		grep_msg "tally: " err || return 1
	done &&
	! ls x* file:* 2>/dev/null | grep . &&
	tally --db ./file:t.db new golf Ann Bob > /dev/null && test -f "file:t.db" &&
	test "$(tally --db ./file:t.db --json list | grep -c golf)" = 1
'
# nobody's password entry names /nonexistent: with HOME unset the
# database must be looked for there (and fail), never in ./.local.
test_expect_success 'with HOME unset, the home of the password entry, not the current directory' '
	if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null && getent passwd nobody > /dev/null; then
		home=$(getent passwd nobody | cut -d: -f6) &&
		mkdir -p cwd && chmod 777 cwd &&
		(cd cwd && expect_status 74 env -u HOME -u TALLY_DB XDG_DATA_HOME= \
		    setpriv --reuid=nobody --regid=nogroup --clear-groups "$TALLY" new golf Ann Bob 2> ../err) &&
		grep_msg "$home/.local/share/tally" err &&
		test ! -e cwd/.local
	else
		echo "# skipped: needs root, setpriv and a nobody user" >&2
	fi
'

# A read-only medium: a tmpfs remounted read-only (needs root and a kernel
# that lets us mount; skipped where it cannot).
test_expect_success 'the reading commands work on a WAL database on a read-only medium' '
	rm -rf rom && mkdir rom &&
	if mount -t tmpfs -o size=4m tmpfs rom 2>/dev/null; then
		TALLY_DB=$SCRATCH/rom/t.db &&
		tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
		test "$(sqlite3 rom/t.db "PRAGMA journal_mode")" = wal &&
		mount -o remount,ro rom &&
		{
		tally list > list.out && grep_msg golf list.out &&
		tally show 1 > show.out && grep_msg Ann show.out &&
		tally export > exp.out && grep_msg tally_export exp.out &&
		tally check > check.out &&
		tally history > hist.out && tally stats > stats.out &&
		tally sheet 1 -o "$SCRATCH/ro.pdf" > /dev/null && test -s ro.pdf &&
		test "$(totals 1)" = "Ann=3 Bob=4" &&
		expect_status 74 tally hand Ann=1 Bob=2 2> err && grep_msg "read-only; nothing was stored" err
		}
		rc=$?
		umount rom
		test $rc = 0
	else
		echo "# skipped: cannot mount a tmpfs here" >&2
	fi
'
# A command that only reads answers as an empty file would and makes no
# file; where it needs a game it names the file (66).  A write makes it.
test_expect_success 'reading a file that is not there makes none' '
	for c in list night history stats ratings export check "stats --json" "ratings --csv" "history --json" \
	    "export --format csv" season club games "rules golf"; do
		tally --db new.db $c > out 2> err; rc=$?
		test ! -e new.db && test ! -e new.db-wal || { echo "$c made new.db" >&2; return 1; }
		test $rc = 0 || test $rc = 64 || { echo "$c: exit $rc" >&2; cat err >&2; return 1; }
	done &&
	tally --db new.db list > out && echo "no games yet; start one with '"'"'tally new GAME PLAYER...'"'"'" > want &&
	test_cmp want out &&
	test "$(tally --db new.db --json list)" = "[]" &&
	for c in show ledger deal sheet "show 1" "sheet 1"; do
		expect_status 66 tally --db new.db $c > out 2> err &&
		test "$(wc -l < err)" = 1 && grep_msg "new.db" err &&
		test ! -e new.db || { echo "$c" >&2; return 1; }
	done &&
	printf "list\nshow\nhistory\n" | tally --db new.db shell > out 2>&1; test ! -e new.db &&
	tally --db new.db new golf Ann Bob > /dev/null && test -s new.db &&
	test "$(tally --db new.db --json list | grep -c golf)" = 1
'
# A command that changes only what is stored (a game, a player, a night,
# a season) has nothing to change in a file not there yet: it says so,
# naming the file (66), and makes neither the file nor its directory.
test_expect_success 'a write that needs a game makes no file, and names it (66)' '
	for c in "note hi" "use 3" undo redo "hand Ann=1" "edit 1 Ann=1" end "delete 1" "sub Ann Cy" \
	    "join Cy" "insert 1 Ann=1" "restore 1" "player rename A B" "player guest A" "season end" \
	    "note night X" "night end" "show 3"; do
		rm -rf d &&
		expect_status 66 tally --db d/new.db $c > out 2> err &&
		test "$(wc -l < err)" = 1 &&
		grep_msg "no games in d/new.db: there is no such file yet" err &&
		test ! -e d || { echo "$c" >&2; cat err >&2; return 1; }
	done &&
	tally --db d/new.db season start Spring > /dev/null && test -s d/new.db
'
test_expect_success 'a --db or TALLY_DB in a directory not there: a read makes nothing, a write makes both (SPEC 2)' '
	rm -rf nodir &&
	tally --db nodir/t.db list > out && grep_msg "no games yet" out && test ! -e nodir &&
	expect_status 66 env TALLY_DB="$SCRATCH/nodir/t.db" "$TALLY" show 2> err &&
	test "$(wc -l < err)" = 1 && grep_msg "nodir/t.db" err && test ! -e nodir &&
	tally --db nodir/deeper/t.db new golf Ann Bob > /dev/null && test -s nodir/deeper/t.db &&
	env TALLY_DB="$SCRATCH/nodir/t.db" "$TALLY" night start > /dev/null && test -s nodir/t.db &&
	test "$(tally --db nodir/deeper/t.db --json list | grep -c golf)" = 1
'
test_expect_success 'the default database: a read makes nothing, the first write makes it and its directory' '
	rm -rf dhome &&
	env -u TALLY_DB HOME="$SCRATCH/dhome" XDG_DATA_HOME= "$TALLY" list > out && grep_msg "no games yet" out &&
	test ! -e dhome &&
	env -u TALLY_DB HOME="$SCRATCH/dhome" XDG_DATA_HOME= "$TALLY" new golf Ann Bob > /dev/null &&
	test -s dhome/.local/share/tally/tally.db
'
test_done
