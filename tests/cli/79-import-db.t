#!/bin/sh
# SPDX-License-Identifier: ISC
# Several tables, one league.  Four tables keep their own
# databases; the host imports each file directly (tally import FILE.db).
# Importing twice changes nothing, and two import orders give the same
# history and ratings (game and night ids aside: they number rows in the
# order they arrive).
. "$(dirname "$0")/lib.sh"

# table N: a database of its own with a night of games, each at its own minute
table() {
	n=$1
	export TALLY_DB="$SCRATCH/table$n.db"
	TALLY_NOW=2026-11-20T19:0${n}:00Z tally new pad Ann Bob Cid Dee -o title=Hearts -o hand_total=26 -o hands=2 > /dev/null &&
	TALLY_NOW=2026-11-20T19:1${n}:00Z tally hand Ann=$((n * 2)) Bob=$((26 - n * 2)) Cid=0 Dee=0 > /dev/null &&
	TALLY_NOW=2026-11-20T19:2${n}:00Z tally hand Ann=0 Bob=0 Cid=$((n + 10)) Dee=$((16 - n)) > /dev/null &&
	TALLY_NOW=2026-11-20T20:0${n}:00Z tally new chase-ace Eve Fay Gus -o lives=1 > /dev/null &&
	TALLY_NOW=2026-11-20T20:1${n}:00Z tally hand Eve=$((n + 1)) Fay=9 Gus=K > /dev/null &&
	TALLY_NOW=2026-11-20T20:2${n}:00Z tally hand Fay=9 Gus=K > /dev/null &&
	TALLY_NOW=2026-11-20T21:0${n}:00Z tally new pad Ann Eve -o title=Duel -o direction=high -o hands=1 > /dev/null &&
	TALLY_NOW=2026-11-20T21:1${n}:00Z tally hand Ann=$n Eve=$((5 - n)) > /dev/null
	rc=$?
	export TALLY_DB="$SCRATCH/tally.db"
	return $rc
}
# strip FILE: a history --json without the ids that number rows
strip() {
	sqlite3 :memory: "SELECT json_group_array(json_remove(value, '\$.id', '\$.night.id'))
	    FROM json_each(CAST(readfile('$1') AS TEXT))"
}

test_expect_success 'four tables each keep a night in their own file' '
	table 1 && table 2 && table 3 && table 4 &&
	test "$(TALLY_DB=table3.db tally --json list | grep -o "\"id\"" | wc -l)" = 3 &&
	cksum table1.db > sum.before
'
test_expect_success 'the host imports the four files; a second time changes nothing' '
	for n in 1 2 3 4; do TALLY_DB=a.db tally import table$n.db > out || return 1; done &&
	grep_msg "imported 3 games (5 hands), 0 already here" out &&
	test "$(TALLY_DB=a.db tally --json list | grep -o "\"uid\"\|\"id\"" | wc -l)" = 12 &&
	TALLY_DB=a.db tally --json history > h1 &&
	TALLY_DB=a.db tally import table2.db > out && grep_msg "imported 0 games (0 hands), 3 already here" out &&
	TALLY_DB=a.db tally --json history > h2 && test_cmp h1 h2 &&
	cksum table1.db > sum.after && test_cmp sum.before sum.after &&
	test "$(sqlite3 a.db "SELECT count(*) FROM night")" = 4 &&
	TALLY_DB=a.db tally check > out && grep_msg "ok:" out
'
test_expect_success 'another order gives the same history and ratings' '
	for n in 3 1 4 2 3; do TALLY_DB=b.db tally import table$n.db > /dev/null || return 1; done &&
	TALLY_DB=a.db tally --json history > ha && TALLY_DB=b.db tally --json history > hb &&
	! test_cmp ha hb > /dev/null &&
	strip ha > sa && strip hb > sb && test_cmp sa sb && grep -q Hearts sa &&
	TALLY_DB=a.db tally --json ratings > ra && TALLY_DB=b.db tally --json ratings > rb && test_cmp ra rb &&
	grep -q "\"game\":\"Duel\"" ra && grep -q "\"games\":4" ra
'
test_expect_success 'games that started at the same minute at two tables rate alike in any order' '
	for t in x y; do
		TALLY_DB=$t.db TALLY_NOW=2026-11-27T19:00:00Z tally new pad Ann Bob Cid -o title=Rummy -o direction=high -o hands=1 > /dev/null &&
		TALLY_DB=$t.db TALLY_NOW=2026-11-27T19:00:00Z tally hand Ann=$([ $t = x ] && echo 9 || echo 1) Bob=5 Cid=3 > /dev/null || return 1
	done &&
	TALLY_DB=xy.db tally import x.db > /dev/null && TALLY_DB=xy.db tally import y.db > /dev/null &&
	TALLY_DB=yx.db tally import y.db > /dev/null && TALLY_DB=yx.db tally import x.db > /dev/null &&
	TALLY_DB=xy.db tally --json ratings > r1 && TALLY_DB=yx.db tally --json ratings > r2 && test_cmp r1 r2 &&
	test "$(sqlite3 xy.db "SELECT uid FROM game ORDER BY id" | head -1)" = "$(sqlite3 yx.db "SELECT uid FROM game ORDER BY id" | tail -1)"
'
test_expect_success 'a file that is not a tally database, or is missing, is refused' '
	sqlite3 other.db "CREATE TABLE x (y)" &&
	expect_status 74 tally import other.db 2> err && grep_msg "not a tally database" err &&
	expect_status 66 tally import nowhere.db 2> /dev/null &&
	test "$(tally --json list)" = "[]"
'
test_expect_success 'a table on an older tally: its file is read through an upgraded copy, never written' '
	cp "$(cd "$(dirname "$TALLY_TEMPLATES")/tests/fixtures" && pwd)/schema-v14-partners.db" old.db &&
	cksum old.db > old.before && mkdir -p scratch &&
	TALLY_DB=up.db TMPDIR="$PWD/scratch" tally import old.db > out &&
	grep_msg "imported 3 games (5 hands)" out &&
	cksum old.db > old.after && test_cmp old.before old.after &&
	test ! -e old.db.v14.bak && test -z "$(ls -A scratch)" &&
	# the same games as the file upgraded in place: a copy opened with --db
	cp old.db inplace.db && TALLY_DB=inplace.db tally list > /dev/null 2>&1 &&
	TALLY_DB=inplace.db tally --json history > ha && TALLY_DB=up.db tally --json history > hb &&
	test_cmp ha hb && grep -q "Ann" hb &&
	TALLY_DB=up.db tally check > out && grep_msg "ok:" out
'
test_expect_success 'the file imported is left alone in its directory: no -wal or -shm beside it' '
	mkdir -p lone && cp table1.db lone/t1.db &&
	TALLY_DB=lone.db tally import lone/t1.db > out && grep_msg "imported 3 games" out &&
	test "$(ls lone)" = "t1.db" &&
	cp old.db lone/old.db && TALLY_DB=lone-old.db tally import lone/old.db > out &&
	grep_msg "imported 3 games" out && test "$(ls lone)" = "$(printf "old.db\nt1.db")"
'
test_expect_success 'a file a table still has open keeps its -wal and -shm, and its later hands' '
	cp table2.db held.db &&
	{ echo list; sleep 4; printf "new golf Hal Ivy\nhand Hal=3 Ivy=4\n"; } |
	    TALLY_DB="$PWD/held.db" "$TALLY" shell > held.out 2>&1 &
	i=0; while ! test -e held.db-wal && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done &&
	TALLY_DB=held-host.db tally import held.db > out && grep_msg "imported 3 games" out &&
	test -e held.db-wal && test -e held.db-shm &&
	wait &&
	grep_msg "Golf #4, hole 1: Hal 3 Ivy 4" held.out && TALLY_DB=held.db tally show > out &&
	grep -q "^Golf #4, started" out && grep -q "^total  *3  *4\$" out &&
	test ! -e held.db-wal
'
test_done
