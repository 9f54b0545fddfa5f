#!/bin/sh
# SPDX-License-Identifier: ISC
# Local time.  Times are stored in UTC and shown in $TZ; a night is named by
# the local date of its evening and runs past midnight until 06:00 the next
# morning; since:/until: take local dates.  The same Friday evening is
# played in New York and in Tokyo, with TALLY_NOW before and after local
# midnight and after the 06:00 cut-off.
. "$(dirname "$0")/lib.sh"

# at TIME COMMAND...: run tally with the test clock at TIME.
at() { t=$1; shift; TALLY_NOW=$t tally "$@"; }
# game TIME P=N Q=M: a golf game for Ann and Bob started at TIME, one hole.
game() { t=$1; shift; at "$t" new golf Ann Bob > /dev/null && at "$t" hand "$@" > /dev/null; }
# each FILE PATH...: the values at PATH (JSON path, joined by @ when there
# are several) of every item of the JSON array in FILE, space-separated.
each() {
	f=$1; shift; e=""
	for p in "$@"; do e="$e${e:+ || '@' || }json_extract(value, '$p')"; done
	sqlite3 :memory: "SELECT group_concat($e, ' ') FROM json_each(CAST(readfile('$f') AS TEXT))"
}
ids() { tally --json history "$@" > h.json && each h.json '$.id'; }

NY=America/New_York TOKYO=Asia/Tokyo

# Friday 20 November 2026 in New York (UTC-5): 20:30, 23:50, then Saturday
# 00:40 and 05:59 (same night), and 06:00 (the next night).
test_expect_success 'New York: an evening past midnight is one night, named by its local date' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	game 2026-11-21T01:30:00Z Ann=5 Bob=7 &&
	game 2026-11-20T23:50:00-05:00 Ann=6 Bob=8 &&
	game 2026-11-21T05:40:00Z Ann=1 Bob=2 &&
	game 2026-11-21T10:59:00Z Ann=3 Bob=4 &&
	game 2026-11-21T11:00:00Z Ann=9 Bob=2 &&
	tally --json history > h.json &&
	test "$(each h.json \$.id \$.night.name)" = \
	    "5@2026-11-21 4@2026-11-20 3@2026-11-20 2@2026-11-20 1@2026-11-20" &&
	test "$(each h.json \$.night.id)" = "2 1 1 1 1" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT name FROM night ORDER BY id" | tr "\n" " ")" = "2026-11-20 2026-11-21 "
'

test_expect_success 'New York: JSON times carry the local offset, text shows local time' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	tally --json list > l.json &&
	test "$(each l.json \$.started)" = \
	    "2026-11-21T06:00:00-05:00 2026-11-21T05:59:00-05:00 2026-11-21T00:40:00-05:00 2026-11-20T23:50:00-05:00 2026-11-20T20:30:00-05:00" &&
	tally --json history > h.json &&
	test "$(each h.json \$.started | cut -d" " -f5)" = "2026-11-20T20:30:00-05:00" &&
	test "$(json_get "$(tally --json show 1)" \$.started)" = "2026-11-20T20:30:00-05:00" &&
	tally list > out && grep_msg "#1     golf               2026-11-20 20:30" out &&
	grep_msg "#3     golf               2026-11-21 00:40" out &&
	tally show 1 > out && grep_msg "Golf #1, started 2026-11-20 20:30" out &&
	tally history > out && grep_msg "night #1 \"2026-11-20\"" out && grep_msg "2026-11-20 23:50" out &&
	tally night > out && grep_msg "night #2 \"2026-11-21\", started 2026-11-21 06:00" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT started FROM game WHERE id = 2")" = "2026-11-21T04:50:00Z"
'

test_expect_success 'New York: since: and until: are local days, midnight to midnight' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	test "$(ids until:2026-11-20)" = "2 1" &&
	test "$(ids since:2026-11-21)" = "5 4 3" &&
	test "$(ids since:2026-11-20 until:2026-11-20)" = "2 1" &&
	test "$(ids since:2026-11-21 until:2026-11-21)" = "5 4 3" &&
	test "$(ids night:1 since:2026-11-21)" = "4 3" &&
	test "$(ids until:2026-11-19)" = "" &&
	tally history until:2026-11-19 > out && grep_msg "no games match" out &&
	tally history since:2026-11-22 > out && grep_msg "no games match" out
'

test_expect_success 'the same New York games seen from Tokyo: times and days follow TZ, names stay' '
	export TZ=$TOKYO TALLY_DB=$SCRATCH/ny.db &&
	tally --json list > l.json &&
	test "$(each l.json \$.started | cut -d" " -f5)" = "2026-11-21T10:30:00+09:00" &&
	test "$(ids until:2026-11-20)" = "" &&
	test "$(ids since:2026-11-21 until:2026-11-21)" = "5 4 3 2 1" &&
	tally --json history > h.json &&
	test "$(each h.json \$.night.name)" = \
	    "2026-11-21 2026-11-20 2026-11-20 2026-11-20 2026-11-20"
'

# The same Friday evening in Tokyo (UTC+9): 20:30, 23:50, Saturday 00:40,
# then Saturday 07:00.
test_expect_success 'Tokyo: an evening past midnight is one night, named by its local date' '
	export TZ=$TOKYO TALLY_DB=$SCRATCH/tokyo.db &&
	game 2026-11-20T11:30:00Z Ann=5 Bob=7 &&
	game 2026-11-20T23:50:00+09:00 Ann=6 Bob=8 &&
	game 2026-11-20T15:40:00Z Ann=1 Bob=2 &&
	game 2026-11-21T07:00:00+0900 Ann=3 Bob=4 &&
	tally --json history > h.json &&
	test "$(each h.json \$.id \$.night.name)" = \
	    "4@2026-11-21 3@2026-11-20 2@2026-11-20 1@2026-11-20" &&
	tally --json list > l.json &&
	test "$(each l.json \$.started)" = \
	    "2026-11-21T07:00:00+09:00 2026-11-21T00:40:00+09:00 2026-11-20T23:50:00+09:00 2026-11-20T20:30:00+09:00" &&
	test "$(ids until:2026-11-20)" = "2 1" &&
	test "$(ids since:2026-11-21)" = "4 3" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT started FROM game WHERE id = 1")" = "2026-11-20T11:30:00Z"
'

test_expect_success 'New York, the night DST begins: 23:00 EST and 05:30 EDT are one night' '
	export TZ=$NY TALLY_DB=$SCRATCH/dst.db &&
	game 2026-03-07T23:00:00-05:00 Ann=5 Bob=7 &&
	game 2026-03-08T05:30:00-04:00 Ann=6 Bob=8 &&
	game 2026-03-08T06:00:00-04:00 Ann=1 Bob=2 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT n.name FROM game g JOIN night n ON n.id = g.night_id ORDER BY g.id" | tr "\n" " ")" = \
	    "2026-03-07 2026-03-07 2026-03-08 " &&
	test "$(ids until:2026-03-07)" = "1" &&
	test "$(ids since:2026-03-08 until:2026-03-08)" = "3 2"
'

test_expect_success 'dates that do not exist are refused (64) naming the value' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	expect_status 64 tally history since:2026-99-99 2> err && grep_msg "2026-99-99" err &&
	expect_status 64 tally history until:2026-13-45 2> err && grep_msg "2026-13-45" err &&
	expect_status 64 tally history since:2026-02-30 2> err && grep_msg "2026-02-30" err &&
	expect_status 64 tally history until:2026-02-29 2> err &&
	expect_status 64 tally stats since:2026-04-31 2> err && grep_msg "2026-04-31" err &&
	expect_status 64 tally history until:2026-11-20T00:00:00Z 2> err &&
	test "$(ids since:2024-02-29)" = "5 4 3 2 1"
'

test_expect_success 'a malformed TALLY_NOW is refused (64) and nothing is stored' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	before=$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") &&
	expect_status 64 at yesterday new golf Ann Bob 2> err && grep_msg "TALLY_NOW=yesterday" err &&
	expect_status 64 at 2026-11-21T01:30:00 new golf Ann Bob 2> err &&
	expect_status 64 at 2026-02-30T20:00:00Z new golf Ann Bob 2> err &&
	expect_status 64 at 2026-11-21T25:00:00Z new golf Ann Bob 2> err &&
	expect_status 64 at 2026-11-21T01:30:00+5 hand Ann=1 Bob=1 2> err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game")" = "$before" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand")" = 5 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game WHERE started NOT GLOB \"[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z\"")" = 0
'

test_expect_success 'a filled sheet prints the local date the game started' '
	export TZ=$NY TALLY_DB=$SCRATCH/ny.db &&
	tally sheet 1 -o g1.pdf > /dev/null && pdftotext g1.pdf g1.txt &&
	grep_msg "started 2026-11-20" g1.txt &&
	tally sheet 3 -o g3.pdf > /dev/null && pdftotext g3.pdf g3.txt &&
	grep_msg "started 2026-11-21" g3.txt &&
	tally sheet night:1 -o n1.pdf > /dev/null && pdftotext n1.pdf n1.txt &&
	grep_msg "started 2026-11-20 20:30" n1.txt
'
test_expect_success 'exports: CSV times with the offset, ledger dates local, JSON as stored' '
	export TZ=$NY TALLY_DB=$SCRATCH/chips.db &&
	at 2026-11-21T02:00:00Z new bankrupt Ann Bob -o start_chips=5 --dealer Bob > /dev/null &&
	at 2026-11-21T04:10:00Z hand Ann="A A" Bob="2 3" > /dev/null &&
	tally export --format ledger > j.ledger &&
	grep_msg "2026-11-20 * bankrupt #1 start" j.ledger && grep_msg "2026-11-20 * bankrupt #1 round 1" j.ledger &&
	! grep -q "^2026-11-21" j.ledger &&
	tally export --format csv > e.csv &&
	grep_msg ",1,bankrupt,2026-11-20T21:00:00-05:00,over,\"2026-11-20\"" e.csv &&
	tally export > e.json && grep_msg "\"started\":\"2026-11-21T02:00:00Z\"" e.json
'
test_expect_success 'a saved pad and a substitute are stamped in UTC like everything else (the one clock)' '
	TALLY_NOW=2026-11-20T20:30:00-05:00 tally pad save hearts -o title=Hearts > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT saved FROM pad WHERE name = '\''hearts'\''")" = 2026-11-21T01:30:00Z &&
	tally new golf Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T20:45:00-05:00 tally sub Bob Zed > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT created FROM player WHERE name = '\''Zed'\''")" = 2026-11-21T01:45:00Z
'
test_done
