#!/bin/sh
# SPDX-License-Identifier: ISC
# A finished game, and every game an import writes, keeps the standings
# the export writes of it (each player's total, points per hand, the
# game's own columns, out and place), so an export of a decade need not
# replay every game.  The replay stays the truth: what the export writes
# from the kept standings is what a replay gives; a change of the game
# leaves them behind; ones of another revision or another build are never
# read; a rename writes them again; `tally check` replays and compares.
. "$(dirname "$0")/lib.sh"

# the export as written from the file as it is, and from a copy that
# keeps no standings (every game replayed): they must be the same
same_as_replay() {
	tally export -o kept.json 2> /dev/null &&
	cp "$TALLY_DB" whole.db && sqlite3 whole.db "DELETE FROM standings" &&
	tally --db whole.db export -o whole.json 2> /dev/null &&
	cmp kept.json whole.json
}
# game ID's kept standings that hold (its revision now): their text, or none
kept() { sqlite3 "$TALLY_DB" "SELECT coalesce((SELECT k.players FROM standings k JOIN game g ON g.id = k.game_id
    WHERE k.game_id = $1 AND k.revision = g.revision), 'none')"; }
# Gin to 100: Ann knocks for 41, 51 and 48 (RULES: the deadwood difference
# plus the 25 a box), the third hand ends the game
gin() {
	tally hand -g "$1" --knock Ann Ann=2 Bob=43 > /dev/null &&
	tally hand -g "$1" --knock Ann Ann=1 Bob=52 > /dev/null &&
	tally hand -g "$1" --knock Ann Ann=9 Bob=57 > /dev/null
}

test_expect_success 'a game over keeps its standings, as the export writes them; an open one keeps none' '
	tally new gin Ann Bob > /dev/null && gin 1 &&
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand -g 2 Ann=3 Bob=4 Cid=5 > /dev/null &&
	test "$(kept 1)" = "[{\"name\":\"Ann\",\"seat\":1,\"total\":140,\"points\":[41,51,48],\"gin\":[false,false,false],\"undercut\":[false,false,false],\"wash\":[false,false,false],\"final\":415,\"out\":false,\"rank\":1},{\"name\":\"Bob\",\"seat\":2,\"total\":0,\"points\":[0,0,0],\"gin\":[false,false,false],\"undercut\":[false,false,false],\"wash\":[false,false,false],\"final\":0,\"out\":false,\"rank\":2}]" &&
	test "$(kept 2)" = none &&
	same_as_replay &&
	tally check > out && grep_msg "all 2 games replay" out
'

test_expect_success 'an undo leaves them behind; the end and a redo keep them again' '
	tally undo -g 1 > /dev/null && test "$(kept 1)" = none && same_as_replay &&
	tally redo -g 1 > /dev/null && test "$(kept 1)" != none && same_as_replay &&
	tally end 2 > /dev/null && test "$(kept 2)" != none && same_as_replay
'

# Kept standings made wrong on purpose: when they hold (this revision,
# this build) the export trusts them, so check must catch them; when they
# are another revision'"'"'s or another build'"'"'s, nothing reads them.
test_expect_success 'standings of another revision or build are not read; check catches ones that differ' '
	tally export -o good.json 2> /dev/null &&
	sqlite3 "$TALLY_DB" "UPDATE standings SET players = '"'"'[]'"'"', revision = revision - 1 WHERE game_id = 1" &&
	tally export -o now.json 2> /dev/null && cmp good.json now.json &&
	sqlite3 "$TALLY_DB" "UPDATE standings SET revision = revision + 1, build = '"'"'r1-0000000000000000'"'"' WHERE game_id = 1" &&
	tally export -o now.json 2> /dev/null && cmp good.json now.json &&
	sqlite3 "$TALLY_DB" "UPDATE standings SET build = (SELECT build FROM standings WHERE game_id = 2) WHERE game_id = 1" &&
	expect_status 70 tally check > out 2> err &&
	grep_msg "game 1: the standings kept for its export are not its replay'"'"'s" out &&
	grep_msg "1 of 2 games differ" err
'

test_expect_success 'a rename writes them again under the new name' '
	tally undo -g 1 > /dev/null && tally redo -g 1 > /dev/null &&
	echo y | tally player rename Bob Robert > /dev/null &&
	kept 1 | grep -F "\"name\":\"Robert\"" &&
	same_as_replay && tally check > /dev/null
'

test_expect_success 'an import keeps the standings of every game it writes, open ones too' '
	tally new golf Ann Cid > /dev/null && tally hand -g 3 Ann=1 Cid=2 > /dev/null &&
	tally export -o all.json 2> /dev/null &&
	TALLY_DB=other.db tally import --restore all.json > /dev/null &&
	test "$(sqlite3 other.db "SELECT count(*) FROM standings k JOIN game g ON g.id = k.game_id
	    WHERE k.revision = g.revision")" = 3 &&
	TALLY_DB=other.db tally export -o again.json 2> /dev/null &&
	cmp all.json again.json
'

test_expect_success 'a file from before kept standings upgrades and exports by replay' '
	cp "$TALLY_DB" old.db &&
	sqlite3 old.db "DROP TABLE standings; ALTER TABLE merge_base DROP COLUMN seen; ALTER TABLE merge_base DROP COLUMN taken; DROP TABLE seat_change; PRAGMA user_version = 23" &&
	tally --db old.db export -o old.json 2> /dev/null &&
	test "$(sqlite3 old.db "SELECT count(*) FROM standings")" = 0 &&
	tally export -o now.json 2> /dev/null && cmp old.json now.json
'
test_done
