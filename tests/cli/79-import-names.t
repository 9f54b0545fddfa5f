#!/bin/sh
# SPDX-License-Identifier: ISC
# A club's tables do not type names alike, nor keep one clock: import lists
# the new players it makes, names the known player one looks like (Bobby
# for Bob, Zoe for Zoë), maps a table's name with --alias NAME=KNOWN and
# moves every time by --clock-offset.  The club's saved pads travel with
# the games; one name saved two ways refuses the import.
. "$(dirname "$0")/lib.sh"

CLUB=$SCRATCH/club.db
at_club() { TALLY_DB=$CLUB tally "$@"; }

test_expect_success 'import lists the new players and the known players they look like' '
	at_club new golf Bob Zoë Ann > /dev/null &&
	TALLY_NOW=2026-03-24T21:00:00Z tally new golf Bobby Zoe Ann Cid > /dev/null &&
	tally hand Bobby=4 Zoe=3 Ann=1 Cid=2 > /dev/null &&
	tally export -o t.json > /dev/null &&
	cp "$CLUB" before.db &&
	at_club import t.json > out 2> err &&
	grep_msg "new players: Bobby, Zoe, Cid" out &&
	grep_msg "warning: Bobby is new here; did you mean Bob?" err &&
	grep_msg "--alias '\''Bobby=Bob'\''" err &&
	grep_msg "warning: Zoe is new here; did you mean Zoë?" err &&
	! grep -q "Cid is new here" err
'

test_expect_success '--alias maps a table'\''s names, --clock-offset its clock' '
	cp before.db "$CLUB" && rm -f "$CLUB-wal" "$CLUB-shm" &&
	at_club import --alias Bobby=Bob --alias=Zoe=Zoë --clock-offset -01:00 t.json > out 2> err &&
	grep_msg "new players: Cid" out && ! grep -q warning err &&
	test "$(TALLY_DB=$CLUB totals 2)" = "Bob=4 Zoë=3 Ann=1 Cid=2" &&
	test "$(sqlite3 "$CLUB" "SELECT started FROM game WHERE id = 2")" = 2026-03-24T20:00:00Z &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM player WHERE name IN ('\''Bobby'\'', '\''Zoe'\'')")" = 0 &&
	at_club check > check.out
'

test_expect_success 'a bad alias or offset is a usage error; an alias onto a seated player is refused' '
	expect_status 64 env TALLY_DB="$CLUB" "$TALLY" import --alias Bobby t.json 2> err &&
	grep_msg "--alias is NAME=KNOWN" err &&
	expect_status 64 env TALLY_DB="$CLUB" "$TALLY" import --clock-offset 1h t.json 2> err &&
	grep_msg "--clock-offset is [+-]HH:MM" err &&
	cp before.db "$CLUB" && rm -f "$CLUB-wal" "$CLUB-shm" &&
	expect_status 65 env TALLY_DB="$CLUB" "$TALLY" import --alias Bobby=Ann t.json 2> err &&
	grep_msg "seats both Bobby and Ann" err &&
	test "$(sqlite3 "$CLUB" "SELECT count(*) FROM game")" = 1
'

test_expect_success 'saved pads travel with an export and a database; a differing one refuses it all' '
	rm -f p.db* q.db* r.db* &&
	TALLY_DB=$SCRATCH/p.db tally pad save hearts -o title=Hearts -o target=100 -o hand_total=26 > /dev/null &&
	TALLY_DB=$SCRATCH/p.db tally new hearts Ann Bob Cid Dee > /dev/null &&
	TALLY_DB=$SCRATCH/p.db tally hand Ann=5 Bob=21 Cid=0 Dee=0 > /dev/null &&
	TALLY_DB=$SCRATCH/p.db tally export -o p.json > /dev/null &&
	head -1 p.json | grep -q "\"pads\": \[{\"name\":\"hearts\",\"settings\":\[\"title=Hearts\",\"target=100\",\"hand_total=26\"\]}\]" &&
	TALLY_DB=$SCRATCH/q.db tally import p.json > out && grep_msg "saved 1 pad" out &&
	TALLY_DB=$SCRATCH/q.db tally new hearts Ann Bob Cid Dee > /dev/null &&
	expect_status 65 env TALLY_DB="$SCRATCH/q.db" "$TALLY" hand Ann=5 Bob=20 Cid=0 Dee=0 2> err &&
	TALLY_DB=$SCRATCH/q.db tally import p.json > out && ! grep -q "saved" out &&
	TALLY_DB=$SCRATCH/r.db tally import p.db > out && grep_msg "saved 1 pad" out &&
	TALLY_DB=$SCRATCH/r.db tally pad save hearts -o title=Hearts -o target=50 > /dev/null &&
	TALLY_DB=$SCRATCH/p.db tally new golf Ann Bob > /dev/null && TALLY_DB=$SCRATCH/p.db tally export -o p.json > /dev/null &&
	expect_status 65 env TALLY_DB="$SCRATCH/r.db" "$TALLY" import p.json 2> err &&
	grep_msg "pad hearts is saved here as '\''-o title=Hearts -o target=50'\''" err &&
	test "$(sqlite3 r.db "SELECT count(*) FROM game")" = 1
'

test_expect_success 'a name spelled otherwise here is seated, replayed and kept as this file spells it' '
	TALLY_DB=L5.db tally new accordion ann BOB > /dev/null && TALLY_DB=L5.db tally hand ann=1 BOB=2 > /dev/null &&
	TALLY_DB=L5.db tally new golf zoë BOB eve > /dev/null &&
	TALLY_DB=L5.db tally hand zoë=1 BOB=2 eve=3 > /dev/null && TALLY_DB=L5.db tally sub eve cid > /dev/null &&
	TALLY_DB=L5.db tally hand zoë=2 BOB=2 eve=1 > /dev/null && TALLY_DB=L5.db tally end > /dev/null &&
	TALLY_DB=L5.db tally new golf Eve Dee > /dev/null && TALLY_DB=L5.db tally hand Eve=1 Dee=2 > /dev/null &&
	TALLY_DB=L5.db tally end > /dev/null &&
	TALLY_DB=L5b.db tally new golf EVE dee > /dev/null && TALLY_DB=L5b.db tally hand EVE=3 dee=1 > /dev/null &&
	TALLY_DB=L5b.db tally end > /dev/null &&
	TALLY_DB=L5.db tally export -o l5.json > /dev/null &&
	TALLY_DB=spelled.db tally new accordion Ann Bob > /dev/null &&
	TALLY_DB=spelled.db tally new golf Zoë Cid > /dev/null &&
	TALLY_DB=spelled.db tally import l5.json > out && grep_msg "new players: eve, Dee" out &&
	TALLY_DB=spelled.db tally import L5b.db > out &&
	TALLY_DB=spelled.db tally check > check.out &&
	TALLY_DB=spelled.db tally export > all.json &&
	grep "\"players\":\[\"Ann\",\"Bob\"\]" all.json > g &&
	grep -q "\"entry\":\"Ann=1 Bob=2\"" g && grep -q "\"standings\":\[{\"name\":\"Ann\"" g &&
	! grep -q "\"name\":\"BOB\"\|\"name\":\"zoë\"\|\"name\":\"EVE\"\|\"name\":\"dee\"" all.json &&
	grep -q "\"player\":\"Cid\"" all.json &&
	test "$(sqlite3 spelled.db "SELECT group_concat(name, \" \") FROM (SELECT name FROM player ORDER BY id)")" = "Ann Bob Zoë Cid eve Dee"
'

test_expect_success 'the new players an import lists are every player it makes, a substitute too' '
	TALLY_DB=subs.db tally new golf Ann Bob Cid > /dev/null &&
	TALLY_DB=subs.db tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	TALLY_DB=subs.db tally sub Cid 李雷 > /dev/null &&
	TALLY_DB=subs.db tally hand Ann=2 Bob=1 Cid=4 > /dev/null && TALLY_DB=subs.db tally end > /dev/null &&
	TALLY_DB=empty.db tally import --restore subs.db > out &&
	grep -q "^restored: " out && grep_msg "new players: Ann, Bob, Cid, 李雷" out &&
	TALLY_DB=some.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=some.db tally import subs.db > out && grep_msg "new players: Cid, 李雷" out &&
	test "$(sqlite3 some.db "SELECT count(*) FROM player WHERE name = '\''李雷'\''")" = 1
'

test_done
