#!/bin/sh
# SPDX-License-Identifier: ISC
# The night report's sections as a player reads them: a game abandoned
# before any hand says so; a late arrival's line starts at the hand they
# joined at (their first row in the score table); a chart's axis ends
# near its lowest value, not a whole grid step below; a result too long
# for one line breaks between its clauses, never leaving one word alone.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

test_expect_success 'a night: golf with a late arrival, trash abandoned at once, a pad with a low of -200' '
	export TALLY_NOW=2026-11-21T00:30:00Z &&
	tally night start Charts > /dev/null &&
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=3 Bob=4 > /dev/null && tally hand Ann=2 Bob=5 > /dev/null &&
	tally join Cid > /dev/null &&
	for h in 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=2 Cid=3 > /dev/null 2>&1 || return 1; done &&
	tally new trash Ann Bob Cid Dee > /dev/null && tally end --abandon > /dev/null &&
	tally new pad Ann Bob > /dev/null &&
	tally hand Ann=-200 Bob=1000 > /dev/null && tally hand Ann=1000 Bob=1000 > /dev/null &&
	tally hand Ann=2000 Bob=1000 > /dev/null && tally hand Ann=2000 Bob=1000 > /dev/null &&
	tally end > /dev/null &&
	tally sheet night:1 -o n.pdf > /dev/null && pdftotext -layout n.pdf all
'
test_expect_success 'the abandoned game says it was abandoned, not that it has no hands yet' '
	grep -q "Trash #2" all &&
	grep -q "Abandoned before any hand was played" all && ! grep -q "Not played: no hands yet" all &&
	tally --json night 1 > j && grep -q "abandoned before any hand" j
'
test_expect_success 'the late arrival: the legend says when, the line starts at hole 3 of 9' '
	grep -q "joined at hole 3 with" all &&
	perl "$HERE/pdf-lines.pl" n.pdf 2 1.3 > lines && test "$(wc -l < lines)" -ge 3 &&
	first=$(sed -n 1p lines) && cid=$(sed -n 3p lines) &&
	x0=${first%%,*} && xn=$(echo "$first" | tr " " "\n" | tail -1) && xn=${xn%%,*} &&
	xc=${cid%%,*} &&
	awk -v a="$x0" -v b="$xn" -v c="$xc" "BEGIN { w = a + (b - a) * 3 / 9; exit !(c > w - 1 && c < w + 1) }"
'
test_expect_success 'the axis of a chart whose low is -200 stops near -200, not at -2000' '
	grep -q "Pad #3" all && ! grep -q -- "-2000" all && ! grep -q -- "-1000" all
'
test_expect_success 'a long result breaks at its clauses: no word alone on a line' '
	export TALLY_NOW=2026-11-21T01:30:00Z &&
	tally new hand-foot Ann+Dee Bob+Eve Cid+Fay -o rounds=4 > /dev/null &&
	tally hand --out Eve Eve=1c1d250m60o Bob=1d150m40l Ann=1c200m70o30l Dee=100m25l Cid=1d120m65o50l Fay=60l > /dev/null &&
	tally hand --out Ann Ann=1c2d300m90o Dee=80m20l Bob=1d200m95o35l Eve=90m45l Cid=150m100o40l Fay=1d120m30l > /dev/null &&
	tally hand --out Eve Eve=1c1d250m150o Bob=1d150m40l Ann=1c200m150o30l Dee=100m25l Cid=1d160m150o50l Fay=60l > /dev/null &&
	tally hand --out Ann Ann=1c2d300m160o Dee=80m20l Bob=1d200m160o35l Eve=90m45l Cid=160m160o40l Fay=1d120m30l > /dev/null &&
	tally sheet night:1 -o h.pdf > /dev/null && pdftotext -layout h.pdf hall &&
	sed -n "/^Hand & Foot #4/,/^Played:/p" hall | grep -v "^Played:" > head &&
	test "$(wc -l < head)" = 3 && grep -q "after 4 rounds\$" head &&
	! grep -Ev "[1-3](st|nd|rd) [A-Z][a-z]+ & [A-Z][a-z]+ [0-9,]+ \([^()]*\)(;| after 4 rounds)\$" head
'
test_done
