#!/bin/sh
# SPDX-License-Identifier: ISC
# undo, redo and edit all stand on replay: round trips leave exactly the
# state they started from, and an edit that breaks a later hand changes
# nothing.
. "$(dirname "$0")/lib.sh"

tally new golf Ann Bob Cid -o preset=house -o quarters=2 > /dev/null
tally hand Ann=1 Bob=2 Cid=9 > /dev/null
tally hand Ann=3 Bob=2 Cid=1 > /dev/null

test_expect_success 'undo then redo is a round trip' '
	tally show --json > before.json &&
	tally undo > out && grep_msg "Golf #1, hole 2: undid Ann=3 Bob=2 Cid=1" out &&
	test "$(totals)" = "Ann=1 Bob=2 Cid=9" &&
	tally redo > out && grep_msg "Golf #1, hole 2: redid" out &&
	tally show --json > after.json && test_cmp before.json after.json
'
test_expect_success 'two undos, two redos' '
	tally undo > /dev/null && tally undo > /dev/null &&
	test "$(totals)" = "Ann=0 Bob=0 Cid=0" &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.pot")" = 0 &&
	expect_status 66 tally undo 2>err && grep_msg "Golf #1 has no hole to undo" err &&
	tally redo > /dev/null && tally redo > /dev/null &&
	tally show --json > after.json && test_cmp before.json after.json &&
	expect_status 66 tally redo 2>err && grep_msg "nothing" err || grep_msg "no undone hand" err
'
test_expect_success 'a new hand sets aside what undo kept, never destroying it' '
	tally undo > /dev/null &&
	tally hand Ann=5 Bob=2 Cid=1 > /dev/null &&
	expect_status 66 tally redo 2>/dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 1 AND undone = 2")" = "Ann=3 Bob=2 Cid=1" &&
	test "$(totals)" = "Ann=6 Bob=4 Cid=10"
'
test_expect_success 'edit replaces a hand and replays the rest' '
	tally edit 1 Ann=1 Bob=8 Cid=2 > out && grep_msg "hole 1 is now: Ann=1 Bob=8 Cid=2" out &&
	test "$(totals)" = "Ann=6 Bob=10 Cid=3" &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.players[0].chips")" = 1 &&
	test "$(json_get "$j" "\$.players[1].chips")" = 1 &&
	test "$(json_get "$j" "\$.players[2].chips")" = 2
'
test_expect_success 'an edit that breaks a rule itself changes nothing' '
	tally show --json > before.json &&
	expect_status 65 tally edit 2 Ann=99 Bob=2 Cid=1 2>err &&
	grep_msg "hole 2: Ann" err &&
	tally show --json > after.json && test_cmp before.json after.json &&
	expect_status 66 tally edit 7 Ann=1 Bob=2 Cid=3 2>err && grep_msg "Golf #1 has no hole 7 (it has 2)" err
'
test_expect_success 'an edit that a later hand no longer fits changes nothing' '
	tally new golf Ann Bob -o preset=house -o quarters=1 > /dev/null &&
	tally hand Ann=1 Bob=1 > /dev/null &&
	tally hand Ann=1 Bob=5 > out && grep_msg "Ann takes the jar" out &&
	tally show --json 2 > before.json &&
	expect_status 65 tally edit -g 2 1 Ann=1 Bob=5 2>err &&
	grep_msg "hole 2 no longer holds" err && grep_msg "nothing changed" err &&
	tally show --json 2 > after.json && test_cmp before.json after.json
'
test_expect_success 'undo on a finished game reopens it' '
	tally new golf Ann Bob -o holes=9 > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=2 > /dev/null || return 1; done &&
	j=$(tally show --json 3) && test "$(json_get "$j" "\$.status")" = over &&
	tally undo -g 3 > /dev/null &&
	j=$(tally show --json 3) && test "$(json_get "$j" "\$.status")" = open &&
	test "$(json_get "$j" "\$.winners")" = "[]" &&
	tally hand -g 3 Ann=3 Bob=1 > out && grep_msg "winner: Ann" out
'
test_expect_success 'end closes a game early with the leaders as winners' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=4 Bob=2 Cid=9 > /dev/null &&
	tally end > out && grep_msg "ended early; winner: Bob" out &&
	j=$(tally show --json 4) && test "$(json_get "$j" "\$.status")" = over &&
	test "$(json_get "$j" "\$.winners")" = "[\"Bob\"]" &&
	expect_status 65 tally end 4 2>/dev/null &&
	expect_status 65 tally hand -g 4 Ann=1 Bob=1 Cid=1 2>/dev/null
'
test_expect_success 'hands are stored as canonical text' '
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 4" > out &&
	test "$(cat out)" = "Ann=4 Bob=2 Cid=9"
'
test_expect_success 'an edit naming only the player to correct says edit replaces the whole hand' '
	TALLY_DB=$SCRATCH/edit-part.db && export TALLY_DB &&
	tally new golf Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=3 Bob=4 > /dev/null && tally hand Ann=5 Bob=6 > /dev/null &&
	expect_status 65 tally edit 2 Ann=3 2> err &&
	grep_msg "Bob: no layout entered" err &&
	grep_msg "replaces the whole hand: name every player" err &&
	test "$(json_get "$(tally --json show)" "\$.players[0].points")" = "[3,5]"
'
test_expect_success 'edit says a changed role as it says moved points' '
	tally new golf Ann Bob Cid Dee > /dev/null &&
	tally hand Ann=1 Bob=2 Cid=3 Dee=4 > /dev/null &&
	tally hand Ann=20 Bob=4 Cid=9 Dee=12 --knock Ann > /dev/null 2>&1 &&
	tally edit 2 Ann=20 Bob=4 Cid=9 Dee=21 --knock Bob > out &&
	grep_msg "roles in hole 2: --knock Bob (was --knock Ann)" out && grep_msg "moved in hole 2: Dee 21 (was 12)" out &&
	tally edit 2 Ann=20 Bob=4 Cid=9 Dee=21 > out && grep_msg "roles in hole 2: none (was --knock Bob)" out &&
	tally edit 2 Ann=20 Bob=4 Cid=9 Dee=21 > out && ! grep -q "roles in" out
'
test_expect_success 'undo of an edit says what it moved back, as the edit and its redo say what it moved' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --knock Ann Ann=5 Bob=20 > /dev/null &&
	tally hand --knock Ann Ann=3 Bob=24 > /dev/null &&
	tally edit 1 --knock Bob Ann=20 Bob=5 > out &&
	grep_msg "points now: Ann 21 (was 36), Bob 15 (was 0)" out &&
	tally undo > out &&
	grep_msg "undid the edit; it is again: Ann=5 Bob=20 --knock Ann" out &&
	grep_msg "roles in hand 1: --knock Ann (was --knock Bob)" out &&
	grep_msg "moved in hand 1: Ann 15 (was 0); Bob 0 (was 15)" out &&
	grep_msg "points now: Ann 36 (was 21), Bob 0 (was 15)" out &&
	tally redo > out && grep_msg "points now: Ann 21 (was 36), Bob 15 (was 0)" out
'
test_done
