#!/bin/sh
# SPDX-License-Identifier: ISC
# Partnership play: a side is declared at `new` (Ann+Cid Bob+Dee, or the
# old -o partnerships=true), said back, checked as one side where the
# rules say so (Hand & Foot: the side's books go out, one opening meld per
# side; the GOCC Hand and Foot sheet, the northwestpages overview), scored
# as the partners' parts (Gin: two duels, the side's net; ginrummy.com
# partnership rules), ranked by side, and stored games upgrade without a
# side's score changing.
FIXTURE="$(cd "$(dirname "$0")/../fixtures" && pwd)/schema-v14-partners.db"
. "$(dirname "$0")/lib.sh"

# side NAME: the JSON total of side NAME in the current game
side() {
	j=$(tally --json show) || return 1
	printf '%s' "$j" > "$SCRATCH/json.tmp"
	sqlite3 :memory: "SELECT json_extract(value, '\$.$2') FROM json_each(json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '\$.sides'))
	    WHERE json_extract(value, '\$.name') = '$1'"
}

test_expect_success 'new Ann+Cid Bob+Dee seats partners opposite and says who partners whom' '
	tally new hand-foot Ann+Cid Bob+Dee -o preset=common > out &&
	grep_msg "Hand & Foot #1: Ann, Bob, Cid, Dee" out &&
	grep_msg "Ann & Cid against Bob & Dee; Ann deals" out &&
	grep_msg "option partnerships = true" out &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.players[2].side")" = "Ann & Cid" &&
	test "$(json_get "$j" "\$.players[1].side")" = "Bob & Dee" &&
	test "$(json_get "$j" "\$.sides[0].seats")" = "[1,3]" &&
	tally deal > out && grep_msg "Partners: Ann & Cid against Bob & Dee." out &&
	test "$(tally completion --line "new hand-foot Ann+c")" = "Ann+Cid" &&
	test "$(tally completion --line "new gin Ann+Cid Bob+D")" = "Bob+Dee"
'
test_expect_success 'What was seen 1: the side goes out on its books; totals worked by hand' '
	tally new hand-foot Ann Bob Cid Dee -o partnerships=true -o preset=common > out &&
	grep_msg "Ann & Cid against Bob & Dee; Ann deals" out &&
	tally hand --out Dee Ann=1d210m60o45l Cid=1c150m75o80l Bob=1d1r180m70o35l Dee=1c1d320m65o > out &&
	test "$(totals)" = "Ann=465 Bob=545 Cid=570 Dee=1220" &&
	test "$(side "Ann & Cid" total)" = 1035 &&
	test "$(side "Bob & Dee" total)" = 1765 &&
	test "$(side "Bob & Dee" rank)" = 1 && test "$(side "Ann & Cid" rank)" = 2 &&
	tally show > out && grep_msg "1st Bob & Dee 1,765" out && grep_msg "2nd Ann & Cid 1,035" out &&
	grep_msg "      Dee 1,220" out && ! grep -q "^rank.* 3" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(side, \",\") FROM (SELECT side FROM seat WHERE game_id = 2 ORDER BY seat)")" = "0,1,0,1"
'
# Ann:  dirty 300 + melded 210 - left 45                   =  465
# Cid:  clean 500 + melded 150 - left 80                   =  570
# Bob:  dirty 300 + red three 100 + melded 180 - left 35   =  545
# Dee:  clean 500 + dirty 300 + out 100 + melded 320       = 1220
# Ann & Cid 465 + 570 = 1035; Bob & Dee 545 + 1220 = 1765
test_expect_success 'the side has too few books: refused, naming the side, nothing stored' '
	tally new hand-foot Ann+Cid Bob+Dee -o preset=common > /dev/null &&
	expect_status 65 tally hand --out Dee Ann=1d210m60o45l Cid=1c150m75o80l Bob=180m70o35l Dee=1c1d320m65o 2> err &&
	grep_msg "Dee went out with 1 clean book and 1 dirty book (with Bob & Dee); going out needs 1 clean and 2 dirty" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 0
'
test_expect_success 'one opening meld per side: the partner who did not open is not asked for one' '
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null &&
	tally hand Ann=1d210m60o45l Cid=150m80l Bob=180m70o35l Dee=100m65l > out &&
	test "$(totals)" = "Ann=195 Bob=145 Cid=70 Dee=35" &&
	expect_status 65 tally hand Ann=1d210m45l Cid=150m80l Bob=180m90o35l Dee=100m65l 2> err &&
	grep_msg "Ann melded, so enter the first meld" err
'
# seed bonuses: Ann 30 + 210 - 45 = 195, Cid 150 - 80 = 70,
# Bob 180 - 35 = 145, Dee 100 - 65 = 35
test_expect_success 'table mode: the partner who did not open answers never, asked before the one who did' '
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null &&
	printf "hand\nDee\n180\n70\n0 1 1\n35\n150\nnever\n1 0 0\n80\n320\n65\n1 1 0\n210\n60\n0 1 0\n45\n" |
	    tally shell > out 2> err &&
	test "$(totals)" = "Ann=195 Bob=275 Cid=120 Dee=500" &&
	test "$(side "Bob & Dee" total)" = 775 && test "$(side "Ann & Cid" total)" = 315
'
# seed bonuses: Bob 30 + 100 + 180 - 35 = 275, Dee 50 + 30 + 100 + 320 = 500,
# Ann 30 + 210 - 45 = 195, Cid 50 + 150 - 80 = 120 (no opening: Ann opened)
test_expect_success 'table mode: Enter for the opening is refused, with the reason, once the partner never melded' '
	tally new hand-foot Ann+Cid Bob+Dee -o preset=common > /dev/null &&
	printf "hand\nBob\n335\n90\n1 2 1\n\n\n200\n\n\n200\n400\n\n" |
	    expect_status 64 tally shell > out 2> err &&
	grep_msg "tally: Cid never melded this round, so Ann'"'"'s first meld opened for the side: enter its points, at least 60" err &&
	! grep -q "Ann melded, so enter" err &&
	printf "hand\nBob\n335\n90\n1 2 1\n\n\n200\n\n\n200\n400\n60\n1 2 0\n30\n" | tally shell > out 2> err &&
	test "$(totals)" = "Ann=1470 Bob=1635 Cid=-200 Dee=-200"
'
# common bonuses: Ann 500 + 600 + 400 - 30 = 1470; Bob 100 + 500 + 600 +
# 100 + 335 = 1635
test_expect_success 'table mode: a short opening meld is refused as it is answered, not at the end' '
	tally new hand-foot Ann Bob Cid Dee -o partnerships=true > /dev/null &&
	printf "hand\nAnn\n0\n1\n40\n200\n0\n" | expect_status 65 tally shell > out 2> err &&
	grep_msg "Cid: the first meld of round 1 needs at least 60, not 0" err &&
	! grep -q "input ended" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 0
'
test_expect_success 'going out lays cards down: a partner who went out with no meld is refused, naming the rule' '
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null &&
	expect_status 65 tally hand --out Cid Ann=1c2d400m60o30l Bob=335m90o60l Dee=200l 2> err &&
	test "$(wc -l < err)" = 1 &&
	grep_msg "Cid went out but melded nothing; a turn draws 2 and discards 1" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 0 &&
	printf "hand\nCid\n335\n90\n\n60\n\n" | expect_status 64 tally shell > out 2> err &&
	grep_msg "Cid went out, so melded" err
'
test_expect_success 'individual play still asks every player for an opening meld' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null &&
	expect_status 65 tally hand Ann=1d210m60o45l Cid=150m80l Bob=180m70o35l Dee=100m65o65l 2> err &&
	grep_msg "Cid melded, so enter the first meld" err
'
test_expect_success 'conflicting sides are refused with nothing stored' '
	n=$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") &&
	expect_status 64 tally new hand-foot Ann+Cid Bob+Dee -o partnerships=false 2> err &&
	grep_msg "says otherwise" err &&
	expect_status 64 tally new hand-foot Ann+Cid Bob 2> err &&
	grep_msg "a side is 2 partners" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game")" = "$n"
'
test_expect_success 'six players are three sides: 1&4, 2&5, 3&6, as the rules say' '
	tally new hand-foot Ann+Dee Bob+Eve Cid+Fay > out &&
	grep_msg "Hand & Foot #" out && grep_msg ": Ann, Bob, Cid, Dee, Eve, Fay" out &&
	grep_msg "Ann & Dee against Bob & Eve against Cid & Fay; Ann deals" out &&
	tally rules hand-foot > out && grep_msg "1 and 4, 2 and 5," out && grep_msg "3 and 6 of six" out &&
	! grep -q "seats 1 and 3, 2 and 4\$" out
'
test_expect_success 'messages name only what was typed: no unset option, no stray hint, the count given, deals said once' '
	expect_status 64 tally new gin Ann Bob Zoe 李雷 2> err &&
	grep_msg "Gin Rummy is for 2 players, not 4: it is two-handed (RULES.md section 6.5); partners play as" err && ! grep -q players_mode err &&
	expect_status 64 tally new hand-foot Ann Bob Cid Dee -o partnerships=true -o preset=comon 2> err &&
	grep_msg "did you mean common?" err && ! grep -q "partners play as" err &&
	expect_status 64 tally new hand-foot Ann Bob Cid -o partnerships=true 2> err &&
	grep_msg "partnerships need 4 or 6 players, not 3" err &&
	tally new hand-foot Ann Bob Cid Dee -o partnerships=true -o preset=common > out &&
	test "$(grep -c "Ann deals" out)" = 1 && grep_msg "Ann & Cid against Bob & Dee; Ann deals first; next: round 1" out &&
	! grep -q "preset=common)" out && grep_msg "book bonuses in force: clean 500, dirty 300; going out" out &&
	tally new hand-foot Ann Bob > out && grep_msg "most tables play 500 and 300: -o preset=common" out
'
test_expect_success 'Gin partnership: two duels stay two duels; the side nets them' '
	tally new gin Ann+Cid Bob+Dee > out && grep_msg "Ann & Cid against Bob & Dee; Ann deals" out &&
	tally hand --knock Ann Ann=7 Bob=22 --knock Dee Cid=22 Dee=7 > out &&
	test "$(totals)" = "Ann=15 Bob=0 Cid=0 Dee=15" &&
	test "$(side "Ann & Cid" total)" = 0 && test "$(side "Bob & Dee" total)" = 0 &&
	tally hand --gin Bob Ann=30 Bob=0 --knock Cid Cid=5 Dee=8 > out &&
	grep_msg "Bob scores 55 (gin); Cid scores 3; Bob & Dee net 52" out &&
	test "$(totals)" = "Ann=15 Bob=55 Cid=3 Dee=15" &&
	test "$(side "Bob & Dee" total)" = 52 && test "$(side "Ann & Cid" total)" = 0 &&
	test "$(side "Ann & Cid" rank)" = 2
'
test_expect_success 'new gin with four names and no +: the error says how partners are given' '
	expect_status 64 tally new gin Ann Bob Cid Dee 2> err &&
	test "$(wc -l < err)" = 1 &&
	grep_msg "partners play as '"'"'tally new gin Ann+Cid Bob+Dee'"'"'" err &&
	tally new gin Ann+Cid Bob+Dee > /dev/null 2>&1
'
# hand 1: Ann 22 - 7 = 15, Dee 22 - 7 = 15: the sides net 0.
# hand 2: Bob's gin 30 + 25 = 55; Cid knocks 5 against Dee's 8, so Cid
# scores 8 - 5 = 3; Bob & Dee net 55 - 3 = 52.
test_expect_success 'schema 15: stored partnership games become sides, no side score changes' '
	cp "$FIXTURE" old.db &&
	test "$(sqlite3 old.db "SELECT group_concat(total, \",\") FROM (SELECT total FROM seat WHERE game_id = 1 ORDER BY seat)")" = "1735,2825,1735,2825" &&
	test "$(sqlite3 old.db "SELECT group_concat(total, \",\") FROM (SELECT total FROM seat WHERE game_id = 2 ORDER BY seat)")" = "5,52,5,52" &&
	j=$(tally --db old.db --json show 1) &&
	test "$(json_get "$j" "\$.sides[0].name")" = "Bob & Dee" && test "$(json_get "$j" "\$.sides[0].total")" = 2825 &&
	test "$(json_get "$j" "\$.sides[1].name")" = "Ann & Cid" && test "$(json_get "$j" "\$.sides[1].total")" = 1735 &&
	test "$(json_get "$j" "\$.sides[1].rank")" = 2 &&
	test "$(json_get "$j" "\$.winners")" = "[\"Bob\",\"Dee\"]" &&
	j=$(tally --db old.db --json show 2) &&
	test "$(json_get "$j" "\$.sides[0].total")" = 52 && test "$(json_get "$j" "\$.sides[1].total")" = 5 &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = "$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")" &&
	test "$(sqlite3 old.db "SELECT group_concat(coalesce(side, \"-\"), \",\") FROM (SELECT side FROM seat ORDER BY game_id, seat)")" = "0,1,0,1,0,1,0,1,-,-,-" &&
	test "$(sqlite3 old.db "SELECT group_concat(total, \",\") FROM (SELECT total FROM seat WHERE game_id = 3 ORDER BY seat)")" = "545,110,-120" &&
	tally --db old.db check > out && grep_msg "statistics agree" out
'
test_done
