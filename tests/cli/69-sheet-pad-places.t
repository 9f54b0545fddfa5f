#!/bin/sh
# SPDX-License-Identifier: ISC
# The generic score pad: every pad comes from what its game
# declares and from what decides it (core/rules.h: the measure), with no
# test of a game's kind in the sheet code.  Where counters decide the
# game a start row stands above the first hand (blank on a blank pad),
# cells of a counters-only game show the change and what is held, and a
# points game decided by counters (house Golf) keeps its points in the
# cells and the counters on a line of their own.  Checked from the PDF
# (pdf-layout.sh) and rendered to PNG.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/pdf-layout.sh"

# words FILE: the text of page 1, runs of spaces made one.
# (a true minus sign read as '-')
words() { pdftotext -layout -f 1 -l 1 "$1" - 2>/dev/null | sed 's/−/-/g; s/  */ /g; s/ *$//'; }
# allwords FILE: the same for every page (rows never stretch: a long pad
# goes on over pages).
allwords() { pdftotext -layout "$1" - 2>/dev/null | sed 's/−/-/g; s/  */ /g; s/ *$//'; }
png() { rm -f "$1"-*.png; pdftoppm -png -r 50 -f 1 -l 1 "$1.pdf" "$1" 2>/dev/null && test -s "$(ls "$1"-*.png)"; }

test_expect_success 'no line of the sheet code asks what kind of game it draws' '
	test -s "$HERE/../tools/kindlines.sh" && test -s "$HERE/../../cmd/cmd-sheet.c" &&
	{ (cd "$HERE/../.." && sh tests/tools/kindlines.sh) > kinds || true; } &&
	! grep -E "^cmd/(cmd-sheet|sheet-night)\.c:" kinds
'
test_expect_success 'Bankrupt filled: starting chips above round 1, change and chips held, in words' '
	tally new bankrupt Bob Ann Cid Dee > /dev/null &&
	tally hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Ann=3:Bob,Dee > /dev/null &&
	tally sheet 1 -o bank.pdf > /dev/null && words bank.pdf > t &&
	grep -qx " *starting chips 50 50 50 50" t &&
	grep -Eq "^ *(Round 1 -5 45 -4 46 -3 47 \+12 62|change -5 -4 -3 \+12)" t &&
	grep -Eq "^ *(Round 1 |chips )?-?.*45 .*46 .*47 .*62" t &&
	pdftotext -layout bank.pdf - 2>/dev/null | sed "s/−/-/g; s/  */ /g; s/ *\$//" > all && grep -qx " *Total 45 46 47 62" all &&
	test "$(grep -n "starting chips" t | cut -d: -f1)" -lt "$(grep -n "Round 1 " t | cut -d: -f1)" &&
	layout_ok bank.pdf 7 && png bank
'
test_expect_success 'Bankrupt blank: the start row is there to write in, the chips box to cross off' '
	tally sheet bankrupt -o bank0.pdf Bob Ann Cid Dee > /dev/null && words bank0.pdf > t &&
	pdftotext -layout bank0.pdf - 2>/dev/null > all &&
	grep -qx " *starting chips" t && grep -qx " *Chips" all && ! grep -q " 50" all &&
	layout_ok bank0.pdf 7 && png bank0
'
test_expect_success 'Chase the Ace: lives start at 3, each round shows the change and the lives left' '
	tally new chase-ace Ann Bob Cid > /dev/null &&
	tally hand Ann=2 Bob=9 Cid=K > /dev/null &&
	tally sheet 2 -o chase.pdf > /dev/null && words chase.pdf > t &&
	grep -qx " *starting lives 3 3 3" t && grep -q "Round 1 -1 2 0 3 0 3" t &&
	grep -q "change lives" t && layout_ok chase.pdf 7 && png chase &&
	tally sheet chase-ace -o chase0.pdf Ann Bob Cid > /dev/null && words chase0.pdf > t &&
	grep -qx " *starting lives" t && layout_ok chase0.pdf 7
'
test_expect_success 'house Golf: points in the cells, the quarters from a start row to a line of their own' '
	tally new golf Ann Bob -o preset=house -o quarters=2 > /dev/null &&
	tally hand Ann=3 Bob=20 > /dev/null && tally hand Ann=5 Bob=1 > /dev/null &&
	tally sheet 3 -o golf.pdf > /dev/null && words golf.pdf > t &&
	grep -qx " *starting quarters 2 2" t &&
	pdftotext -layout golf.pdf - 2>/dev/null | sed "s/  */ /g; s/ *\$//" > all &&
	{ grep -q "Hole 1 3 3 20 20" t || { grep -qx " *score 3 20" t && grep -qx " *total 3 20" t; }; } &&
	{ grep -q "Hole 2 5 8 1 21" t || { grep -qx " *score 5 1" t && grep -qx " *total 8 21" t; }; } &&
	grep -qx " *Total 8 21" all && grep -qx " *Quarters 1 1" all &&
	layout_ok golf.pdf 7 && png golf
'
test_expect_success 'a points game has no start row; the standard Golf pad is as it was' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=20 > /dev/null &&
	tally sheet 4 -o std.pdf > /dev/null && words std.pdf > t &&
	! grep -q "starting" t && grep -q "Hole 1 3 3 20 20" t && layout_ok std.pdf 7
'
test_expect_success 'Hand & Foot: a block of declared lines per round, then score and total' '
	tally new hand-foot X Y Z > /dev/null &&
	tally hand --out X X.clean=1 X.dirty=2 X.red3=1 X.meld=335 X.opening=90 Y.dirty=1 Y.meld=140 Y.opening=70 \
	    Y.left=60 Z.left=20 > /dev/null &&
	tally sheet -o hf.pdf > /dev/null && allwords hf.pdf > t &&
	grep -qx " *Round 1 (meld 60) clean books × 50 1 0 0" t && grep -qx " *dirty books × 30 2 1 0" t &&
	grep -qx " *went out +100 ✓" t && grep -qx " *cards left - 0 60 20" t &&
	grep -qx " *score 645 110 -20" t && grep -qx " *total 645 110 -20" t &&
	test "$(grep -c "^ *\(Round [0-9] (meld [0-9]*) \)\{0,1\}clean books" t)" = 4 && grep -qx " *Total 645 110 -20" t &&
	layout_ok hf.pdf 7 && png hf &&
	tally sheet hand-foot -o hf0.pdf Ann Bob Cid Dee > /dev/null && allwords hf0.pdf > t &&
	test "$(grep -c "^ *points melded +" t)" = 4 && grep -qx " *Round 4 (meld 150) clean books × 50" t &&
	! grep -q "645" t && layout_ok hf0.pdf 7 && png hf0
'
test_expect_success 'Hollywood Gin: three games across each player, the games'"'"' figures at the foot' '
	tally new gin Ann Bob -o hollywood=true > /dev/null &&
	tally hand --knock Ann Ann=2 Bob=40 > /dev/null && tally hand --knock Bob Ann=20 Bob=5 > /dev/null &&
	for i in 1 2 3; do tally hand --gin Ann Bob=50 > /dev/null 2>&1 || return 1; done &&
	tally sheet -o hw.pdf > /dev/null && words hw.pdf > t &&
	grep -qx " *game 1 game 2 game 3 game 1 game 2 game 3" t &&
	grep -qx " *Hand 3 113 75 15" t && grep -qx " *Total 413 15" t &&
	grep -qx " *game bonus 100 100 100 0 0 0" t && grep -qx " *final 263 400 400 40 0 0" t &&
	grep -qx " *final with end bonuses 1,063 40" t &&
	test "$(grep -n "^ *Total 413" t | cut -d: -f1)" -lt "$(grep -n "^ *game bonus" t | cut -d: -f1)" &&
	layout_ok hw.pdf 7 && png hw &&
	tally sheet gin --option hollywood=true -o hw0.pdf Ann Bob > /dev/null && allwords hw0.pdf > t &&
	grep -qx " *game 1 game 2 game 3 game 1 game 2 game 3" t && grep -qx " *game bonus" t &&
	layout_ok hw0.pdf 7
'
test_expect_success 'plain Gin: no across columns where the options show none; the final at the foot' '
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	tally sheet -o plain.pdf > /dev/null && words plain.pdf > t &&
	grep -qx " *points total points total" t && ! grep -q "game 1 game 2" t &&
	grep -qx " *Hand 1 38 38 0 0" t && layout_ok plain.pdf 7 &&
	tally sheet gin -o plain0.pdf Ann Bob > /dev/null && words plain0.pdf > t &&
	! grep -q "game 1 game 2" t && grep -q "points total points total" t
'
test_expect_success 'the night report charts each game by its measure, from what the players started with' '
	tally night start Chips > /dev/null &&
	tally new bankrupt Bob Ann Cid Dee > /dev/null &&
	tally hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Ann=3:Bob,Dee > /dev/null &&
	chips=$(tally list | sed -n "s/^.#\([0-9]*\) *bankrupt .*/\1/p" | head -1) &&
	tally new golf Ann Bob -o preset=house -o quarters=2 > /dev/null && tally hand Ann=3 Bob=20 > /dev/null &&
	tally end > /dev/null && tally end -g "$chips" > /dev/null &&
	night=$(tally night | sed -n "s/^night #\([0-9]*\).*/\1/p") &&
	tally sheet night:$night -o night.pdf > /dev/null && pdftotext -layout night.pdf - 2>/dev/null > n &&
	grep -q "62 chips, 1st" n && grep -q "45 chips, 4th" n && grep -q "^ *1st *Dee *1 *1.0 *1st *\$" n &&
	grep -q "2 quarters, 1st" n && grep -q "1 quarter, 2nd" n && grep -q "^ *2nd *Ann *1 *2.0 *3rd *1st *\$" n &&
	layout_ok night.pdf 7
'
# box WORD FILE: "xMin yMin" of WORD's last place on page 1, in points
# (below the line under the title that may name it too).
box() {
	pdftotext -bbox -f 1 -l 1 "$2" - 2>/dev/null |
	    sed -n "s/.*xMin=\"\([0-9.]*\)\" yMin=\"\([0-9.]*\)\".*>$1<\/word>.*/\1 \2/p" | tail -1
}
test_expect_success 'Chase the Ace with a late arrival: the start row holds who started; the arrival'\''s lives where they came in' '
	tally new chase-ace Ann Bob Cid Dee > /dev/null &&
	tally hand Ann=9 Bob=2 Cid=Q Dee=J > /dev/null &&
	tally hand Ann=9 Bob=3 Cid=Q Dee=J > /dev/null &&
	tally join Eve > /dev/null &&
	tally hand Ann=9 Bob=K Cid=3 Dee=J Eve=5 > /dev/null &&
	tally sheet -o late.pdf > /dev/null && words late.pdf > t &&
	grep -qx " *starting lives 3 3 3 3" t &&
	grep -q "^ *Round 2 0 3 -1 1 0 3 0 3 3 Bob loses" t && grep -qx " *9 3 Q J joins" t &&
	grep -q "^ *Round 3 0 3 0 1 -1 2 0 3 0 3 Cid loses" t &&
	set -- $(box Eve late.pdf) $(box Dee late.pdf) $(box joins late.pdf) &&
	awk -v eve="$1" -v dee="$3" -v x="$5" "BEGIN { exit !(x > dee + 20 && x < eve + 40) }" &&
	layout_ok late.pdf 7 && png late
'
test_expect_success 'the pot under a pad in thousands grouped, as standings print it' '
	tally new bankrupt Ann Bob Cid Dee -o start_chips=5000 -o max_offer=1000 > /dev/null &&
	tally hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Bob=600:Ann,Cid > /dev/null &&
	tally show | grep -qx "centre: 1,800" &&
	tally sheet -o centre.pdf > /dev/null && words centre.pdf > t &&
	grep -qx "In progress; next: round 2 (ante 9, dealer Bob); centre 1,800" t
'
test_expect_success 'a house rule typed as in new (-o KEY=VALUE) is refused, not written to a file' '
	expect_status 64 tally sheet gin -o hollywood=true -o pad.pdf 2> err &&
	grep_msg "use --option hollywood=true" err && ! test -e hollywood=true && ! test -e pad.pdf &&
	expect_status 64 tally sheet gin -o a.pdf -o b.pdf 2> err && grep_msg "given twice" err &&
	tally sheet gin --option hollywood=true -o pad.pdf > /dev/null &&
	pdftotext pad.pdf - | grep -q "game 3"
'

test_done
