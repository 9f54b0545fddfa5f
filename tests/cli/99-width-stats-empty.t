#!/bin/sh
# SPDX-License-Identifier: ISC
# `stats` prints no table heading without a row under it: before any game
# has finished the leaderboard is left out, and a query that matches no
# game says so alone.  On a phone's 40 columns nothing wraps.
. "$(dirname "$0")/lib.sh"

tmux_harness

test_expect_success 'an open Chase the Ace, no game finished' '
	tmux new-session -d -s "$T" "sleep 600" &&
	tally new chase-ace Ann Bob Cid -o lives=1 > /dev/null 2>&1 &&
	tally hand Ann=K Bob=9 Cid=Q > /dev/null 2>&1
'
for w in 40 59; do
test_expect_success "stats on $w columns: no leaderboard heading without a player under it" "
	at $w stats &&
	! grep -q '^leaderboard' plain.txt && grep -q '^Ann  *chase' plain.txt &&
	grep -q 'in progress' plain.txt
"
test_expect_success "stats game:golf on $w columns: only 'no games match'" "
	at $w stats game:golf && grep -q '^no games match' plain.txt &&
	! grep -q '^player\|^leaderboard\|games  *wins' plain.txt
"
done
test_expect_success 'to a pipe too: no heading without a row' '
	tally stats game:golf > out && echo "no games match" > want && test_cmp want out &&
	tally stats > out && ! grep -q "^leaderboard" out && grep -q "^player  *game" out
'
test_expect_success 'a finished game: the leaderboard is back, and fits 40 columns' '
	tally hand Ann=3 Cid=Q > /dev/null 2>&1 &&
	tally stats > out && grep -q "^leaderboard" out &&
	at 40 stats && grep -q "^leaderboard" plain.txt && grep -q "^Cid" plain.txt
'
test_done
