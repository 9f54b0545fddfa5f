#!/bin/sh
# SPDX-License-Identifier: ISC
# Ctrl-C during an import stops after a whole batch and says what was done
# and how to finish (exit 130); running the import again adds the rest.
. "$(dirname "$0")/lib.sh"

test_expect_success 'an export of 40 games' '
	i=0; while [ $i -lt 40 ]; do
		TALLY_DB=$SCRATCH/a.db tally new golf Ann Bob > /dev/null 2>&1 &&
		TALLY_DB=$SCRATCH/a.db tally hand Ann=1 Bob=2 > /dev/null || exit 1
		i=$((i + 1))
	done &&
	TALLY_DB=$SCRATCH/a.db tally export -o games.json > /dev/null
'
test_expect_success 'Ctrl-C mid-import: 130, the games written so far said, whole, and how to finish' '
	TALLY_IMPORT_DELAY_MS=100 "$TALLY" import games.json > out 2> err &
	pid=$!

	# (read only: the import makes the file)
	i=0 && while [ "$(sqlite3 -readonly "$TALLY_DB" "SELECT count(*) FROM game" 2>/dev/null || echo 0)" = 0 ] &&
	    [ $i -lt 300 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	kill -INT $pid && { wait $pid; st=$?; true; } &&
	echo "status $st" && test "$st" = 130 && cat err &&
	grep_msg "interrupted (Ctrl-C): " err && grep_msg "of 40 games written, whole" err &&
	grep_msg "run '\''tally import games.json'\'' again to finish" err &&
	n=$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") && test "$n" -gt 0 && test "$n" -lt 40 &&
	grep -q "$n of 40" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game WHERE hands != 1")" = 0
'
test_expect_success 'the same import again finishes it, no game twice' '
	tally import games.json > out && grep_msg "already here" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game")" = 40 && tally check > /dev/null
'
test_done
