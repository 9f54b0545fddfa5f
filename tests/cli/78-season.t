#!/bin/sh
# SPDX-License-Identifier: ISC
# A season: a named range of days with a league table.  Members by wins,
# then win %, then games, with the club nights each came to, their best
# rating as the season ended and the most improved player; guests apart.
. "$(dirname "$0")/lib.sh"

# play WHEN A B C: a finished one-hand pad (low wins) at WHEN
play() {
	TALLY_NOW=$1 tally new pad "$2" "$3" "$4" -o hands=1 > /dev/null &&
	TALLY_NOW=$1 tally hand "$2=1" "$3=5" "$4=9" > /dev/null
}

test_expect_success 'a season starts and ends, and season: picks its games' '
	play 2026-02-24T20:00:00Z Ann Bob Cid &&
	TALLY_NOW=2026-03-01T12:00:00Z tally season start Spring > out && grep_msg "season Spring starts today" out &&
	play 2026-03-03T20:00:00Z Bob Ann Cid && play 2026-03-03T20:05:00Z Dee Gus Eve &&
	play 2026-03-10T20:00:00Z Bob Cid Ann && play 2026-03-17T20:00:00Z Ann Bob Dee &&
	TALLY_NOW=2026-03-20T12:00:00Z tally season end > /dev/null &&
	play 2026-03-24T20:00:00Z Cid Bob Ann &&
	tally season > out && grep_msg "Spring               2026-03-01 to 2026-03-20" out &&
	test "$(tally --json history season:Spring | grep -o "\"game\":" | wc -l)" = 4 &&
	expect_status 64 tally season start Spring 2> err && grep_msg "there is a season Spring already" err
'

test_expect_success 'the league table: members by wins, nights, rating, most improved; guests apart' '
	tally player guest Gus > out && grep_msg "Gus is a guest" out &&
	tally season Spring > table &&
	grep_msg "season Spring: 2026-03-01 to 2026-03-20, 3 club nights" table &&
	# Bob won twice in 3 games; Dee once in 2, then Ann once in 3 (win %);
	# Cid none in 2, Eve none in 1 (games)
	sed -n 3p table | grep -q "^1  *Bob  *3/3  *3  *2  *66.7  Pad" &&
	sed -n 4p table | grep -q "^2  *Dee  *2/3  *2  *1  *50.0" &&
	sed -n 5p table | grep -q "^3  *Ann  *3/3  *3  *1  *33.3" &&
	sed -n 6p table | grep -q "^4  *Cid  *2/3  *2  *0" &&
	sed -n 7p table | grep -q "^5  *Eve  *1/3  *1  *0" &&
	grep_msg "most improved: Bob" table &&
	grep_msg "guests: Gus (1 night, 1 game, 0 wins)" table &&
	! grep -q "^[0-9].* Gus" table &&
	j=$(tally --json season Spring) &&
	test "$(json_get "$j" "\$.table[0].player")" = Bob &&
	test "$(json_get "$j" "\$.guests[0].player")" = Gus &&
	test "$(json_get "$j" "\$.most_improved.player")" = Bob &&
	tally player member Gus > /dev/null && tally season Spring | grep -q "^[0-9].* Gus"
'

test_expect_success 'stats season: opens with the leaderboard of those games' '
	tally stats season:Spring > out && head -1 out | grep -q "^leaderboard" &&
	grep -q "^Bob  *3  *2  *66.7" out &&
	tally stats since:2026-03-20 > out && grep -q "^Cid  *1  *1 *100.0" out
'

test_expect_success 'an unknown season and bad dates are refused' '
	expect_status 66 tally season Autumn 2> err && grep_msg "no season '\''Autumn'\''" err &&
	expect_status 64 tally season start Autumn 2026-02-30 2> err && grep_msg "is not a date" err
'

test_done
