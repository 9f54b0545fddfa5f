#!/bin/sh
# SPDX-License-Identifier: ISC
# Stats' "by player count" and "by night" count the games played, the
# finished ones (over or ended, not abandoned), as every other list of
# stats does: a game still open is no game played.  The counts by player
# count are kept in the file (stat_count), so a file kept by an older
# tally, whose counts took in its open games, has them summed again when
# it upgrades (tests/fixtures/schema-v14-partners.db: Hand & Foot #1 over
# with Ann, Bob, Cid and Dee; Gin #2 open with the same four; Hand & Foot
# #3 open with Eve, Fay and Gus).
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v14-partners.db"
. "$(dirname "$0")/lib.sh"

# counts FILE: the "by player count" lines of a stats output
counts() { sed -n '/^by player count:$/,/^$/p' "$1" | sed '1d;/^$/d'; }

test_expect_success 'by player count and by night: an open game is not counted, until it ends' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=3 > /dev/null && tally end > /dev/null &&
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=3 Cid=4 > /dev/null &&
	tally stats > out && counts out > c &&
	grep -q "^  Ann  *golf  *2 players: 1 game, 1 win$" c && ! grep -q "3 players" c &&
	tally stats player:Ann > out && grep -q "^  Ann  *night #1: 1 game, 1 win$" out &&
	tally stats since:2000-01-01 > scan && counts scan > cs && test_cmp c cs &&
	tally end > /dev/null && tally stats > out && counts out > c &&
	grep -q "^  Cid  *golf  *3 players: 1 game, 0 wins$" c &&
	grep -q "^  Ann  *golf  *3 players: 1 game, 1 win$" c &&
	tally stats player:Ann > out && grep -q "^  Ann  *night #1: 2 games, 2 wins$" out &&
	tally undo > /dev/null && tally stats > out && counts out > c && ! grep -q "3 players" c &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'an abandoned game is not counted either' '
	tally end --abandon > /dev/null && tally stats > out && counts out > c && ! grep -q "3 players" c &&
	! grep -q "^  Cid" c && tally stats player:Cid > out && ! grep -q "night #" out
'
test_expect_success 'an older file counted its open games; it upgrades to count only the finished ones' '
	cp "$FIXTURE" old.db &&
	test "$(sqlite3 old.db "SELECT sum(games) FROM stat_count")" = 11 &&
	tally --db old.db stats > out && counts out > c &&
	test "$(sqlite3 old.db "SELECT sum(games) FROM stat_count")" = 4 &&
	grep -q "^  Ann  *hand-foot  *4 players: 1 game, 0 wins$" c &&
	grep -q "^  Dee  *hand-foot  *4 players: 1 game, 1 win$" c &&
	test "$(wc -l < c)" = 4 && ! grep -qE "gin|Eve|3 players" c &&
	tally --db old.db stats since:2000-01-01 > scan && counts scan > cs && test_cmp c cs &&
	tally --db old.db check > out && grep_msg "ok:" out
'
test_done
