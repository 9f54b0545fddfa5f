#!/bin/sh
# SPDX-License-Identifier: ISC
# A game ended (tally end) before any hand was played has no result: no
# hands, so no leaders to win it and no places (README "Nothing is lost by
# one command": a game with no hands counts nowhere).  Every output says
# so, never "winner: " with nobody after it.
. "$(dirname "$0")/lib.sh"

test_expect_success 'end with no hands: show says no hands were played and there is no winner' '
	tally new golf Ann Bob > /dev/null &&
	tally end > out && grep_msg "ended with no holes played: no winner" out &&
	! grep -q "winner: *$" out && ! grep -q "^rank" out &&
	tally show > out && grep_msg "ended with no holes played: no winner" out && ! grep -q "^rank" out
'
test_expect_success '--json: no winners and no places' '
	j=$(tally --json show) && test "$(json_get "$j" "\$.winners")" = "[]" &&
	test "$(json_get "$j" "\$.players[0].rank")" = "" && test "$(json_get "$j" "\$.hands")" = 0
'
test_expect_success 'list and night say it too' '
	tally list > out && grep_msg "ended with no holes played: no winner" out &&
	tally night > out && grep_msg "ended with no holes played: no winner" out &&
	j=$(tally --json night) &&
	test "$(json_get "$j" "\$.night.played[0].result")" = "ended with no holes played: no winner"
'
test_expect_success 'the filled pad says it, with no Place row' '
	tally sheet 1 -o g.pdf > /dev/null &&
	pdftotext -layout g.pdf - > pad &&
	grep_msg "Ended with no holes played: no winner" pad &&
	! grep -q "Place" pad && ! grep -q "winner: *$" pad
'
test_expect_success 'undo opens it again; redo ends it as it was' '
	tally undo > out && grep_msg "undid end" out &&
	tally redo > out && grep_msg "ended with no holes played: no winner" out
'
test_done
