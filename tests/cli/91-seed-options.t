#!/bin/sh
# SPDX-License-Identifier: ISC
# Rules the seeds state that tally did not follow or could not record, each
# with a worked example.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v7-rules.db"
. "$(dirname "$0")/lib.sh"

# Seed 001: a player who scores 61 "before the entire pack has been fully
# dealt" wins.  62 with 2 of them from the 52nd card is 60 before it: no win
# by default; -o deadline=through_last_card counts the last card.  A game
# stored with the old default keeps it.
test_expect_success 'Cribbage Solitaire: by default points made with the last card do not win' '
	tally new cribbage-solitaire Ann > /dev/null &&
	tally hand Ann=62 Ann.last=2 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[0].won[0]")" = 0 &&
	tally new cribbage-solitaire Ann -o deadline=through_last_card > /dev/null &&
	tally hand Ann=62 Ann.last=2 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[0].won[0]")" = 1 &&
	cp "$FIXTURE" old.db &&
	test "$(sqlite3 old.db "SELECT value FROM game_option o JOIN game g ON g.id = o.game_id
	    WHERE g.kind = '\''cribbage-solitaire'\'' AND key = '\''deadline'\''")" = through_last_card &&
	tally --db old.db check > out &&
	test "$(sqlite3 old.db "SELECT value FROM game_option o JOIN game g ON g.id = o.game_id
	    WHERE g.kind = '\''cribbage-solitaire'\'' AND key = '\''deadline'\''")" = through_last_card
'

# Seed 004: "There are also 8-card, 9-card and 10-card forms of Golf."  A
# column of equal ranks scores 0; in 9-card Golf (three rows of three) the
# whole column of three, and a pair in it does not.
#   8 cards, K 5 7 9 / K 6 7 2: columns K K 0, 5 6 11, 7 7 0, 9 2 11 = 22;
#            A 3 4 8 / 10 J Q 3: 11 + 13 + 14 + 11 = 49.
#   9 cards, 5 5 A / 5 9 A / 5 2 A: 5 5 5 0, 5 9 2 16, A A A 0 = 16;
#            6 6 6 / 6 8 Q / 3 4 J: 6 6 3 15 (a pair does not cancel), 18, 26 = 59.
#   10 cards, Q J 10 9 8 / Q 2 3 4 5: Q Q 0, then 12 13 13 13 = 51.
test_expect_success 'Golf: 8-, 9- and 10-card layouts and their columns' '
	tally rules golf > rules && grep_msg "4|6|8|9|10" rules && grep_msg "three rows of three" rules &&
	tally new golf Ann Bob -o layout=8 > /dev/null &&
	tally hand Ann="K 5 7 9 K 6 7 2" Bob="A 3 4 8 10 J Q 3" > /dev/null && test "$(totals)" = "Ann=22 Bob=49" &&
	tally new golf Ann Bob -o layout=9 > /dev/null &&
	tally hand Ann="5 5 A 5 9 A 5 2 A" Bob="6 6 6 6 8 Q 3 4 J" > /dev/null && test "$(totals)" = "Ann=16 Bob=59" &&
	tally new golf Ann Bob -o layout=10 > /dev/null &&
	tally hand Ann="Q J 10 9 8 Q 2 3 4 5" Bob=60 > /dev/null && test "$(totals)" = "Ann=51 Bob=60" &&
	expect_status 65 tally hand Ann=1 Bob=200 2> err && grep_msg "a 10-card layout scores 0 to 100" err &&
	tally deal > out && grep_msg "two rows of five" out
'

# Seed 004: with 6-card and larger layouts "the play ends as soon as any
# player's entire layout is face up": the default there, so nobody knocks.
test_expect_success 'Golf: 6 cards and more end when a layout is all face up' '
	tally new golf Ann Bob -o layout=6 > out &&
	test "$(json_get "$(tally --json show)" "\$.options.end_method")" = all_face_up &&
	expect_status 65 tally hand Ann=5 Bob=6 --knock Ann 2> err && grep_msg "nobody knocks" err &&
	tally hand Ann=5 Bob=6 > /dev/null &&
	tally new golf Ann Bob > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.options.end_method")" = knock
'

# Seed 001, Accordion: "many players consider the game a victory if the
# player manages to end the game with the line containing five or fewer
# piles".  With soft_win_counts, 4 piles is a win in the results and wins.
test_expect_success 'Accordion: a soft win can count as a win' '
	tally new accordion Ann Bob -o soft_win_counts=true > /dev/null &&
	tally hand Ann=4 Bob=9 > /dev/null && tally show > out && grep_msg "4 piles: soft win" out &&
	grep -q "^  won  *yes  *no" out &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.players[0].wins")" = 1 &&
	test "$(json_get "$j" "\$.players[1].wins")" = 0 &&
	tally new accordion Ann Bob > /dev/null && tally hand Ann=4 Bob=9 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[0].wins")" = 0
'

# Seed 004, Chase the Ace: an undecided game's pot is carried forward,
# "each player adding a new stake to it" (remedy 4) or with "nothing added"
# (remedy 5).  Two players at one life tie with 2s: both out, the pot of 2
# carried.  The next game of 3 starts with 2 + 3 x 1 = 5 under remedy 4, 2
# under remedy 5.
test_expect_success 'Chase the Ace: remedies 4 and 5 differ in the pot' '
	tally new chase-ace A B -o lives=1 -o cancel=none -o final_tie_rule=carry_forward_add_stakes > /dev/null &&
	tally hand A=2 B=2 > out && grep_msg "everyone adding a new stake (-o carry_pot=2 -o carry_stake=1)" out &&
	tally new chase-ace A B -o lives=1 -o cancel=none -o final_tie_rule=carry_forward_no_add > /dev/null &&
	tally hand A=2 B=2 > out && grep_msg "nothing added (-o carry_pot=2)" out &&
	tally new chase-ace A B C -o carry_pot=2 -o carry_stake=1 > /dev/null &&
	tally show > out && grep -q "^pot: 5$" out &&
	tally new chase-ace A B C -o carry_pot=2 > /dev/null &&
	tally show > out && grep -q "^pot: 2$" out
'

test_expect_success 'Trash: rules say the domino keeps its sign in a negated second half' '
	tally rules trash > out && grep_msg "domino'\''s -25/-15, which keep their sign" out
'

# Seed 004's larger forms on paper: the pad draws each player's layout in
# its shape, two rows of four, three rows of three, two rows of five (as
# card outlines by the title, with the caption pdftotext reads), blank and
# filled.
test_expect_success 'Golf: the pads draw the 8-, 9- and 10-card layouts' '
	for shape in "8 two rows of 4" "9 three rows of 3" "10 two rows of 5"; do
		n=${shape%% *} &&
		tally sheet golf --option layout=$n -o blank$n.pdf Ann Bob > /dev/null &&
		pdftotext -layout blank$n.pdf - > blank$n.txt &&
		grep_msg "each player'"'"'s layout: $n cards, ${shape#* }" blank$n.txt || return 1
	done &&
	tally new golf Ann Bob Cid -o layout=9 > /dev/null &&
	tally hand Ann="5 5 A 5 9 A 5 2 A" Bob=20 Cid=30 > /dev/null &&
	tally sheet -o filled9.pdf > /dev/null &&
	pdftotext -layout filled9.pdf - > filled9.txt &&
	grep_msg "layout: 9 cards, three rows of 3" filled9.txt &&
	tally sheet golf -o blank4.pdf Ann Bob > /dev/null &&
	pdftotext -layout blank4.pdf - > blank4.txt &&
	grep_msg "layout: 4 cards, two rows of 2" blank4.txt
'

test_done
