#!/bin/sh
# SPDX-License-Identifier: ISC
# Hand & Foot in table mode's guided hand: a count that no deck can hold
# (RULES.md 8.4, pack limits: red threes 2 a deck, decks = players + 1) and
# a player who did not go out with nothing left (RULES.md 8.4: "a player
# who did not go out holds at least one card, so left_points >= 5") are
# known from that player's own answer: refused at its question, naming the
# player and the limit, and the same question asked again, as a short
# opening meld is.  A total over the table that no deck holds is known only
# once every answer is in, and the refusal says who entered how many.
. "$(dirname "$0")/lib.sh"

use_tmux hf
export XDG_STATE_HOME="$SCRATCH/state"
last_game() { sqlite3 "$TALLY_DB" "SELECT max(id) FROM game"; }

# Four players, so 5 decks: 10 red threes.  Ann deals round 1, so Bob is
# asked first, then Cid, Dee, and Ann, who went out.
test_expect_success 'tmux: 40 red threes are refused at their question, which is asked again' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null && g=$(last_game) &&
	tmux new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "hand-foot #$g round 1>" &&
	answer "$T" hand Ann 0 40 &&
	wait_for "5 decks hold 10" &&
	grep -q "^tally: Bob: 40 red threes entered this round; 5 decks hold 10" screen.txt &&
	! grep -q "Bob: points left" screen.txt &&
	! grep -q "correct the hand" screen.txt &&
	# the same question again: its prompt a second time, after the refusal
	test "$(grep -c "^  Bob: red threes (Enter: 0):" screen.txt)" = 2 &&
	grep -A1 "5 decks hold 10" screen.txt | tail -1 | grep -q "^  Bob: red threes (Enter: 0): *\$"
'
test_expect_success 'tmux: points left 0 for a player who did not go out is refused at once, then the round goes on' '
	g=$(last_game) &&
	answer "$T" 1 0 &&
	wait_for "left is at least 5, not 0" &&
	grep -q "^tally: Bob did not go out, so still holds a card: left is at least 5, not 0" screen.txt &&
	grep -A1 "left is at least 5, not 0" screen.txt | tail -1 |
	    grep -q "^  Bob: points left in hand and foot, or the cards: *\$" &&
	! grep -q "Cid: points melded" screen.txt &&
	answer "$T" 40 200 60 "0 2" 40 0 "" 50 300 90 "1 2" &&
	wait_for "hand-foot #$g round 2>" &&
	! grep -q "correct the hand" screen.txt &&
	test "$(totals $g)" = "Ann=510 Bob=60 Cid=220 Dee=-50"
'
# seed bonuses (clean 50, dirty 30, red three 100, going out 100): Bob 100 -
# 40; Cid 2 x 30 + 200 - 40; Dee -50; Ann 50 + 2 x 30 + 100 + 300 = 510.
# Round 2: Bob deals, so Cid is asked first, then Dee, Ann, and Bob, who
# went out.
test_expect_success 'tmux: red threes that fit one by one but not together: the hand names who entered how many' '
	g=$(last_game) &&
	answer "$T" hand Bob 0 6 40 200 90 "0 2" 40 0 5 50 300 90 "1 2" &&
	wait_for "correct the hand" &&
	grep -q "^tally: 11 red threes entered this round (Ann 5, Cid 6); 5 decks hold 10" screen.txt &&
	tmux send-keys -t "$T" C-c &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 1
'
test_expect_success 'the command line: the player and the limit, or who entered how many; nothing stored' '
	tally new hand-foot Ann Bob Cid > /dev/null && g=$(last_game) &&
	expect_status 65 tally hand --out Ann Ann=1c2d9r335m90o Bob=20l Cid=200l 2> err &&
	grep_msg "tally: Ann: 9 red threes entered this round; 4 decks hold 8" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d5r335m90o Bob=4r20l Cid=200l 2> err &&
	grep_msg "tally: 9 red threes entered this round (Ann 5, Bob 4); 4 decks hold 8" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d335m90o Bob.left="Jk Jk Jk Jk Jk Jk Jk Jk Jk" Cid=200l 2> err &&
	grep_msg "tally: Bob: 9 jokers entered this round; 4 decks hold 8" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d335m90o Bob.left="8 8 8 8 8 8 8 8 8" \
	    Cid.left="8 8 8 8 8 8 8 8" 2> err &&
	grep_msg "tally: 17 8s entered this round (Bob 9, Cid 8); 4 decks hold 16" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d335m90o Bob=0l Cid=200l 2> err &&
	grep_msg "tally: Bob did not go out, so still holds a card: left is at least 5, not 0" err &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 0
'
test_done
