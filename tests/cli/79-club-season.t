#!/bin/sh
# SPDX-License-Identifier: ISC
# A club's season as it is really kept: eight Tuesdays, three tables, each
# on its own laptop with its own database, merged into the club file every
# week.  One table types Bob as "Bobby", another's clock runs an hour fast,
# one table's file is imported twice, week 3 arrives after week 4, and a
# result is corrected at a table after its merge.  The club file ends with
# one club night per Tuesday, a league table, ratings "as of" week 4 equal
# to those of a file holding weeks 1 to 4 alone, and a clean check.
. "$(dirname "$0")/lib.sh"

CLUB=$SCRATCH/club.db
PLAYERS="Ann Bob Cid Dee Eve Fay Gus Hal Ida"
# week W: the three tables' games of Tuesday W (March 3 + 7 (W-1) days),
# each table its own file tW-T.db; table 2 calls Bob "Bobby", table 3's
# clock is an hour fast.  Seats rotate so everyone meets everyone.
week() {
	w=$1
	day=$(date -u -d "2026-03-03 +$(( (w - 1) * 7 )) days" +%Y-%m-%d)
	set -- $PLAYERS
	shift $(( (w - 1) % 9 ))
	order="$* $(echo $PLAYERS | cut -d" " -f1-$(( (w - 1) % 9 )))"
	[ $(( (w - 1) % 9 )) = 0 ] && order="$PLAYERS"
	set -- $order
	for t in 1 2 3; do
		a=$1 b=$2 c=$3
		shift 3
		[ $t = 2 ] && { [ "$a" = Bob ] && a=Bobby; [ "$b" = Bob ] && b=Bobby; [ "$c" = Bob ] && c=Bobby; }
		hour=$((19 + (t == 3)))
		for g in 1 2; do
			TALLY_DB=$SCRATCH/t$w-$t.db TALLY_NOW=${day}T$hour:$((g * 20)):00Z \
			    tally new pad "$a" "$b" "$c" -o hands=1 > /dev/null &&
			TALLY_DB=$SCRATCH/t$w-$t.db TALLY_NOW=${day}T$hour:$((g * 20 + 5)):00Z \
			    tally hand "$a=$(( (w + g) % 7 ))" "$b=$(( (w * g + t) % 5 ))" "$c=$(( (g + t) % 6 ))" > /dev/null ||
			    return 1
		done
	done
}
merge() {
	at_club import "$SCRATCH/t$1-1.db" > m1.out &&
	at_club import --alias Bobby=Bob "$SCRATCH/t$1-2.db" > m2.out &&
	at_club import --clock-offset -01:00 "$SCRATCH/t$1-3.db" > m3.out
}
at_club() { TALLY_DB=$CLUB tally "$@"; }

test_expect_success 'eight Tuesdays at three tables, merged each week (week 3 after week 4)' '
	TALLY_DB=$CLUB TALLY_NOW=2026-03-01T12:00:00Z tally season start Spring > /dev/null &&
	for w in 1 2 3 4 5 6 7 8; do week $w || exit 1; done &&
	merge 1 && merge 2 && merge 4 && merge 3 &&
	at_club export -o weeks1-4.json > /dev/null &&
	merge 5 && merge 6 && merge 7 && merge 8 &&
	at_club import "$SCRATCH/t8-1.db" > again.out && grep_msg "0 games (0 hands), 2 already here" again.out &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM game")" = 48 &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM player WHERE name = '\''Bobby'\''")" = 0
'

test_expect_success 'a correction made at a table after its merge reaches the club' '
	g=$(sqlite3 "$SCRATCH/t8-1.db" "SELECT max(id) FROM game") &&
	e=$(sqlite3 "$SCRATCH/t8-1.db" "SELECT entry FROM hand WHERE game_id = $g") &&
	first=$(echo "$e" | sed "s/=.*//") &&
	TALLY_DB=$SCRATCH/t8-1.db tally edit 1 -g "$g" $(echo "$e" | sed "s/^$first=[0-9]*/$first=6/") > /dev/null &&
	at_club import "$SCRATCH/t8-1.db" > fix.out && grep_msg "updated 1" fix.out &&
	uid=$(sqlite3 "$SCRATCH/t8-1.db" "SELECT uid FROM game WHERE id = $g") &&
	test "$(sqlite3 "$CLUB" "SELECT h.entry FROM hand h JOIN game x ON x.id = h.game_id WHERE x.uid = '\''$uid'\''")" = \
	    "$(sqlite3 "$SCRATCH/t8-1.db" "SELECT entry FROM hand WHERE game_id = $g")" &&
	test "$(sqlite3 "$CLUB" "SELECT h.entry FROM hand h JOIN game x ON x.id = h.game_id WHERE x.uid = '\''$uid'\''")" != "$e" &&
	at_club check > check.out
'

test_expect_success 'history shows one club night per Tuesday' '
	at_club history > h.out &&
	test "$(grep -c "^night #" h.out)" = 8 &&
	test "$(grep -c "^  #" h.out)" = 48
'

test_expect_success 'ratings as of week 4 are those of a file holding weeks 1 to 4 alone' '
	at_club --json ratings until:2026-03-24 > asof.json &&
	TALLY_DB=$SCRATCH/w4.db tally import weeks1-4.json > /dev/null &&
	TALLY_DB=$SCRATCH/w4.db tally --json ratings > w4.json &&
	sqlite3 :memory: "SELECT json_remove(value, '\''\$.change'\'') FROM json_each(CAST(readfile('\''asof.json'\'') AS TEXT))" > a &&
	sqlite3 :memory: "SELECT json_remove(value, '\''\$.change'\'') FROM json_each(CAST(readfile('\''w4.json'\'') AS TEXT))" > b &&
	test_cmp b a && test "$(wc -l < a)" = 9
'

test_expect_success 'the league table: nine members at eight club nights, a guest apart' '
	at_club player guest Ida > /dev/null &&
	at_club season Spring > table &&
	grep_msg "8 club nights" table &&
	test "$(grep -c "^[0-9]  *[A-Z][a-z]*  *8/8  *16 " table)" = 8 &&
	grep_msg "guests: Ida (8 nights, 16 games" table &&
	grep -q "^most improved: " table
'

test_done
