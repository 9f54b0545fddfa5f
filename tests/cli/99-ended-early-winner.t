#!/bin/sh
# SPDX-License-Identifier: ISC
# A game ended early (tally end) has a result, as one abandoned has not
# (SPEC section 2: "close a game early (standings as they are)", and
# `winners` once it is over): the leaders win it, and every output calls
# them the same, winner, never "leading" (which is the night's word for a
# champion while a game is still going).
. "$(dirname "$0")/lib.sh"

test_expect_success 'show, list, history and night all say winner' '
	tally new golf Ann Bob Dée > /dev/null &&
	tally hand Ann=5 Bob=2 Dée=1 > /dev/null && tally end > /dev/null &&
	tally show > out && grep_msg "ended early; winner: Dée" out &&
	tally list > out && grep_msg "winner: Dée" out &&
	tally history > out && grep_msg "winner: Dée" out &&
	tally night > out && grep_msg "winner: Dée" out &&
	tally show > all && tally list >> all && tally history >> all && tally night >> all &&
	! grep -n "leading" all
'
test_expect_success 'the filled pad says winner too' '
	tally sheet 1 -o g.pdf > /dev/null &&
	pdftotext -layout g.pdf - > pad &&
	grep_msg "Ended early, winner: Dée" pad && ! grep -q "leading" pad
'
test_expect_success 'redo of an end says it as end does' '
	tally undo > /dev/null && tally redo > out && grep_msg "ended early; winner: Dée" out
'
test_done
