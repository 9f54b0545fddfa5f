#!/bin/sh
# SPDX-License-Identifier: ISC
# Four answers that the seeds' plain words contradicted, each worked by
# hand from the seed text.
. "$(dirname "$0")/lib.sh"

# RULES.md, Gin three_rotate: "the dealer sits out, then each hand's loser".
# Hand 1: A deals and sits out; B beats C (gin, 10 + 25), so C sits out
# hand 2.  Hand 2: A beats B, so B sits out hand 3 and A plays C.
test_expect_success 'Gin three_rotate: the loser of each hand sits out the next' '
	tally new gin A B C -o players_mode=three_rotate > out && grep_msg "hand 1 (A sits out)" out &&
	tally hand --gin B C=10 > out && grep_msg "hand 2 (C sits out)" out &&
	tally hand --gin A B=10 > out && grep_msg "hand 3 (B sits out)" out &&
	tally hand --gin C A=10 > out && grep_msg "hand 4 (A sits out)" out &&
	test "$(totals)" = "A=35 B=35 C=35"
'

# RULES.md 8.2: the meld is every card on the table, books included.  Three
# players, four decks: sixteen 8s.  A melds seven 8s, which are the book
# A.books=8:7; B holds eight 8s: fifteen 8s in all, not 22.
test_expect_success 'Hand & Foot: a book listed in a meld of cards is counted against the decks once' '
	tally new hand-foot A B C > /dev/null &&
	tally hand A.meld="8 8 8 8 8 8 8" A.books=8:7 A.opening=70 A.left="K Q" \
	    B.left="8 8 8 8 8 8 8 8" C.left="9 9" > out &&
	grep_msg "round 1" out &&
	tally new hand-foot A B C > /dev/null &&
	expect_status 65 tally hand A.meld="8 8 8 8 8 8 8" A.books=8:7 A.opening=70 A.left="8 8" \
	    B.left="8 8 8 8 8 8 8 8" C.left="9 9" 2> err && grep_msg "17 8s entered this round (A 9, B 8); 4 decks hold 16" err
'

# Seed 004, the deal: the undealt cards form the stock and its top card
# starts the discard pile.  One pack (52) holds eight 6-card layouts (48,
# leaving 4), not nine (54); twelve 4-card layouts (48), not thirteen (52,
# leaving nothing for stock or discard).
test_expect_success 'Golf: one pack must leave a stock and a discard after the layouts' '
	expect_status 64 tally new golf A B C D E F G H I -o layout=6 -o packs=1 2> err &&
	grep_msg "9 layouts of 6 cards take 54 of the 52 cards in 1 pack" err &&
	expect_status 64 tally new golf A B C D E F G H I J K L M -o packs=1 2> err &&
	grep_msg "13 layouts of 4 cards take 52 of the 52 cards" err &&
	tally new golf A B C D E F G H -o layout=6 -o packs=1 > /dev/null &&
	tally new golf A B C D E F G H I J K L -o packs=1 > /dev/null
'

# Seed 000 section 5: "Once a card is in the trash pile, it stays there."
# Retirement 1 with 5 cards in the trash; retirement 2 of the same deal
# cannot find 3 there.  A new deal starts the trash again.
test_expect_success 'Account: within a deal the trash never shrinks' '
	tally new account A B C D > /dev/null &&
	tally hand --out A B=5 C=4 D=3 --trash 5 > /dev/null &&
	expect_status 65 tally hand --out B C=3 D=2 --trash 3 2> err &&
	grep_msg "the trash held 5 cards at an earlier retirement of this deal" err &&
	tally hand --out B C=3 D=2 --trash 6 > /dev/null &&
	tally hand --out C D=1 --trash 7 > out && grep_msg "deal 1 is over" out &&
	tally hand --out A B=5 C=4 D=3 --trash 1 > /dev/null
'

test_done
