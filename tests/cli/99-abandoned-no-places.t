#!/bin/sh
# SPDX-License-Identifier: ISC
# An abandoned game (tally end --abandon) has no result: no places in show,
# on the filled pad, in the night report or in --json, and each says
# "abandoned".
. "$(dirname "$0")/lib.sh"

test_expect_success 'show: no rank row, "abandoned: no result"' '
	tally new golf Ann Bob Cid Dee Eve > /dev/null &&
	tally hand Ann=10 Bob=12 Cid=1 Dee=1 Eve=12 > /dev/null && tally end --abandon > /dev/null &&
	tally show 1 > out && grep_msg "abandoned: no result, counted nowhere" out &&
	! grep -q "^rank" out &&
	test "$(json_get "$(tally --json show 1)" "\$.players[2].rank")" = "" &&
	tally night > out && grep_msg "abandoned" out
'
test_expect_success 'the filled pad: no Place row; "Abandoned after 1 hole: no result"' '
	tally sheet 1 -o g.pdf > /dev/null &&
	pdftotext -layout g.pdf - > pad &&
	grep_msg "Abandoned after 1 hole: no result" pad &&
	! grep -q "Place" pad && ! grep -q "3rd" pad && ! grep -q "Ended early" pad
'
test_expect_success 'the night report: totals, no places, "abandoned ...: no result"' '
	tally sheet night:1 -o n.pdf > /dev/null &&
	pdftotext n.pdf - | tr "\n" " " > night &&
	grep_msg "abandoned after 1 hole: no result" night &&
	grep_msg "Ann: 10 points; Bob: 12 points" night &&
	! grep -q "points, [0-9]" night
'
test_done
