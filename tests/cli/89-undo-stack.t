#!/bin/sh
# SPDX-License-Identifier: ISC
# Undo and redo are one stack of changes in the order they were made
# (README "Nothing is lost by one command"; db/migrate-29.sql): hands,
# inserts, edits, ends, subs and joins.  Undo takes back the newest change
# still made, redo makes again the one undone last, and a new change
# forgets what waited for redo.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

test_expect_success 'an insert taken back comes back after one more undo and two redos' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally insert 1 Ann=7 Bob=7 > /dev/null &&
	tally undo > /dev/null && tally undo > /dev/null &&
	tally redo > out && grep_msg "hole 2: redid Ann=3 Bob=4" out &&
	tally redo > out && grep_msg "hole 1 put in again: Ann=7 Bob=7" out &&
	test "$(totals)" = "Ann=11 Bob=13" && test "$(json_get "$(tally --json show)" "\$.hands")" = 3 &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'an edit taken back comes back after one more undo and two redos' '
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally edit 1 Ann=2 Bob=3 > /dev/null &&
	tally undo > /dev/null && tally undo > /dev/null && test "$(totals)" = "Ann=1 Bob=2" &&
	tally redo > /dev/null && tally redo > out && grep_msg "hole 1: redid the edit; it is now: Ann=2 Bob=3" out &&
	test "$(totals)" = "Ann=5 Bob=7"
'
test_expect_success 'undo and redo go through a hand, a join, a sub and an edit in the order made' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 Cid=3 > /dev/null && tally hand Ann=2 Bob=2 Cid=2 > /dev/null &&
	tally join Dan --total 5 > /dev/null && tally sub Cid Eve > /dev/null &&
	tally edit 1 Ann=9 Bob=2 Cid=3 > /dev/null &&
	tally undo > out && grep_msg "undid the edit" out &&
	tally undo > out && grep_msg "undid the sub of Eve" out &&
	tally undo > out && grep_msg "undid the join of Dan" out &&
	tally undo > out && grep_msg "undid Ann=2 Bob=2 Cid=2" out &&
	test "$(totals)" = "Ann=1 Bob=2 Cid=3" &&
	tally redo > out && grep_msg "redid Ann=2 Bob=2 Cid=2" out &&
	tally redo > out && grep_msg "redid the join of Dan" out &&
	tally redo > out && grep_msg "redid the sub" out &&
	tally redo > out && grep_msg "redid the edit" out &&
	test "$(totals)" = "Ann=11 Bob=4 Cid=5 Dan=5"
'
test_expect_success 'a new edit after undoing an edit, a sub, a join and a hand forgets them all' '
	tally undo > /dev/null && tally undo > /dev/null && tally undo > /dev/null && tally undo > /dev/null &&
	tally edit 1 Ann=4 Bob=2 Cid=3 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(totals)" = "Ann=4 Bob=2 Cid=3" &&
	test "$(json_get "$(tally --json show)" "\$.players[2].sub")" = "" &&
	test "$(json_get "$(tally --json show)" "\$.players[3].name")" = "" &&
	tally undo > out && grep_msg "it is again: Ann=1 Bob=2 Cid=3" out &&
	tally redo > out && grep_msg "redid the edit; it is now: Ann=4 Bob=2 Cid=3" out &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'an end undone and a hand undone before it come back in order' '
	tally hand Ann=1 Bob=1 Cid=1 > /dev/null && tally end > /dev/null &&
	tally undo > out && grep_msg "undid end" out && tally undo > out && grep_msg "undid Ann=1 Bob=1 Cid=1" out &&
	tally redo > out && grep_msg "redid Ann=1 Bob=1 Cid=1" out &&
	tally redo > out && grep_msg "redid end" out &&
	test "$(json_get "$(tally --json show)" "\$.status")" = over
'
test_expect_success 'random changes, undos and redos agree with the model of one stack' '
	python3 "$HERE/undo_stack_model.py" "$TALLY" 1 20 40 > out || { cat out; false; }
'
test_expect_success 'two games side by side: each has a stack of its own, the other'"'"'s changes leave it alone' '
	python3 "$HERE/undo_stack_model.py" "$TALLY" 101 8 40 2 > out || { cat out; false; }
'
test_expect_success 'the entries kept for an edit and an insert follow a player rename' '
	tally new golf Ann Bob > /dev/null 2>&1 && tally hand Ann=1 Bob=2 > /dev/null &&
	tally edit 1 Ann=3 Bob=3 > /dev/null && tally player rename Bob Robert --yes > /dev/null &&
	# right after a rename a bare undo refuses (it cannot take the rename
	# back); -g names the game whose last change is meant
	g=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game") && expect_status 65 tally undo 2> /dev/null &&
	tally undo -g $g > out && grep_msg "undid the edit; it is again: Ann=1 Robert=2" out &&
	tally redo > /dev/null && tally insert 1 Ann=5 Robert=5 > /dev/null && tally undo > /dev/null &&
	tally player rename Robert Rob --yes > /dev/null &&
	tally redo > out && grep_msg "hole 1 put in again: Ann=5 Rob=5" out && test "$(totals)" = "Ann=8 Rob=8" &&
	tally check > out && grep_msg "ok:" out
'

# A file of schema 28 kept an edit for undo as a meta line with the
# file's change mark: it becomes the edit's step, and undo takes it back.
test_expect_success 'schema 29: an edit kept as a meta line upgrades; undo puts the old entry back' '
	export TALLY_DB="$SCRATCH/old.db" &&
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=1 Bob=2 > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally edit 1 Ann=5 Bob=5 > /dev/null &&
	mark="(SELECT coalesce(sum(revision), 0) || '"'"':'"'"' || count(*) FROM game) || '"'"':'"'"' ||
	    (SELECT coalesce(max(id), 0) FROM hand) || '"'"':'"'"' || (SELECT count(*) FROM seat_sub)" &&
	sqlite3 old.db "DROP TABLE undo_step; ALTER TABLE merge_base DROP COLUMN taken;
	    INSERT INTO meta (key, value) VALUES ('"'"'last_edit'"'"', '"'"'1 1 Ann=1 Bob=2'"'"');
	    INSERT INTO meta (key, value) SELECT '"'"'last_edit_mark'"'"', $mark;
	    PRAGMA user_version = 28;" &&
	tally undo > out && grep_msg "hole 1: undid the edit; it is again: Ann=1 Bob=2" out &&
	test "$(sqlite3 old.db "PRAGMA user_version")" -ge 29 &&
	test "$(sqlite3 old.db "SELECT count(*) FROM meta WHERE key LIKE '"'"'last_edit%'"'"'")" = 0 &&
	tally undo > out && grep_msg "undid Ann=3 Bob=4" out &&
	tally redo > /dev/null && tally redo > out && grep_msg "redid the edit; it is now: Ann=5 Bob=5" out
'
test_done
