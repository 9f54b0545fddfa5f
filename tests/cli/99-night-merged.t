#!/bin/sh
# SPDX-License-Identifier: ISC
# A club night kept on three laptops and merged into one file is one night
# everywhere: `tally night` with any of its ids, its JSON, the night
# report, history and its CSV, and night:ID in a query give it one id (its
# first night's), its earliest start, its latest end (the host's import
# closes each laptop's night at its last game: cmd/cmd-import.c) and every
# game of every table.
. "$(dirname "$0")/lib.sh"
TZ=UTC
export TZ

on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@" > /dev/null; }

test_expect_success 'three laptops play one evening; the host imports them' '
	on A 2026-11-20T19:10:00Z new golf Ann Bob && on A 2026-11-20T19:20:00Z hand Ann=1 Bob=2 &&
	on A 2026-11-20T19:30:00Z end && on A 2026-11-20T19:40:00Z new golf Ann Bob &&
	on A 2026-11-20T19:50:00Z hand Ann=3 Bob=2 && on A 2026-11-20T19:55:00Z end &&
	on B 2026-11-20T18:05:00Z new golf Cid Dee && on B 2026-11-20T18:20:00Z hand Cid=1 Dee=2 &&
	on B 2026-11-20T18:30:00Z end && on B 2026-11-20T18:40:00Z new golf Cid Dee &&
	on B 2026-11-20T18:50:00Z hand Cid=3 Dee=2 && on B 2026-11-20T18:55:00Z end &&
	on C 2026-11-20T19:00:00Z new golf Eve Fay && on C 2026-11-20T19:20:00Z hand Eve=1 Fay=2 &&
	on C 2026-11-20T19:30:00Z end && on C 2026-11-20T20:00:00Z new golf Eve Fay &&
	on C 2026-11-20T20:20:00Z hand Eve=1 Fay=2 && on C 2026-11-20T20:30:00Z end &&
	TALLY_NOW=2026-11-20T22:00:00Z && export TALLY_NOW &&
	tally import A.db > /dev/null && tally import B.db > /dev/null && tally import C.db > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM night")" = 3
'

test_expect_success 'tally night, with any of its nights'\'' ids: one header' '
	tally night 1 > open.out &&
	head -1 open.out > open.head &&
	grep_msg "night #1 \"2026-11-20\", started 2026-11-20 18:05, 6 games, play time 2 h 15 min" open.head &&
	for id in 1 2 3; do tally night $id | head -1 > n.head && test_cmp open.head n.head || exit 1; done
'

test_expect_success 'its JSON counts the games it lists, from the earliest start' '
	tally --json night 2 > n.json &&
	test "$(json_get "$(cat n.json)" "\$.night.games")" = 6 &&
	test "$(json_get "$(cat n.json)" "\$.night.id")" = 1 &&
	test "$(json_get "$(cat n.json)" "\$.night.started")" = 2026-11-20T18:05:00Z &&
	test "$(json_get "$(cat n.json)" "\$.night.ended")" = 2026-11-20T20:30:00Z &&
	test "$(sqlite3 :memory: "SELECT json_array_length(json_extract(CAST(readfile('\''n.json'\'') AS TEXT), '\''\$.night.played'\''))")" = 6
'

test_expect_success 'history and its CSV give the night one id; night:ID finds all its games' '
	tally history > h.out && test "$(grep -c "^night #" h.out)" = 1 && grep_msg "night #1 \"2026-11-20\"" h.out &&
	tally history --csv > h.csv &&
	test "$(tail -n +2 h.csv | cut -d, -f5 | sort -u)" = 1 &&
	for id in 1 2 3; do test "$(tally history night:$id | grep -c "^  #")" = 6 || exit 1; done
'

test_expect_success 'the night report heads the night the same way' '
	tally sheet night:3 -o n.pdf > /dev/null &&
	pdftotext -layout n.pdf - | grep -q "Night #1, started 2026-11-20 18:05, ended 20:30 (local time), 6 games"
'

test_done
