#!/bin/sh
# SPDX-License-Identifier: ISC
# A game belongs to the night it started in (SPEC), but a game set aside
# and continued on a later night is played there too: that night lists it
# ("continued from"), with the hands played on it, its play time counts
# them, its players were present that night (season attendance), and its
# result counts once, on the night its last hand was played on.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export TZ=America/New_York


test_expect_success 'Ann and Bob play one golf game over three weeks; Cid and Dee one a week' '
	on_clock 2026-11-14T00:00:00Z season start Fall &&
	on_clock 2026-11-21T00:30:00Z night start W1 && on_clock 2026-11-21T00:31:00Z new golf Ann Bob &&
	for m in 40 45 50; do on_clock 2026-11-21T00:$m:00Z hand Ann=3 Bob=$((m - 38)) || return 1; done &&
	on_clock 2026-11-21T01:00:00Z new golf Cid Dee && on_clock 2026-11-21T01:05:00Z hand Cid=1 Dee=2 &&
	on_clock 2026-11-28T00:30:00Z night start W2 && on_clock 2026-11-28T00:35:00Z use 1 &&
	for m in 40 45 50; do on_clock 2026-11-28T00:$m:00Z hand Ann=3 Bob=$((m - 38)) || return 1; done &&
	on_clock 2026-11-28T01:00:00Z new golf Cid Dee && on_clock 2026-11-28T01:05:00Z hand Cid=1 Dee=2 &&
	on_clock 2026-12-05T00:30:00Z night start W3 && on_clock 2026-12-05T00:35:00Z use 1 &&
	for m in 40 45 50; do on_clock 2026-12-05T00:$m:00Z hand Ann=3 Bob=$((m - 38)) || return 1; done &&
	on_clock 2026-12-05T01:00:00Z new golf Cid Dee && on_clock 2026-12-05T01:05:00Z hand Cid=1 Dee=2 &&
	tally show 1 > s && grep_msg "winner: Ann" s
'
test_expect_success 'the night it was continued on lists it, with its hands there' '
	tally night 2 > n2 && head -1 n2 > h2 &&
	grep_msg "night #2 \"W2\", started 2026-11-27 19:30, 2 games, play time 25 min" h2 &&
	grep_msg "Golf #1 continued from night #1 \"W1\": 3 holes tonight; continued later" n2
'
test_expect_success 'its result counts once, on the night its last hand was played on' '
	tally night 1 > n1 && grep_msg "Golf #1 continued on night #3 \"W3\" (3 holes here; its result counts there)" n1 &&
	! grep -q "^  [=1-9].* Ann " n1 && ! grep -q "^standings" n1 &&
	! grep -q "^  [=1-9].* Ann " n2 &&
	tally night 3 > n3 && grep_msg "Golf #1 continued from night #1 \"W1\": 3 holes tonight" n3 &&
	grep -q "^ *1st *Ann *1 " n3
'
test_expect_success 'every player who played each week was present each week' '
	TALLY_NOW=2026-12-05T02:00:00Z tally season Fall > z &&
	grep_msg "3 club nights" z &&
	for p in Ann Bob Cid Dee; do grep -q "^[0-9]* *$p *3/3 " z || { cat z; return 1; }; done
'
test_done
