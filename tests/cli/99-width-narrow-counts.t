#!/bin/sh
# SPDX-License-Identifier: ISC
# `list`, `history` and `stats` on terminals of 40 to 80 columns, with
# what made their lines wider than the screen in a new user's trial: an
# Account game counted in retirements (a word longer than the column
# made for "rounds"), a Bankrupt game, an open game.  Every line fits;
# only names are cut (with an ellipsis), never a number or a fixed word:
# the count of retirements, the leaderboard's ordinal and heading,
# "in progress (1 open game)".
. "$(dirname "$0")/lib.sh"

tmux_harness
test_expect_success 'an Account game of 3 retirements, a Bankrupt game, an open Golf game' '
	tmux new-session -d -s "$T" "sleep 600" &&
	tally night start "Friday cards" > /dev/null &&
	tally new account Ann Bob Cid Dee > /dev/null 2>&1 &&
	tally hand --out Bob Ann=5 Cid=2 Dee=7 > /dev/null && tally hand --out Ann Cid=3 Dee=2 > /dev/null &&
	tally hand --out Cid Dee=4 > /dev/null && tally end > /dev/null &&
	tally new bankrupt Ann Bob Kim > /dev/null 2>&1 &&
	tally hand Ann="K 7" Bob="A 3" Kim="8 3" > /dev/null && tally hand Ann="K 7" Bob="A 3" Kim="8 8" > /dev/null &&
	tally end > /dev/null &&
	tally new golf Ann Bob > /dev/null 2>&1 && tally hand Ann=3 Bob=4 > /dev/null &&
	tally history > pipe.txt && grep -q "^  #1 .*  3 retirements  *0 min  Ann, Bob, Cid, Dee  winner: Bob$" pipe.txt
'
for w in 40 45 50 55 60 80; do
test_expect_success "list, history and stats on $w columns: no line past the edge" "
	at $w list && at $w history && at $w stats
"
done
test_expect_success 'history on 50 columns: the retirements whole, the dates in line' '
	at 50 history &&
	grep -q "^          3 retirements  Ann, Bob, Cid, Dee$" plain.txt &&
	test "$(grep "^  #[0-9]" plain.txt | sed "s/2026-.*//" | sort -u | awk "{ print length }" | sort -u)" = 25
'
test_expect_success 'list on 40 columns: the retirements whole, under the row' '
	at 40 list && grep -q "^ #1     account    2026-[0-9-]*$" plain.txt &&
	grep -q "^        3 retirements  " plain.txt
'
# ordinals: every leaderboard line names a game and its ordinal whole
ordinals() {
	test "$(grep -c "$1[a-z]* ([-0-9]*\.[0-9][0-9])$" plain.txt)" = 5
}
test_expect_success 'stats on 50 columns: the best rated game under each player, its ordinal whole' '
	at 50 stats && grep -q "^leaderboard  *games  *wins  *win%$" plain.txt &&
	ordinals "^    best rated: "
'
test_expect_success 'stats on 60 columns: the best rated game beside the player, the heading whole' '
	at 60 stats && grep -q "^leaderboard  *games  *wins  *win%  best rated game (ordinal)$" plain.txt &&
	ordinals "^[A-Z][a-z]*  *[0-9]  *[0-9]  *[0-9.]*  "
'
test_expect_success 'stats on 40 columns: an open game in progress, its words whole' '
	at 40 stats && ! grep -q "…" plain.txt &&
	test "$(grep -c "^\(Ann\|Bob\)  *golf  *in progress$" plain.txt)" = 2 &&
	test "$(grep -c "^                (1 open game)$" plain.txt)" = 2
'
LONG=Christabel-Featherstonehaugh
# the rest on a file of its own
TALLY_DB=$SCRATCH/long.db
test_expect_success 'a long night name, game title and player name, an open Account game' '
	tally night start "A rather long night name for a phone" > /dev/null &&
	tally pad save neighbours -o title="Backgammon with the neighbours" -o direction=high -o target=10 > /dev/null &&
	tally new neighbours Ann $LONG > /dev/null 2>&1 && tally hand Ann=11 $LONG=3 > /dev/null &&
	tally new account Ann Bob Cid $LONG > /dev/null 2>&1 && tally hand --out Bob Ann=5 Cid=2 $LONG=7 > /dev/null
'
test_expect_success 'stats on 40 columns: a long game title cut in the leaderboard, not its ordinal' '
	at 40 stats && grep -q "^    best rated: Backgammon with… (3\.[0-9][0-9])$" plain.txt &&
	grep -q "^    best rated: Backgammon with… (-[0-9]\.[0-9][0-9])$" plain.txt
'
test_expect_success 'stats on 40 columns: long names give way to "(1 open game)"' '
	at 40 stats && test "$(grep -c "^Christabel-Fe… account  *in progress$" plain.txt)" = 1 &&
	test "$(grep -c "^  *(1 open game)$" plain.txt)" = 4
'
test_expect_success 'history on 40 columns: the night name cut, its quotes kept' '
	at 40 history && grep -q "^night #1 \"A rather long night name for…\"$" plain.txt
'
test_done
