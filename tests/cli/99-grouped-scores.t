#!/bin/sh
# SPDX-License-Identifier: ISC
# A score prints one way everywhere: its thousands grouped with commas,
# as README's "1st Bob & Dee 1,765" is, in the hand's lines, show, stats,
# the night (text and PDF) and the pad; JSON and CSV keep plain numbers.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a pad game with scores in the thousands' '
	export TALLY_NOW=2026-11-21T00:30:00Z &&
	tally night start Big > /dev/null && tally new pad Ann Bob > /dev/null &&
	tally hand Ann=1470 Bob=-2500 > hand1 && tally hand Ann=2300 Bob=40 > hand2 &&
	tally hand Ann=15 Bob=12345 > /dev/null && tally hand Ann=5 Bob=5 > /dev/null && tally end > /dev/null
'
test_expect_success 'the hand lines: points and totals grouped' '
	grep_msg "Ann 1,470" hand1 && grep_msg "Bob -2,500" hand1 && grep_msg "totals: Ann 1,470 Bob -2,500" hand1 &&
	grep_msg "totals: Ann 3,770 Bob -2,460" hand2 && ! grep -Eq "[0-9]{4}" hand1 hand2
'
test_expect_success 'show, stats and the night: grouped, no plain four digits' '
	tally show > show && grep -Eq "^total +3,790 +9,890\$" show && grep -Eq "^1 +1,470 +-2,500\$" show &&
	! grep -v "started" show | grep -Eq "[0-9]{4}" &&
	tally stats > stats && grep -q "3,790" stats && ! grep -Eq "[0-9]{4}" stats &&
	tally night 1 > night && grep -q "best hand -2,500" night && ! grep -v started night | grep -Eq "[0-9]{4}"
'
test_expect_success 'the pad and the night report print them the same way' '
	tally sheet 1 -o pad.pdf > /dev/null && pdftotext -layout pad.pdf pad &&
	grep -q "12,345" pad && grep -q "3,790" pad && ! grep -v "started\|Game #" pad | grep -Eq "[0-9]{4}" &&
	tally sheet night:1 -o night.pdf > /dev/null && pdftotext -layout night.pdf npdf &&
	grep -q "best hand -2,500" npdf && grep -q "9,890 points" npdf && ! grep -v "started\|Night #" npdf | grep -Eq "[0-9]{4}"
'
test_expect_success 'JSON and CSV keep plain numbers' '
	tally --json show > j && grep -q "3790" j && ! grep -q "3,790" j &&
	tally export --format csv > c && grep -q ",9890," c
'
# A hand's sentence says its chips and pots as the lines around it do.
test_expect_success 'Chase the Ace: the pot in the sentence is grouped, as the pot line is' '
	tally new chase-ace Al Bea Cy -o lives=1 -o carry_pot=1500 > /dev/null &&
	tally hand Al=9 Bea=2 Cy=Q > r1 && grep_msg "pot: 1,501" r1 &&
	tally hand Al=9 Cy=3 > r2 && grep_msg "Al takes the pot of 1,502 and wins" r2 &&
	! grep -Eq "[0-9]{4}" r1 r2
'
test_expect_success 'Bankrupt: a resignation, the centre and the ante in the next line grouped' '
	tally new bankrupt Bob Ann Cid Dee -o start_chips=20000 -o ante=1000 > /dev/null &&
	tally hand --resign Bob Ann="K 7" Cid="8 3" Dee="A 5" > b1 &&
	grep_msg "Bob resigns: 6,666 each to the others" b1 && grep_msg "next: round 2 (ante 1,000, dealer" b1 &&
	tally hand Ann="K 7" Cid="8 3" Dee="K 7" > b2 && grep_msg "(ante 1,000 x2, dealer" b2 &&
	tally show > bs && grep_msg "bank/pile: Ann 25,665/1,000" bs &&
	! grep -Eq "[0-9]{4}" b1 b2 && ! grep -v "started\|^options:" bs | grep -Eq "[0-9]{4}"
'
test_done
