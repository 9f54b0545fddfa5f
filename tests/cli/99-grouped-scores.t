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
# An edit, a refusal and the chip register say their numbers as the
# standings around them do; what is typed back (the entry) stays as typed.
test_expect_success 'edit: what moved and the totals now, grouped' '
	tally new pad Ann Bob -o target=1000000 -o direction=high > p1 &&
	grep_msg "ends when a player reaches 1,000,000" p1 &&
	tally hand Ann=123456 Bob=-23456 > /dev/null && tally hand Ann=1000 Bob=5 > /dev/null &&
	tally edit 1 Ann=123457 Bob=-23456 > e1 && grep_msg "hand 1 is now: Ann=123457 Bob=-23456" e1 &&
	grep_msg "moved in hand 1: Ann 123,457 (was 123,456)" e1 &&
	grep_msg "points now: Ann 124,457 (was 124,456)" e1 && ! grep -v "is now:" e1 | grep -Eq "[0-9]{4}"
'
test_expect_success 'a pad refusal names its sums grouped' '
	tally new pad Ann Bob -o hand_total=2000 > p2 && grep_msg "each hand adds up to 2,000" p2 &&
	expect_status 65 tally hand Ann=1500 Bob=400 2> r &&
	grep_msg "the points add up to 1,900, but a hand of Pad adds up to 2,000 (hand_total)" r
'
test_expect_success 'Bankrupt: an offer refused and the chip register, grouped' '
	tally new bankrupt Ann Bob Cy -o start_chips=5000 -o max_offer=1000 > /dev/null &&
	expect_status 65 tally hand Ann="K 7" Bob="A 3" Cy="8 3" --up Bob=1200:Cy 2> r &&
	grep_msg "Bob offers 1,200; an offer is 1 to 1,000 chips now" r &&
	tally hand Ann="K 7" Bob="A 3" Cy="8 3" --up Bob=500:Cy > /dev/null &&
	tally ledger > l && grep -Eq "^0 +start +start +Ann bank +5,000 +5,000 +0 +0 +0\$" l &&
	grep -Eq "^1 +centre won +centre +Bob bank +1,000 +4,999 +5,504 +4,497 +0\$" l &&
	! grep -Eq "[0-9]{4}" l &&
	tally --json ledger > lj && grep -q "\"amount\":5000\|\"amount\": 5000" lj
'
test_done
