#!/bin/sh
# SPDX-License-Identifier: ISC
# Trash, Account, Spite and Malice and the patience games at the command
# line: the next contract, refusals that store nothing, JSON, sheets.
. "$(dirname "$0")/lib.sh"

pdf_text() { pdftotext -layout "$1" - 2>/dev/null; }
renders() { pdftoppm -png -r 30 -f 1 -l 1 "$1" "$1" 2>/dev/null && test -s "$1-1.png"; }

test_expect_success 'Trash: tally says the contract, a whole game of 12 for 4' '
	tally new trash Ann Bob Cid Dee > out && grep_msg "hand 1 of 12: tricks" out &&
	tally hand Ann=4 Bob=3 Cid=5 Dee=1 > out && grep_msg "next: hand 2 of 12: hearts" out &&
	tally show --json > before.json &&
	expect_status 65 tally hand Ann=4 Bob=3 Cid=5 2>err && grep_msg "add up to 12" err &&
	tally show --json > after.json && test_cmp before.json after.json &&
	tally hand Ann=13 > /dev/null && tally hand Bob=2 Cid=2 > /dev/null && tally hand Dee=4 > /dev/null &&
	tally hand --last Ann > out && grep_msg "domino" out &&
	tally hand --first Bob --second Cid > /dev/null && tally hand --first Dee --second Ann > /dev/null &&
	tally hand --last Bob > /dev/null && tally hand Cid=4 > /dev/null && tally hand Ann=4 > /dev/null &&
	tally hand Bob=13 > /dev/null && tally hand Ann=13 > out && grep_msg "winner: Dee" out &&
	j=$(tally show --json) &&
	sum=$(printf "%s" "$j" > j.json; sqlite3 :memory: "SELECT sum(json_extract(value, \"\$.total\")) FROM json_each(json_extract(CAST(readfile(\"j.json\") AS TEXT), \"\$.players\"))") &&
	test "$sum" = 540
'
test_expect_success 'Trash: the sheet is the club score pad with the contracts' '
	tally sheet trash -o t0.pdf A B C D E F && pdf_text t0.pdf > t &&
	grep_msg "1 Tricks" t && grep_msg "6 Domino" t && grep_msg "7 Domino" t && grep_msg "12 Tricks" t &&
	tally sheet 1 -o t1.pdf && pdf_text t1.pdf > t && grep_msg "Winner: Dee" t && renders t1.pdf
'
test_expect_success 'Account: retirements, the deal end, warnings' '
	tally new account Ann Bob Cid Dee > /dev/null &&
	tally hand --out Bob Ann=5 Cid=2 Dee=7 > out && grep_msg "Bob retires with 14" out &&
	expect_status 65 tally hand --out Dee Ann=3 Bob=4 Cid=4 2>err && grep_msg "Bob is out of this deal" err &&
	tally hand --out Dee Ann=3 Cid=4 > /dev/null &&
	tally hand --out Ann Cid=6 > out && grep_msg "Cid is left and scores 0" out &&
	grep_msg "deal 2, retirement 1" out &&
	tally hand --out Ann Bob=1 Cid=1 Dee=1 > /dev/null &&
	tally hand --out Bob Cid=2 Dee=3 2>err > /dev/null && grep_msg "warning: Bob scores 5 after 3" err &&
	test "$(totals 2)" = "Ann=9 Bob=19 Cid=0 Dee=7" &&
	tally sheet 2 -o a1.pdf && renders a1.pdf
'
test_expect_success 'Spite and Malice: soft, then Hollywood with its JSON columns' '
	tally new spite-malice Ann Bob -o match_target=50 > /dev/null &&
	tally hand --out Ann Bob=9 > out && grep_msg "Ann +9" out &&
	expect_status 65 tally hand --out Bob Ann=0 2>err && grep_msg "Ann played out and is the winner" err &&
	tally hand --abandoned > out && grep_msg "abandoned" out &&
	tally new spite-malice Ann Bob -o scoring=hollywood > /dev/null &&
	tally hand --out Ann Bob=9 > /dev/null && tally hand --out Bob Ann=14 > /dev/null &&
	tally hand --out Ann Bob=5 > /dev/null && tally hand --out Ann Bob=12 > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.hollywood")" = "[[26,14],[17,0],[12,0]]" &&
	tally show > out && grep_msg "game 1 Ann 26, Bob 14" out &&
	tally sheet 4 -o s.pdf && renders s.pdf
'
test_expect_success 'the patience games: plays, wins, rate and the published odds' '
	tally new royal-marriage Ann Bob > /dev/null &&
	tally hand Ann=2 Ann.survivors="QH KH" Bob=14 > /dev/null &&
	tally hand Ann=8 > /dev/null &&
	expect_status 65 tally hand Bob=2 Bob.survivors="QS KH" 2>err && grep_msg "Q♥ and K♥" err &&
	tally show > out && grep_msg "Ann: 2 plays, 1 win, win rate 50.0%" out &&
	grep_msg "about 19% (seed)" out && grep_msg "Bob: 1 play, 0 wins" out &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.players[0].wins")" = 1 &&
	test "$(json_get "$j" "\$.players[0].plays")" = 2 &&
	tally end > out && grep_msg "ended early; winner: Ann" out &&
	tally new accordion Zoë > /dev/null && tally hand Zoë=4 > out && grep_msg "soft win" out ||
	tally show | grep -q "soft win"
'
test_expect_success 'Cribbage Solitaire: events with cards, and the patience log sheet' '
	tally new cribbage-solitaire Ann Bob > /dev/null &&
	tally hand Ann="pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H strflush3:QD,JD,10D fifteen3:2D,3S,10C" Bob=64 > /dev/null &&
	tally show > out && grep -q "24 *64: win" out &&
	expect_status 65 tally hand Ann="pair:9D,9S trips:9D,9S,9H" 2>err && grep_msg "already scored as a pair" err &&
	tally sheet cribbage-solitaire -o p0.pdf Ann Bob && pdf_text p0.pdf > t && grep_msg "Patience log" t &&
	tally sheet 7 -o p1.pdf && pdf_text p1.pdf > t && grep_msg "64: win" t && renders p1.pdf
'
test_expect_success 'every game has rules, a blank sheet and an example that parses' '
	for g in $(tally games --json | sed "s/\"name\":\"\\([^\"]*\\)\"/\\n\\1\\n/g" | grep -E "^[a-z-]+$"); do
		tally rules $g > r.txt || return 1
		grep -q "^Example" r.txt || return 1
		tally sheet $g -o blank-$g.pdf > /dev/null || return 1
		renders blank-$g.pdf || return 1
	done
'
test_done
