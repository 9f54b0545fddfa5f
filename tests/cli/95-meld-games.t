#!/bin/sh
# SPDX-License-Identifier: ISC
# Gin Rummy and Hand & Foot at the command line.
. "$(dirname "$0")/lib.sh"

renders() { pdftoppm -png -r 30 -f 1 -l 1 "$1" "$1" 2>/dev/null && test -s "$1-1.png"; }

test_expect_success 'Gin: G1, an undercut, and melds found from cards' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --knock Ann Ann=7 Bob=22 > out && grep_msg "Ann scores 15" out &&
	tally hand --knock Ann Ann=8 Bob=5 > out && grep_msg "Bob scores 28 (undercut)" out &&
	tally hand --knock Ann Ann="2S 3S 4S 7H 7D 7C KC QC JC 5D" Bob="5S 6S 9H 9D 9C 2H 3H 8D 10D KD" > out &&
	grep_msg "Ann scores 28" out &&
	tally show --json > j.json &&
	test "$(json_get "$(cat j.json)" "\$.players[0].total")" = 43 &&
	sqlite3 "$TALLY_DB" "SELECT detail FROM hand_score s JOIN hand h ON h.id = s.hand_id WHERE h.number = 3 AND s.seat = 1" > det &&
	grep_msg "laid off 5♠ 6♠" det && grep_msg "= 33" det
'
test_expect_success 'Gin: refusals store nothing' '
	tally show --json > before.json &&
	expect_status 65 tally hand --knock Ann Ann=10 Bob=30 2>err && grep_msg "1 to 9" err &&
	expect_status 65 tally hand --gin Ann Ann=2 Bob=30 2>err && grep_msg "holds 2 deadwood" err &&
	expect_status 65 tally hand --knock Ann Ann=3 Bob=99 2>err && grep_msg "0 to 98" err &&
	tally show --json > after.json && test_cmp before.json after.json
'
test_expect_success 'Gin: the game, the end bonuses in final' '
	tally hand --gin Ann Bob=40 > out && grep_msg "winner: Ann" out &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.players[0].final")" = $((108 + 3 * 25 + 100)) &&
	test "$(json_get "$j" "\$.players[1].final")" = $((28 + 25)) &&
	tally show > out && grep_msg "final with end bonuses" out
'
test_expect_success 'Gin: Hollywood columns and its sheet' '
	tally new gin Ann Bob -o hollywood=true > /dev/null &&
	tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	tally hand --knock Bob Ann=20 Bob=5 > /dev/null &&
	tally hand --gin Ann Bob=50 > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.hollywood")" = "[[113,15],[75,0],[0,0]]" &&
	tally sheet 2 -o h.pdf &&
	renders h.pdf && tally sheet gin -o g0.pdf Ann Bob && renders g0.pdf
'
test_expect_success 'Hand & Foot: the bonuses to confirm, HF1, the next minimum' '
	tally new hand-foot X Y Z > out && grep_msg "book bonuses in force: clean 50, dirty 30" out &&
	tally hand --out X X.clean=1 X.dirty=2 X.red3=1 X.meld=335 X.opening=90 Y.dirty=1 Y.meld=140 Y.opening=70 Y.left=60 Z.left=20 > out &&
	grep_msg "round 1: X 645 Y 110 Z -20" out && grep_msg "round 2 of 4 (first meld at least 90" out &&
	tally show --json > before.json &&
	expect_status 65 tally hand X.meld=100 X.opening=85 X.left=5 Y.left=5 Z.left=5 2>err && grep_msg "at least 90" err &&
	expect_status 65 tally hand --out X X.clean=1 X.dirty=1 X.meld=300 X.opening=90 Y.left=5 Z.left=5 2>err &&
	grep_msg "1 clean and 2 dirty" err &&
	tally show --json > after.json && test_cmp before.json after.json
'
test_expect_success 'Hand & Foot: the sheet prints the four rounds and their minimums' '
	tally sheet hand-foot -o hf0.pdf A B C D && pdftotext -layout hf0.pdf - 2>/dev/null > t &&
	grep_msg "Round 1 (meld 60)" t && grep_msg "Round 4 (meld 150)" t && renders hf0.pdf &&
	tally sheet 3 -o hf1.pdf && pdftotext -layout hf1.pdf - 2>/dev/null > t && grep_msg "645" t && renders hf1.pdf
'
test_expect_success 'Gin words: a hand says (gin) as it says (undercut); the final only once it is over, said by the last hand' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --gin Ann Ann=0 Bob=10 > out && grep -qx "  Ann scores 35 (gin)" out &&
	tally show > out && ! grep -q "final" out &&
	tally hand --knock Bob Ann=20 Bob=5 > out && grep -qx "  Bob scores 15" out &&
	! grep -q "final" out &&
	tally hand --knock Bob Ann=5 Bob=9 > out && grep -qx "  Ann scores 29 (undercut)" out &&
	tally hand --gin Ann Ann=0 Bob=40 > out && grep -qx "  Ann scores 65 (gin)" out &&
	grep -qx "  final with end bonuses: Ann 304 Bob 40" out && grep -q "winner: Ann" out &&
	tally show > out && grep -Eq "^final with end bonuses +304 +40$" out
'
test_done
