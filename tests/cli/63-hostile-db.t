#!/bin/sh
# SPDX-License-Identifier: ISC
# Files from elsewhere are not trusted: another table's database with a
# NULL where tally writes none, a view, a trigger or a missing column is
# "not a usable tally database" (74), never a crash or a hang; a database
# path that is a pipe or a device is refused; a database copied with its
# -wal into a read-only directory is not read without its -wal; an import
# reads from a pipe as from a file, and refuses what cannot be an export at
# its first bytes.
. "$(dirname "$0")/lib.sh"

test_expect_success 'set-up: a table database and its export' '
	TALLY_DB=$SCRATCH/src.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=$SCRATCH/src.db tally hand Ann=1 Bob=2 > /dev/null &&
	TALLY_DB=$SCRATCH/src.db tally export -o e.json > /dev/null
'

hostile() {
	cp src.db "$1" && sqlite3 "$1" "PRAGMA foreign_keys = OFF; $2"
}
refused() {
	expect_status 74 timeout 20 "$TALLY" import "$1" 2> err && grep_msg "is not a usable tally database: $2" err &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM game" 2>/dev/null || echo 0)" = 0
}

test_expect_success 'NULLs, views, triggers and missing columns: 74, nothing imported' '
	hostile a.db "CREATE TABLE x AS SELECT * FROM game_option; DROP TABLE game_option;
	    ALTER TABLE x RENAME TO game_option; UPDATE game_option SET key = NULL" &&
	refused a.db "an option has no key" &&
	hostile b.db "ALTER TABLE game RENAME TO g0; CREATE VIEW game AS WITH RECURSIVE r(x) AS
	    (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT g0.* FROM g0, r" &&
	refused b.db "it has a view (game)" &&
	hostile c.db "CREATE TRIGGER t AFTER INSERT ON hand BEGIN SELECT 1; END" &&
	refused c.db "it has a trigger (t)" &&
	hostile d.db "ALTER TABLE hand DROP COLUMN recorded" &&
	refused d.db "table hand: no such column: recorded" &&
	hostile e.db "CREATE TABLE x AS SELECT * FROM player; DROP TABLE player; ALTER TABLE x RENAME TO player;
	    UPDATE player SET name = NULL" &&
	refused e.db "a seat'\''s player has no name"
'

test_expect_success 'a database that is a pipe or a device is refused, and leaves nothing behind' '
	mkfifo fifo &&
	expect_status 74 timeout 10 "$TALLY" --db fifo list 2> err && grep_msg "fifo is not a regular file" err &&
	expect_status 74 timeout 10 "$TALLY" --db /dev/null list 2> err && ! test -e /dev/null-journal
'

test_expect_success 'a database with its -wal in a read-only directory is refused, not read stale' '
	command -v runuser > /dev/null || { echo "# no runuser: skipped"; exit 0; }
	mkdir ro && cp src.db ro/w.db && chmod 755 "$SCRATCH" &&
	python3 -c "
import sqlite3, shutil
c = sqlite3.connect(\"ro/w.db\"); c.execute(\"PRAGMA journal_mode=WAL\")
c.execute(\"PRAGMA wal_autocheckpoint=0\")
c.execute(\"UPDATE game SET started = started\"); c.commit()
shutil.copy(\"ro/w.db-wal\", \"ro/w.db-wal.keep\")
c.close()
shutil.move(\"ro/w.db-wal.keep\", \"ro/w.db-wal\")
" && test -s ro/w.db-wal && rm -f ro/w.db-shm && chmod 555 ro &&
	expect_status 74 runuser -u nobody -- "$TALLY" --db ro/w.db list 2> err &&
	grep_msg "its ro/w.db-wal holds writes that cannot be read here" err
'

test_expect_success 'import reads a pipe as a file, and refuses what is no export at its first bytes' '
	mkfifo pipe && { cat e.json > pipe & } && tally import pipe > out && grep_msg "imported 1 game" out &&
	rm -f tally.db* && cat e.json | tally import /dev/stdin > out && grep_msg "imported 1 game" out &&
	head -c 1000000 /dev/urandom | tr "{" x > noise && printf "x" | cat - noise > noise2 &&
	expect_status 65 timeout 10 "$TALLY" import noise2 2> err && grep_msg "not a tally export or database" err &&
	(printf "{"; head -c 5000000 /dev/urandom) > junk &&
	expect_status 65 timeout 10 "$TALLY" import junk 2> err && grep_msg "not a complete tally export" err &&
	cat src.db | { expect_status 65 "$TALLY" import /dev/stdin 2> err; } && grep_msg "from a file, not a pipe" err
'

test_done
