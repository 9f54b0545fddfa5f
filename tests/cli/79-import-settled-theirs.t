#!/bin/sh
# SPDX-License-Identifier: ISC
# A host settles a real conflict with --theirs, week after week, while the
# table plays on.  --theirs is a take (cmd/cmd-import.c rule 3): the host
# then holds the table's version with the table's clock, as a plain take
# would, so the table's next change holds every change of it and comes
# as an update, not as a conflict "changed here" that the host never
# made.  --ours is a change made at the host: the table takes it.
. "$(dirname "$0")/lib.sh"

# x, y: the table's file and the host's
x() { TALLY_DB=$SCRATCH/X.db tally "$@"; }
y() { TALLY_DB=$SCRATCH/Y.db tally "$@"; }
# knocks FILE: the live hands of the game there
knocks() { sqlite3 "$SCRATCH/$1.db" "SELECT group_concat(entry, '; ') FROM (SELECT entry FROM hand
    WHERE undone = 0 ORDER BY number)"; }
# conflict: the host's import of the table is a conflict, nothing imported
conflict() {
	cp Y.db Y.before && expect_status 65 env TALLY_DB="$SCRATCH/Y.db" "$TALLY" import "$SCRATCH/X.db" 2> y.err &&
	grep -q "conflict: Gin Rummy #1 .* changed here" y.err && cmp Y.db Y.before
}
# taken WHAT: the host's import of the table is WHAT, and both hold the
# same hands
taken() {
	y import "$SCRATCH/X.db" > y.out 2> y.err || { cat y.err; return 1; }
	grep_msg "$1" y.out && test "$(knocks X)" = "$(knocks Y)"
}

test_expect_success 'a real conflict over a hand, settled --theirs at the host' '
	export TALLY_NOW=2026-11-20T19:00:00Z &&
	x new gin Fay Gus > /dev/null && x hand --knock Fay Fay=7 Gus=22 > /dev/null &&
	x hand --knock Fay Fay=7 Gus=22 > /dev/null 2>&1 &&
	y import "$SCRATCH/X.db" > /dev/null &&
	x edit 1 --knock Fay Fay=5 Gus=22 > /dev/null && y edit 1 -g 1 --knock Fay Fay=6 Gus=22 > /dev/null &&
	conflict && y import --theirs "$SCRATCH/X.db" > y.out && grep_msg "updated 1" y.out &&
	taken "1 already here"
'

test_expect_success 'the table changes the game again: an update at the host, not a conflict' '
	x edit 2 --knock Fay Fay=4 Gus=22 > /dev/null && taken "updated 1" &&
	x import "$SCRATCH/Y.db" > x.out && grep_msg "1 already here" x.out
'

test_expect_success 'next week: another real conflict, settled --theirs; the table plays on, taken' '
	x hand --knock Fay Fay=3 Gus=22 > /dev/null && y edit 1 -g 1 --knock Fay Fay=9 Gus=22 > /dev/null &&
	conflict && y import --theirs "$SCRATCH/X.db" > /dev/null && taken "1 already here" &&
	x hand --knock Gus Fay=30 Gus=2 > /dev/null && taken "updated 1" &&
	y check > /dev/null && x check > /dev/null
'

test_expect_success 'settled --ours at the host: the table takes the host'"'"'s version' '
	x edit 1 --knock Fay Fay=8 Gus=22 > /dev/null && y edit 2 -g 1 --knock Fay Fay=1 Gus=22 > /dev/null &&
	conflict && y import --ours "$SCRATCH/X.db" > /dev/null &&
	x import "$SCRATCH/Y.db" > x.out && grep_msg "updated 1" x.out && test "$(knocks X)" = "$(knocks Y)" &&
	taken "1 already here" && x hand --knock Fay Fay=2 Gus=22 > /dev/null && taken "updated 1"
'

test_done
