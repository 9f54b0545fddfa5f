#!/bin/sh
# SPDX-License-Identifier: ISC
# History, statistics, export/import, check and the night report on a
# fixture whose answers were worked out by hand (see the comments).
. "$(dirname "$0")/lib.sh"

at() { TALLY_NOW="$1" tally "$@"; }
now() { t=$1; shift; TALLY_NOW=$t tally "$@" > /dev/null; }

# (Cid: Ann and Bob both finished ahead twice; a tie goes to the first name)
# night 1 (2026-01-10): G1 golf Ann 5 Bob 10 Cid 25 (Ann wins); G2 golf Ann 12 Bob 20 (Ann)
# night 2 (2026-02-15): G3 golf Ann 30 Bob 4 Cid 35 (Bob); G4 bankrupt, Ann breaks Bob;
#                       G5 trash, one hand, still open
now 2026-01-10T20:00:00Z new golf Ann Bob Cid -o target=20
now 2026-01-10T20:05:00Z hand Ann=5 Bob=10 Cid=25
now 2026-01-10T21:00:00Z new golf Ann Bob -o target=20
now 2026-01-10T21:05:00Z hand Ann=12 Bob=20
now 2026-02-15T20:00:00Z new golf Ann Bob Cid -o target=20
now 2026-02-15T20:05:00Z hand Ann=30 Bob=4 Cid=35
now 2026-02-15T21:00:00Z new bankrupt Ann Bob -o start_chips=5 --dealer Bob
now 2026-02-15T21:05:00Z hand Ann="A A" Bob="2 3"
now 2026-02-15T22:00:00Z new trash Ann Bob Cid Dee
now 2026-02-15T22:05:00Z hand Ann=4 Bob=3 Cid=5 Dee=1

ids() { tally --json history "$@" | sed 's/"id":\([0-9]*\),"game"/\n#\1\n/g' | grep '^#' | tr -d '#' | tr '\n' ' '; }

test_expect_success 'history: every game, newest first, grouped by night' '
	test "$(ids)" = "5 4 3 2 1 " &&
	tally history > out && grep_msg "night #2" out && grep_msg "night #1" out &&
	grep_msg "winner: Ann" out
'
test_expect_success 'each query term, alone and combined' '
	test "$(ids game:golf)" = "3 2 1 " &&
	test "$(ids game:go)" = "3 2 1 " &&
	test "$(ids player:cid)" = "5 3 1 " &&
	test "$(ids with:dee)" = "5 " &&
	test "$(ids since:2026-02-01)" = "5 4 3 " &&
	test "$(ids until:2026-01-31)" = "2 1 " &&
	test "$(ids players:2)" = "4 2 " &&
	test "$(ids option:target=20)" = "3 2 1 " &&
	test "$(ids not:game:golf)" = "5 4 " &&
	test "$(ids night:1)" = "2 1 " &&
	test "$(ids game:golf player:cid since:2026-02-01)" = "3 " &&
	test "$(ids player:zed 2>/dev/null)" = "" &&
	expect_status 66 tally history player:zed 2>/dev/null &&
	expect_status 64 tally history colour:red 2>/dev/null &&
	expect_status 64 tally history since:someday 2>/dev/null
'
test_expect_success 'history as CSV' '
	tally history game:golf --csv | tr -d "\r" > out &&
	test "$(wc -l < out)" = 4 && head -1 out | grep -q "^id,game,started" &&
	grep -q "^1,golf,2026-01-10T20:00:00Z,over,1,\"2026-01-10\",\"Ann, Bob, Cid\",\"Ann\",1,,\"\"$" out
'
# stat ROW FIELD: one field of a player/game row of stats --json
stat() {
	tally --json stats "$@" > s.json
}
field() {
	sqlite3 :memory: "SELECT json_extract(value, '\$.$3') FROM json_each(json_extract(CAST(readfile('s.json') AS TEXT), '\$.stats'))
	    WHERE json_extract(value, '\$.player') = '$1' AND json_extract(value, '\$.game') = '$2'"
}
test_expect_success 'stats: games, wins, rate, average, best and worst (lowest wins at Golf)' '
	stat &&
	test "$(field Ann golf games)" = 3 && test "$(field Ann golf wins)" = 2 &&
	test "$(field Ann golf win_rate)" = 0.666666666666667 &&
	test "$(field Ann golf average)" = 15.6666666666667 &&
	test "$(field Ann golf best)" = 5 && test "$(field Ann golf worst)" = 30 &&
	test "$(field Bob golf best)" = 4 && test "$(field Bob golf worst)" = 20 &&
	test "$(field Cid golf average)" = 30.0 && test "$(field Cid golf wins)" = 0
'
test_expect_success 'stats: streaks and average place' '
	test "$(field Ann golf streak)" = 0 && test "$(field Ann golf longest_streak)" = 2 &&
	test "$(field Bob golf streak)" = 1 && test "$(field Bob golf longest_streak)" = 1 &&
	test "$(field Ann golf average_place)" = 1.33333333333333 &&
	test "$(field Cid golf average_place)" = 3.0
'
test_expect_success 'stats: eliminations and chips (Bankrupt)' '
	test "$(field Ann bankrupt eliminations)" = 1 && test "$(field Bob bankrupt eliminated)" = 1 &&
	test "$(field Ann bankrupt chips_net)" = 5 && test "$(field Bob bankrupt chips_lost)" = 5 &&
	test "$(field Ann bankrupt wins)" = 1
'
test_expect_success 'stats: an open game is in progress, no game played: counted apart as open' '
	test "$(field Dee trash games)" = 0 && test "$(field Dee trash finished)" = 0 &&
	test "$(field Dee trash open)" = 1 && test "$(field Ann golf open)" = 0 &&
	tally stats --csv | tr -d "\r" > s.csv && head -n 1 s.csv | grep -q "^player,game,games,finished,.*,open\$" &&
	grep -q "^\"Dee\",trash,0,0,0,.*,1\$" s.csv && grep -q "^\"Ann\",golf,3,3,2,.*,0\$" s.csv
'
test_expect_success 'stats: nemesis, favourite victim and head to head' '
	tally stats > out &&
	grep_msg "Ann: nemesis Bob (finished ahead 1 time), favourite victim Bob (behind 3 times)" out &&
	grep_msg "Bob: nemesis Ann (finished ahead 3 times), favourite victim Cid (behind 2 times)" out &&
	grep_msg "Cid: nemesis Ann (finished ahead 2 times)" out &&
	tally stats player:ann vs:bob > out &&
	grep_msg "head to head with Bob: Ann finished ahead 3 times, behind 1 time" out &&
	! grep -q "^Bob " out
'
test_expect_success 'stats: by player count and by night' '
	tally stats player:ann > out &&
	grep -q "Ann *golf *3 players: 2 games, 1 win" out &&
	grep -q "Ann *golf *2 players: 1 game, 1 win" out &&
	grep -q "Ann *night #1: 2 games, 2 wins" out &&
	grep -q "Ann *night #2: 2 games, 1 win" out   # G5, still open, is no game played yet
'
test_expect_success 'stats as CSV, and filtered by query' '
	tally stats game:golf since:2026-02-01 --csv > out &&
	grep -q "^\"Bob\",golf,1,1,1,1.000,4.00,4,4," out &&
	test "$(wc -l < out)" = 4
'
test_expect_success 'export and import: everything, revalidated, idempotent' '
	tally export -o all.json &&
	TALLY_DB="$SCRATCH/copy.db" tally import all.json > out && grep_msg "imported 5 games (5 hands), 0 already here" out &&
	TALLY_DB="$SCRATCH/copy.db" tally import all.json > out && grep_msg "imported 0 games (0 hands), 5 already here" out &&
	tally --json stats > a.json && TALLY_DB="$SCRATCH/copy.db" tally --json stats > b.json && test_cmp a.json b.json &&
	tally --json history > a.json && TALLY_DB="$SCRATCH/copy.db" tally --json history > b.json && test_cmp a.json b.json &&
	TALLY_DB="$SCRATCH/copy.db" tally check > out && grep_msg "all 5 games" out
'
test_expect_success 'an import whose hand breaks a rule stores nothing' '
	sed "s/Ann=12 Bob=20/Ann=99 Bob=20/" all.json > bad.json &&
	expect_status 65 env TALLY_DB="$SCRATCH/bad.db" "$TALLY" import bad.json 2>err &&
	grep_msg "nothing was imported" err && grep_msg "0 to 40" err &&
	{ test ! -e "$SCRATCH/bad.db" || test "$(sqlite3 "$SCRATCH/bad.db" "SELECT count(*) FROM game")" = 0; }
'
test_expect_success 'export as CSV and as an hledger journal that balances' '
	tally export game:bankrupt --format csv > out && grep -q ",bankrupt,.*\"Ann\",1,0,10,1,1,0" out &&
	tally export --format ledger -o chips.journal &&
	hledger -f chips.journal balance > bal && tail -1 bal | grep -q "^ *0 *$" &&
	hledger -f chips.journal balance bankrupt:4:Ann > ann && grep -q "10 chips" ann
'
test_expect_success 'check: a sound file passes; a tampered score is found (70)' '
	tally check > out && grep_msg "all 5 games replay" out &&
	sqlite3 "$TALLY_DB" "UPDATE hand_score SET points = 6 WHERE seat = 0 AND hand_id = 1" &&
	expect_status 70 tally check > out 2>err && grep_msg "game 1 hand 1 Ann: stored 6" out &&
	grep_msg "1 of 5 games differ" err &&
	sqlite3 "$TALLY_DB" "UPDATE hand_score SET points = 5 WHERE seat = 0 AND hand_id = 1" &&
	tally check > /dev/null
'
test_expect_success 'the night report: every game, standings and a chart' '
	tally sheet night:2 -o n2.pdf > out && grep_msg "wrote n2.pdf" out &&
	pdftotext -layout n2.pdf - 2>/dev/null > t &&
	grep_msg "Golf #3" t && grep_msg "Bankrupt #4" t && grep_msg "Trash #5" t &&
	grep_msg "winner: Bob" t && grep_msg "in progress after 1 hand" t &&
	pdftoppm -png -r 30 -f 1 -l 1 n2.pdf n2 2>/dev/null && test -s n2-1.png &&
	expect_status 66 tally sheet night:9 2>/dev/null
'
test_done
