#!/bin/sh
# SPDX-License-Identifier: ISC
# Games and win % count the same games everywhere: the finished ones (over
# or ended, not abandoned).  A game still open is in progress, no game
# played: not in stats' games, not in a night's standings or averages.
. "$(dirname "$0")/lib.sh"

test_expect_success 'stats: an open game is in progress, not a game played' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=1 Bob=3 > /dev/null && tally end > /dev/null &&
	tally new gin Ann Bob > /dev/null && tally hand --gin Ann Bob=10 > /dev/null &&
	tally stats > out &&
	grep -q "^Ann  *golf  *1  *1  *100.0" out &&
	grep -q "^Ann  *gin  *in progress (1 open game)" out &&
	! grep -q "^Ann  *gin  *1  *0" out
'
test_expect_success 'night: the open game is listed, not counted in wins, games or places' '
	tally night > out &&
	grep -q "Gin Rummy *open *1 hand" out &&
	grep_msg "leading: Ann, 1 win in 1 game, average place 1.0" out &&
	grep -q "^  place  player  wins  avg  Golf #1\$" out
'
test_done
