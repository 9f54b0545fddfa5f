#!/bin/sh
# SPDX-License-Identifier: ISC
# `stats` and `ratings` fit the terminal as `list` and `night` do: on 80
# and 60 columns no line wraps; a table wider than the terminal comes in
# blocks of whole columns, each under the player and the game, and every
# number is still there; prose lines (nemesis) go on to an indented line
# between words.  A pipe still gets the whole lines.
. "$(dirname "$0")/lib.sh"

tmux_harness
LONG=Alexandra-Katharina-Featherstonehaugh

test_expect_success 'two Golf games, one still open' '
	tmux new-session -d -s "$T" "sleep 600" &&
	tally new golf Ann $LONG Cid Dee > /dev/null 2>&1 &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=3 $LONG=2 Cid=5 Dee=7 > /dev/null 2>&1 || exit 1; done &&
	tally new golf Ann Bob Cid Dee > /dev/null 2>&1 &&
	tally hand Ann=3 Bob=2 Cid=5 Dee=7 > /dev/null 2>&1 &&
	tally stats > pipe.txt && tally ratings >> pipe.txt &&
	test "$(wc -L < pipe.txt)" -gt 110 && grep -q "^Dee  *golf  *1  *0  *0.0  *63.0  *7.0  *63  *63 " pipe.txt
'
for w in 80 60; do
test_expect_success "stats on $w columns: no wrapped line, every column in a block" "
	at $w stats &&
	for h in games wins win% average /hand best worst streak longest place; do
		grep -q \" \$h\" plain.txt || { echo \"no \$h\" >&2; exit 1; }
	done &&
	test \$(grep -c '^player  *game ' plain.txt) -ge 2 &&
	grep -q '^Dee  *golf  *1  *0  *0.0  *63.0' plain.txt && grep -q '^Bob  *golf  *in progress' plain.txt &&
	grep -q '^Alexandra-Kat…  *golf  ' plain.txt &&
	grep -q '^Ann: nemesis $LONG' plain.txt && grep -q '^  .*favourite victim' plain.txt &&
	grep -q '^  Ann  *golf  *4 players: 1 game, 0 wins' plain.txt
"
test_expect_success "ratings on $w columns: no wrapped line" "
	at $w ratings &&
	grep -q ' ordinal' plain.txt && grep -q 'last night' plain.txt &&
	test \$(grep -c '^Dee  *golf ' plain.txt) -ge 1
"
done
test_done
