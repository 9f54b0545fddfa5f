#!/bin/sh
# SPDX-License-Identifier: ISC
# Settling up: every stake of the night's games netted per player, then
# the fewest payments.  The night: Chase the Ace for dimes, house Golf for
# quarters, Bankrupt with chips at 5 cents.  Worked by hand:
#   Chase the Ace (lives 2, a dime each): Bea, Cy and Dee lose both their
#     dimes; Al keeps his 2 and takes the pot of 6: Al +6 dimes (+$0.60),
#     Bea, Cy, Dee -2 dimes (-$0.20) each.
#   Golf, house, 2 quarters each: Al, Bea and Cy each pay both theirs into
#     the jar; Dee takes the jar of 6: Dee +6 quarters (+$1.50), Al, Bea,
#     Cy -2 quarters (-$0.50) each.
#   Bankrupt (chip_value 0.05), one round, then ended: Al +15 chips
#     (+$0.75), Bea -10 (-$0.50), Cy -5 (-$0.25).
#   Net: Al +0.60 -0.50 +0.75 = +$0.85; Bea -0.20 -0.50 -0.50 = -$1.20;
#        Cy -0.20 -0.50 -0.25 = -$0.95; Dee -0.20 +1.50 = +$1.30.
#   No two of them square each other (85-120, 85-95, 130-120, 130-95), so
#   three payments: Bea pays Dee $1.20, Cy pays Al $0.85, Cy pays Dee
#   $0.10.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a night of Chase the Ace, house Golf and Bankrupt' '
	tally night start "Thanksgiving" > /dev/null &&
	tally new chase-ace Al Bea Cy Dee -o lives=2 > /dev/null &&
	tally hand Al=9 Bea=2 Cy=Q Dee=J > /dev/null &&
	tally hand Al=9 Bea=2 Cy=Q Dee=J > /dev/null &&
	tally hand Al=9 Cy=3 Dee=J > /dev/null &&
	tally hand Al=9 Cy=3 Dee=J > /dev/null &&
	tally hand Al=9 Dee=4 > /dev/null &&
	tally hand Al=9 Dee=4 > out && grep_msg "Al takes the pot of 6" out &&
	tally new golf Al Bea Cy Dee -o preset=house -o quarters=2 > /dev/null &&
	tally hand Al=20 Bea=1 Cy=2 Dee=3 > /dev/null 2>&1 &&
	tally hand Al=20 Bea=1 Cy=2 Dee=3 > /dev/null 2>&1 &&
	tally hand Bea=20 Cy=2 Dee=3 > /dev/null 2>&1 &&
	tally hand Bea=20 Cy=2 Dee=3 > /dev/null 2>&1 &&
	tally hand Cy=20 Dee=3 > /dev/null 2>&1 &&
	tally hand Cy=20 Dee=3 > out 2>&1 && grep_msg "Dee takes the jar of 6 quarters" out &&
	tally new bankrupt Al Bea Cy --dealer Cy -o chip_value=0.05 > /dev/null &&
	tally hand Al="A A" Bea="2 3" Cy="5 6" --up Al=2:Bea > /dev/null &&
	tally end > /dev/null
'
test_expect_success 'settle nets the money per game and per player' '
	tally settle > out &&
	grep_msg "settle up: night #1 \"Thanksgiving\"" out &&
	grep_msg "Chase the Ace #1, dimes at \$0.10: Al +6, Bea -2, Cy -2, Dee -2" out &&
	grep_msg "Golf #2, quarters at \$0.25: Al -2, Bea -2, Cy -2, Dee +6" out &&
	grep_msg "Bankrupt #3, chips at \$0.05: Al +15, Bea -10, Cy -5" out &&
	grep_msg "net: Al +\$0.85, Bea -\$1.20, Cy -\$0.95, Dee +\$1.30" out
'
test_expect_success 'the fewest payments: three' '
	cat > want <<-EOF &&
	3 payments:
	  Bea pays Dee \$1.20
	  Cy pays Al \$0.85
	  Cy pays Dee \$0.10
	EOF
	sed -n "/payments:/,\$p" out > got && test_cmp want got
'
test_expect_success 'the night report has the settle-up section' '
	tally sheet night:1 -o night.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 night.pdf - > p1 2>/dev/null &&
	grep -q "^ *Settle up" p1 &&
	grep -q "^ *Bea  *Dee  *\$1.20" p1 && grep -q "^ *Cy  *Al  *\$0.85" p1 && grep -q "^ *Cy  *Dee  *\$0.10" p1 &&
	grep_msg "Net: Al +\$0.85, Bea -\$1.20, Cy -\$0.95, Dee +\$1.30" p1
'
test_expect_success 'settle --json: the payments in cents' '
	j=$(tally --json settle night:1) &&
	test "$(json_get "$j" "\$.payments[0].from")" = Bea &&
	test "$(json_get "$j" "\$.payments[0].to")" = Dee &&
	test "$(json_get "$j" "\$.payments[0].amount")" = 120 &&
	test "$(json_get "$j" "\$.payments[0].unit")" = cents &&
	test "$(json_get "$j" "\$.payments[2].amount")" = 10 &&
	test "$(json_get "$j" "\$.net.Dee")" = 130 &&
	test "$(json_get "$j" "\$.night.name")" = Thanksgiving
'
test_expect_success 'one game alone; a game still going and an abandoned one are not counted' '
	tally settle 1 > out && grep_msg "game #1" out &&
	grep_msg "Bea pays Al \$0.20" out && grep_msg "3 payments" out &&
	tally new chase-ace Al Bea Cy > /dev/null && tally hand Al=2 Bea=9 Cy=Q > /dev/null &&
	tally settle > out && grep_msg "Chase the Ace #4 is still going: not counted" out &&
	tally end --abandon > /dev/null &&
	tally settle > out && grep_msg "Chase the Ace #4 was abandoned: nothing owed" out &&
	grep_msg "Bea pays Dee \$1.20" out
'
# Only the last player in wins the pot (seed 004: Chase the Ace "the last
# person left in wins", Golf "Last person gets all the quarters"), and a
# pot nobody won is carried forward to the next game (Chase the Ace,
# remedies 4 and 5): its units are nobody's to pay or be paid until a
# later game wins them.  Worked by hand, night 2:
#   Golf #5, house, 2 quarters each, ended after three holes: Al pays a
#     quarter on holes 1 and 3 (and is out), Bea on hole 2; the jar of 3
#     is nobody's: Al, Bea, Cy 0, and "not settled: ... $0.75 (quarters
#     paid in: Al 2, Bea 1)".
#   Chase the Ace #6, 1 life, cancel none, remedy 5: Al and Bea both
#     hold 2s and lose their last dime: the game is undecided, the pot of
#     2 is carried (Al 1, Bea 1): Al, Bea 0.
#   Chase the Ace #7, carry_pot=2: Al, then Bea loses a dime; Cy, the last
#     in, takes the pot of 4, 2 of it carried: Al -1, Bea -1, Cy +2 among
#     themselves, and the 2 carried are the dimes Al and Bea left in #6.
#   Net: Al -2 dimes (-$0.20), Bea -$0.20, Cy +$0.40: Al pays Cy $0.20,
#   Bea pays Cy $0.20.
test_expect_success 'a jar or pot nobody won stays for the next game: no one pays it' '
	tally night start "Next week" > /dev/null &&
	tally new golf Al Bea Cy -o preset=house -o quarters=2 > /dev/null &&
	tally hand Al=20 Bea=1 Cy=5 > /dev/null && tally hand Al=2 Bea=30 Cy=5 > /dev/null &&
	tally hand Al=9 Bea=1 Cy=2 > /dev/null && tally end > /dev/null &&
	tally settle 5 > out &&
	grep_msg "Golf #5, quarters at \$0.25: Al 0, Bea 0, Cy 0; left in the jar: 3" out &&
	grep_msg "not settled: Golf #5: nobody won the jar'"'"'s \$0.75 (quarters paid in: Al 2, Bea 1); it stays in the jar for the next game" out &&
	grep_msg "everyone is square" out && ! grep -q "pays" out &&
	tally new chase-ace Al Bea -o lives=1 -o cancel=none -o final_tie_rule=carry_forward_no_add > /dev/null &&
	tally hand Al=2 Bea=2 > /dev/null &&
	tally new chase-ace Al Bea Cy -o lives=1 -o cancel=none -o carry_pot=2 > /dev/null &&
	tally hand Al=2 Bea=9 Cy=9 > /dev/null && tally hand Bea=2 Cy=9 > out && grep_msg "Cy takes the pot of 4" out &&
	tally settle > out &&
	grep_msg "Chase the Ace #6, dimes at \$0.10: Al 0, Bea 0; left in the pot: 2" out &&
	grep_msg "Chase the Ace #7, dimes at \$0.10: Al -1, Bea -1, Cy +2" out &&
	grep_msg "carried: Chase the Ace #6'"'"'s pot went on to Chase the Ace #7, won there by Cy (paid in by Al \$0.10, Bea \$0.10)" out &&
	grep_msg "net: Al -\$0.20, Bea -\$0.20, Cy +\$0.40" out &&
	grep_msg "2 payments:" out && grep_msg "Al pays Cy \$0.20" out && grep_msg "Bea pays Cy \$0.20" out &&
	! grep -q "pays Golf\|pays Chase" out &&
	tally settle 7 > out && grep_msg "not settled: Chase the Ace #7: the \$0.20 carried into the pot from another game (dimes won: Cy 2) is that game'"'"'s players'"'"' to pay" out &&
	grep_msg "net: Al -\$0.10, Bea -\$0.10, Cy +\$0.20" out
'
test_expect_success 'nothing with stakes: nothing to settle' '
	tally new trash Al Bea Cy Dee > /dev/null &&
	tally settle 8 > out && grep_msg "nothing to settle" out &&
	expect_status 64 tally settle 1 2 2> err && grep_msg "usage" err
'
test_done
