#!/bin/sh
# SPDX-License-Identifier: ISC
# Account ended in the middle of a deal: the retiree who leads wins.  A
# retiree is out of the deal only, not the game (RULES.md 1.3), so the
# session's leader is its winner in show, list, stats and the night, and
# a file whose stored result said "no winner" is put right on upgrade.
. "$(dirname "$0")/lib.sh"

SCHEMA=$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")

test_expect_success 'ended after one retirement: the retiree, who leads, wins everywhere' '
	tally night start "Friday" > /dev/null &&
	tally new account Ann Bob Cid Dee > /dev/null &&
	tally hand --out Bob Ann=5 Cid=2 Dee=7 > /dev/null &&
	tally end > out &&
	grep_msg "ended early; winner: Bob" out &&
	test "$(json_get "$(tally --json show 1)" "\$.winners[0]")" = Bob &&
	test "$(json_get "$(tally --json show 1)" "\$.winners[1]")" = "" &&
	tally list > l && grep_msg "winner: Bob" l &&
	test "$(json_get "$(tally --json stats)" "\$.leaderboard[0].player")" = Bob &&
	test "$(json_get "$(tally --json stats)" "\$.leaderboard[0].wins")" = 1 &&
	test "$(json_get "$(tally --json night)" "\$.night.champion.names")" = Bob && tally check > c && grep_msg "ok: the file is sound" c
'
test_expect_success 'a file that stored no winner for it gets one when it is upgraded' '
	cp "$TALLY_DB" old.db &&
	sqlite3 old.db "UPDATE seat SET winner = 0 WHERE game_id = 1; PRAGMA user_version = $((SCHEMA - 1))" &&
	TALLY_DB=old.db tally list > l2 &&
	grep_msg "winner: Bob" l2 &&
	test "$(sqlite3 old.db "SELECT winner FROM seat WHERE game_id = 1 AND seat = 1")" = 1 &&
	TALLY_DB=old.db tally check > c2 && grep_msg "ok: the file is sound" c2
'
test_done
