#!/bin/sh
# SPDX-License-Identifier: ISC
# A game's play time is its time at the table: a game set aside and
# continued on a later night counts its sittings, never the days between
# (core/when.h when_sittings; SPEC: a night runs past midnight, so a game
# played through midnight is one sitting).  The same in show, history,
# stats, the night and the apps export.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export TZ=America/New_York


test_expect_success 'a golf game played 28 min one week and 5 min the next' '
	on_clock 2026-11-21T00:30:00Z night start W1 &&
	on_clock 2026-11-21T00:31:00Z new golf Ann Bob &&
	for m in 40 50 59; do on_clock 2026-11-21T00:$m:00Z hand Ann=3 Bob=4 || return 1; done &&
	on_clock 2026-11-28T00:30:00Z night start W2 && on_clock 2026-11-28T00:35:00Z use 1 &&
	for m in 40 41 42 43 44 45; do on_clock 2026-11-28T00:$m:00Z hand Ann=$((m - 38)) Bob=4 || return 1; done &&
	tally show 1 > show && grep_msg "play time: 33 min" show
'
test_expect_success 'history, its JSON and CSV: 33 min, not a week' '
	tally history > h && grep -q "^ *#1 .* 33 min " h &&
	tally history --json > hj && grep_msg "\"play_minutes\":33," hj &&
	tally history --csv > hc && grep -q ",9,33," hc
'
test_expect_success 'stats averages the time at the table' '
	tally stats > st && grep -q "^ *golf *33 min (1 game)" st
'
test_expect_success 'the night it started plays only its own hands: 28 min' '
	tally night 1 > n1 && grep_msg "play time 28 min" n1 &&
	! grep -q "168 h" n1
'
test_expect_success 'a game through midnight is one sitting' '
	on_clock 2026-12-05T04:50:00Z new golf Ann Bob &&
	for t in 04:55 05:05 05:15; do on_clock 2026-12-05T$t:00Z hand Ann=1 Bob=2 || return 1; done &&
	tally show 2 > show2 && grep_msg "play time: 25 min" show2
'
test_expect_success 'and one continued the next morning after the night ends (06:00) is two' '
	on_clock 2026-12-05T11:10:00Z use 2 && on_clock 2026-12-05T11:20:00Z hand Ann=1 Bob=2 &&
	on_clock 2026-12-05T11:30:00Z hand Ann=1 Bob=2 &&
	tally show 2 > show3 && grep_msg "play time: 35 min" show3
'
test_done
