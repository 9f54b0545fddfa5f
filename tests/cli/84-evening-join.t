#!/bin/sh
# SPDX-License-Identifier: ISC
# Late arrivals: `tally join PLAYER` seats a newcomer from the next hand,
# where the game's rules allow one; the games that build on every hand
# from the first refuse, saying why, and nothing is stored.  The newcomer
# sits after the last seat (to the first seat's right) and the join is kept
# with the game: replay, undo, insert, check, export and import see it.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
pdf_text() { pdftotext -layout "$1" - 2>/dev/null; }

test_expect_success 'Trash refuses a late arrival with the reason, exit 65, nothing stored' '
	tally new trash Ann Bob Cid Dee > /dev/null 2>&1 &&
	tally show --json > before &&
	expect_status 65 tally join Marcus 2> err &&
	test "$(wc -l < err)" = 1 &&
	grep_msg "Trash #1 takes no late arrival: each player plays all twelve contracts" err &&
	tally show --json > after && test_cmp before after &&
	tally check > /dev/null
'
test_expect_success 'the meld, chip and patience games refuse too, each with its reason' '
	tally new hand-foot Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "books and going out" err &&
	tally new gin Ann Bob > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "Gin Rummy #3 takes no late arrival" err &&
	tally new bankrupt Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "every chip is bought in at the start" err &&
	tally new accordion Ann > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "every player plays the same deals" err &&
	tally new account Ann Bob Cid Dee > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "the whole pack is dealt evenly" err &&
	tally new spite-malice Ann Bob > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "two players" err &&
	tally new golf -o stakes=quarters Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 65 tally join Marcus 2> err && grep_msg "with stakes=quarters" err &&
	tally rules trash > out && grep_msg "Late arrivals: each player plays all twelve contracts" out
'
test_expect_success 'join checks its words: a seated player, a bad --total, --total where it does not apply' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 64 tally join Ann 2> err && grep_msg "Ann plays here already" err &&
	tally new pad Ann Bob > /dev/null 2>&1 &&
	expect_status 64 tally join --total x Marcus 2> err && grep_msg "--total x is not a whole number" err &&
	tally new chase-ace Ann Bob Cid > /dev/null 2>&1 &&
	expect_status 64 tally join --total 3 Marcus 2> err && grep_msg "--total does not apply" err &&
	tally hand -g 9 Ann=1 Bob=2 Cid=3 > /dev/null && tally sub -g 9 Cid Eve > /dev/null &&
	tally hand -g 9 Ann=1 Bob=2 Eve=3 > /dev/null && tally sub -g 9 Eve Cid > /dev/null &&
	expect_status 65 tally join -g 9 Eve 2> err && grep_msg "Eve played Cid'"'"'s seat from hole 2; one person plays one seat" err &&
	tally rules golf > out && grep_msg "Late arrivals: '"'"'tally join PLAYER'"'"' starts from the worst total" out
'

# Golf #12 (low wins): hole 1 Ann 5 Bob 12 Cid 8, hole 2 Ann 7 Bob 3 Cid 9:
# totals 12, 15, 17.  Marcus joins with the worst total, 17, and sits after
# Cid.  Cid deals hole 3; the deal passes on to Marcus for hole 4.  Hole 3:
# Ann 1 Bob 2 Cid 3 Marcus 4, so Marcus has 17 + 4 = 21.
test_expect_success 'Golf: the newcomer starts from the highest total, sits after the last seat, deals in turn' '
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=5 Bob=12 Cid=8 > /dev/null && tally hand Ann=7 Bob=3 Cid=9 > /dev/null &&
	expect_status 66 tally hand Ann=1 Bob=2 Cid=3 Marcus=4 2> err &&
	grep_msg "'"'"'tally join -g 12 Marcus'"'"' seats them from hole 3" err &&
	tally join Marcus > out &&
	grep_msg "Golf #12: Marcus joins from hole 3 with 17 points, sitting between Cid and Ann; next: hole 3 of 9 (dealer Cid)" out &&
	tally hand Ann=1 Bob=2 Cid=3 Marcus=4 > out && grep_msg "next: hole 4 of 9 (dealer Marcus)" out &&
	j=$(tally --json show) &&
	test "$(json_get "$j" "\$.players[3].total")" = 21 &&
	test "$(json_get "$j" "\$.players[3].points")" = "[null,null,4]" &&
	test "$(json_get "$j" "\$.players[3].joined")" = 3 &&
	test "$(json_get "$j" "\$.players[3].joined_with")" = 17 &&
	tally show > out &&
	grep -q "^1  *5  *12  *8 *$" out && grep -q "^3  *1  *2  *3  *4$" out &&
	grep -q "^total  *13  *17  *20  *21$" out &&
	grep_msg "Marcus joins at hole 3, 17 points" out &&
	tally export --format hands | tr -d "\r" > h.csv &&
	grep -q ",1,\"Marcus\",4,points,$" h.csv && grep -q ",3,\"Marcus\",4,points,4$" h.csv &&
	tally check > out && grep_msg "ok:" out
'
# Editing hole 2 to Cid 20 makes the highest total before hole 3 28
# (Cid 8 + 20): Marcus, who took the rules' total, now starts from 28.
# A hole put in before hole 1 keeps him sitting down before the same hole.
test_expect_success 'edit and insert of earlier holes: the join moves with its hole, the rules total follows' '
	tally edit 2 Ann=7 Bob=3 Cid=20 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[3].total")" = 32 &&
	tally insert 1 Ann=1 Bob=1 Cid=1 > /dev/null &&
	j=$(tally --json show) &&
	test "$(json_get "$j" "\$.players[3].joined")" = 4 &&
	test "$(json_get "$j" "\$.players[3].total")" = 33 &&
	test "$(json_get "$j" "\$.players[3].points")" = "[null,null,null,4]" &&
	tally check > out && grep_msg "ok:" out
'
# undo right after insert takes the hand put in out again: the join moves
# back with its hole, and redo moves it on again
test_expect_success 'undo right after that insert takes it out, the join back to hole 3' '
	tally undo > out && grep_msg "undid the insert of Ann=1 Bob=1 Cid=1" out &&
	test "$(json_get "$(tally --json show)" "\$.players[3].joined")" = 3 &&
	tally redo > out && grep_msg "put in again: Ann=1 Bob=1 Cid=1" out &&
	test "$(json_get "$(tally --json show)" "\$.players[3].joined")" = 4 &&
	tally undo > /dev/null && tally check > out && grep_msg "ok:" out
'

# undo goes back through the changes in the order made: the edit of hole
# 2 (made after hole 3), hole 3, then the join
test_expect_success 'undo right after a join takes the seat back; redo seats them again, last undone first' '
	tally undo > out && grep_msg "hole 2: undid the edit; it is again: Ann=7 Bob=3 Cid=9" out &&
	tally undo > out && grep_msg "undid Ann=1 Bob=2 Cid=3 Marcus=4" out &&
	test "$(json_get "$(tally --json show)" "\$.players[3].name")" = Marcus &&
	tally undo > out &&
	grep_msg "Golf #12: undid the join of Marcus, who was to play from hole 3 ('"'"'tally redo'"'"' seats them again)" out &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.players[3]")" = "" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat WHERE game_id = 12")" = 3 &&
	tally check > out && grep_msg "ok:" out &&
	tally redo > out && grep_msg "Golf #12: redid the join of Marcus, from hole 3" out &&
	tally redo > out && grep_msg "redid Ann=1 Bob=2 Cid=3 Marcus=4" out &&
	test "$(json_get "$(tally --json show)" "\$.players[3].total")" = 21 &&
	tally redo > out && grep_msg "hole 2: redid the edit" out &&
	test "$(json_get "$(tally --json show)" "\$.players[3].total")" = 32 &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'a new hand after the undo of a join forgets it, as it does the hands kept for redo' '
	tally undo > /dev/null && tally undo > /dev/null && tally undo > out && grep_msg "undid the join of Marcus" out &&
	tally hand Ann=1 Bob=1 Cid=1 > /dev/null &&
	expect_status 66 tally redo 2> err && grep_msg "nothing undone to redo" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM meta WHERE key LIKE '"'"'unjoined%'"'"'")" = 0 &&
	tally check > out && grep_msg "ok:" out &&
	tally undo > out && grep_msg "undid Ann=1 Bob=1 Cid=1" out
'
# A score pad (high wins) with the table giving the total: Ann 10 Bob 30,
# then Marcus joins with 25 (--total) and scores 5 in hand 2: 30.
test_expect_success 'pad: --total N, and the filled pad says who joined when' '
	tally new pad -o title=Rummy -o direction=high Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=10 Bob=30 > /dev/null &&
	tally join --total 25 Marcus > out && grep_msg "Marcus joins from hand 2 with 25 points" out &&
	tally hand Ann=1 Bob=2 Marcus=5 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[2].total")" = 30 &&
	tally sheet -o pad.pdf > /dev/null && pdf_text pad.pdf > text &&
	grep_msg "Marcus joins at hand 2, 25 points" text &&
	tally new pad -o title=Rummy -o direction=high Ann Bob > /dev/null 2>&1 &&
	tally hand Ann=10 Bob=30 > /dev/null && tally join Marcus > out &&
	grep_msg "with 10 points" out
'

# Chase the Ace with a carried pot of 5 and a new stake of 1 each: the pot
# starts at 5 + 3 = 8, three lives each.  Round 1 Ann loses (pot 9), round
# 2 Bob (pot 10).  Marcus buys in: 3 lives and the stake of 1, which goes
# into the pot: 11.  The dimes: 9 + 8 at the start + 4 bought in = 21 =
# lives 2 + 2 + 3 + 3 and the pot 11.  Round 3 Bob loses again: pot 12.
test_expect_success 'Chase the Ace: the newcomer buys in with the lives and the stake, the stake into the pot' '
	tally new chase-ace -o carry_pot=5 -o carry_stake=1 Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=A Bob=5 Cid=9 > /dev/null && tally hand Ann=2 Bob=A Cid=9 > /dev/null &&
	tally join Marcus > out && grep_msg "Marcus joins from round 3 with 3 lives" out &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.pot")" = 11 &&
	test "$(json_get "$j" "\$.players[3].lives")" = 3 &&
	tally ledger > out && grep -q "^3  *buy-in  *start  *Marcus  *4 " out &&
	grep -q "^3  *stake  *Marcus  *pot  *1 " out &&
	tally hand Ann=2 Bob=A Cid=9 Marcus=K > /dev/null &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.pot")" = 12 &&
	test "$(json_get "$j" "\$.players[3].held")" = "[null,null,3]" &&
	tally check > out && grep_msg "ok:" out
'
# Round 4: Ann's and Cid's nines cancel, Bob's ace loses his last life
# (pot 13); rounds 5 and 6 Ann loses her two (15); rounds 7 to 9 Cid his
# three (18), and Marcus, last in, wins the pot of 18.  He bought in with
# 4 dimes and ends with 3 lives and 18 won: +17 dimes.  5 of the 18 were
# carried in from the undecided game, that game's players' to pay (not
# settled here), so among these four Marcus is +12 dimes, $1.20: Ann, Bob
# and Cid each lost their 3 lives and the new stake, -4 dimes, -$0.40.
test_expect_success 'Chase the Ace: settle and stats count the newcomer' '
	tally hand Ann=9 Bob=A Cid=9 Marcus=K > /dev/null &&
	tally hand Ann=A Cid=9 Marcus=K > /dev/null && tally hand Ann=A Cid=9 Marcus=K > /dev/null &&
	tally hand Cid=A Marcus=K > /dev/null && tally hand Cid=A Marcus=K > /dev/null &&
	tally hand Cid=A Marcus=K > out && grep_msg "Marcus" out &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.winners")" = "[\"Marcus\"]" &&
	test "$(json_get "$j" "\$.players[3].won")" = 18 &&
	j=$(tally --json settle 15) && test "$(json_get "$j" "\$.net.Marcus")" = 120 &&
	test "$(json_get "$j" "\$.net.Ann")" = -40 && test "$(json_get "$j" "\$.net.Cid")" = -40 &&
	test "$(json_get "$j" "\$.not_settled")" = "Chase the Ace #15: the \$0.50 carried into the pot from another game (dimes won: Marcus 5) is that game'"'"'s players'"'"' to pay" &&
	tally stats game:chase-ace > out && grep -q "^Marcus " out &&
	tally check > out && grep_msg "ok:" out
'

test_expect_success 'export and import: a game with a join, and a re-import after a join at the table' '
	tally export -o all.json > /dev/null &&
	TALLY_DB=$SCRATCH/b.db tally import all.json > /dev/null &&
	for g in 12 13 14 15; do
		tally --json show $g | sed "s/\"started\":\"[^\"]*\",//" > here.json &&
		TALLY_DB=$SCRATCH/b.db tally --json show $g | sed "s/\"started\":\"[^\"]*\",//" > there.json &&
		test_cmp here.json there.json || return 1
	done &&
	TALLY_DB=$SCRATCH/b.db tally check > out && grep_msg "ok:" out &&
	tally use 14 > /dev/null && tally join Zed > /dev/null && tally hand Ann=1 Bob=2 Marcus=4 Zed=3 > /dev/null &&
	tally export -o all2.json > /dev/null &&
	TALLY_DB=$SCRATCH/b.db tally import all2.json > out && grep_msg "updated 1" out &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/b.db tally --json show 14)" "\$.players[3].name")" = Zed &&
	TALLY_DB=$SCRATCH/b.db tally check > out && grep_msg "ok:" out &&
	sed "s/\"hand\": *2, *\"player\": *\"Marcus\"/\"hand\": 9, \"player\": \"Marcus\"/" all.json > bad.json &&
	expect_status 65 env TALLY_DB=$SCRATCH/c.db "$TALLY" import bad.json 2> err &&
	grep_msg "late arrival 1 is malformed" err
'
# The ratings count a late arrival by their share of the hands, as a
# substitute is counted (core/rating.h, partial play; worked out
# independently by tests/cli/plackett_luce.py).  Golf, 9 holes: Ann 5+4,
# Bob 3+9, Cid 7+1 after two; Marcus joins with the worst, 12, and plays
# holes 3 to 9, 7 of 9 (weight 7/9), 1 each as everyone: totals Ann 16,
# Bob 19, Cid 15, Marcus 19: Cid 1st, Ann 2nd, Bob and Marcus share 3rd.
test_expect_success 'the ratings weigh a late arrival by the share of the hands they played' '
	TALLY_DB=$SCRATCH/rate.db && export TALLY_DB &&
	tally new golf Ann Bob Cid > /dev/null 2>&1 &&
	tally hand Ann=5 Bob=3 Cid=7 > /dev/null && tally hand Ann=4 Bob=9 Cid=1 > /dev/null &&
	tally join Marcus > /dev/null &&
	for h in 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=1 Cid=1 Marcus=1 > /dev/null || return 1; done &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.winners")" = "[\"Cid\"]" &&
	test "$(json_get "$j" "\$.players[3].rank")" = 3 && test "$(json_get "$j" "\$.players[3].total")" = 19 &&
	tally --json ratings > r.json &&
	cat > pp.py <<-\PY &&
	import json, sys
	sys.dont_write_bytecode = True
	sys.path.insert(0, sys.argv[2])
	from plackett_luce import R, game, compare
	game("golf", [[("Ann", 1)], [("Bob", 1)], [("Cid", 1)], [("Marcus", 7 / 9)]], [2, 3, 1, 3])
	got = json.load(open(sys.argv[1]))
	bad = compare(got)
	sys.exit(1 if bad or len(got) != len(R) else 0)
	PY
	python3 pp.py r.json "$HERE" > out && grep_msg "4 ratings, 0 off" out &&
	tally check > out && grep_msg "ratings recompute soundly" out
'
# names GAME: the seats of game GAME, from show --json
names() { j=$(tally --json show "$1") && printf '%s' "$j" > n.json &&
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name'), ' ') FROM json_each(json_extract(CAST(readfile('n.json') AS TEXT), '\$.players'))"; }
test_expect_success 'a join undone and waiting for redo comes back under the name the player has now' '
	TALLY_DB=$SCRATCH/rename.db && export TALLY_DB &&
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally join Eve > /dev/null && tally undo > /dev/null &&
	tally player rename Eve Evelyn --yes > out && grep_msg "Eve is now Evelyn (1 game)" out &&
	tally redo > out && grep_msg "redid the join of Evelyn, from hole 2" out &&
	test "$(names 1)" = "Ann Bob Evelyn" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM player WHERE name = '"'"'Eve'"'"'")" = 0
'
test_expect_success 'the hands kept for redo after the join take the new name too' '
	TALLY_DB=$SCRATCH/rename.db && export TALLY_DB &&
	tally hand Ann=1 Bob=2 Evelyn=3 > /dev/null && tally undo > /dev/null && tally undo > /dev/null &&
	tally player rename Evelyn Eva --yes > /dev/null &&
	tally redo > /dev/null && tally redo > out && grep_msg "redid Ann=1 Bob=2 Eva=3" out &&
	test "$(totals 1)" = "Ann=4 Bob=6 Eva=7" && tally check > out && grep_msg "ok:" out
'
test_expect_success 'player merge: the newcomer waiting comes back as the player merged into, never seated twice' '
	TALLY_DB=$SCRATCH/rename.db && export TALLY_DB &&
	tally undo > /dev/null && tally undo > /dev/null &&
	expect_status 65 tally player merge Eva Bob --yes 2> err && grep_msg "Eva and Bob both sat in game 1" err &&
	expect_status 65 tally player merge Bob Eva --yes 2> err && grep_msg "Bob and Eva both sat in game 1" err &&
	tally new gin Zed Yan > /dev/null && tally player merge Eva Zed --yes > /dev/null &&
	tally redo -g 1 > out && grep_msg "redid the join of Zed" out &&
	tally redo -g 1 > /dev/null && test "$(totals 1)" = "Ann=4 Bob=6 Zed=7" &&
	tally check > out && grep_msg "ok:" out
'
test_done
