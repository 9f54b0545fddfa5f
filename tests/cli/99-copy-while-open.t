#!/bin/sh
# SPDX-License-Identifier: ISC
# A copy of the .db alone, taken while table mode is open on it, holds
# every hand: those entered in table mode and those entered meanwhile from
# a second terminal (README, "several tables": the .db file alone is
# enough to carry to the club's host).
. "$(dirname "$0")/lib.sh"

use_tmux copy
export XDG_STATE_HOME="$SCRATCH/state"

test_expect_success 'a hand from a second terminal is in a copy of the .db taken while table mode is open' '
	tally new golf Ann Bob > /dev/null &&
	tmux new-session -d -s "$T" -x 100 -y 20 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "golf #1 hole 1>" &&
	answer "$T" "hand Ann=3 Bob=4" && wait_for "golf #1 hole 2>" &&
	tally hand Ann=1 Bob=2 > /dev/null &&
	cp "$TALLY_DB" copy.db &&
	test "$(TALLY_DB=copy.db tally --json show 1 | sed -n "s/.*\"hands\":\([0-9]*\).*/\1/p")" = 2 &&
	TALLY_DB=copy.db tally check > c && grep_msg "ok: the file is sound" c &&
	answer "$T" "hand Ann=5 Bob=6" && wait_for "go on with Golf #1 as it is now?" &&
	answer "$T" y && wait_for "golf #1 hole 4>" &&
	cp "$TALLY_DB" copy2.db &&
	test "$(TALLY_DB=copy2.db tally --json show 1 | sed -n "s/.*\"hands\":\([0-9]*\).*/\1/p")" = 3
'
cleanup_tmux
test_done
