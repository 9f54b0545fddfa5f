#!/bin/sh
# SPDX-License-Identifier: ISC
# Partnership play from `new` to the pads and the night report: a
# six-player Hand & Foot night in three sides (seats 1&4, 2&5, 3&6) and a
# Gin partnership game.  The pads group the partners' columns under their
# side's name, with the side's total, the game's Total, in one box across
# them and the partners' own totals above it; the tests
# read where the words sit on the page (pdftotext -bbox).
. "$(dirname "$0")/lib.sh"

# box FILE WORD N: "xMin yMin xMax yMax" of the N-th WORD on page 1
box() {
	pdftotext -f 1 -l 1 -bbox "$1" - 2>/dev/null | awk -v w="$2" -v n="$3" '
	$0 ~ ">" w "</word>" {
		if (++k == n) {
			for (i = 1; i <= NF; i++) if ($i ~ /^(xMin|yMin|xMax|yMax)=/) { split($i, a, "\""); printf "%s ", a[2] }
			print ""; exit
		}
	}'
}
# below FILE WORD Y: the box of the highest WORD on page 1 below Y (its
# yMin greater), whatever order the text comes in
below() {
	pdftotext -f 1 -l 1 -bbox "$1" - 2>/dev/null | awk -v w="$2" -v y="$3" '
	$0 ~ ">" w "</word>" {
		b = ""
		for (i = 1; i <= NF; i++) if ($i ~ /^(xMin|yMin|xMax|yMax)=/) { split($i, a, "\""); b = b a[2] " " }
		split(b, v, " ")
		if (v[2] + 0 > y + 0 && (best == "" || v[2] + 0 < bestY)) { best = b; bestY = v[2] + 0 }
	}
	END { print best }'
}
# within A B C: A <= B <= C (numbers)
within() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { exit !(a <= b && b <= c) }'; }
# centre BOX: the x centre of a box
centre() { echo "$1" | awk '{ print ($1 + $3) / 2 }'; }
# row BOX1 BOX2: the boxes sit on one line (their middles within 3 pt)
row() { awk -v a="$1" -v b="$2" 'BEGIN { split(a, p, " "); split(b, q, " ");
	d = (p[2] + p[4]) / 2 - (q[2] + q[4]) / 2; exit !(d < 3 && d > -3) }'; }

test_expect_success 'a night: three sides of Hand & Foot, then Gin in partnership' '
	export TALLY_NOW=2026-11-21T00:30:00Z &&
	tally night start "Partners" > /dev/null &&
	tally new hand-foot Ann+Dee Bob+Eve Cid+Fay -o rounds=2 > out &&
	grep_msg "Ann & Dee against Bob & Eve against Cid & Fay; Ann deals" out &&
	tally hand --out Eve Eve=1c1d250m60o Bob=1d150m40l Ann=1c200m70o30l Dee=100m25l Cid=1d120m65o50l Fay=60l > out &&
	tally hand --out Ann Ann=1c2d300m90o Dee=80m20l Bob=1d200m95o35l Eve=90m45l Cid=150m100o40l Fay=1d120m30l > out &&
	grep_msg "game over; winner: Ann & Dee" out &&
	test "$(totals)" = "Ann=730 Bob=335 Cid=210 Dee=135 Eve=475 Fay=60" &&
	tally new gin Ann+Cid Bob+Dee -o target=50 > /dev/null &&
	tally hand --knock Ann Ann=7 Bob=22 --knock Dee Cid=22 Dee=7 > /dev/null &&
	tally hand --gin Bob Ann=30 Bob=0 --knock Cid Cid=5 Dee=8 > out &&
	grep_msg "game over; winner: Bob & Dee" out &&
	tally night end > /dev/null
'
# Hand & Foot, seed bonuses (clean 50, dirty 30, out 100):
#  round 1: Eve out 50+30+100+250 = 430, Bob 30+150-40 = 140 (Eve opened for them);
#           Ann 50+200-30 = 220, Dee 100-25 = 75; Cid 30+120-50 = 100, Fay -60
#  round 2: Ann out 50+60+100+300 = 510, Dee 80-20 = 60; Bob 30+200-35 = 195,
#           Eve 90-45 = 45; Cid 150-40 = 110, Fay 30+120-30 = 120 (Cid opened)
#  sides: Ann & Dee 730 + 135 = 865, Bob & Eve 335 + 475 = 810, Cid & Fay 210 + 60 = 270
test_expect_success 'the filled pad: side columns, partners under them, side totals across them' '
	tally sheet 1 -o hf.pdf > /dev/null &&
	side=$(box hf.pdf Ann 1) && y=$(echo "$side" | cut -d" " -f4) &&
	ann=$(below hf.pdf Ann "$y") && dee=$(below hf.pdf Dee "$y") &&
	test "$(echo "$side" | cut -d" " -f2 | cut -d. -f1)" -lt "$(echo "$ann" | cut -d" " -f2 | cut -d. -f1)" &&
	within "$(echo "$ann" | cut -d" " -f1)" "$(centre "$side")" "$(echo "$dee" | cut -d" " -f3)" &&
	label=$(box hf.pdf Total 1) && t1=$(box hf.pdf 865 1) && t2=$(box hf.pdf 810 1) && t3=$(box hf.pdf 270 1) &&
	row "$label" "$t1" && row "$label" "$t2" && row "$label" "$t3" &&
	within "$(echo "$ann" | cut -d" " -f3)" "$(centre "$t1")" "$(echo "$dee" | cut -d" " -f1)" &&
	tot=$(box hf.pdf Own 1) && y=$(echo "$tot" | cut -d" " -f2) &&
	p1=$(below hf.pdf 730 "$(awk -v y="$y" "BEGIN { print y - 8 }")") && p2=$(below hf.pdf 135 "$(awk -v y="$y" "BEGIN { print y - 8 }")") &&
	row "$tot" "$p1" && row "$tot" "$p2" &&
	within "$(echo "$ann" | cut -d" " -f1)" "$(centre "$p1")" "$(echo "$dee" | cut -d" " -f1)" &&
	bob=$(below hf.pdf Bob "$(echo "$side" | cut -d" " -f4)") &&
	within "$(echo "$ann" | cut -d" " -f3)" "$(centre "$p2")" "$(echo "$bob" | cut -d" " -f1)" &&
	pdftotext -layout hf.pdf - | grep -q "Winner: Ann & Dee" &&
	pdftotext -layout hf.pdf - | grep -q "Ann & Dee *Bob & Eve *Cid & Fay" &&
	pdftotext -layout hf.pdf - | grep -q "Ann *Dee *Bob *Eve *Cid *Fay"
'
test_expect_success 'the Gin pad keeps the two duels and nets the sides' '
	tally sheet 2 -o gin.pdf > /dev/null &&
	pdftotext -layout gin.pdf - > g.txt &&
	grep -q "Ann & Cid *Bob & Dee" g.txt && grep -q "Ann *Cid *Bob *Dee" g.txt &&
	grep -q "Hand 1 *15 *15 *0 *0 *0 *0 *15 *15" g.txt &&
	grep -q "Hand 2 *0 *15 *3 *3 *55 *55 *0 *15" g.txt &&
	grep -q "Own total *15 *3 *55 *15" g.txt && grep -q "Total *0 *52" g.txt && grep_msg "Winner: Bob & Dee" g.txt
'
test_expect_success 'the blank pad takes side names' '
	tally sheet hand-foot Ann+Dee Bob+Eve Cid+Fay -o blank.pdf > /dev/null &&
	pdftotext -layout blank.pdf - > b.txt &&
	grep -q "Ann & Dee *Bob & Eve *Cid & Fay" b.txt && grep -q "Ann *Dee *Bob *Eve *Cid *Fay" b.txt &&
	grep -q "Own total" b.txt && grep -q "^ *Total *$" b.txt &&
	tally sheet gin --option players_mode=partnership -o blank2.pdf > /dev/null &&
	pdftotext -layout blank2.pdf - | grep -q "Side 1 *Side 2"
'
test_expect_success 'the night report ranks the sides, each partner under them' '
	tally sheet night:1 -o night.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 night.pdf - > p1 &&
	grep -q "Hand & Foot *Ann & Dee *2 rounds" p1 && grep -q "Gin Rummy *Bob & Dee *2 hands" p1 &&
	pdftotext -f 2 -l 2 night.pdf - | tr "\n" " " > p2 &&
	grep_msg "1st Ann & Dee 865 (Ann 730, Dee 135); 2nd Bob & Eve 810 (Bob 335, Eve 475); 3rd Cid & Fay" p2 &&
	grep_msg "270 (Cid 210, Fay 60) after 2 rounds" p2 &&
	grep_msg "1st Bob & Dee 52 (Bob 55, Dee 15); 2nd Ann & Cid 0 (Ann 15, Cid 3) after 2 hands" p2 &&
	grep_msg "730 points, 1st with Ann & Dee (winner)" p2 && grep_msg "475 points, 2nd with Bob & Eve" p2
'
test_done
