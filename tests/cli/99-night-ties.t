#!/bin/sh
# SPDX-License-Identifier: ISC
# A tie is written one way all through the night report: "=1st" in the
# night's place column, in each game's column and in the game's standing;
# partners sharing their side's place are no tie.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a tie in a game: "=1st" in the text report, both columns' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=1 Cid=5 > /dev/null &&
	tally end > /dev/null &&
	tally night > out &&
	grep -q "^  =1st   Ann        1  1.0  =1st$" out &&
	grep -q "^  =1st   Bob        1  1.0  =1st$" out &&
	grep -q "^  3rd    Cid        0  3.0  3rd$" out
'
test_expect_success 'the night PDF: "=1st" in the game column and the standing' '
	tally sheet night:1 -o n.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 n.pdf - > p1 &&
	grep -q "=1st *Ann *1 *1.0 *=1st" p1 && grep -q "3rd *Cid *0 *3.0 *3rd" p1 &&
	pdftotext -f 2 -l 2 n.pdf - > p2 && grep_msg "1 point, =1st (winner)" p2
'
test_done
