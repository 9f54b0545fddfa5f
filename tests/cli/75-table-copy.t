#!/bin/sh
# SPDX-License-Identifier: ISC
# Table mode keeps its connection open all night; a copy of the table's
# .db file alone (no -wal), as a host carries it to the club's laptop on
# a USB stick (README, "A club of several tables"), still holds every
# hand entered so far.
. "$(dirname "$0")/lib.sh"
use_tmux tablecopy

test_expect_success 'a hand typed at an open shell is in a copy of the .db alone' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=3 Bob=4 > /dev/null &&
	tmux new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$SCRATCH/state\" LC_ALL=C.UTF-8 \"$TALLY\" shell; sleep 30" &&
	wait_for "golf #1 hole 2>" &&
	keys "Ann=7 Bob=9" Enter && wait_for "golf #1 hole 3>" &&
	cp "$TALLY_DB" "$SCRATCH/copy.db" &&
	test ! -e "$SCRATCH/copy.db-wal" &&
	test "$(sqlite3 "$SCRATCH/copy.db" "SELECT group_concat(entry, \";\") FROM hand ORDER BY number")" \
	    = "Ann=3 Bob=4;Ann=7 Bob=9" &&
	j=$(tally --db "$SCRATCH/copy.db" --json show 1) &&
	test "$(json_get "$j" "\$.hands")" = 2
'
test_expect_success 'import of the copy alone brings the hand to the club' '
	TALLY_DB="$SCRATCH/club.db" tally import "$SCRATCH/copy.db" > out 2>&1 &&
	grep_msg "(2 hands)" out &&
	keys C-d
'
test_done
