#!/bin/sh
# SPDX-License-Identifier: ISC
# A pad's pages are filled: a round that fits on page 1 is drawn there
# (Hand & Foot, blank and filled), not moved over to keep the last page
# company; a blank pad of no fixed length fills its pages: Bankrupt's is
# one sheet of two pages (a game runs far longer than any pad: a log),
# Chase the Ace's fills its one page past the rounds its lives last.
. "$(dirname "$0")/lib.sh"

page() { pdftotext -layout -f "$1" -l "$1" "$2" - 2>/dev/null; }

test_expect_success 'a blank Hand & Foot pad: rounds 1 to 3 on page 1, round 4 overleaf' '
	tally sheet hand-foot -o hf.pdf > /dev/null && page 1 hf.pdf > p1 && page 2 hf.pdf > p2 &&
	grep -q "Round 3 (meld 120)" p1 && ! grep -q "Round 4" p1 && grep -q "Round 4 (meld 150)" p2
'
test_expect_success 'a filled one the same, A4 too' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null &&
	tally hand --out Ann Ann=1c2d300m90o Bob=1d150m60o40l Cid=100m60o25l Dee=60l > /dev/null &&
	tally sheet 1 -o f.pdf > /dev/null && page 1 f.pdf | grep -q "Round 3" &&
	tally sheet hand-foot --paper a4 -o a4.pdf > /dev/null && page 1 a4.pdf | grep -q "Round 3"
'
pages() { pdfinfo "$1" 2>/dev/null | sed -n "s/^Pages: *//p"; }
test_expect_success 'a blank Bankrupt pad: two full pages, with or without players' '
	tally sheet bankrupt -o b.pdf > /dev/null && test "$(pages b.pdf)" = 2 &&
	page 2 b.pdf | grep -q "Round 15" &&
	tally sheet bankrupt --players 4 -o b4.pdf > /dev/null && test "$(pages b4.pdf)" = 2
'
test_expect_success 'a blank 4-player Chase the Ace pad fills its page: more rounds than 11' '
	tally sheet chase-ace --players 4 -o c.pdf > /dev/null && test "$(pages c.pdf)" = 1 &&
	pdftotext c.pdf - | grep -qx "Round 21" && ! pdftotext c.pdf - | grep -q "^Round 22"
'
test_done
