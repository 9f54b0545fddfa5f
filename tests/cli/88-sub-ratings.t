#!/bin/sh
# SPDX-License-Identifier: ISC
# Substitutes in the ratings: a seat played in turn by its player and a
# substitute (`tally sub`) is rated as one team whose members count by
# their share of the game's hands, the partial-play weighting openskill
# documents (openskill.py docs, FAQ "Does this library support partial
# play?"; openskill.js src/util.ts updatePlayer) on Weng and Lin's
# Plackett-Luce model (JMLR 12, 2011, Algorithm 4, team form), as
# core/rating.c states it.  The test works every rating out itself, in
# python3, from the games as the table played them (who sat in each seat
# for how many hands, and the places), and compares every mu and sigma
# within 1e-6 (tests/cli/plackett_luce.py, shared with 88-partners-ratings).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

at() { TALLY_NOW="$1"; export TALLY_NOW; }

test_expect_success 'a night with substitutes: one who stays, one who gives the seat back, one in a side' '
	at 2026-11-02T19:00:00Z && tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=5 Bob=3 Cid=7 > /dev/null && tally sub Cid Eve > /dev/null &&
	tally hand Ann=4 Bob=9 Eve=1 > /dev/null && tally hand Ann=2 Bob=2 Eve=6 > /dev/null &&
	tally hand Ann=3 Bob=1 Eve=2 > /dev/null && tally end > /dev/null &&
	at 2026-11-02T20:00:00Z && tally new golf Ann Bob Dan > /dev/null &&
	tally hand Ann=6 Bob=2 Dan=4 > /dev/null && tally hand Ann=3 Bob=3 Dan=5 > /dev/null &&
	tally sub Bob Hal > /dev/null && tally hand Ann=2 Hal=8 Dan=1 > /dev/null &&
	tally sub Hal Bob > /dev/null && tally hand Ann=5 Bob=0 Dan=3 > /dev/null && tally end > /dev/null &&
	at 2026-11-09T19:00:00Z && tally new hand-foot Ann+Cid Bob+Dee -o rounds=2 > /dev/null &&
	tally hand --out Dee Ann=1d210m60o45l Cid=1c150m75o80l Bob=1d1r180m70o35l Dee=1c1d320m65o > /dev/null &&
	tally sub Dee Eve > /dev/null &&
	tally hand --out Eve Ann=1d210m90o45l Cid=1c150m90o80l Bob=1d1r180m90o35l Eve=1c1d320m90o > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.winners")" = "[\"Bob\",\"Dee\"]"
'
# The games as played:
#  1. Golf, 4 holes: Ann 14, Bob 15, Cid 7 then Eve 9 for the seat (16): Ann, Bob, Cid/Eve;
#     Cid played 1 hole of 4, Eve 3.
#  2. Golf, 4 holes: Ann 16, Bob 13 (Hal played hole 3, Bob had the seat back for
#     hole 4), Dan 13: Bob/Hal and Dan share 1st, Ann 3rd; Bob 3 of 4, Hal 1.
#  3. Hand & Foot in sides, 2 rounds: Bob & Dee 1,550, Ann & Cid 630; Eve played
#     Dee's seat in round 2: Dee 1 of 2, Eve 1 of 2.
test_expect_success 'every mu and sigma is partial play worked out independently (1e-6)' '
	unset TALLY_NOW &&
	tally --json ratings > r.json &&
	cat > pp.py <<-\PY &&
	import json, sys
	sys.dont_write_bytecode = True
	sys.path.insert(0, sys.argv[2])
	from plackett_luce import R, game, compare
	game("golf", [[("Ann", 1)], [("Bob", 1)], [("Cid", 0.25), ("Eve", 0.75)]], [1, 2, 3])
	game("golf", [[("Ann", 1)], [("Bob", 0.75), ("Hal", 0.25)], [("Dan", 1)]], [3, 1, 1])
	game("hand-foot", [[("Ann", 1), ("Cid", 1)], [("Bob", 1), ("Dee", 0.5), ("Eve", 0.5)]], [2, 1])
	got = json.load(open(sys.argv[1]))
	bad = compare(got)
	sys.exit(1 if bad or len(got) != len(R) else 0)
	PY
	python3 pp.py r.json "$HERE" > out && grep_msg "11 ratings, 0 off" out
'
test_expect_success 'a substitute counts a rated game; the kept ratings (worked out a game at a time) recompute' '
	j=$(tally --json ratings) &&
	printf "%s" "$j" > j.json &&
	test "$(sqlite3 :memory: "SELECT json_extract(value, '\''$.games'\'') FROM json_each(CAST(readfile('\''j.json'\'') AS TEXT)) WHERE json_extract(value, '\''$.player'\'') = '\''Eve'\'' AND json_extract(value, '\''$.game'\'') = '\''golf'\''")" = 1 &&
	tally check > chk && grep_msg "ratings recompute" chk
'
# A file of schema 15 kept ratings that rated no substitute; opening it
# works them out again (db/migrate-16.sql).  The old file is made here from
# this one: the ratings kept as schema 15 had them (no line for Eve or Hal,
# another for Cid), the columns of later schemas (17: late arrivals, 18:
# notes) taken out.
test_expect_success 'schema 16: ratings kept before substitutes counted are worked out again' '
	SCHEMA=$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p") &&
	cp "$TALLY_DB" old.db &&
	sqlite3 old.db "DELETE FROM rating WHERE player_id IN (SELECT id FROM player WHERE name IN ('\''Eve'\'', '\''Hal'\''));
	    UPDATE rating SET mu = 20 WHERE player_id = (SELECT id FROM player WHERE name = '\''Cid'\'');
	    ALTER TABLE game DROP COLUMN note; ALTER TABLE night DROP COLUMN note;
	    ALTER TABLE seat DROP COLUMN joined; ALTER TABLE seat DROP COLUMN join_total; ALTER TABLE game DROP COLUMN end_undone_closed;
	    ALTER TABLE merge_base DROP COLUMN seen; ALTER TABLE merge_base DROP COLUMN taken; DROP TABLE seat_change; PRAGMA user_version = 15" &&
	tally --db old.db check > chk && grep_msg "ratings recompute" chk &&
	test "$(sqlite3 old.db "PRAGMA user_version")" = "$SCHEMA" &&
	tally --db old.db --json ratings > r2.json && cmp r.json r2.json
'
test_done
