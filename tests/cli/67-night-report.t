#!/bin/sh
# SPDX-License-Identifier: ISC
# The night report: a summary page first, then one
# section per game, three to a page, charted by what decides it where at
# least three hands were played (fewer: the standings in words); a game
# with no hands is listed as not played and never breaks the report.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/pdf-layout.sh"

# page N FILE: the text of page N.
page() { pdftotext -layout -f "$1" -l "$1" "$2" - 2>/dev/null; }

test_expect_success 'a night with a finished game, an open game and an empty one' '
	export TZ=America/New_York TALLY_NOW=2026-11-21T00:30:00Z &&
	tally night start "Friday at Ann'"'"'s" > /dev/null &&
	tally new golf Ann Bob Cid > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=2 Cid=3 > /dev/null || return 1; done &&
	tally new golf Ann Bob Cid Dee -o preset=house > /dev/null &&
	tally hand Ann=3 Bob=12 Cid=20 Dee=0 > /dev/null &&
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally sheet night:1 -o night.pdf > out && grep_msg "wrote night.pdf" out &&
	test "$(pdfinfo night.pdf 2>/dev/null | sed -n "s/^Pages: *//p")" = 2
'
test_expect_success 'page 1 is the summary: games, winners, lengths, players with a place per game played, local time' '
	page 1 night.pdf > p1 &&
	grep_msg "started 2026-11-20 19:30" p1 && grep_msg "still going" p1 &&
	grep -q "^ *1 *Golf *Ann *9 holes" p1 &&
	grep -q "^ *2 *Golf *in progress *1 hole " p1 &&
	grep -q "^ *3 *Trash *not played *0 hands" p1 &&
	grep -q "Place *Player *Wins *Avg place *Golf #1 *\$" p1 && ! grep -q "Trash #3" p1 &&
	grep -q "^ *1st *Ann *1 *1.0 *1st *\$" p1 &&
	grep -q "^ *3rd *Cid *0 *3.0 *3rd *\$" p1 && ! grep -q "^ *[0-9=].* Dee " p1 &&
	grep_msg "Place: most wins" p1 && ! grep -q "Golf #1 *winner" p1
'
test_expect_success 'game sections: legend, what decides the game, no stray labels' '
	page 2 night.pdf > p2 &&
	grep_msg "Golf #1" p2 && grep_msg "winner: Ann after 9 holes" p2 &&
	grep_msg "9 points, 1st (winner)" p2 && grep_msg "Played: the standard rules" p2 &&
	grep_msg "Golf #2" p2 && grep_msg "in progress after 1 hole" p2 &&
	grep_msg "in progress after 1 hole. Ann: 4 quarters, 2nd so far" p2 && grep_msg "Cid: 3 quarters, 4th" p2 &&
	grep_msg "Played: house rules" p2 && test "$(grep -c "^ *holes *$" p2)" = 1 &&
	! grep -q "\*" p2 &&
	grep_msg "Trash #3" p2 && grep_msg "Not played: no hands yet. Players: Ann, Bob, Cid, Dee." p2
'
test_expect_success 'the layout from the PDF itself: inside the page, no overlaps, nothing under 7 pt' '
	layout_ok night.pdf 7 && pdftotext night.pdf /dev/null 2> warn && ! test -s warn &&
	pdffonts night.pdf | grep -q "DejaVuSans.* yes yes yes" &&
	pdftoppm -png -r 50 night.pdf night 2>/dev/null && test -s night-1.png && test -s night-2.png
'
test_expect_success 'players level on wins and average place share a place, marked =' '
	tally night start Ties > /dev/null &&
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=3 > /dev/null && tally end > /dev/null &&
	tally sheet night:2 -o ties.pdf > /dev/null && page 1 ties.pdf > t1 &&
	grep -q "^ *=1st *Ann" t1 && grep -q "^ *=1st *Bob" t1 && grep_msg "marks a tie" t1
'
test_expect_success 'a night whose only game has no hands yet' '
	tally night start Empty > /dev/null && tally new golf Ann Bob > /dev/null &&
	tally sheet night:3 -o empty.pdf > /dev/null && page 1 empty.pdf > e1 &&
	grep -q "^ *5 *Golf *not played" e1 && layout_ok empty.pdf 7
'
test_expect_success 'charts: six players in six line styles; a player keeps colour and style all night' '
	tally night start Styles > /dev/null &&
	tally new pad Ann Bob Cid Dee Eve Fay > /dev/null &&
	for h in 1 2 3; do tally hand Ann=1 Bob=2 Cid=3 Dee=4 Eve=5 Fay=6 > /dev/null || return 1; done &&
	tally new pad Fay Ann > /dev/null &&
	for h in 1 2 3; do tally hand Fay=1 Ann=2 > /dev/null || return 1; done &&
	tally sheet night:4 -o styles.pdf > /dev/null &&
	perl "$HERE/pdf-strokes.pl" styles.pdf 2 1.3 > lines && test "$(wc -l < lines)" = 8 &&
	test "$(head -6 lines | sed "s/.*\[/[/" | sort -u | wc -l)" = 6 &&
	test "$(sed -n 7p lines)" = "$(sed -n 6p lines)" && test "$(sed -n 8p lines)" = "$(sed -n 1p lines)" &&
	layout_ok styles.pdf 7
'
test_done
