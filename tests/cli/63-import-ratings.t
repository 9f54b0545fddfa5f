#!/bin/sh
# SPDX-License-Identifier: ISC
# Games older than the newest rated game would each have the ratings worked
# out again from the start, one import game after another.  An import puts
# that off to its end, once, and notes in the file that the ratings are
# stale in the same transaction as each batch, so an import killed between
# its batches leaves the next tally command to work them out: the ratings
# are always those of the games the file holds.
. "$(dirname "$0")/lib.sh"

# older N PREFIX: an export (stdout) of N finished two-player pads, one a
# day in January 2026 (each over after its one hand: hands=1)
older() {
	awk -v n="$1" -v p="$2" 'BEGIN {
		print "{\"tally_export\": 1, \"schema\": 8, \"games\": ["
		for (g = 0; g < n; g++) {
			printf "%s{\"uid\":\"%s%d\",\"kind\":\"pad\",\"started\":\"2026-01-%02dT20:00:00Z\",", (g ? "," : ""), p, g, 1 + g % 28
			printf "\"ended\":null,\"closed\":false,\"dealer\":0,\"players\":[\"Ann\",\"P%02d\"],", g % 7
			printf "\"options\":[[\"hands\",\"1\",true]],"
			printf "\"hands\":[{\"entry\":\"Ann=%d P%02d=%d\",\"recorded\":null}]}\n", g % 5, g % 7, (g * 3) % 5
		}
		print "]}"
	}'
}

test_expect_success 'ratings after importing older games are those worked out afresh' '
	TALLY_NOW=2026-06-01T20:00:00Z tally new pad Ann Bob -o hands=1 > /dev/null &&
	tally hand Ann=5 Bob=2 > /dev/null &&
	older 40 old > old.json &&
	tally import old.json > import.out &&
	grep_msg "imported 40 games" import.out &&
	tally --json ratings > kept.json &&
	tally check > check.out &&
	rm -f fresh.db* &&
	TALLY_DB=$SCRATCH/fresh.db tally import old.json > /dev/null &&
	tally export -o all.json > /dev/null &&
	rm -f fresh.db* && TALLY_DB=$SCRATCH/fresh.db tally import all.json > /dev/null &&
	TALLY_DB=$SCRATCH/fresh.db tally --json ratings > fresh.json &&
	test_cmp fresh.json kept.json
'

test_expect_success 'an import killed after its first batch leaves the ratings to the next command' '
	rm -f k.db* &&
	TALLY_DB=$SCRATCH/k.db TALLY_NOW=2026-06-01T20:00:00Z tally new pad Ann Bob -o hands=1 > /dev/null &&
	TALLY_DB=$SCRATCH/k.db tally hand Ann=5 Bob=2 > /dev/null &&
	older 60 kill > kill.json || exit 1
	# 100 ms a game: the first batch (about five games) commits at half a
	# second, and the import is killed long before its end
	TALLY_DB=$SCRATCH/k.db TALLY_IMPORT_DELAY_MS=100 "$TALLY" import kill.json > /dev/null 2>&1 &
	pid=$!
	i=0 && while [ "$(sqlite3 k.db "SELECT count(*) FROM game WHERE uid LIKE '\''kill%'\''")" = 0 ] &&
	    [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done &&
	kill -9 $pid && { wait $pid; true; } &&
	n=$(sqlite3 k.db "SELECT count(*) FROM game WHERE uid LIKE '\''kill%'\''") &&
	test "$n" -gt 0 && test "$n" -lt 60 &&
	test "$(sqlite3 k.db "SELECT count(*) FROM restat")" = 1 &&
	TALLY_DB=$SCRATCH/k.db tally list > /dev/null &&
	test "$(sqlite3 k.db "SELECT count(*) FROM restat")" = 0 &&
	TALLY_DB=$SCRATCH/k.db tally check > check.out
'

test_done
