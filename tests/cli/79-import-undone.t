#!/bin/sh
# SPDX-License-Identifier: ISC
# The host takes a table's game, changes it and takes the change back
# (a late arrival, a substitute or a hand, then undo), while the table
# plays on.  The host's version is the one it took, so its changes net to
# nothing and the table's newer version is taken without a conflict
# (cmd/cmd-import.c rule 2, core/merge.h merge_undone_here); a change the
# host keeps, and an undo of a hand the table played, stay conflicts
# (rule 3), whose report names what differs on each side.
. "$(dirname "$0")/lib.sh"

# on FILE COMMAND...: tally on that file
on() { db=$1; shift; TALLY_NOW=2026-11-20T19:00:00Z TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# hands FILE: the game's live hands there
hands() {
	sqlite3 "$SCRATCH/$1.db" "SELECT group_concat(entry, '; ') FROM (SELECT entry FROM hand
	    WHERE undone = 0 ORDER BY number)"
}
seats() { sqlite3 "$SCRATCH/$1.db" "SELECT count(*) FROM seat"; }
# start NAME: a table T-NAME plays a hand, host H-NAME takes the game,
# the table plays a second hand
start() {
	on T-$1 new golf Ann Bob > /dev/null && on T-$1 hand Ann=1 Bob=2 > /dev/null &&
	on H-$1 import "$SCRATCH/T-$1.db" > /dev/null && on T-$1 hand Ann=3 Bob=3 > /dev/null
}
# taken NAME: the host imports the table again and takes its version
taken() {
	on H-$1 import "$SCRATCH/T-$1.db" > H-$1.out 2> H-$1.err || { cat H-$1.err; return 1; }
	grep -q "updated 1" H-$1.out && test "$(hands H-$1)" = "$(hands T-$1)" && test "$(seats H-$1)" = 2 &&
	on H-$1 check > /dev/null && on T-$1 check > /dev/null &&
	# and the table has nothing to take back: the same version
	on T-$1 import "$SCRATCH/H-$1.db" > T-$1.out && grep -q "imported 0 games.*1 already here" T-$1.out
}
# conflict NAME: the host's import is a conflict, nothing imported
conflict() {
	cp H-$1.db H-$1.before &&
	expect_status 65 env TALLY_DB="$SCRATCH/H-$1.db" "$TALLY" import "$SCRATCH/T-$1.db" 2> H-$1.err &&
	cmp H-$1.db H-$1.before && on H-$1 check > /dev/null
}

test_expect_success 'a late arrival seated and taken back: the table'"'"'s hands are taken' '
	start join && on H-join join -g 1 Kim > /dev/null && on H-join undo -g 1 > /dev/null && taken join
'

test_expect_success 'a substitute seated and taken back: taken' '
	start sub && on H-sub sub -g 1 Bob Kim > /dev/null && on H-sub undo -g 1 > /dev/null && taken sub
'

test_expect_success 'a hand played on the host and taken back: taken' '
	start hand && on H-hand hand -g 1 Ann=5 Bob=5 > /dev/null && on H-hand undo -g 1 > /dev/null && taken hand
'

test_expect_success 'a late arrival kept is a conflict naming the players on each side' '
	start keep && on H-keep join -g 1 Kim > /dev/null && conflict keep &&
	grep -q "here: 1 hand, players Ann, Bob, Kim; there: 2 hands, players Ann, Bob; hand 2 there only" H-keep.err
'

test_expect_success 'the host undoing a hand the table played is a change: a conflict' '
	start undo && on H-undo undo -g 1 > /dev/null && conflict undo &&
	grep -q "here: 0 hands; there: 2 hands; hands 1 to 2 there only" H-undo.err &&
	test "$(hands H-undo)" = ""
'

test_expect_success 'taken back, then the same change made again: a conflict' '
	start again && on H-again join -g 1 Kim > /dev/null && on H-again undo -g 1 > /dev/null &&
	on H-again redo -g 1 > /dev/null && conflict again && grep -q "players Ann, Bob, Kim;" H-again.err
'

test_done
