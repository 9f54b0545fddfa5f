#!/bin/sh
# SPDX-License-Identifier: ISC
# What Hand & Foot, Golf and Bankrupt show on their score pads:
# the hand columns in `show --json` (COLS.md: one key per shown hand column
# in each "players" element, an array with one value per hand, null where
# unset, true/false for a flag), with the RULES worked examples' values;
# and their pads, blank and filled, with the rules played in words.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

png() { rm -f "$1"-*.png; pdftoppm -png -r 50 -f 1 -l 1 "$1.pdf" "$1" 2>/dev/null && test -s "$(ls "$1"-*.png)"; }

# test_json 'what' 'commands': a check of the hand columns in JSON
test_json() {
	test_expect_success "$1" "$2"
}
# want JSON PATH VALUE: json_extract of PATH is VALUE
want() {
	got=$(json_get "$1" "$2")
	[ "$got" = "$3" ] || { echo "$2: got '$got', want '$3'" >&2; return 1; }
}

test_json 'Hand & Foot HF1: books, red threes, going out, points melded and left per player' '
	tally new hand-foot X Y Z > /dev/null &&
	tally hand --out X X.clean=1 X.dirty=2 X.red3=1 X.meld=335 X.opening=90 Y.dirty=1 Y.meld=140 Y.opening=70 Y.left=60 Z.left=20 > /dev/null &&
	j=$(tally show --json) &&
	want "$j" "\$.players[0].clean" "[1]" && want "$j" "\$.players[0].dirty" "[2]" &&
	want "$j" "\$.players[0].red3" "[1]" && want "$j" "\$.players[0].went_out" "[true]" &&
	want "$j" "\$.players[0].meld" "[335]" && want "$j" "\$.players[0].left" "[0]" &&
	want "$j" "\$.players[0].points" "[645]" &&
	want "$j" "\$.players[1].clean" "[0]" && want "$j" "\$.players[1].dirty" "[1]" &&
	want "$j" "\$.players[1].went_out" "[false]" && want "$j" "\$.players[1].meld" "[140]" &&
	want "$j" "\$.players[1].left" "[60]" && want "$j" "\$.players[1].points" "[110]" &&
	want "$j" "\$.players[2].left" "[20]"
'
test_json 'House Golf: the quarters each player paid or won on each hole; none once out' '
	tally new golf -o preset=house -o quarters=2 A B C > /dev/null &&
	tally hand A="Q Q Q K" B="5 5 5 9" C="10 J Q 9" > /dev/null &&
	tally hand A=5 B=5 C=5 > /dev/null && tally hand A=5 B=9 C=9 > /dev/null &&
	tally hand A=1 B=2 C=0 > /dev/null &&
	j=$(tally show --json) &&
	want "$j" "\$.players[0].quarters" "[0,0,0,4]" &&
	want "$j" "\$.players[1].quarters" "[0,0,-1,-1]" &&
	want "$j" "\$.players[2].quarters" "[-1,0,-1,null]"
'
test_json 'Standard Golf keeps no quarters: no quarters key' '
	tally new golf A B > /dev/null && tally hand A=3 B=4 > /dev/null &&
	j=$(tally show --json) && want "$j" "\$.players[0].points" "[3]" &&
	test -z "$(json_get "$j" "\$.players[0].quarters")"
'
test_json 'Bankrupt B1: the chips each player upped' '
	tally new bankrupt A B C D --dealer D > /dev/null &&
	tally hand A="K 7" B="A 3" C="8 3" D="A 5" --up A=3:B,D > /dev/null &&
	j=$(tally show --json) &&
	want "$j" "\$.players[0].upped" "[3]" && want "$j" "\$.players[1].upped" "[3]" &&
	want "$j" "\$.players[2].upped" "[0]" && want "$j" "\$.players[3].upped" "[3]" &&
	want "$j" "\$.players[3].chips" "62"
'
test_expect_success 'Hand & Foot pads: the rules played, on the blank pad and on the filled one' '
	tally sheet hand-foot -o hfb.pdf A B C D > /dev/null && pdftotext -layout hfb.pdf t 2>/dev/null &&
	grep_msg "Round 1 (meld 60)" t && grep_msg "Round 4 (meld 150)" t &&
	grep_msg "Played: the standard rules" t && ! grep -q "common rules" t &&
	! grep -q "clean book 50 · dirty book 30" t && png hfb &&
	tally new hand-foot -o preset=common X Y Z > /dev/null &&
	tally hand --out X X.clean=1 X.dirty=2 X.red3=1 X.meld=335 X.opening=90 Y.dirty=1 Y.meld=140 Y.opening=70 Y.left=60 Z.left=20 > /dev/null &&
	tally sheet -o hff.pdf > /dev/null && pdftotext -layout hff.pdf t 2>/dev/null &&
	grep_msg "Played: common rules" t && grep_msg "clean 500, dirty 300" t && grep_msg "1,635" t && png hff
'
test_expect_success 'House Golf pad: only the house rules, no key=value, who paid and the jar per hole' '
	tally sheet golf --option preset=house -o gb.pdf A B C > /dev/null && pdftotext -layout gb.pdf t 2>/dev/null &&
	grep_msg "Played: house rules" t && ! grep -q "Standard rules:" t && ! grep -q "preset=house" t &&
	! grep -q "stakes=quarters" t && ! grep -q "end_method=" t && png gb &&
	tally new golf -o preset=house -o quarters=2 A B C > /dev/null &&
	tally hand A="Q Q Q K" B="5 5 5 9" C="10 J Q 9" > /dev/null &&
	tally sheet -o gf.pdf > /dev/null && pdftotext -layout gf.pdf t 2>/dev/null &&
	grep_msg "C paid; jar 1" t && ! grep -q "preset=house" t && png gf
'
test_expect_success 'Bankrupt pad: dead rounds in words, not a bare dot' '
	tally new bankrupt A B C D > /dev/null &&
	tally hand A="2 3" B="A K" C="4 5" D="A K" > /dev/null &&
	tally sheet -o bk.pdf > /dev/null && pdftotext -raw bk.pdf - 2>/dev/null | tr "\n" " " > t &&
	grep_msg "dead round" t && grep_msg "nobody" t && png bk &&
	tally sheet bankrupt -o bkb.pdf A B C D > /dev/null && png bkb
'
test_done
