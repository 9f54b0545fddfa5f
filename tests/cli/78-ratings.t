#!/bin/sh
# SPDX-License-Identifier: ISC
# `tally ratings`, Weng-Lin (Plackett-Luce) ratings over a fixture
# of three nights.  The expected ordering is stated with each check.
. "$(dirname "$0")/lib.sh"

# rating PLAYER GAME FIELD: one field of one row of ratings --json
# (FIELD_type: its JSON type, "null" for a null)
rating() {
	tally --json ratings > r.json || return 1
	case $3 in
	*_type) what="json_type(value, '\$.${3%_type}')" ;;
	*) what="json_extract(value, '\$.$3')" ;;
	esac
	sqlite3 :memory: "SELECT $what FROM json_each(CAST(readfile('r.json') AS TEXT))
	    WHERE json_extract(value, '\$.player') = '$1' AND json_extract(value, '\$.game') = '$2'"
}
# order GAME: the players of GAME, best ordinal first, as ratings lists them
order() {
	tally --json ratings > r.json || return 1
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.player'), ' ')
	    FROM json_each(CAST(readfile('r.json') AS TEXT)) WHERE json_extract(value, '\$.game') = '$1'"
}
# rummy A B C D at TIME: a one-hand high pad, points as given
rummy() {
	TALLY_NOW=$1 tally new pad Ann Bob Cid Dee -o title=Rummy -o direction=high -o hands=1 > /dev/null &&
	TALLY_NOW=$1 tally hand Ann=$2 Bob=$3 Cid=$4 Dee=$5 > /dev/null
}

test_expect_success 'no games, no ratings; an open game is not rated' '
	tally ratings > out && grep_msg "no finished games" out &&
	TALLY_NOW=2026-11-01T19:00:00Z tally new pad Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-01T19:00:00Z tally hand Ann=1 Bob=2 > /dev/null &&
	test "$(tally --json ratings)" = "[]"
'
test_expect_success 'night 1: a two-player game moves both by the closed form (27.635231, 8.065506)' '
	TALLY_NOW=2026-11-06T19:00:00Z tally new pad Ann Bob -o title=Duel -o direction=high -o hands=1 > /dev/null &&
	TALLY_NOW=2026-11-06T19:10:00Z tally hand Ann=10 Bob=5 > /dev/null &&
	test "$(rating Ann Duel mu)" = 27.635231 && test "$(rating Ann Duel sigma)" = 8.065506 &&
	test "$(rating Bob Duel mu)" = 22.364769 && test "$(rating Bob Duel games)" = 1 &&
	test "$(rating Ann Duel change)" = 3.438712
'
test_expect_success 'night 2: Ann > Bob > Cid > Dee at Rummy; a tie for third costs the stronger more' '
	rummy 2026-11-13T19:00:00Z 40 30 20 10 && rummy 2026-11-13T19:30:00Z 40 30 20 10 &&
	test "$(order Rummy)" = "Ann Bob Cid Dee" &&
	c0=$(rating Cid Rummy mu) && d0=$(rating Dee Rummy mu) &&
	rummy 2026-11-13T20:00:00Z 40 30 5 5 &&
	c1=$(rating Cid Rummy mu) && d1=$(rating Dee Rummy mu) &&
	test "$(order Rummy)" = "Ann Bob Cid Dee" &&
	# tied behind Ann and Bob both lose, and Cid, tied with a weaker
	# player, loses more than Dee (Cid 24.20 -> 21.93, Dee 17.65 -> 16.59)
	awk -v c0=$c0 -v c1=$c1 -v d0=$d0 -v d1=$d1 "BEGIN { exit !(c0 - c1 > d0 - d1 && d0 - d1 > 0) }" &&
	test "$c1" = 21.932397 &&
	test "$(rating Ann Duel change_type)" = null
'
test_expect_success 'night 3: Chase the Ace ranks by order of elimination: Cid > Bob > Ann' '
	TALLY_NOW=2026-11-20T19:00:00Z tally new chase-ace Ann Bob Cid -o lives=1 > /dev/null &&
	TALLY_NOW=2026-11-20T19:05:00Z tally hand Ann=2 Bob=9 Cid=K > /dev/null &&
	TALLY_NOW=2026-11-20T19:10:00Z tally hand Bob=9 Cid=K > /dev/null &&
	test "$(order chase-ace)" = "Cid Bob Ann" &&
	rummy 2026-11-20T20:00:00Z 40 30 20 50 &&
	test "$(rating Ann Rummy games)" = 4 && test "$(order Rummy | cut -d" " -f1)" = Ann &&
	awk -v x=$(rating Dee Rummy change) -v y=$(rating Cid Rummy change) "BEGIN { exit !(x > 0 && y < 0) }" &&
	test "$(rating Ann Duel change_type)" = null && test "$(rating Ann Duel games)" = 1 &&
	test "$(rating Dee Rummy change_type)" = real
'
test_expect_success 'text, csv and the query pick rows; check recomputes them' '
	tally ratings > out && grep -q "^Cid  *chase-ace" out && grep_msg "last night" out &&
	# Ann played Duel on an earlier night: no change to show, not +0.00
	grep -q "^Ann  *Duel  *[0-9.]*  *[0-9.]*  *[0-9.-]*  *1  *-$" out &&
	grep -q "^Dee  *Rummy  .* +[0-9.]*$" out &&
	tally ratings --csv > out && head -1 out | tr -d "\r" | grep -q "^player,game,mu,sigma,ordinal,games,change$" &&
	grep -q "^\"Ann\",\"Rummy\",[0-9.]*,[0-9.]*,[0-9.-]*,4,[0-9.-]*.$" out &&
	# not at last night'"'"'s tables: an empty change, as the text'"'"'s "-", not 0
	grep -q "^\"Ann\",\"Duel\",[0-9.]*,[0-9.]*,[0-9.-]*,1,.$" out &&
	test "$(wc -l < out)" = 10 &&
	test "$(tally --json ratings player:Ann | grep -o "\"player\"" | wc -l)" = 3 &&
	test "$(tally --json ratings game:pad | grep -o "\"player\"" | wc -l)" = 6 &&
	expect_status 64 tally ratings with:Bob 2> err && grep_msg "player:NAME" err &&
	tally check > out && grep_msg "ratings recompute" out
'
test_expect_success 'stats with no query opens with the club leaderboard' '
	tally stats > out && head -1 out | grep -q "^leaderboard  *games  *wins  *win%  *best rated game" &&
	# Ann: 6 finished games (the open pad does not count), 4 wins, best rated at Rummy
	grep -q "^Ann  *6  *4  *66.7  Rummy (9.97)" out && sed -n 2p out | grep -q "^Ann" &&
	grep -q "^player  *game  *games" out &&
	j=$(tally --json stats) && test "$(json_get "$j" "\$.leaderboard[0].player")" = Ann &&
	test "$(json_get "$j" "\$.leaderboard[0].best_rated.game")" = Rummy &&
	test "$(json_get "$j" "\$.leaderboard[0].wins")" = 4 &&
	tally stats player:Ann > out && ! grep -q leaderboard out
'
test_expect_success 'the night summary shows each player rating change that night' '
	night=$(sqlite3 "$TALLY_DB" "SELECT night_id FROM game WHERE kind = '"'chase-ace'"'") &&
	tally night $night > out && grep_msg "rating change tonight" out &&
	grep -q "^  Dee: Rummy +" out && grep -q "^  Cid: chase-ace +3.25 Rummy -" out &&
	j=$(tally --json night $night) && test "$(json_get "$j" "\$.night.games")" = 2 &&
	printf "%s" "$j" > n.json &&
	test "$(sqlite3 :memory: "SELECT json_extract(value, '"'\$.change'"') > 0 FROM json_each(json_extract(CAST(readfile('"'n.json'"') AS TEXT), '"'\$.night.ratings'"'))
	    WHERE json_extract(value, '"'\$.player'"') = '"'Dee'"'")" = 1 &&
	test "$(json_get "$(tally --json night 2)" "\$.night.ratings[0].change")" = 3.438712 &&
	expect_status 66 tally night 99 2> /dev/null
'
test_expect_success 'the ratings kept by the writer match the games; check finds a tampered one' '
	tally --json ratings > kept.json &&
	cp "$TALLY_DB" fresh.db && sqlite3 fresh.db "DELETE FROM rating_state" &&
	TALLY_DB=fresh.db tally --json ratings > worked.json && test_cmp kept.json worked.json &&
	# reopening the last game by undo, then finishing it again, keeps them right
	tally undo -g 7 > /dev/null && tally check > out && grep_msg "ok:" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT games FROM rating WHERE kind = '"'pad:high:Rummy'"' LIMIT 1")" = 3 &&
	tally redo -g 7 > /dev/null && tally --json ratings > again.json && test_cmp kept.json again.json &&
	sqlite3 "$TALLY_DB" "UPDATE rating SET mu = mu + 0.5 WHERE kind = '"'chase-ace'"'" &&
	expect_status 70 tally check > out 2> err && grep_msg "ratings kept differ" out
'
test_done
