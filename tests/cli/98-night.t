#!/bin/sh
# SPDX-License-Identifier: ISC
# The companion commands: nights, who deals and how to set up, seatings.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a game opens a night for the day; night start names a new one' '
	tally new golf Ann Bob > /dev/null &&
	tally night > out && grep_msg "1 game" out &&
	tally night start "Friday at Ann'"'"'s" > out && grep_msg "night #2 started" out &&
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally night > out && grep_msg "Friday at Ann'"'"'s" out && grep_msg "1 game" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT night_id FROM game ORDER BY id")" = "$(printf "1\n2")" &&
	tally night end > out && grep_msg "night ended" out &&
	expect_status 66 tally night end 2>/dev/null &&
	tally night > out && grep_msg "no night is open" out
'
test_expect_success 'night end names the games it leaves open' '
	tally night start Gin > /dev/null &&
	tally new gin Ann Bob > /dev/null && tally hand --gin Ann Bob=10 > /dev/null &&
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=2 > /dev/null && tally end > /dev/null &&
	tally night end > out &&
	grep_msg "night ended; still open: Gin Rummy #" out && grep_msg "(1 hand)" out && ! grep -q Golf out
'
test_expect_success 'deal: who deals and the pack for the game and player count' '
	tally deal 2 > out && grep_msg "Ann deals" out && grep_msg "52 cards (removed: none); 13 each" out &&
	tally new trash A B C D E F > /dev/null && tally deal > out && grep_msg "all four 2s" out &&
	grep_msg "8 each; 12 hearts" out &&
	tally new hand-foot A B C > /dev/null && tally deal > out && grep_msg "4 decks" out &&
	tally new golf A B C D E F G H > /dev/null && tally deal > out && grep_msg "2 packs" out &&
	tally new account A B C D E F G -o packs=2 -o jokers=1 > /dev/null && tally deal > out && grep_msg "15 each" out &&
	tally new chase-ace A B C > /dev/null && tally deal > out && grep_msg "one card each" out
'
test_expect_success 'seats: over a night each player comes to follow someone new' '
	tally night start Seats > /dev/null &&
	tally new golf Ann Bob Cid Dee > /dev/null &&
	tally seats > out && grep_msg "next seating, clockwise: Ann" out &&
	line=$(sed -n "s/next seating, clockwise: //p" out) &&
	test "$line" != "Ann, Bob, Cid, Dee" &&
	grep_msg "4 of 4 players sit after someone they have not followed tonight" out &&
	tally seats Ann Bob Cid > out && grep_msg "3 of 3" out ||
	grep_msg "of 3" out
'
test_expect_success 'seats: one player to follow someone new sits, in the singular' '
	tally --db seats1.db night start One > /dev/null &&
	for o in "Ann Bob Cid" "Ann Cid Bob" "Ann Bob Cid Dee" "Ann Cid Dee Bob" "Ann Dee Bob Cid"; do
		tally --db seats1.db new golf $o > /dev/null 2>&1 || return 1
	done &&
	tally --db seats1.db seats > out &&
	grep_msg "1 of 4 players sits after someone they have not followed tonight (5 games so far)" out
'
test_done
