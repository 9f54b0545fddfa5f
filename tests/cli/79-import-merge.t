#!/bin/sh
# SPDX-License-Identifier: ISC
# Import is a merge: a club file that imported a table's game once takes
# every later change of it (hands added, an edit, an undo, the end, a
# substitute, a deletion) when the table's file is imported again; a game
# changed on both sides is a conflict that imports nothing until --theirs or
# --ours says which side wins; a kill during an update leaves each game all
# the club's or all the table's.
. "$(dirname "$0")/lib.sh"

TABLE=$SCRATCH/table.db
CLUB=$SCRATCH/club.db
at_table() { TALLY_DB=$TABLE tally "$@"; }
at_club() { TALLY_DB=$CLUB tally "$@"; }
# same_game: the table's game 1 and the club's game 2 show the same, but
# for their ids (the club has a game of its own first)
same_game() {
	at_table --json show 1 > t.json && at_club --json show 2 > c.json &&
	sqlite3 :memory: "SELECT json_remove(CAST(readfile('t.json') AS TEXT), '\$.id')" > t.norm &&
	sqlite3 :memory: "SELECT json_remove(CAST(readfile('c.json') AS TEXT), '\$.id')" > c.norm &&
	test_cmp t.norm c.norm
}
# merge: export the table and import that into the club
merge() { at_table export -o week.json > /dev/null && at_club import "$@" week.json > merge.out; }

test_expect_success 'a hand added at the table after the first merge reaches the club' '
	at_club new pad Zed Yan > /dev/null && at_club hand Zed=1 Yan=2 > /dev/null &&
	at_table new golf Ann Bob Cid > /dev/null &&
	at_table hand Ann=3 Bob=4 Cid=5 > /dev/null &&
	merge && grep_msg "imported 1 game (1 hand)" merge.out &&
	at_table hand Ann=6 Bob=2 Cid=9 > /dev/null &&
	merge && grep_msg "updated 1" merge.out &&
	test "$(TALLY_DB=$CLUB totals 2)" = "Ann=9 Bob=6 Cid=14" && same_game
'

test_expect_success 'an edit, an undo, a substitute and the end each reach the club' '
	at_table edit 1 Ann=4 Bob=4 Cid=5 > /dev/null && merge && grep_msg "updated 1" merge.out && same_game &&
	at_table hand Ann=1 Bob=1 Cid=1 > /dev/null && at_table undo > /dev/null &&
	merge && grep_msg "updated 1" merge.out && same_game &&
	at_table sub Cid Dee > /dev/null && at_table hand Ann=2 Bob=2 Dee=2 > /dev/null &&
	merge && grep_msg "updated 1" merge.out && same_game &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM seat_sub")" = 1 &&
	at_table end > /dev/null && merge && grep_msg "updated 1" merge.out && same_game &&
	test "$(sqlite3 "$CLUB" "SELECT status FROM game WHERE id = 2")" = over &&
	at_club check > check.out
'

test_expect_success 'importing the same file again changes nothing' '
	merge && grep_msg "0 games (0 hands), 1 already here" merge.out && same_game
'

test_expect_success 'a game deleted at the table is deleted in the club, kept whole' '
	at_table delete 1 > /dev/null && merge && grep_msg "deleted 1" merge.out &&
	at_club list --deleted > deleted.out && grep_msg "#2" deleted.out &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM hand WHERE game_id = 2")" -gt 0 &&
	at_table restore 1 > /dev/null && merge && grep_msg "updated 1" merge.out &&
	test "$(sqlite3 "$CLUB" "SELECT deleted IS NULL FROM game WHERE id = 2")" = 1
'

test_expect_success 'a game changed on both sides is a conflict: nothing imported, nothing lost' '
	at_table new gin Ann Bob > /dev/null &&
	at_table hand --gin Ann Bob=10 > /dev/null &&
	merge && grep_msg "imported 1 game" merge.out &&
	at_table hand --gin Bob Ann=20 > /dev/null &&
	at_club hand -g 3 --gin Ann Bob=7 > /dev/null &&
	at_club export -o before.json > /dev/null &&
	at_table export -o week.json > /dev/null &&
	expect_status 65 env TALLY_DB="$CLUB" "$TALLY" import week.json > merge.out 2> merge.err &&
	grep_msg "conflict: Gin Rummy #3" merge.err &&
	grep_msg "here: 2 hands; there: 2 hands; the hands differ from hand 2 on" merge.err &&
	grep_msg "nothing was imported" merge.err &&
	at_club export -o after.json > /dev/null && test_cmp before.json after.json &&
	at_club import --theirs week.json > merge.out && grep_msg "updated" merge.out &&
	test "$(TALLY_DB=$CLUB totals 3)" = "$(TALLY_DB=$TABLE totals 2)" &&
	at_club check > check.out
'

test_expect_success '--ours keeps the club version and the conflict is not reported again' '
	at_table hand -g 2 --gin Ann Bob=3 > /dev/null &&
	at_club hand -g 3 --gin Bob Ann=4 > /dev/null &&
	at_table export -o week.json > /dev/null &&
	expect_status 65 env TALLY_DB="$CLUB" "$TALLY" import week.json > /dev/null 2>&1 &&
	at_club import --ours week.json > merge.out && grep_msg "1 newer here kept" merge.out &&
	at_club import week.json > merge.out && grep_msg "already here" merge.out &&
	expect_status 64 env TALLY_DB="$CLUB" "$TALLY" import --ours --theirs week.json 2> both.err
'

test_expect_success 'a kill during an update leaves each game all the club or all the table' '
	rm -f k.db* && cp "$CLUB" k.db &&
	i=0 && while [ $i -lt 30 ]; do at_table new pad P Q > /dev/null && at_table hand P=1 Q=2 > /dev/null; i=$((i + 1)); done &&
	at_table export -o many.json > /dev/null &&
	TALLY_DB=$SCRATCH/k.db tally import many.json > /dev/null &&
	for id in $(sqlite3 "$TABLE" "SELECT id FROM game WHERE kind = '\''pad'\''"); do at_table hand -g $id P=5 Q=5 > /dev/null; done &&
	at_table export -o many2.json > /dev/null || exit 1
	TALLY_DB=$SCRATCH/k.db TALLY_IMPORT_DELAY_MS=60 "$TALLY" import many2.json > /dev/null 2>&1 &
	pid=$!
	sleep 1 && kill -9 $pid && { wait $pid; true; } &&
	two=$(sqlite3 k.db "SELECT count(*) FROM game WHERE kind = '\''pad'\'' AND id > 1 AND hands = 2") &&
	one=$(sqlite3 k.db "SELECT count(*) FROM game WHERE kind = '\''pad'\'' AND id > 1 AND hands = 1") &&
	test "$two" -gt 0 && test "$one" -gt 0 && test $((one + two)) = 30 &&
	TALLY_DB=$SCRATCH/k.db tally check > check.out &&
	TALLY_DB=$SCRATCH/k.db tally import many2.json > again.out && grep_msg "updated $one" again.out &&
	test "$(sqlite3 k.db "SELECT count(*) FROM game WHERE kind = '\''pad'\'' AND id > 1 AND hands = 2")" = 30
'

test_done
