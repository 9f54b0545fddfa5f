#!/bin/sh
# SPDX-License-Identifier: ISC
# Output fits the terminal: on 80 columns `show` for nine players comes in
# blocks of whole players and a house-Golf hand's totals line goes on to
# a second line between players, so no row wraps and no name is split.
# A pipe still gets whole lines.
. "$(dirname "$0")/lib.sh"

tmux_harness
PLAYERS="Grandma Al Alice Renée Zoë 李雷 Bea Cy Marcus"

# unwrapped: the pane's lines are the same joined (-J) or not, and none is
# wider than 80 columns (wc -L: display columns, in the UTF-8 locale)
unwrapped() {
	tmux capture-pane -t "$T" -p > plain.txt &&
	tmux capture-pane -t "$T" -p -J > joined.txt &&
	test_cmp plain.txt joined.txt &&
	test "$(wc -L < plain.txt)" -le 80
}

test_expect_success 'nine players, a chase of two rounds and a house Golf hole' '
	tally new chase-ace $PLAYERS -o lives=2 > /dev/null &&
	tally hand Grandma=K Al=9 Alice=8 Renée=Q Zoë=J 李雷=10 Bea=A Cy=7 Marcus=6 > /dev/null &&
	tally hand Grandma=K Al=9 Alice=8 Renée=Q Zoë=J 李雷=10 Bea=5 Cy=A Marcus=6 > /dev/null &&
	tally new golf $PLAYERS -o preset=house > /dev/null &&
	tally show 1 > pipe.txt &&
	test "$(grep -c "^round" pipe.txt)" = 1
'
test_expect_success 'an 80-column show of nine players: no wrapped row, every name whole' '
	tmux new-session -d -s "$T" -x 80 -y 60 \
	    "env TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 \"$TALLY\" show 1; echo shown; sleep 30" &&
	wait_for "shown" && unwrapped &&
	test "$(grep -c "^round" plain.txt)" = 2 &&
	for p in $PLAYERS; do grep -q " $p\\( \\|\$\\)" plain.txt || { echo "no $p" >&2; return 1; }; done &&
	grep -q "^rank" plain.txt && test "$(grep -c "^rank" plain.txt)" = 2 &&
	tmux kill-session -t "$T"
'
test_expect_success 'the house Golf totals line goes on between players' '
	tmux new-session -d -s "$T" -x 80 -y 60 \
	    "env TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 \"$TALLY\" hand -g 2 Grandma=9 Al=3 Alice=4 Renée=5 Zoë=6 李雷=7 Bea=8 Cy=2 Marcus=20; echo entered; sleep 30" &&
	wait_for "entered" && unwrapped &&
	grep -q "^totals: Grandma 9 (4 quarters)" plain.txt &&
	grep -q "^  .*Marcus 20 (3 quarters)\$" plain.txt && grep -q "^  Marcus 20\$" plain.txt &&
	tmux kill-session -t "$T"
'
test_done
