#!/bin/sh
# SPDX-License-Identifier: ISC
# A club night at three tables, as a new user found it: what a player at
# the table reads in `show`, on the pad and in table mode must say what
# happened, in the right column.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
command -v tmux > /dev/null && tmux_harness

# Account (seed 000 section 4): the depositor retires; the out row gives
# the order the players retired in this deal, and goes when it ends.
test_expect_success 'Account: the out row gives the order out, 1st, 2nd, not 0th' '
	tally new account Dee José Fay Gus > /dev/null &&
	tally hand --out José Dee=5 Fay=2 Gus=7 > /dev/null &&
	tally show > out && ! grep -F "0th" out &&
	test "$(grep "^out " out | tr -s " " | sed "s/ *$//")" = "out 1st" &&
	tally hand --out Gus Dee=3 Fay=4 > /dev/null &&
	tally show > out && test "$(grep "^out " out | tr -s " " | sed "s/ *$//")" = "out 1st 2nd" &&
	tally sheet -o a.pdf > /dev/null && pdftotext -layout a.pdf - | grep -q "1st out" &&
	! pdftotext -layout a.pdf - | grep -q "0th" &&
	tally hand --out Dee Fay=6 > /dev/null &&
	tally show > out && ! grep -q "^out " out && tally check > out && grep_msg "ok:" out
'

# end_col LINE TEXT: the column just after TEXT in LINE (0: not there)
end_col() {
	awk -v t="$2" '{ i = index($0, t); print i ? i + length(t) : 0 }' <<EOF_LINE
$1
EOF_LINE
}
# Accordion's cells are words ("3 piles: soft win"): each column is as wide
# as its widest cell, so every value ends under its player's name, and no
# line ends in blanks (a player who sat a round out, the last column).
test_expect_success 'Accordion: each value under its player, columns as wide as their cells, no trailing blanks' '
	tally new accordion Ann Bob Cid > /dev/null &&
	tally hand Ann=3 Bob=1 Cid=12 > /dev/null && tally hand Ann=1 Bob=5 > /dev/null &&
	tally show > out &&
	head=$(grep "^round " out) && r1=$(grep "^1 " out) && r2=$(grep "^2 " out) &&
	test "$(end_col "$r1" "3 piles: soft win")" = "$(end_col "$head" "Ann")" &&
	test "$(end_col "$r1" "1 pile: win")" = "$(end_col "$head" "Bob")" &&
	test "$(end_col "$r1" "12 piles")" = "$(end_col "$head" "Cid")" &&
	test "$(end_col "$r2" "1 pile: win")" = "$(end_col "$head" "Ann")" &&
	test "$(end_col "$r2" "5 piles: soft win")" = "$(end_col "$head" "Bob")" &&
	! grep -q " $" out &&
	test "$(grep "^  won" out | head -1 | tr -s " ")" = " won no yes no"
'

# A redo message is prose: on a terminal it breaks between words, its
# lines after the first indented as every message's are, so no line the
# terminal wraps starts with a stray blank ("Gsu,\n from round 2").
test_expect_success 'Accordion show on 40 columns in blocks; redo of a join, a sub, a hand broken between words' '
	command -v tmux > /dev/null || { echo "no tmux: skipped"; exit 0; }
	tmux new-session -d -s "$T" "sleep 600" &&
	at 40 show 2 && grep -q "^1  *3 piles: soft win$" plain.txt && grep -q "^round  *Ann$" plain.txt &&
	tally new chase-ace Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=K Bob=2 Cid=5 > /dev/null &&
	tally join Gsu > /dev/null && tally undo > /dev/null &&
	at 40 redo && grep -q "^Chase the Ace #3: redid the join of Gsu,$" plain.txt &&
	grep -q "^  from round 2$" plain.txt && ! grep -q "^ [^ ]" plain.txt &&
	tally new golf Ann Bob Cid > /dev/null 2>&1 && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	tally sub Cid Evangeline > /dev/null && tally undo > /dev/null &&
	at 40 redo && ! grep -q "^ [^ ]" plain.txt && grep -q "^Golf #4: redid the sub; Evangeline plays$" plain.txt &&
	at 40 undo && at 40 undo && at 40 redo && ! grep -q "^ [^ ]" plain.txt && grep -q "redid Ann=1 Bob=2" plain.txt
'

# The pads, as printed: a player who sat a deal out has no box to tick on
# the filled pad (strokes 0.6 pt wide are the tick boxes); the results
# stand clear of the column rules as names do (pdf-geometry.pl with PAD),
# on two lines where one would not fit; the blank Spite and Malice pad
# has the one game the seed's game is (seed 002, RULES 3.5), and a
# match's sixteen and more.
test_expect_success 'Accordion pad: no won box for a deal sat out; results clear of the rules' '
	tally new accordion Ann Bob Cid > /dev/null &&
	tally hand Ann=3 Bob=1 Cid=12 > /dev/null && tally hand Ann=1 Bob=5 > /dev/null &&
	tally end --abandon > /dev/null 2>&1 &&
	tally sheet -o ab.pdf > /dev/null &&
	test "$(perl "$HERE/pdf-strokes.pl" ab.pdf 1 0.6 | wc -l)" = 5 &&
	tally new accordion Ann Bob Cid Dee Eve Fay Gus Hal Ivy Jo Kim Lou > /dev/null &&
	tally hand Ann=3 Bob=1 Cid=12 Dee=5 Eve=1 Fay=22 Gus=1 Hal=4 Ivy=1 Jo=2 Kim=1 Lou=5 > /dev/null &&
	tally hand Ann=1 Bob=5 Dee=1 Eve=3 > /dev/null &&
	tally sheet -o a12.pdf > /dev/null && PAD=2.5 perl "$HERE/pdf-geometry.pl" a12.pdf 2 &&
	pdftotext -layout a12.pdf - | grep -q "3 piles:" && pdftotext -layout a12.pdf - | grep -q "soft win"
'
test_expect_success 'Spite and Malice blank pad: the one game of the seed'"'"'s game, a match'"'"'s rows' '
	tally sheet spite-malice -o sm.pdf > /dev/null && pdftotext -layout sm.pdf - > t &&
	grep -q "Game 1" t && ! grep -q "Game 2" t &&
	tally sheet spite-malice --option match_target=50 -o smm.pdf > /dev/null &&
	pdftotext -layout smm.pdf - | grep -q "Game 16"
'
test_done
