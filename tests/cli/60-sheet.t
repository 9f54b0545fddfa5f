#!/bin/sh
# SPDX-License-Identifier: ISC
# PDF score sheets (SPEC section 7): blank and filled, UTF-8 names and suit
# symbols, checked by their text (pdftotext) and by rendering (pdftoppm).
. "$(dirname "$0")/lib.sh"

# pdf_text FILE: the text of a PDF (66-sheet-clean.t checks stderr is quiet;
# here only the text matters).
pdf_text() { pdftotext -layout "$1" - 2>/dev/null; }
# renders FILE: pdftoppm draws page 1 to a non-empty PNG.
renders() {
	rm -f page-1.png page-01.png
	pdftoppm -png -r 40 -f 1 -l 1 "$1" page 2>/dev/null &&
	p=$(ls page-*.png) && test -s "$p"
}

test_expect_success 'a blank Golf sheet with names' '
	tally sheet golf -o blank.pdf Ann Bob "Zoë" > out && grep_msg "wrote blank.pdf" out &&
	head -c 5 blank.pdf | grep -q "%PDF-" &&
	pdf_text blank.pdf > text &&
	grep_msg "Golf" text && grep_msg "Zoë" text && grep_msg "Hole 9" text &&
	! grep -q "Hole 10" text && grep_msg "lowest total wins" text &&
	renders blank.pdf
'
test_expect_success 'a blank sheet without names, on A4, for 18 holes' '
	tally sheet golf -o a4.pdf --paper a4 --option holes=18 &&
	pdf_text a4.pdf > text && grep_msg "Hole 18" text &&
	pdfinfo a4.pdf 2>/dev/null | grep -q "595.* x 841" &&
	renders a4.pdf
'
test_expect_success 'a blank house sheet has the quarters box' '
	tally sheet golf -o house.pdf --option preset=house Ann Bob Cid &&
	pdf_text house.pdf > text && grep_msg "Quarters" text && renders house.pdf
'
test_expect_success 'a filled sheet: every hole, running totals, cards, quarters, jar, winner' '
	tally new golf Zoë José 李雷 Ann -o preset=house -o quarters=1 > /dev/null &&
	tally hand Zoë="Q♠ Q Q K" José="5 5 5 9" 李雷="10 J Q 9" Ann=3 > /dev/null &&
	tally hand Zoë=4 José=20 李=0 Ann=1 > /dev/null &&
	tally hand Zoë=4 李=0 Ann=1 José=0 > /dev/null &&
	tally sheet 1 -o filled.pdf > out && grep_msg "wrote filled.pdf" out &&
	pdf_text filled.pdf > text &&
	grep_msg "Zoë" text && grep_msg "José" text && grep_msg "李雷" text &&
	grep_msg "Q♠ Q Q K" text && grep_msg "10 J Q 9" text &&
	grep_msg "Hole 3" text && ! grep -q "Hole 4" text &&
	grep -Eq "39 *39|score +0 +9 +39 +3" text &&
	grep_msg "Winner: Ann" text && grep -Eq "Place +[0-9]+(st|nd|rd|th)" text &&
	renders filled.pdf
'
test_expect_success 'the default file name, and a game in progress' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann="K 3 5 A" Bob="Q J 10 2" --knock Ann > /dev/null &&
	tally sheet 2 > out && grep_msg "wrote golf-2.pdf" out &&
	pdf_text golf-2.pdf > text && grep_msg "In progress; next: hole 2 of 9" text &&
	grep -q "9 *9 *32 *32" text && renders golf-2.pdf
'
test_expect_success 'sheet errors' '
	expect_status 73 tally sheet golf -o /nonexistent/dir/x.pdf 2>err && grep_msg "cannot create" err &&
	expect_status 66 tally sheet bridge 2>/dev/null &&
	expect_status 66 tally sheet 99 2>/dev/null &&
	expect_status 64 tally sheet golf --paper legal 2>/dev/null
'
test_done
