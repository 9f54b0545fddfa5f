#!/bin/sh
# SPDX-License-Identifier: ISC
# A `player merge` is a change of no one game and undo cannot take it back
# (README "Players: names, mistakes and substitutes").  Right after one a
# bare undo would take back the current game's last change, made before
# the merge: not what was meant, so it changes nothing and names the
# command that takes that change back, and what it is; that command does
# exactly that.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

hands() { json_get "$(tally --json show "$@")" "\$.hands"; }

test_expect_success 'a bare undo after a merge names undo -g with the current game and its last hand' '
	tally new golf Ann Bobby > /dev/null && tally hand Ann=3 Bobby=4 > /dev/null &&
	tally new golf Ann Bob > /dev/null 2>&1 && tally hand Ann=2 Bob=5 > /dev/null &&
	tally hand Ann=1 Bob=1 > /dev/null &&
	tally player merge Bobby Bob --yes > /dev/null &&
	expect_status 65 tally undo 2> err && grep_msg "undo does not take back a player merge or rename" err &&
	grep_msg "nothing was undone ('"'"'tally undo -g 2'"'"' takes back Golf #2'"'"'s last change: hole 2, Ann=1 Bob=1)" err &&
	test "$(hands)" = 2 && test "$(totals)" = "Ann=3 Bob=6"
'
test_expect_success 'the command it names takes back that change, and redo makes it again' '
	tally undo -g 2 > out && grep_msg "Golf #2, hole 2: undid Ann=1 Bob=1" out &&
	test "$(hands)" = 1 && tally redo -g 2 > out && grep_msg "redid Ann=1 Bob=1" out &&
	test "$(hands)" = 2
'
test_expect_success 'a sub or an edit on top is named as such' '
	tally sub Bob Cid > /dev/null && tally new golf Dot Hal > /dev/null 2>&1 && tally use 2 > /dev/null &&
	tally player merge Hal Ann --yes > /dev/null &&
	expect_status 65 tally undo 2> err &&
	grep_msg "'"'"'tally undo -g 2'"'"' takes back Golf #2'"'"'s last change: the sub from hole 3)" err &&
	test "$(json_get "$(tally --json show)" "\$.players[1].sub")" = Cid &&
	tally undo -g 2 > out && grep_msg "undid the sub of Cid" out &&
	tally edit 1 Ann=4 Bob=5 > /dev/null && tally player merge Dot Cid --yes > /dev/null &&
	expect_status 65 tally undo 2> err && grep_msg "takes back Golf #2'"'"'s last change: the edit of hole 1)" err &&
	tally undo -g 2 > out && grep_msg "undid the edit; it is again: Ann=2 Bob=5" out
'
test_expect_success 'a current game with nothing to undo says so, and how to name another' '
	tally new golf Eli Fox > /dev/null 2>&1 && tally player merge Fox Bob --yes > /dev/null &&
	expect_status 65 tally undo 2> err &&
	grep_msg "nothing was undone (Golf #4, the current game, has nothing to undo; '"'"'tally undo -g ID'"'"' takes back" err &&
	tally undo -g 2 > out && grep_msg "hole 2: undid Ann=1 Bob=1" out
'
test_expect_success 'after the next change a bare undo takes that back' '
	tally hand Eli=1 Bob=2 > /dev/null && tally undo > out && grep_msg "Golf #4, hole 1: undid Eli=1 Bob=2" out
'
test_expect_success 'tally help undo says what a bare undo does after a merge' '
	tally help undo > out && grep_msg "bare '"'"'undo'"'"' changes nothing (exit 65)" out &&
	grep_msg "A '"'"'player merge'"'"' or '"'"'player rename'"'"' cannot be taken back" out &&
	grep_msg "'"'"'undo -g ID'"'"' does it" out
'
test_expect_success 'right after a player rename a bare undo changes nothing and names the undo -g' '
	tally new golf Ann Cy > /dev/null && g=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game") &&
	tally hand Ann=3 Cy=4 > /dev/null &&
	tally player rename Cy Cyril --yes > /dev/null &&
	expect_status 65 tally undo 2> err &&
	grep_msg "the last change was player rename Cy Cyril (1 game: #$g)" err &&
	grep_msg "undo does not take back a player merge or rename" err &&
	grep_msg "takes back Golf #$g'"'"'s last change: hole 1, Ann=3 Cyril=4" err &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 1 &&
	tally hand Ann=1 Cyril=2 > /dev/null && tally undo > out && grep_msg "undid Ann=1 Cyril=2" out
'
test_done
