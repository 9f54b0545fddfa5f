#!/bin/sh
# SPDX-License-Identifier: ISC
# Hand & Foot: points no deck in play holds.  RULES.md 8.4's pack limits
# bound the cards, so they bound their points: decks = players + 1, each
# worth 590 with the seed's card values (jokers 2 x 50, aces and 2s 4 x 20,
# 8 to K 24 x 10, 4 to 7 16 x 5, black threes 2 x 5; red threes apart).
# No player melds or holds more than every card is worth, refused at that
# player's answer (its question again in table mode); the table's melded
# and left points together no more, refused once the hand is in.
. "$(dirname "$0")/lib.sh"

use_tmux hfpoints
export XDG_STATE_HOME="$SCRATCH/state"
last_game() { sqlite3 "$TALLY_DB" "SELECT max(id) FROM game"; }

test_expect_success 'the command line: an extra digit in meld is refused, naming the player, the points and the limit' '
	tally new hand-foot Ann Bob Cid > /dev/null && g=$(last_game) &&
	expect_status 65 tally hand --out Ann Ann=1c2d1r3350m90o Bob=1d140m70o60l Cid=90m60o850l 2> err &&
	grep_msg "tally: Ann: 3,350 points melded; 4 decks hold 2,360 points in all" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d1r335m90o Bob=1d140m70o60l Cid=90m60o2400l 2> err &&
	grep_msg "tally: Cid: 2,400 points left; 4 decks hold 2,360 points in all" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d1r335m90o Bob=1d1400m70o1000l Cid=90m60o850l 2> err &&
	grep_msg "tally: Bob: 1,400 points melded and 1,000 left, 2,400 in all; 4 decks hold 2,360 points in all" err &&
	expect_status 65 tally hand --out Ann Ann=1c2d1r335m90o Bob=1d1400m70o60l Cid=90m60o850l 2> err &&
	grep_msg "tally: 2,735 points melded and left this round (Ann 335, Bob 1,460, Cid 940); 4 decks hold 2,360 points in all" err &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 0 &&
	tally hand --out Ann Ann=1c2d1r335m90o Bob=1d140m70o60l Cid=90m60o850l > /dev/null &&
	test "$(totals $g)" = "Ann=645 Bob=110 Cid=-760"
'
test_expect_success 'two players: 3 decks, 1,770 points; 9,000 melded is refused, 1,765 with 5 left is not' '
	tally new hand-foot Ann Bob > /dev/null && g=$(last_game) &&
	expect_status 65 tally hand --out Ann Ann.meld=9000 Ann.clean=1 Ann.dirty=2 Ann.opening=90 Bob=60l 2> err &&
	grep_msg "tally: Ann: 9,000 points melded; 3 decks hold 1,770 points in all" err &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 0 &&
	tally hand --out Ann Ann.meld=1765 Ann.clean=1 Ann.dirty=2 Ann.opening=90 Bob=5l > /dev/null &&
	test "$(totals $g)" = "Ann=1975 Bob=-5"
'
# Three players, so 4 decks.  Ann deals round 1: Bob is asked first, then
# Cid, then Ann, who went out.
test_expect_success 'tmux: 3,350 melded is refused at its question, which is asked again; the sum once the hand is in' '
	tally new hand-foot Ann Bob Cid > /dev/null && g=$(last_game) &&
	tmux new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "hand-foot #$g round 1>" &&
	answer "$T" hand Ann 3350 &&
	wait_for "2,360 points in all" &&
	grep -q "^tally: Bob: 3,350 points melded; 4 decks hold 2,360 points in all" screen.txt &&
	! grep -q "Bob: the opening" screen.txt &&
	grep -A1 "2,360 points in all" screen.txt | tail -1 |
	    grep -q "^  Bob: points melded, or the cards (Enter: never melded): *\$" &&
	answer "$T" 140 70 "0 1" 60 90 60 "" 2000 335 90 "1 2 1" &&
	wait_for "correct the hand" &&
	grep -q "^tally: 2,625 points melded and left this round (Ann 335, Bob 200, Cid 2,090)" screen.txt &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 0
'
test_done
