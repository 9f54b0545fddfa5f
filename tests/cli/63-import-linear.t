#!/bin/sh
# SPDX-License-Identifier: ISC
# An import of another table's evenings into a club's file stays linear in
# what it brings: best, worst and the streaks are folded again from the
# fold order the file keeps (stat_fold: a few rows per player and kind),
# and the ratings are worked out again from the last snapshot before the
# oldest game it changes, not from the club's first game.  Whatever way
# they are reached, they are those of a file that took every game afresh,
# and `tally check` compares both with the games.
. "$(dirname "$0")/lib.sh"

# evenings N FROM PREFIX: an export (stdout) of N finished pads of two of
# Ann, Bob, Cid and Dee, one an evening from January FROM on (two to an
# evening past the 28th), each over after its one hand (hands=1)
evenings() {
	awk -v n="$1" -v from="$2" -v p="$3" 'BEGIN {
		split("Ann Bob Cid Dee", who, " ")
		print "{\"tally_export\": 1, \"schema\": 8, \"games\": ["
		for (g = 0; g < n; g++) {
			a = who[1 + g % 4]; b = who[1 + (g + 1 + int(g / 4)) % 4]
			if (a == b) b = who[1 + (g + 2) % 4]
			printf "%s{\"uid\":\"%s%d\",\"kind\":\"pad\",\"started\":\"2026-01-%02dT20:%02d:00Z\",", (g ? "," : ""),
			    p, g, from + g % (29 - from), 10 + int(g / (29 - from))
			printf "\"ended\":null,\"closed\":false,\"dealer\":0,\"players\":[\"%s\",\"%s\"],", a, b
			printf "\"options\":[[\"hands\",\"1\",true]],"
			printf "\"hands\":[{\"entry\":\"%s=%d %s=%d\",\"recorded\":null}]}\n", a, (g * 7) % 11, b, (g * 5) % 13
		}
		print "]}"
	}'
}

# the club's ratings and statistics (those kept), as JSON, from the file $1
standing() {
	TALLY_DB=$1 tally --json ratings && TALLY_DB=$1 tally --json stats
}

test_expect_success 'another table'\''s evenings: snapshots before them stay, the ratings are those of a fresh file' '
	export TALLY_SNAP_EVERY=6 &&
	evenings 56 1 club > club.json && evenings 1 27 table > table.json &&
	tally import club.json > /dev/null &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM rating_snap")" = 4 &&
	sqlite3 tally.db "SELECT started, hex(book) FROM rating_snap WHERE started < \"2026-01-27\"" > kept-before &&
	test -s kept-before &&
	tally import table.json > import.out && grep_msg "imported 1 game " import.out &&
	sqlite3 tally.db "SELECT started, hex(book) FROM rating_snap WHERE started < \"2026-01-27\"" > kept-after &&
	test_cmp kept-before kept-after &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM rating_snap WHERE started >= \"2026-01-27\"")" -gt 0 &&
	tally check > check.out && grep_msg "ratings recompute soundly" check.out &&
	standing "$TALLY_DB" > kept.json &&
	tally export -o all.json > /dev/null &&
	TALLY_DB=$SCRATCH/fresh.db tally import all.json > /dev/null &&
	standing "$SCRATCH/fresh.db" > fresh.json &&
	test_cmp fresh.json kept.json
'

test_expect_success 'the ratings start again from the snapshot before the games changed' '
	export TALLY_SNAP_EVERY=6 &&
	rm -f s.db* && evenings 56 1 club > club.json &&
	TALLY_DB=$SCRATCH/s.db tally import club.json > /dev/null &&
	last=$(sqlite3 s.db "SELECT max(started) FROM rating_snap") &&
	first=$(sqlite3 s.db "SELECT min(started) FROM rating_snap") &&
	TALLY_DB=$SCRATCH/s.db tally check > check.out &&
	sqlite3 s.db "UPDATE rating_snap SET book = (SELECT book FROM rating_snap WHERE started = \"$first\")
	    WHERE started = \"$last\"" &&
	expect_status 70 env TALLY_DB="$SCRATCH/s.db" "$TALLY" check > check.out &&
	grep_msg "1 of the 4 snapshots kept differs from the games" check.out &&
	evenings 1 28 late > late.json &&
	TALLY_DB=$SCRATCH/s.db tally import late.json > /dev/null &&
	expect_status 70 env TALLY_DB="$SCRATCH/s.db" "$TALLY" check > check.out &&
	grep_msg "the ratings kept differ from the games" check.out
'

test_expect_success 'check compares the fold order with the games' '
	rm -f f.db* && evenings 20 1 club > club.json &&
	TALLY_DB=$SCRATCH/f.db tally import club.json > /dev/null &&
	TALLY_DB=$SCRATCH/f.db tally check > check.out &&
	sqlite3 f.db "UPDATE stat_fold SET score = score + 1 WHERE game_id = (SELECT min(game_id) FROM stat_fold)" &&
	expect_status 70 env TALLY_DB="$SCRATCH/f.db" "$TALLY" check > check.out &&
	grep_msg "of the order best, worst and the streaks are folded in differ from the games" check.out
'

test_done
