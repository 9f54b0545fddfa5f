#!/bin/sh
# SPDX-License-Identifier: ISC
# A club night: three tables keep their own laptops and their own nights,
# all on one Tuesday; merged into the club file, the ratings' "last night"
# and a night's rating changes are everyone's who played that evening, at
# any table.  ratings until:DATE is the ratings as they stood then (equal
# to a file holding only the games up to that day); since:DATE measures the
# change from then.
. "$(dirname "$0")/lib.sh"

CLUB=$SCRATCH/club.db
# play TABLE WHEN P1 P2 P3 A B C: a finished two-hand pad at table TABLE
# (its own file), started at WHEN, the three players scoring A, B, C
play() {
	TALLY_DB=$SCRATCH/$1.db TALLY_NOW=$2 tally new pad "$3" "$4" "$5" -o hands=1 > /dev/null &&
	TALLY_DB=$SCRATCH/$1.db TALLY_NOW=$2 tally hand "$3=$6" "$4=$7" "$5=$8" > /dev/null
}
# change NAME: the player's change in `tally ratings` (the last column)
change() { TALLY_DB=$CLUB tally ratings player:"$1" | awk 'NR == 2 { print $NF }'; }

test_expect_success 'week 1 and week 2, three tables each, merged' '
	play t1 2026-03-17T19:00:00Z Ann Bob Cid 1 5 9 && play t2 2026-03-17T19:05:00Z Dee Eve Fay 2 6 8 &&
	play t3 2026-03-17T19:10:00Z Gus Hal Ida 3 4 7 &&
	for t in t1 t2 t3; do TALLY_DB=$CLUB tally import $t.db > /dev/null || exit 1; done
	TALLY_DB=$CLUB tally export -o weeks1.json > /dev/null &&
	play t1 2026-03-24T19:00:00Z Ann Dee Gus 9 1 5 && play t2 2026-03-24T19:03:00Z Bob Eve Hal 4 2 8 &&
	play t3 2026-03-24T19:30:00Z Cid Fay Ida 6 3 1 &&
	for t in t3 t1 t2; do TALLY_DB=$CLUB tally import $t.db > /dev/null || exit 1; done
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM night")" = 6
'

test_expect_success 'last night is every table of the last evening' '
	for p in Ann Bob Cid Dee Eve Fay Gus Hal Ida; do
		c=$(change $p) && test "$c" != "+0.00" || { echo "$p: $c" >&2; exit 1; }
	done
'

test_expect_success 'a night lists the rating changes of everyone at every table that evening' '
	n=$(sqlite3 "$CLUB" "SELECT min(id) FROM night WHERE started >= '\''2026-03-24'\''") &&
	TALLY_DB=$CLUB tally night $n > out &&
	for p in Ann Bob Cid Dee Eve Fay Gus Hal Ida; do grep -q "^  $p:" out || { cat out >&2; exit 1; }; done &&
	grep -q ", 3 games" out &&
	TALLY_DB=$CLUB tally --json night $n > j.out &&
	! grep -Eq "[0-9]\.[0-9]{13,}" j.out && grep -q "\"change\":" j.out &&
	TALLY_DB=$CLUB tally sheet night:$n -o night.pdf > /dev/null &&
	pdftotext night.pdf - > night.txt &&
	for p in Ann Bob Cid Dee Eve Fay Gus Hal Ida; do grep -q "$p" night.txt || { echo "no $p" >&2; exit 1; }; done
'

test_expect_success 'history shows each evening once, every table'\''s games together' '
	TALLY_DB=$CLUB tally history > out &&
	test "$(grep -c "^night #" out)" = 2 &&
	test "$(sed -n "2,4p" out | grep -c "2026-03-24")" = 3
'

test_expect_success 'ratings until: a date are those of the games up to it, as a file of those alone' '
	TALLY_DB=$CLUB tally --json ratings until:2026-03-20 > asof.json &&
	rm -f w1.db* && TALLY_DB=$SCRATCH/w1.db tally import weeks1.json > /dev/null &&
	TALLY_DB=$SCRATCH/w1.db tally --json ratings > w1.json &&
	sqlite3 :memory: "SELECT json_remove(value, '\''\$.change'\'') FROM json_each(CAST(readfile('\''asof.json'\'') AS TEXT))" > a &&
	sqlite3 :memory: "SELECT json_remove(value, '\''\$.change'\'') FROM json_each(CAST(readfile('\''w1.json'\'') AS TEXT))" > b &&
	test_cmp b a && test "$(wc -l < a)" = 9
'

test_expect_success 'since: a date measures the change from then' '
	TALLY_DB=$CLUB tally ratings since:2026-03-20 player:Ann > out && grep_msg "since" out &&
	TALLY_DB=$CLUB tally --json ratings until:2026-03-20 player:Ann > then.json &&
	TALLY_DB=$CLUB tally --json ratings player:Ann > now.json &&
	TALLY_DB=$CLUB tally --json ratings since:2026-03-20 player:Ann > since.json &&
	# the ordinals are rounded to 6 decimals in JSON, their difference is not
	test "$(sqlite3 :memory: "SELECT abs(json_extract(CAST(readfile('\''now.json'\'') AS TEXT), '\''\$[0].ordinal'\'')
	    - json_extract(CAST(readfile('\''then.json'\'') AS TEXT), '\''\$[0].ordinal'\'')
	    - json_extract(CAST(readfile('\''since.json'\'') AS TEXT), '\''\$[0].change'\'')) < 0.00001")" = 1 &&
	expect_status 64 env TALLY_DB="$CLUB" "$TALLY" ratings not:since:2026-03-20 2> err
'

test_done
