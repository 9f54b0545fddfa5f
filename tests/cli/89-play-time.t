#!/bin/sh
# SPDX-License-Identifier: ISC
# Play time: a game's from its start to its last hand (the hands are
# stored with their UTC times), a night's from its first game's start to
# its last hand; under two hands it is not known (JSON null, nothing
# printed), never 0.  Shown by show, history, stats (the average per game
# of each kind), tally night, the filled pad and the night report, and
# the same minutes go to the apps' exports (core/when.h when_played).
. "$(dirname "$0")/lib.sh"

at() { TALLY_NOW="$1"; export TALLY_NOW; }

test_expect_success 'no hand, then one hand: no play time yet' '
	at 2026-11-20T19:00:00Z && tally new golf Ann Bob Cid > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.play_minutes")" = "" &&
	tally --json show | grep -q "\"play_minutes\":null" &&
	at 2026-11-20T19:20:00Z && tally hand Ann=3 Bob=5 Cid=4 > /dev/null &&
	tally --json show | grep -q "\"play_minutes\":null" &&
	tally show > out && ! grep -q "play time" out &&
	tally --json history | grep -q "\"play_minutes\":null"
'
test_expect_success 'show: from the start to the last hand, in words and in minutes' '
	at 2026-11-20T19:45:00Z && tally hand Ann=2 Bob=6 Cid=1 > /dev/null &&
	at 2026-11-20T20:25:40Z && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	at 2026-11-20T20:50:00Z && tally end > /dev/null &&
	tally show > out && grep_msg "play time: 1 h 25 min" out &&
	test "$(json_get "$(tally --json show)" "\$.play_minutes")" = 85
'
test_expect_success 'a second game of 40 minutes; history says each' '
	at 2026-11-20T20:30:00Z && tally new golf Ann Bob > /dev/null &&
	at 2026-11-20T20:45:00Z && tally hand Ann=3 Bob=5 > /dev/null &&
	at 2026-11-20T21:10:00Z && tally hand Ann=3 Bob=2 > /dev/null && tally end > /dev/null &&
	tally show > out && grep_msg "play time: 40 min" out &&
	tally history > out && grep -q "#1 .* 1 h 25 min  Ann, Bob, Cid" out && grep -q "#2 .* 40 min  Ann, Bob" out &&
	test "$(json_get "$(tally --json history)" "\$[1].play_minutes")" = 85 &&
	tally history --csv | tr -d "\r" > h.csv && head -1 h.csv | grep -q ",hands,play_minutes,note$" &&
	grep -q "^2,golf,.*,2,40,\"\"$" h.csv
'
# (85 + 40) / 2 = 62.5 minutes: 63 to the nearest minute
test_expect_success 'stats: the average play time of a game, per kind' '
	tally stats > out && grep_msg "play time, average per game:" out && grep -q "^  golf  *1 h 03 min (2 games)$" out &&
	j=$(tally --json stats) &&
	test "$(json_get "$j" "\$.play_time[0].average_play_minutes")" = 63 &&
	test "$(json_get "$j" "\$.play_time[0].games")" = 2
'
# from game 1's start (19:00) to game 2's last hand (21:10)
test_expect_success 'the night: from its first game to its last hand' '
	tally night 1 > out && grep_msg "2 games (open), play time 2 h 10 min" out &&
	test "$(json_get "$(tally --json night 1)" "\$.night.play_minutes")" = 130 &&
	test "$(json_get "$(tally --json night 1)" "\$.night.played[1].play_minutes")" = 40
'
test_expect_success 'the filled pad and the night report print it' '
	tally sheet 1 -o pad.pdf > /dev/null && pdftotext pad.pdf - | grep -q "Play time 1 h 25 min" &&
	tally sheet night:1 -o night.pdf > /dev/null && pdftotext night.pdf - | grep -q "Play time 2 h 10 min"
'
test_expect_success 'BG Stats takes the same minutes' '
	TZ=UTC tally export --format bgstats -o plays.json > /dev/null &&
	test "$(json_get "$(cat plays.json)" "\$[0].durationMin")" = 85 &&
	test "$(json_get "$(cat plays.json)" "\$[1].durationMin")" = 40
'
test_done
