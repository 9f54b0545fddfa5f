#!/bin/sh
# SPDX-License-Identifier: ISC
# Bankrupt and Chase the Ace at the command line: B1 and CA1 as show --json
# reports them, the ledger's register agreeing with show after every hand,
# refusals that store nothing, and the sheets.
. "$(dirname "$0")/lib.sh"

# ledger_matches ID: the register's last balances equal show's chips/lives.
ledger_matches() {
	tally --json ledger "$1" > ledger.json && tally --json show "$1" > show.json &&
	a=$(sqlite3 :memory: "SELECT group_concat(key || '=' || value, ' ') FROM json_each(
	    json_extract(CAST(readfile('ledger.json') AS TEXT), '\$.moves[#-1].balances'))") &&
	b=$(sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name') || '=' ||
	    coalesce(json_extract(value, '\$.chips'),
	        json_extract(value, '\$.lives') + coalesce(json_extract(value, '\$.won'), 0)), ' ')
	    FROM json_each(json_extract(CAST(readfile('show.json') AS TEXT), '\$.players'))") &&
	pa=$(json_get "$(cat ledger.json)" "\$.moves[#-1].pot") &&
	pb=$(json_get "$(cat show.json)" "\$.pot") &&
	test "$a" = "$b" && test "$pa" = "$pb" || { echo "ledger $a pot $pa; show $b pot $pb" >&2; return 1; }
}

test_expect_success 'B1 at the table' '
	tally new bankrupt A B C D --dealer D > out && grep_msg "round 1 (ante 9, dealer D)" out &&
	tally hand A="K 7" B="A 3" C="8 3" D="A 5" --up A=3:B,D > out &&
	grep_msg "D wins, A pays 1, B pays 2, C pays 3; D takes the centre of 9" out &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.players[3].bank")" = 53 &&
	test "$(json_get "$j" "\$.players[3].pile")" = 9 &&
	test "$(json_get "$j" "\$.players[3].chips")" = 62 &&
	test "$(json_get "$j" "\$.players[1].chips")" = 45 &&
	test "$(json_get "$j" "\$.pot")" = 0 &&
	test "$(json_get "$j" "\$.next")" = "round 2 (ante 9, dealer A)" &&
	ledger_matches 1
'
test_expect_success 'a refused round stores nothing' '
	tally show --json > before.json &&
	expect_status 65 tally hand A="K 7" B="A 3" C="8 3" D="A 5" --up A=3:D 2>err &&
	grep_msg "A deals this round and the dealer never offers" err &&
	expect_status 65 tally hand A="K K" B="K K" C="K 3" D="2 5" 2>err && grep_msg "K makes 5" err &&
	expect_status 65 tally hand A="K 7" B="A 3" C="8 3" 2>err && grep_msg "D: no cards" err &&
	expect_status 64 tally hand A="K 7" B="A 3" C="8 3" D="A 5" --up B3 2>err &&
	tally show --json > after.json && test_cmp before.json after.json
'
test_expect_success 'dead rounds double the ante, and the register follows every hand' '
	tally hand A="K 5" B="K 5" C="2 3" D="4 6" > out && grep_msg "dead round" out &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.next")" = "round 3 (ante 9 x2, dealer B)" &&
	ledger_matches 1 &&
	expect_status 65 tally hand A="9 9" B="2 3" C=throw D="4 6" --up C=2:D 2>err &&
	grep_msg "not playing" err &&
	tally hand A="9 9" B="2 3" C=throw D="4 6" > out && ledger_matches 1 &&
	tally hand A="2 3" B="Q Q" C="5 6" D="7 8" --up D=6:A,B > out && ledger_matches 1 &&
	tally ledger 1 > reg && grep_msg "throw-in" reg && grep_msg "centre won" reg && grep_msg "top-up" reg
'
test_expect_success 'bank, pile and last legs in show' '
	tally show > out && grep_msg "bank/pile:" out
'
test_expect_success 'Chase the Ace: CA1, a void round, lives in JSON' '
	tally new chase-ace Ann Bob Cid Dee Eve Fay > /dev/null &&
	tally hand Ann=A Bob=A Cid=3 Dee=5 Eve=5 Fay=K > out && grep_msg "Cid loses a life with 3" out &&
	tally hand Ann=4 Bob=4 Cid=9 Dee=9 Eve=K Fay=K > out && grep_msg "void round" out &&
	j=$(tally show --json 2) &&
	test "$(json_get "$j" "\$.players[2].lives")" = 2 &&
	test "$(json_get "$j" "\$.players[0].lives")" = 3 &&
	test "$(json_get "$j" "\$.pot")" = 1 &&
	test "$(json_get "$j" "\$.players[0].chips")" = "" &&
	ledger_matches 2
'
test_expect_success 'Chase the Ace to the end: eliminations in order and the pot' '
	tally new chase-ace Ann Bob Cid -o lives=1 > /dev/null &&
	tally hand Ann=2 Bob=9 Cid=K > out && grep_msg "Ann loses a life with 2 and is out" out &&
	expect_status 65 tally hand Ann=3 Bob=9 Cid=K 2>/dev/null &&
	tally hand Bob=9 Cid=K > out && grep_msg "Cid takes the pot of 2 and wins" out &&
	tally show 3 > out && grep_msg "out, in order: Ann, Bob" out &&
	ledger_matches 3
'
test_expect_success 'sheets for both, blank and filled' '
	tally sheet bankrupt -o b0.pdf A B C D && tally sheet 1 -o b1.pdf &&
	tally sheet chase-ace -o c0.pdf Ann Bob Cid && tally sheet 2 -o c1.pdf &&
	pdftotext -layout b1.pdf - 2>/dev/null > t && grep_msg "Round 1" t &&
	grep_msg "ante 9; D wins" t && grep -Eq "\+12 *62|change .*\+12" t &&
	pdftotext -layout c1.pdf - 2>/dev/null > t && grep_msg "Cid loses" t && grep_msg "void" t &&
	pdftotext -layout c0.pdf - 2>/dev/null > t && grep_msg "Lives" t && ! grep -q "lowest card" t &&
	for f in b0 b1 c0 c1; do pdftoppm -png -r 30 -f 1 -l 1 $f.pdf $f 2>/dev/null && test -s $f-1.png || return 1; done
'
test_expect_success 'chip moves are stored with each hand' '
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM chip_move m JOIN hand h ON h.id = m.hand_id WHERE h.game_id = 1 AND h.number = 1")" = 11
'
test_done
