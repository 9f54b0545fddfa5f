#!/bin/sh
# SPDX-License-Identifier: ISC
# The seat changes undo takes back and redo makes again (a sub, a join)
# are rows of seat_change, as hands are rows with an undone flag: they
# follow the player through a `player merge` and the hand through an
# `insert`, and a file that kept them as text lines in meta (schema 26:
# "subbed GAME", "unsubbed GAME", "unjoined GAME") upgrades in place.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

test_expect_success 'a sub made before a hand insert moves with its hand and is still undone and redone' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=1 > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=2 > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=3 > /dev/null &&
	tally sub Cid Eve > /dev/null &&
	tally insert 2 Ann=1 Bob=1 Cid=1 > /dev/null &&
	tally note "a hole was forgotten" > /dev/null &&
	before=$(totals) &&
	tally undo > out && grep_msg "undid the insert of Ann=1 Bob=1 Cid=1" out &&
	tally undo > out &&
	grep_msg "Golf #1: undid the sub of Eve; Cid plays their own seat again from hole 4" out &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 3 &&
	tally redo > out && grep_msg "Golf #1: redid the sub; Eve plays Cid'"'"'s seat from hole 4" out &&
	tally redo > out && grep_msg "put in again: Ann=1 Bob=1 Cid=1" out &&
	test "$(totals)" = "$before" && test "$(json_get "$(tally --json show)" "\$.players[2].sub")" = Eve &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 4 &&
	tally undo > out && grep_msg "undid the insert" out && tally redo > /dev/null &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'a sub made before a player merge follows the player id and is still undone' '
	tally new golf Eva Zed > /dev/null 2>&1 &&
	tally new trash Ann Bob Cid Dee > /dev/null 2>&1 &&
	tally hand Ann=4 Bob=3 Cid=5 Dee=1 > /dev/null &&
	tally sub Cid Gil > /dev/null &&
	tally player merge Gil Eva --yes > /dev/null &&
	tally note "Gil is Eva" > /dev/null &&
	tally undo > out &&
	grep_msg "Trash #3: undid the sub of Eva; Cid plays their own seat again from hand 2" out &&
	tally redo > out && grep_msg "Trash #3: redid the sub; Eva plays Cid'"'"'s seat from hand 2" out &&
	test "$(json_get "$(tally --json show)" "\$.players[2].sub")" = Eva
'
test_expect_success 'a join undone before a merge waits as the merged player; redo seats them' '
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=4 Bob=3 > /dev/null &&
	tally join Ivy > /dev/null && tally undo > /dev/null &&
	tally player merge Ivy Zed --yes > /dev/null &&
	tally redo > out && grep_msg "Golf #4: redid the join of Zed, from hole 2" out &&
	tally check > out && grep_msg "ok:" out
'

test_expect_success 'right after a merge of the substitute, undo -g takes the sub back; a bare undo refuses' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 && g=$(json_get "$(tally --json show)" "\$.id") &&
	tally hand Ann=1 Bob=2 Cid=3 > /dev/null && tally sub Cid Kim > /dev/null &&
	tally new golf Kimi Ann > /dev/null 2>&1 && tally player merge Kim Kimi --yes > /dev/null &&
	expect_status 65 tally undo 2> err && grep_msg "undo does not take back a player merge or rename" err &&
	grep_msg "undo -g ID" err &&
	tally undo -g $g > out && grep_msg "undid the sub of Kimi; Cid plays their own seat again from hole 2" out &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 1 &&
	tally redo -g $g > out && grep_msg "redid the sub; Kimi plays Cid'"'"'s seat from hole 2" out
'

# A file of schema 26 with the old lines: game 5 (golf) with Eve in
# Cid's seat, Fay joined, Gus in Bob's seat, then Hal for Gus undone;
# game 6 (golf) with Ivo's join undone.
test_expect_success 'schema 27: a file with the old meta lines upgrades; undo and redo go on as before' '
	export TALLY_DB="$SCRATCH/old.db" &&
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=4 Bob=3 Cid=5 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally join Fay > /dev/null &&
	tally sub Bob Gus > /dev/null && tally sub Gus Hal > /dev/null && tally undo > /dev/null &&
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=4 Bob=3 > /dev/null &&
	tally join Ivo --total 9 > /dev/null && tally undo > /dev/null &&
	id() { echo "(SELECT id FROM player WHERE name = '"'"'$1'"'"')"; } &&
	sqlite3 old.db "DROP TABLE IF EXISTS seat_change;
	    INSERT INTO meta (key, value) VALUES
	    ('"'"'subbed 1'"'"', '"'"'2 1 4 0 '"'"' || $(id Gus) || char(10) || '"'"'2 2 3 0 '"'"' || $(id Eve)),
	    ('"'"'unsubbed 1'"'"', '"'"'2 1 4 '"'"' || $(id Gus) || '"'"' '"'"' || $(id Hal)),
	    ('"'"'unjoined 2'"'"', '"'"'2'"'"' || char(9) || '"'"'9'"'"' || char(9) || '"'"'Ivo'"'"');
	    ALTER TABLE merge_base DROP COLUMN taken; PRAGMA user_version = 26" &&
	tally check > out && grep_msg "ok:" out &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = "$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")" &&
	test "$(sqlite3 old.db "SELECT count(*) FROM meta WHERE key LIKE '"'"'%subbed %'"'"' OR key LIKE '"'"'unjoined %'"'"'")" = 0 &&
	test "$(sqlite3 old.db "SELECT group_concat(kind || seat || hand || undone, '"'"' '"'"') FROM (SELECT * FROM seat_change ORDER BY id)")" = "sub220 join320 sub120 sub121 join221" &&
	tally redo -g 1 > out && grep_msg "Golf #1: redid the sub; Hal plays Bob'"'"'s seat from hole 2" out &&
	tally undo -g 1 > out && grep_msg "undid the sub of Hal; Gus plays Bob'"'"'s seat from hole 2" out &&
	tally undo -g 1 > out && grep_msg "undid the sub of Gus; Bob plays their own seat again from hole 2" out &&
	tally undo -g 1 > out && grep_msg "undid the join of Fay" out &&
	tally undo -g 1 > out && grep_msg "undid the sub of Eve; Cid plays their own seat again from hole 2" out &&
	tally redo -g 1 > out && grep_msg "redid the sub; Eve plays Cid'"'"'s seat from hole 2" out &&
	tally redo -g 1 > out && grep_msg "redid the join of Fay" out &&
	tally redo -g 2 > out && grep_msg "Golf #2: redid the join of Ivo, from hole 2" out &&
	test "$(json_get "$(tally --json show 2)" "\$.players[2].total")" = 9 &&
	tally check > out && grep_msg "ok:" out
'
test_done
