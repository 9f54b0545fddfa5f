#!/bin/sh
# SPDX-License-Identifier: ISC
# Score sheets use the page: checked from the PDF's own
# text boxes (pdftotext -bbox-layout, see pdf-layout.sh): nothing outside
# the page, no overlapping words, no type under 7 pt, the expected labels;
# and each rendered to PNG.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/pdf-layout.sh"

png() { rm -f "$1"-*.png; pdftoppm -png -r 50 -f 1 -l 1 "$1.pdf" "$1" 2>/dev/null && test -s "$(ls "$1"-*.png)"; }
TEN="Ann Bob Cid Dee Eve Fay Gus Hal Ivy Jo"

test_expect_success 'a blank 10-player Trash sheet: every contract row, every name, the footer inside' '
	tally sheet trash -o t10b.pdf $TEN > /dev/null &&
	layout_ok t10b.pdf 7 && cells_ok t10b.pdf $TEN && pdftotext -layout t10b.pdf text 2>/dev/null &&
	for r in "1 Tricks" "2 Hearts" "6 Domino" "12 Tricks" Total; do grep -q "$r" text || return 1; done &&
	for p in $TEN; do grep -q "$p" text || return 1; done &&
	grep -q "Played: the standard rules" text && png t10b
'
# The open game prints all twelve contracts, whose labels narrow the
# points cells of ten players: a detail may take two lines in its cell
# ("8" over "hearts"), so its words are read in the PDF's own order.
test_expect_success 'a filled 10-player Trash sheet: details under the points, singular and plural' '
	tally new trash $TEN > /dev/null &&
	tally hand Ann=1 Bob=1 Cid=1 Dee=1 Eve=1 Fay=1 Gus=1 Hal=1 Ivy=1 Jo=1 > /dev/null &&
	tally hand Ann=8 Bob=6 Cid=4 Dee=2 Eve=2 Fay=1 Gus=1 Hal=1 Ivy=1 Jo=0 > /dev/null &&
	tally sheet 1 -o t10.pdf > /dev/null &&
	layout_ok t10.pdf 7 && cells_ok t10.pdf $TEN && pdftotext -raw t10.pdf - 2>/dev/null | tr "\n" " " > text &&
	grep -q "1 Tricks × 5 5 5 1 trick 5 5 1 trick" text && grep -q " 5 10 1 heart 5 10 1 heart " text &&
	grep -q "2 Hearts × 5 40 45 8 hearts 30 35 6 hearts " text && grep -q "12 Tricks × 5 Total" text && png t10
'
test_expect_success 'a 16-player sheet with long CJK and accented names: names stand upright, whole words, nothing under 7 pt' '
	tally new golf "Zoë Ångström-Lindqvist" "José María de la Fuente" "李雷韩梅梅王小明" "Ægir Þórðarson" \
	    "Françoise d'"'"'Aubigné" "欧阳娜娜张伟" "Ørjan Øvergård" "Łukasz Żółtowski" "Nguyễn Thị Minh Khai" \
	    "Søren Kierkegaard" "Björn Borg" "山田太郎佐藤花子" "Ümit Çağlayan" "Renée Zellweger" \
	    "Dvořák Antonín" "Jürgen Müller-Lüdenscheidt" > /dev/null &&
	tally sheet 2 -o g16.pdf > /dev/null &&
	layout_ok g16.pdf 7 && pdftotext -layout g16.pdf text 2>/dev/null &&
	grep -q "Björn" text && grep -q "Borg" text && grep -q "Nguyễn" text && grep -q "李雷" text &&
	grep -q "Kierkegaard" text && grep -q "李雷韩梅梅王小明" text &&
	grep -q "Hole 9" text && ! grep -q "Hole 10" text && png g16
'
test_expect_success 'a short blank pad prints twice on the page; a long one once' '
	tally sheet golf -o two.pdf Ann Bob Cid Dee > /dev/null && layout_ok two.pdf 7 &&
	test "$(pdftotext two.pdf - 2>/dev/null | grep -c "Hole 9")" = 2 &&
	tally sheet golf --option holes=18 -o one.pdf Ann Bob > /dev/null && layout_ok one.pdf 7 &&
	test "$(pdftotext one.pdf - 2>/dev/null | grep -c "Hole 18")" = 1 &&
	test "$(used_height two.pdf)" -ge 85 &&
	png two && png one
'
test_expect_success 'a filled Golf sheet: card details stay in their cells' '
	tally new golf Ann Bob Cid Dee > /dev/null &&
	for h in 1 2 3 4 5 6 7 8 9; do
		tally hand Ann="K 3 5 A" Bob="Q♠ J♥ 10♦ 2♣" Cid="7 7 K 4" Dee=12 --knock Ann > /dev/null || return 1
	done &&
	tally sheet -o golf.pdf > /dev/null && layout_ok golf.pdf 7 && cells_ok golf.pdf Ann Bob Cid Dee &&
	pdftotext -layout golf.pdf text 2>/dev/null && grep -q "Q♠ J♥ 10♦ 2♣" text && png golf
'
test_expect_success 'the most players a game takes (Chase the Ace, 51): drawn, nothing under 7 pt' '
	tally sheet chase-ace -o ca51.pdf $(i=1; while [ $i -le 51 ]; do printf "P%02d " $i; i=$((i + 1)); done) > out &&
	grep -q "wrote ca51.pdf" out && layout_ok ca51.pdf 7 && png ca51
'
test_expect_success 'the footer states the rules played in words, not key=value' '
	tally new golf Ann Bob -o preset=house -o quarters=2 > /dev/null &&
	tally sheet 4 -o house.pdf > /dev/null && layout_ok house.pdf 7 &&
	pdftotext house.pdf text 2>/dev/null &&
	grep -q "Played: house rules" text && grep -q "Quarters each player starts with: 2\." text &&
	! grep -q "preset=house" text && ! grep -q "end_method=" text
'
test_done
