#!/bin/sh
# SPDX-License-Identifier: ISC
# `night` on a phone's terminal (40 and 45 columns): the games' lines give
# way (the title, the play time, the status, the number's padding and the
# hands) until the winner is whole, an abandoned game says so in one piece,
# and no line wraps, the rating changes' heading and lines included.
. "$(dirname "$0")/lib.sh"

tmux_harness
test_expect_success 'a night: Golf won by Christabel, a chase won, one abandoned' '
	tmux new-session -d -s "$T" "sleep 600" &&
	phone_night &&
	tally night > pipe.txt && grep -q "^  #1    Golf  .*  winner: Christabel$" pipe.txt
'
for w in 40 45; do
test_expect_success "night on $w columns: the winners whole, [abandoned] in one piece" "
	at $w night &&
	grep -q '^  #1 .* winner: Christabel\$' plain.txt && grep -q '^  #2 .* winner: Kim\$' plain.txt &&
	grep -q '^  #3 .*  \\[abandoned\\]\$' plain.txt &&
	grep -q '^rating change tonight' plain.txt && grep -q '^  Christabel: golf +[0-9.]*\$' plain.txt
"
done
test_expect_success 'a pipe: the lines as before' '
	grep -q "^  #3    Chase the Ace    abandoned   1 round\$" pipe.txt &&
	grep -q "^rating change tonight (ordinal mu - 3 sigma):\$" pipe.txt
'
test_done
