#!/bin/sh
# SPDX-License-Identifier: ISC
# Pads as forms: every game's pad, blank at 2, 4 and the most players it
# takes, on letter and A4, and filled, measured from the PDF itself
# (pdf-geometry.pl: rows 7-10 mm, no column under its least width, type
# by role, a true minus, thin rules at 0.4 pt and 50% grey, no word
# across a rule or off the page, "page K of N"); page counts; the
# footer states only the options in force; the PDF's metadata.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

geometry() { perl "$HERE/pdf-geometry.pl" "$@"; }
# rows FILE [PAGE]: the pad's rows as poppler places its words
# (pdftotext -bbox), "TOP_MM<tab>words left to right" (pdf-rows.pl).
rows() { perl "$HERE/pdf-rows.pl" "$@"; }
# row FILE TEXT: the words of every row, the top cut off, for grep -x.
row() { rows "$1" | cut -f2; }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }
# footer FILE: the option lines of the footer (the lines after
# "Played:" that state an option, "Name: value.").
footer() {
	pdftotext -layout "$1" - 2>/dev/null | sed -n '/Played:/,$p' | grep -v '^Played:' |
	    grep -E '^[A-Z][^:]*: [^ ].*\.$' || true
}
example() { tally rules "$1" | sed -n '/^Example/,/^$/s/^ *tally hand //p'; }
players() { tally rules "$1" | sed -n "/^Example/,/^\$/s/^ *tally new $1 //p"; }

tally games > games
while read -r game rest; do
	most=$(echo "$rest" | grep -o '[0-9]* players' | cut -d' ' -f1)
	least=$(echo "$rest" | grep -o '[0-9]* to' | cut -d' ' -f1)
	least=${least:-$most}
	counts=$(for n in 2 4 "$most"; do [ "$n" -ge "$least" ] && [ "$n" -le "$most" ] && echo "$n"; done | sort -nu | tr '\n' ' ')
	test_expect_success "$game: blank pads for $counts players, letter and A4, measure up; no option lines" '
		for n in '"$counts"'; do
			for paper in letter a4; do
				tally sheet '"$game"' --players $n --paper $paper -o b$n$paper.pdf > /dev/null &&
				geometry b$n$paper.pdf && test -z "$(footer b$n$paper.pdf)" || return 1
			done
		done
	'
	test_expect_success "$game: a filled pad measures up" '
		tally new '"$game"' $(players '"$game"') > /dev/null &&
		eval "tally hand $(example '"$game"')" > /dev/null &&
		tally sheet -o filled-'"$game"'.pdf > /dev/null && geometry filled-'"$game"'.pdf
	'
done < games

test_expect_success 'blank 3- and 4-player Gin and Account pads print' '
	tally sheet gin --players 3 -o gin3.pdf > /dev/null && tally sheet gin --players 4 -o gin4.pdf > /dev/null &&
	tally sheet account --players 3 -o acc3.pdf > /dev/null && tally sheet account --players 4 -o acc4.pdf > /dev/null &&
	for f in gin3 gin4 acc3 acc4; do geometry $f.pdf || return 1; done &&
	expect_status 64 tally sheet gin --players 5 2>/dev/null
'
test_expect_success 'page counts: a short pad prints twice on one page; 51 players go on pages side by side' '
	tally sheet golf --players 4 -o g4.pdf > /dev/null && geometry g4.pdf 1 &&
	test "$(pdftotext g4.pdf - | grep -c "^Hole 9")" = 2 &&
	tally sheet chase-ace --players 51 -o ca.pdf > /dev/null && geometry ca.pdf &&
	test "$(pages ca.pdf)" -ge 6 && test $(( $(pages ca.pdf) % 6 )) = 0
'
test_expect_success 'a filled pad: the hands played, the last page never one hand alone, numbered, a true minus' '
	tally new pad Ann Bob -o hands=27 > /dev/null &&
	i=1; while [ $i -le 27 ]; do tally hand Ann=$i Bob=-$i > /dev/null 2>&1 || return 1; i=$((i + 1)); done &&
	tally sheet -o pad27.pdf > /dev/null && geometry pad27.pdf 2 &&
	test "$(pdftotext -f 2 -l 2 -layout pad27.pdf - | grep -cE "^ *2[0-9] ")" -ge 2 &&
	pdftotext pad27.pdf - | grep -q "^−378$" &&
	pdfinfo pad27.pdf | grep -q "^Title: *Pad #.* — .* — Ann, Bob$" &&
	pdfinfo pad27.pdf | grep -q "^Author: *tally" && pdfinfo pad27.pdf | grep -q "^CreationDate: .*20"
'
# labels FILE ERE: how many of the pad's rows begin with a label matching ERE.
labels() { row "$1" | grep -cE "^($2)( |\$)"; }
# open_pad NAME PAPER...: the current game's pad on each paper as
# NAME-PAPER.pdf, measured up.
open_pad() {
	for paper in letter a4; do
		tally sheet --paper $paper -o "$1-$paper.pdf" > /dev/null && geometry "$1-$paper.pdf" || return 1
	done
}
test_expect_success 'an open game of fixed length prints every row to its end, as its blank pad does' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	tally hand Ann=1 Bob=2 Cid=5 > /dev/null && open_pad golf9 &&
	tally new golf Ann Bob -o holes=18 > /dev/null && tally hand Ann=3 Bob=5 > /dev/null && open_pad golf18 &&
	tally new trash Ann Bob Cid Dee > /dev/null && tally hand Ann=4 Bob=3 Cid=5 Dee=1 > /dev/null && open_pad trash &&
	tally new hand-foot Ann Bob > /dev/null && tally hand --out Ann Ann.clean=1 Ann.dirty=2 Ann.meld=335 Ann.opening=90 \
	    Bob.meld=140 Bob.opening=70 Bob.left=60 > /dev/null &&
	open_pad hf &&
	tally new pad Ann Bob -o hands=40 > /dev/null && tally hand Ann=5 Bob=21 > /dev/null && open_pad pad40 &&
	tally sheet pad --players 2 --option hands=40 -o pad40-blank.pdf > /dev/null &&
	for paper in letter a4; do
		test "$(labels golf9-$paper.pdf "Hole [0-9]+")" = 9 && row golf9-$paper.pdf | grep -qx "Hole 9" &&
		test "$(labels golf18-$paper.pdf "Hole [0-9]+")" = 18 && row golf18-$paper.pdf | grep -qx "Hole 18" &&
		test "$(labels trash-$paper.pdf "[0-9]+ [A-Z][a-z]+")" = 12 && row trash-$paper.pdf | grep -qx "12 Tricks × 5" &&
		test "$(labels hf-$paper.pdf "Round [0-9] \(meld [0-9]+\)")" = 4 &&
		row hf-$paper.pdf | grep -q "^Round 4 (meld 150) clean books × 50$" &&
		test "$(labels pad40-$paper.pdf "[0-9]+")" = 40 && row pad40-$paper.pdf | grep -qx 40 || return 1
	done &&
	test "$(labels pad40-blank.pdf "[0-9]+")" = 40
'
test_expect_success 'an open game of no fixed length prints its hands and three spare rows' '
	tally new golf Ann Bob -o target=100 > /dev/null && tally hand Ann=3 Bob=5 > /dev/null && open_pad target &&
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=7 Bob=22 > /dev/null && open_pad gin &&
	tally new golf Ann Bob Cid -o preset=house > /dev/null && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	open_pad house &&
	for paper in letter a4; do
		test "$(labels target-$paper.pdf "Hole [0-9]+")" = 4 && row target-$paper.pdf | grep -qx "Hole 4" &&
		test "$(labels gin-$paper.pdf "Hand [0-9]+")" = 4 && row gin-$paper.pdf | grep -qx "Hand 4" &&
		test "$(labels house-$paper.pdf "Hole [0-9]+")" = 4 || return 1
	done
'
test_expect_success 'a game over or ended prints only the hands played' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=5 > /dev/null && tally end > /dev/null &&
	tally sheet -o ended.pdf > /dev/null && geometry ended.pdf &&
	test "$(labels ended.pdf "Hole [0-9]+")" = 1
'
test_expect_success 'the footer: Bankrupt with ante=5 says 5 only; 6-card Golf says columns cancel' '
	tally sheet bankrupt --option ante=5 -o b5.pdf > /dev/null && footer b5.pdf > f &&
	test "$(cat f)" = "The ante of a round: 5." && ! pdftotext b5.pdf - | grep -qi "ante 9" &&
	tally new golf -o layout=6 Ann Bob > /dev/null && tally sheet -o g6.pdf > /dev/null && footer g6.pdf > f &&
	grep -qx "Cards in each layout: 6\." f && grep -qx "Which equal cards score zero: columns\." f &&
	! pdftotext g6.pdf - | grep -qi "no cancelling" && ! pdftotext g6.pdf - | grep -qiE "seed|pagat"
'
test_expect_success 'Hand & Foot labels carry the arithmetic, with the values of the options in force' '
	tally sheet hand-foot --players 3 -o hfs.pdf > /dev/null && row hfs.pdf > t &&
	grep -qx "Round 1 (meld 60) clean books × 50" t && grep -qx "dirty books × 30" t &&
	grep -qx "red 3s × 100" t && grep -qx "went out +100" t && grep -qx "points melded +" t &&
	grep -qx "cards left −" t && ! grep -q "× 500" t &&
	tally sheet hand-foot --players 3 --option preset=common -o hfc.pdf > /dev/null && row hfc.pdf > t &&
	test "$(grep -cx "\(Round [0-9] (meld [0-9]*) \)\{0,1\}clean books × 500" t)" = 4 &&
	test "$(grep -cx "dirty books × 300" t)" = 4 && ! grep -q "× 50$" t &&
	tally sheet hand-foot --players 3 --option red_three=75 --option going_out_bonus=250 -o hfo.pdf > /dev/null &&
	row hfo.pdf > t && grep -qx "red 3s × 75" t && grep -qx "went out +250" t && ! grep -q "+100" t &&
	geometry hfc.pdf && geometry hfo.pdf
'
test_expect_success 'a filled Hand & Foot pad: each line beside its arithmetic, the round adds up' '
	tally new hand-foot -o preset=common X Y Z > /dev/null &&
	tally hand --out X X.clean=1 X.dirty=2 X.red3=1 X.meld=335 X.opening=90 Y.dirty=1 Y.meld=140 \
	    Y.opening=70 Y.left=60 Z.left=20 > /dev/null &&
	tally sheet -o hff.pdf > /dev/null && row hff.pdf > t &&
	grep -qx "Round 1 (meld 60) clean books × 500 1 0 0" t && grep -qx "dirty books × 300 2 1 0" t &&
	grep -qx "red 3s × 100 1 0 0" t && grep -qx "went out +100 ✓" t &&
	grep -qx "points melded + 335 140 0" t && grep -qx "cards left − 0 60 20" t &&
	grep -qx "score 1,635 380 −20" t && geometry hff.pdf
'
test_expect_success 'Trash contract labels carry their points, a house points list and the negated half included' '
	tally sheet trash --players 4 -o tr.pdf > /dev/null && row tr.pdf > t &&
	grep -q "^1 Tricks × 5$" t && grep -q "^2 Hearts × 5$" t && grep -q "^3 Kings × 20$" t &&
	grep -q "^4 Queens × 20$" t && grep -q "^5 Last trick 20$" t && grep -q "^6 Domino −25/−15$" t &&
	grep -q "^12 Tricks × 5$" t &&
	tally sheet trash --players 4 --option points=king=25,first_out=-30 --option second_half=negated \
	    -o trn.pdf > /dev/null && row trn.pdf > t &&
	grep -q "^3 Kings × 25$" t && grep -q "^6 Domino −30/−15$" t && grep -q "^7 Tricks × −5$" t &&
	grep -q "^9 Kings × −25$" t && grep -q "^11 Last trick −20$" t && grep -q "^12 Domino −30/−15$" t &&
	! grep -q "Kings × 20$" t && geometry trn.pdf
'
test_expect_success 'stakes carry their unit: house Golf quarters at 25¢, Bankrupt chips at the chip value' '
	tally sheet golf --players 3 --option preset=house -o gq.pdf > /dev/null &&
	test "$(row gq.pdf | grep -c "quarters at 25¢$")" -ge 9 &&
	tally sheet golf --players 3 -o gs.pdf > /dev/null && ! row gs.pdf | grep -q "quarters" &&
	tally sheet bankrupt --players 4 --option chip_value=0.05 -o bc.pdf > /dev/null &&
	row bc.pdf | grep -q "^Round 1 chips upped at 5¢$" &&
	tally sheet bankrupt --players 4 --option chip_value=2 -o bd.pdf > /dev/null &&
	row bd.pdf | grep -q "^Round 1 chips upped at [$]2.00$" &&
	tally sheet bankrupt --players 4 -o bn.pdf > /dev/null && row bn.pdf | grep -qx "Round 1 chips upped" &&
	! row bn.pdf | grep -q "chips upped at"
'
test_expect_success 'patience: one line per deal, its result, a win tick box and the wins (Cribbage Solitaire: its points)' '
	tally sheet accordion --players 2 -o pb.pdf > /dev/null && rows pb.pdf 1 > t &&
	grep -qx "[0-9.]*	result won wins result won wins" t &&
	d1=$(awk -F"\t" "\$2 == \"Deal 1\" { print \$1 }" t) && d2=$(awk -F"\t" "\$2 == \"Deal 2\" { print \$1 }" t) &&
	awk -v a="$d1" -v b="$d2" "BEGIN { exit !(b - a > 7.9 && b - a < 8.5) }" &&
	! grep -q "	won$" t && geometry pb.pdf &&
	tally new accordion Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=5 Cid=12 > /dev/null &&
	tally hand Ann=3 Bob=1 > /dev/null && tally sheet -o pf.pdf > /dev/null && row pf.pdf > t &&
	grep -qx "Deal 1 1 pile: win ✓ 1 5 piles: soft win 0 12 piles 0" t &&
	grep -qx "Deal 2 3 piles: soft win 1 1 pile: win ✓ 1" t && geometry pf.pdf &&
	tally new cribbage-solitaire Ann Bob > /dev/null && tally hand Ann=30 Bob=70 > /dev/null &&
	tally sheet -o cf.pdf > /dev/null && row cf.pdf | grep -qx "Deal 1 30 30 70: win ✓ 70" && geometry cf.pdf &&
	row cf.pdf | grep -qx "result won total result won total"
'
test_expect_success 'the most players: patience and Trash split or fit, every name kept, no column under its least' '
	tally sheet accordion --players 12 -o p12.pdf > /dev/null && geometry p12.pdf 4 &&
	test "$(row p12.pdf | grep -c "^result won wins result won wins result won wins result won wins result won wins result won wins$")" = 4 &&
	tally sheet trash -o t10.pdf Ann Bob Cid Dee Eve Fay Gus Hal Ivy Jo > /dev/null && geometry t10.pdf 1 &&
	row t10.pdf | grep -qx "Ann Bob Cid Dee Eve Fay Gus Hal Ivy Jo"
'
# deals PDF PAGE: the deal or round rows on that page of a pad.
deals() { rows "$1" "$2" | grep -cE "	(Deal|Round) [0-9]+( |$)"; }
test_expect_success 'a blank pad of no fixed length fills its last page, or its only one; a fixed length does not grow' '
	tally sheet accordion --players 12 -o f12.pdf > /dev/null && geometry f12.pdf 4 &&
	test "$(deals f12.pdf 2)" -ge $(( $(deals f12.pdf 1) - 2 )) &&
	test "$(deals f12.pdf 4)" -ge $(( $(deals f12.pdf 3) - 2 )) &&
	tally sheet bankrupt --players 4 -o fb.pdf > /dev/null && n=$(pages fb.pdf) && geometry fb.pdf "$n" &&
	test "$(deals fb.pdf "$n")" -ge $(( $(deals fb.pdf 1) - 2 )) &&
	tally sheet accordion --players 2 -o f2.pdf > /dev/null && geometry f2.pdf 1 &&
	row f2.pdf | grep -qx "Deal 24" && ! row f2.pdf | grep -qx "Deal 25" &&
	tally sheet chase-ace --players 4 -o fc.pdf > /dev/null && geometry fc.pdf 1 &&
	row fc.pdf | grep -qx "Round 21" && ! row fc.pdf | grep -q "^Round 22" &&
	test "$(pages fb.pdf)" = 2 &&
	tally sheet hand-foot --players 4 -o fh.pdf > /dev/null && geometry fh.pdf 2 &&
	row fh.pdf | grep -q "^Round 4 " && ! row fh.pdf | grep -q "^Round 5"
'
test_expect_success 'a detail sits in the points sub-cell, under its value, the divider whole: Gin melds and marks, Chase the Ace cards' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --knock Ann Ann="AS 2S 3S 4H 5H 6H 7D 7C 7H 2C" Bob="KS QD JC 9H 9S 8C 5D 4C 3D TD" > /dev/null &&
	tally hand --knock Ann Ann="AS 2S 3S 4H 5H 6H 7D 7C 7H 9C" Bob="AC 2C 3C 4D 5D 6D 8S 8H 8C 5S" > /dev/null &&
	tally hand --gin Bob Ann=30 Bob=0 > /dev/null && tally sheet -o gind.pdf > /dev/null && geometry gind.pdf &&
	row gind.pdf | grep -qx "gin" &&
	tally new chase-ace Ann Bob Cid > /dev/null && tally hand Ann=A Bob=K Cid=3 > /dev/null &&
	tally sheet -o cad.pdf > /dev/null && geometry cad.pdf && row cad.pdf | grep -qx "A K 3"
'
test_expect_success 'Golf notes only a jar: no note column on a standard pad, "jar" over it where there is one' '
	tally sheet golf --players 6 -o gn.pdf > /dev/null && ! pdftotext gn.pdf - | grep -qiE "jar|notes" &&
	row gn.pdf | grep -qx "\(points total \)\{5\}points total" &&
	tally sheet golf --players 6 --option preset=house -o gj.pdf > /dev/null && row gj.pdf | grep -qx "jar" &&
	! pdftotext gj.pdf - | grep -q "notes" &&
	tally sheet golf --players 3 --option knock_pot=2 -o gk.pdf > /dev/null && row gk.pdf | grep -qx "jar" &&
	geometry gn.pdf && geometry gj.pdf
'
test_expect_success 'a side total groups its thousands on the pad as show does: 1,730' '
	tally new hand-foot -o preset=common Ann+Cid Bob+Dee > /dev/null &&
	tally hand --out Ann Ann.clean=1 Ann.dirty=2 Ann.red3=1 Ann.meld=335 Ann.opening=90 Bob.dirty=1 \
	    Bob.meld=140 Bob.opening=70 Bob.left=60 Cid.meld=100 Cid.opening=90 Cid.left=5 Dee.meld=90 \
	    Dee.opening=90 Dee.left=10 > /dev/null &&
	tally show | grep -qx "1st Ann & Cid 1,730" && tally sheet -o hfs.pdf > /dev/null &&
	row hfs.pdf | grep -qx "Total 1,730 460"
'
test_expect_success 'foot lines carry their unit as hand lines do: Chase the Ace pot won at 10¢' '
	tally sheet chase-ace --players 4 -o cpb.pdf > /dev/null && row cpb.pdf | grep -qx "pot won at 10¢" &&
	tally new chase-ace Ann Bob Cid > /dev/null && tally hand Ann=A Bob=K Cid=3 > /dev/null &&
	tally sheet -o cpf.pdf > /dev/null && row cpf.pdf | grep -qx "pot won at 10¢ 0 0 0" && geometry cpf.pdf
'
test_expect_success 'partnership pads measure up, blank and filled: the sides head their partners, the side total is the Total' '
	for paper in letter a4; do
		tally sheet hand-foot Ann Bob Cid Dee --option partnerships=true --paper $paper -o ps$paper.pdf > /dev/null &&
		geometry ps$paper.pdf 2 || return 1
	done &&
	tally sheet hand-foot Ann+Dee Bob+Eve Cid+Fay -o ps6.pdf > /dev/null && geometry ps6.pdf &&
	tally sheet gin --option players_mode=partnership -o psg.pdf > /dev/null && geometry psg.pdf 1 &&
	tally new hand-foot -o preset=common Ann+Cid Bob+Dee > /dev/null &&
	tally hand --out Ann Ann.clean=1 Ann.dirty=2 Ann.red3=1 Ann.meld=335 Ann.opening=90 Bob.dirty=1 \
	    Bob.meld=140 Bob.opening=70 Bob.left=60 Cid.meld=100 Cid.opening=90 Cid.left=5 Dee.meld=90 \
	    Dee.opening=90 Dee.left=10 > /dev/null &&
	tally sheet -o psf.pdf > /dev/null && geometry psf.pdf 2 &&
	row psf.pdf > t && grep -qx "Ann & Cid Bob & Dee" t && grep -qx "Total 1,730 460" t &&
	grep -qx "Own total 1,635 95 380 80" t &&
	tally new gin Ann+Cid Bob+Dee -o target=50 > /dev/null &&
	tally hand --knock Ann Ann=7 Bob=22 --knock Dee Cid=22 Dee=7 > /dev/null &&
	tally sheet -o psgf.pdf > /dev/null && geometry psgf.pdf 1 && row psgf.pdf | grep -qx "Total 0 0"
'
test_expect_success 'a substitute is on the pad: who came in for whom, from which hand' '
	tally new golf Ann Hal > /dev/null && tally hand Ann=3 Hal=5 > /dev/null &&
	tally sub Hal Max > /dev/null 2>&1 && tally hand Ann=3 Max=5 > /dev/null 2>&1 &&
	tally sheet -o sub.pdf > /dev/null && geometry sub.pdf 1 &&
	pdftotext sub.pdf - | grep -q "Hal → Max from hole 2"
'
test_done
