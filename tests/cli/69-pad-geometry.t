#!/bin/sh
# SPDX-License-Identifier: ISC
# Pads as forms: every game's pad, blank at 2, 4 and the most players it
# takes, on letter and A4, and filled, measured from the PDF itself
# (pdf-geometry.pl: rows 7-10 mm, no column under its least width, type
# by role, a true minus, thin rules at 0.4 pt and 50% grey, no word
# across a rule or off the page, "page K of N"); page counts; the
# footer states only the options in force; the PDF's metadata.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

geometry() { perl "$HERE/pdf-geometry.pl" "$@"; }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }
# footer FILE: the option lines of the footer (the lines after
# "Played:" that state an option, "Name: value.").
footer() {
	pdftotext -layout "$1" - 2>/dev/null | sed -n '/Played:/,$p' | grep -v '^Played:' |
	    grep -E '^[A-Z][^:]*: [^ ].*\.$' || true
}
example() { tally rules "$1" | sed -n '/^Example:/{n;s/^ *tally hand //;p;}'; }
players() {
	case $1 in bankrupt) echo Bob Ann Cid Dee; return ;; esac
	example "$1" | grep -o '[A-Z][a-z][a-z]*' | awk '!seen[$0]++' | tr '\n' ' '
}

tally games > games
while read -r game rest; do
	most=$(echo "$rest" | grep -o '[0-9]* players' | cut -d' ' -f1)
	least=$(echo "$rest" | grep -o '[0-9]* to' | cut -d' ' -f1)
	least=${least:-$most}
	counts=$(for n in 2 4 "$most"; do [ "$n" -ge "$least" ] && [ "$n" -le "$most" ] && echo "$n"; done | sort -nu | tr '\n' ' ')
	test_expect_success "$game: blank pads for $counts players, letter and A4, measure up; no option lines" '
		for n in '"$counts"'; do
			for paper in letter a4; do
				tally sheet '"$game"' --players $n --paper $paper -o b$n$paper.pdf > /dev/null &&
				geometry b$n$paper.pdf && test -z "$(footer b$n$paper.pdf)" || return 1
			done
		done
	'
	test_expect_success "$game: a filled pad measures up" '
		tally new '"$game"' $(players '"$game"') > /dev/null &&
		eval "tally hand $(example '"$game"')" > /dev/null &&
		tally sheet -o filled-'"$game"'.pdf > /dev/null && geometry filled-'"$game"'.pdf
	'
done < games

test_expect_success 'blank 3- and 4-player Gin and Account pads print' '
	tally sheet gin --players 3 -o gin3.pdf > /dev/null && tally sheet gin --players 4 -o gin4.pdf > /dev/null &&
	tally sheet account --players 3 -o acc3.pdf > /dev/null && tally sheet account --players 4 -o acc4.pdf > /dev/null &&
	for f in gin3 gin4 acc3 acc4; do geometry $f.pdf || return 1; done &&
	expect_status 64 tally sheet gin --players 5 2>/dev/null
'
test_expect_success 'page counts: a short pad prints twice on one page; 51 players go on pages side by side' '
	tally sheet golf --players 4 -o g4.pdf > /dev/null && geometry g4.pdf 1 &&
	test "$(pdftotext g4.pdf - | grep -c "^Hole 9")" = 2 &&
	tally sheet chase-ace --players 51 -o ca.pdf > /dev/null && geometry ca.pdf &&
	test "$(pages ca.pdf)" -ge 6 && test $(( $(pages ca.pdf) % 6 )) = 0
'
test_expect_success 'a filled pad: the hands played, the last page never one hand alone, numbered, a true minus' '
	tally new pad Ann Bob -o hands=27 > /dev/null &&
	i=1; while [ $i -le 27 ]; do tally hand Ann=$i Bob=-$i > /dev/null 2>&1 || return 1; i=$((i + 1)); done &&
	tally sheet -o pad27.pdf > /dev/null && geometry pad27.pdf 2 &&
	test "$(pdftotext -f 2 -l 2 -layout pad27.pdf - | grep -cE "^ *2[0-9] ")" -ge 2 &&
	pdftotext pad27.pdf - | grep -q "^−378$" &&
	pdfinfo pad27.pdf | grep -q "^Title: *Pad #.* — .* — Ann, Bob$" &&
	pdfinfo pad27.pdf | grep -q "^Author: *tally" && pdfinfo pad27.pdf | grep -q "^CreationDate: .*20"
'
test_expect_success 'an open game prints its hands and a few spare rows, not the whole blank pad' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=5 > /dev/null &&
	tally sheet -o open.pdf > /dev/null && geometry open.pdf 1 &&
	pdftotext open.pdf - | grep -q "^Hole 4$" && ! pdftotext open.pdf - | grep -q "^Hole 5$"
'
test_expect_success 'the footer: Bankrupt with ante=5 says 5 only; 6-card Golf says columns cancel' '
	tally sheet bankrupt --option ante=5 -o b5.pdf > /dev/null && footer b5.pdf > f &&
	test "$(cat f)" = "The ante of a round: 5." && ! pdftotext b5.pdf - | grep -qi "ante 9" &&
	tally new golf -o layout=6 Ann Bob > /dev/null && tally sheet -o g6.pdf > /dev/null && footer g6.pdf > f &&
	grep -qx "Cards in each layout: 6\." f && grep -qx "Which equal cards score zero: columns\." f &&
	! pdftotext g6.pdf - | grep -qi "no cancelling" && ! pdftotext g6.pdf - | grep -qiE "seed|pagat"
'
test_expect_success 'a substitute is on the pad: who came in for whom, from which hand' '
	tally new golf Ann Hal > /dev/null && tally hand Ann=3 Hal=5 > /dev/null &&
	tally sub Hal Max > /dev/null 2>&1 && tally hand Ann=3 Max=5 > /dev/null 2>&1 &&
	tally sheet -o sub.pdf > /dev/null && geometry sub.pdf 1 &&
	pdftotext sub.pdf - | grep -q "Hal → Max from hole 2"
'
test_done
