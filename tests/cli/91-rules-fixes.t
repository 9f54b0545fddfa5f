#!/bin/sh
# SPDX-License-Identifier: ISC
# The rule fixes as a player sees them: the pot called by one name
# everywhere, Chase the Ace's lives apart from the pot won, Cribbage
# Solitaire's score in JSON, French Solitaire's redeal, Spite and Malice's
# single game, and Gin's knock with no deadwood.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Bankrupt: the centre is the centre in show, ledger, export and the sheet' '
	tally new bankrupt A B C D --dealer D > /dev/null &&
	tally hand A="K 7" B="A 3" C="8 3" D="A 5" --up A=3:B,D > /dev/null &&
	tally show > out && grep -q "^centre: " out && ! grep -q "^pot" out &&
	tally ledger > out && grep -q "centre" out && ! grep -qw "pot" out &&
	tally export --format ledger -o l.journal > /dev/null && grep -q "bankrupt:1:centre" l.journal &&
	! grep -q "bankrupt:1:pot" l.journal &&
	tally sheet 1 -o b.pdf > /dev/null && pdftotext -layout b.pdf - 2>/dev/null > t &&
	grep -q "centre" t && ! grep -qw "pot" t
'
test_expect_success 'Golf with quarters: the jar in show and the ledger' '
	tally new golf Ann Bob -o stakes=quarters > /dev/null &&
	tally hand Ann=3 Bob=20 > /dev/null &&
	tally show > out && grep -q "^jar: 1" out &&
	tally ledger > out && grep -q "jar" out && ! grep -qw "pot" out
'
test_expect_success 'Chase the Ace: the winner keeps 3 lives, the pot won apart' '
	tally new chase-ace Ann Bob Cid > /dev/null &&
	for r in 1 2 3; do tally hand Ann=2 Bob=9 Cid=K > /dev/null || return 1; done &&
	for r in 1 2; do tally hand Bob=2 Cid=K > /dev/null || return 1; done &&
	tally hand Bob=2 Cid=K > out && grep_msg "Cid takes the pot of 6 and wins" out &&
	grep -q "Cid 3" out && ! grep -q "Cid +6" out &&
	j=$(tally show --json 3) &&
	test "$(json_get "$j" "\$.players[2].lives")" = 3 &&
	test "$(json_get "$j" "\$.players[2].won")" = 6 &&
	test "$(json_get "$j" "\$.pot")" = 0 &&
	tally show 3 > out && grep -q "^lives  *0  *0  *3$" out && grep_msg "pot won (dimes, apart from the lives): Cid 6" out &&
	tally rules chase-ace > out && grep_msg "odd dimes" out &&
	tally sheet 3 -o c.pdf > /dev/null && pdftotext -layout c.pdf - 2>/dev/null > t &&
	grep -q "^ *Total  *0  *0  *3 *$" t
'
test_expect_success 'Cribbage Solitaire: the deal score is in show --json points' '
	tally new cribbage-solitaire Ann > /dev/null &&
	tally hand Ann="pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H strflush3:QD,JD,10D fifteen3:2D,3S,10C" > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.players[0].points")" = "[24]" &&
	test "$(json_get "$j" "\$.players[0].plays")" = 1 && test "$(json_get "$j" "\$.players[0].wins")" = 0
'
test_expect_success 'French Solitaire: a redeal cannot leave more than the first deal' '
	tally new french-solitaire Ann > /dev/null &&
	expect_status 65 tally hand Ann=5 Ann.deals=2 Ann.first=4 2>err && grep_msg "cannot leave more than 4" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand h JOIN game g ON g.id = h.game_id WHERE g.kind = '\''french-solitaire'\''")" = 0 &&
	tally hand Ann=4 Ann.deals=2 Ann.first=4 > /dev/null
'
test_expect_success 'Spite and Malice: the first to play out wins the game' '
	tally new spite-malice Ann Bob > /dev/null &&
	tally hand --out Ann Bob=9 > out && grep_msg "winner: Ann" out &&
	j=$(tally show --json 6) && test "$(json_get "$j" "\$.status")" = over &&
	test "$(json_get "$j" "\$.winners")" = "[\"Ann\"]" &&
	! tally hand -g 6 --out Bob Ann=3 2>/dev/null &&
	test "$(json_get "$(tally show --json 6)" "\$.hands")" = 1 &&
	tally new spite-malice Ann Bob -o match_target=20 > /dev/null &&
	tally hand --out Ann Bob=9 > /dev/null &&
	test "$(json_get "$(tally show --json)" "\$.status")" = open
'
test_expect_success 'Gin: a knock with cards and no deadwood is gin, no lay-offs' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --knock Ann Ann="7C 8C 9C AS 2S 3S 5H 6H 7H 8H" Bob="10C JC 4S 5S KH KD QH 2H 6D 8S" > out &&
	grep -q "hand 1: Ann 100 Bob 0" out && ! grep -q "laid off" out &&
	tally new gin Ann Bob -o zero_knock_is_gin=false > /dev/null &&
	expect_status 65 tally hand --knock Ann Ann=0 Bob=30 2>err && grep_msg "1 to 9" err
'
test_expect_success 'Gin Hollywood: each game its own end bonuses, in show, JSON and the sheet' '
	tally new gin Ann Bob -o hollywood=true > /dev/null &&
	tally hand --knock Ann Ann=2 Bob=40 > /dev/null && tally hand --knock Bob Ann=20 Bob=5 > /dev/null &&
	tally hand --gin Ann Bob=50 > /dev/null && tally hand --gin Ann Bob=50 > /dev/null &&
	tally hand --gin Ann Bob=50 > out && grep_msg "winner: Ann" out &&
	j=$(tally show --json 10) &&
	test "$(json_get "$j" "\$.hollywood")" = "[[113,15],[150,0],[150,0]]" &&
	test "$(json_get "$j" "\$.hollywood_final")" = "[[263,40],[400,0],[400,0]]" &&
	test "$(json_get "$j" "\$.players[0].total")" = 413 &&
	test "$(json_get "$j" "\$.players[0].points")" = "[38,0,150,150,75]" &&
	test "$(json_get "$j" "\$.players[0].final")" = 1063 &&
	test "$(json_get "$j" "\$.players[1].final")" = 40 &&
	tally show 10 > out && grep_msg "Hollywood game 1: Ann 113 Bob 15, won by Ann; with end bonuses Ann 263 Bob 40" out &&
	grep -Eq "^final with end bonuses +1,063 +40" out &&
	tally sheet 10 -o h.pdf > /dev/null && pdftotext -layout h.pdf - 2>/dev/null | sed "s/  */ /g" > t &&
	grep_msg "Winner: Ann" t && grep_msg "final with end bonuses 1,063 40" t
'
# SPEC section 4: a player left out is as if they entered nothing, and the
# game says whether that holds; when it refuses the hand as a whole, the
# error names the player left out first.
test_expect_success 'Trash: a hand that leaves out a seated player names them first' '
	TALLY_DB=$SCRATCH/trash-left-out.db && export TALLY_DB &&
	tally new trash Ann Bob Cid Dee Eve > /dev/null 2>&1 &&
	expect_status 65 tally hand Ann=4 Bob=3 Cid=5 Dee=1 2> err &&
	grep_msg "Eve: left out of this hand (as if Eve entered nothing); the tricks entered add up to 13" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 0 &&
	tally hand Ann=4 Bob=3 Cid=2 Dee=1 > /dev/null &&
	expect_status 65 tally hand Ann=4 Bob=3 2> err &&
	grep_msg "Cid: left out of this hand" err
'
test_done
