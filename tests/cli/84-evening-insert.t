#!/bin/sh
# SPDX-License-Identifier: ISC
# A forgotten hand: `insert N` puts it in before hand N, every later hand
# moves one on and is checked again (as `edit` checks them); one that no
# longer holds refuses the whole change, naming it, and nothing is stored.
. "$(dirname "$0")/lib.sh"

test_expect_success 'house Golf: hole 2 forgotten, put in after hole 3 was entered' '
	tally new golf Al Bea Cy -o preset=house > /dev/null &&
	tally hand Al=3 Bea=10 Cy=5 > /dev/null &&
	tally hand Al=4 Bea=2 Cy=6 > /dev/null &&
	tally hand Al=7 Bea=1 Cy=2 > /dev/null &&
	tally insert 2 Al=12 Bea=1 Cy=1 > out &&
	grep_msg "Golf #1, hole 2 put in: Al=12 Bea=1 Cy=1" out &&
	grep_msg "holes 2 to 3 are now 3 to 4" out &&
	test "$(totals)" = "Al=26 Bea=14 Cy=14" &&
	j=$(tally --json show) &&
	test "$(json_get "$j" "\$.players[0].points")" = "[3,12,4,7]" &&
	test "$(json_get "$j" "\$.players[0].chips")" = 2 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(entry, \"|\") FROM (SELECT entry FROM hand ORDER BY number)")" = \
	    "Al=3 Bea=10 Cy=5|Al=12 Bea=1 Cy=1|Al=4 Bea=2 Cy=6|Al=7 Bea=1 Cy=2" &&
	tally check > /dev/null
'
test_expect_success 'at the end, insert is a new last hand' '
	tally insert 5 Al=1 Bea=2 Cy=9 > out && ! grep -q "are now" out &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 5
'
test_expect_success 'a later hand that no longer holds: refused, named, nothing stored' '
	tally new chase-ace Al Bea Cy -o lives=1 > /dev/null &&
	tally hand Al=9 Bea=5 Cy=Q > /dev/null &&
	tally hand Al=9 Cy=3 > /dev/null &&
	before=$(sqlite3 "$TALLY_DB" "SELECT group_concat(entry, \"|\") FROM hand WHERE game_id = 2") &&
	expect_status 65 tally insert 2 Al=2 Cy=9 2> err &&
	grep_msg "round 3 (was 2) no longer holds" err && grep_msg "nothing changed" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(entry, \"|\") FROM hand WHERE game_id = 2")" = "$before"
'
test_expect_success 'a bad hand number or entry is refused' '
	expect_status 66 tally insert 9 -g 1 Al=1 Bea=2 Cy=3 2> err && grep_msg "has no hole 9 to put a hole in before (it has 5)" err &&
	expect_status 64 tally insert x -g 1 Al=1 2> err && grep_msg "usage: tally insert" err &&
	expect_status 66 tally insert 1 -g 1 Al=1 Bea=2 Zed=3 2> err && grep_msg "no player '"'"Zed"'"'" err
'
# A hand undone and then replaced by a new one is set aside (numbered
# minus its id: in a new file hand 2 becomes -2); putting a hand in before
# the others must not collide with it on the way (hand 1 moves by -2).
test_expect_success 'insert in a game with a hand set aside by undo and a new hand' '
	TALLY_DB=$SCRATCH/aside.db && export TALLY_DB &&
	tally new golf Al Bea > /dev/null 2>&1 &&
	tally hand Al=1 Bea=2 > /dev/null && tally hand Al=3 Bea=4 > /dev/null &&
	tally undo > /dev/null && tally hand Al=5 Bea=6 > /dev/null &&
	tally insert 1 Al=7 Bea=8 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[7,1,5]" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand h JOIN game g ON g.id = h.game_id WHERE h.undone = 2")" = 1 &&
	tally check > out && grep_msg "ok:" out
'
# `undo` right after `insert` takes back the insert (as after `edit` it
# takes back the edit), not the last hand nor the hand that moved on.
test_expect_success 'undo right after insert takes the inserted hole out; redo puts it back' '
	TALLY_DB=$SCRATCH/undo.db && export TALLY_DB &&
	tally new golf Al Bea Cy > /dev/null 2>&1 &&
	tally hand Al=1 Bea=2 Cy=3 > /dev/null && tally hand Al=4 Bea=5 Cy=6 > /dev/null &&
	tally insert 2 Al=7 Bea=8 Cy=9 > out &&
	grep_msg "hole 2 is now hole 3" out && ! grep -q "holes 2 to 2" out &&
	grep_msg "totals: Al 12 Bea 15 Cy 18" out && grep_msg "next: hole 4 of 9" out &&
	tally undo > out &&
	grep_msg "undid the insert of Al=7 Bea=8 Cy=9" out && grep_msg "hole 3 is hole 2 again" out &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[1,4]" &&
	tally redo > out && grep_msg "put in again: Al=7 Bea=8 Cy=9" out &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[1,7,4]" &&
	tally undo > /dev/null && tally undo > out && grep_msg "undid Al=4 Bea=5 Cy=6" out &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[1]" &&
	tally check > /dev/null
'
test_expect_success 'a substitute from a later hole still sits down before it; undo moves it back' '
	TALLY_DB=$SCRATCH/sub.db && export TALLY_DB &&
	tally new golf Al Bea Cy > /dev/null 2>&1 &&
	tally hand Al=1 Bea=2 Cy=3 > /dev/null && tally hand Al=4 Bea=5 Cy=6 > /dev/null &&
	tally sub Cy Dan > /dev/null && tally hand Al=1 Bea=1 Dan=1 > /dev/null &&
	tally insert 2 Al=7 Bea=8 Cy=9 > /dev/null &&
	tally show > out && grep_msg "Dan plays Cy'"'"'s seat from hole 4" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT hand FROM seat_sub")" = 4 &&
	tally undo > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT hand FROM seat_sub")" = 3 &&
	tally check > /dev/null
'
test_expect_success 'a hand put in before a substitute sat down names the player who sat then' '
	TALLY_DB=$SCRATCH/then.db && export TALLY_DB &&
	tally new golf Al Bea Cy > /dev/null 2>&1 &&
	tally hand Al=1 Bea=2 Cy=3 > /dev/null && tally hand Al=4 Bea=5 Cy=6 > /dev/null &&
	tally sub Cy Dan > /dev/null && tally hand Al=1 Bea=1 Dan=1 > /dev/null &&
	tally --json show > before &&
	expect_status 66 tally insert 2 Al=7 Bea=8 Dan=9 2> err &&
	grep_msg "the hole put in as hole 2: no player '"'"'Dan'"'"'" err &&
	tally --json show > after && test_cmp before after &&
	tally insert 2 Al=7 Bea=8 Cy=9 > out && grep_msg "hole 2 put in: Al=7 Bea=8 Cy=9" out
'
test_expect_success 'one put in while the substitute sat, after the seat was given back, names the substitute' '
	TALLY_DB=$SCRATCH/then.db && export TALLY_DB &&
	tally sub Dan Cy > /dev/null && tally hand Al=2 Bea=2 Cy=2 > /dev/null &&
	tally insert 5 Al=3 Bea=3 Dan=3 > out && grep_msg "hole 5 put in: Al=3 Bea=3 Cy=3" out &&
	expect_status 66 tally insert 7 Al=3 Bea=3 Dan=3 2> err && grep_msg "no player '"'"'Dan'"'"'" err &&
	tally edit 4 Al=1 Bea=1 Dan=5 > out && grep_msg "hole 4 is now: Al=1 Bea=1 Cy=5" out &&
	expect_status 66 tally edit 3 Al=4 Bea=5 Dan=6 2> err && grep_msg "hole 3: no player '"'"'Dan'"'"'" err &&
	test "$(totals)" = "Al=18 Bea=21 Cy=28" && tally check > out && grep_msg "ok:" out
'
test_expect_success 'table mode: insert takes bare values from that hand'\''s dealer'\''s left, as edit does' '
	tally new golf Ann Bob Cid Dee > /dev/null &&
	printf "1 2 3 4\n5 6 7 8\ninsert 2 10 11 12 13\n" | tally shell > out 2> err &&
	test ! -s err &&
	grep_msg "values from the dealer'\''s left: Cid=10 Dee=11 Ann=12 Bob=13" out &&
	grep_msg "hole 2 put in: Ann=12 Bob=13 Cid=10 Dee=11" out &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[4,12,7]" &&
	printf "insert 1 junk Ann=1\n" | expect_status 64 tally shell > out 2> err &&
	grep_msg "(example: '\''hand Ann=" err && ! grep -q "tally hand" err
'
test_done
