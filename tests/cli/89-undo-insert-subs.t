#!/bin/sh
# SPDX-License-Identifier: ISC
# An insert moves the substitutes from its hand on, and its undo moves
# them back (db/write.c shift_seat_changes); the rows undo goes by
# (seat_change, db/subs.c) move with seat_sub's, so that each sub is
# still taken back and made again in the order made, and no row stays
# behind when two subs of one seat land on one hand.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# seats: who plays Cid's seat, then the hands ("Fay 4")
seats() { j=$(tally --json show) && echo "$(json_get "$j" "\$.players[2].sub") $(json_get "$j" "\$.hands")"; }
# behind: the live sub rows with no seat_sub row, and the reverse
behind() { sqlite3 "$TALLY_DB" "SELECT (SELECT count(*) FROM seat_change c WHERE c.kind = 'sub' AND c.undone = 0
    AND NOT EXISTS (SELECT 1 FROM seat_sub x WHERE x.game_id = c.game_id AND x.seat = c.seat AND x.hand = c.hand))
    || ' ' || (SELECT count(*) FROM seat_sub x WHERE NOT EXISTS (SELECT 1 FROM seat_change c WHERE c.kind = 'sub'
    AND c.undone = 0 AND x.game_id = c.game_id AND x.seat = c.seat AND x.hand = c.hand))"; }
clean() { test "$(behind)" = "0 0" && tally check > out && grep_msg "ok:" out; }
live() { sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat_change WHERE kind = 'sub' AND undone = 0"; }

test_expect_success 'two subs for the same next hole, an insert at that hole: undo and redo keep both' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=1 Bob=1 Cid=1 > /dev/null && tally hand Ann=2 Bob=2 Cid=2 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally sub Eve Fay > /dev/null &&
	tally hand Ann=3 Bob=3 Fay=3 > /dev/null && test "$(seats)" = "Fay 3" &&
	tally insert 3 Ann=5 Bob=5 Cid=5 > /dev/null && test "$(seats)" = "Fay 4" && clean &&
	tally undo > out && grep_msg "undid the insert of Ann=5 Bob=5 Cid=5" out && test "$(seats)" = "Fay 3" && clean &&
	tally redo > out && grep_msg "put in again" out && test "$(seats)" = "Fay 4" && clean &&
	tally undo > /dev/null && tally undo > out && grep_msg "hole 3: undid Ann=3 Bob=3 Cid=3" out &&
	tally undo > out && grep_msg "undid the sub of Fay; Eve plays Cid'"'"'s seat from hole 3" out &&
	test "$(seats)" = "Eve 2" && clean &&
	tally undo > out && grep_msg "undid the sub of Eve; Cid plays their own seat again from hole 3" out &&
	test "$(seats)" = " 2" && clean &&
	tally redo > /dev/null && tally redo > out && grep_msg "redid the sub; Fay plays Cid'"'"'s seat from hole 3" out &&
	tally redo > /dev/null && tally redo > out && grep_msg "put in again" out &&
	test "$(seats)" = "Fay 4" && test "$(totals)" = "Ann=11 Bob=11 Cid=11" && clean
'

# A substitute whose only hand is the hand put in: tally never writes one
# (insert moves the substitutes from its hand on, and one made after it
# is taken back before it), but a file written otherwise may hold one,
# here made from tally's own rows by moving Cid's seat changes a hand
# back: Eve played only the hole put in (3), Fay from the next.
export TALLY_DB="$SCRATCH/only.db"
test_expect_success 'a substitute whose only hand was the one put in: undo of the insert leaves no row behind' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=1 Bob=1 Cid=1 > /dev/null && tally hand Ann=2 Bob=2 Cid=2 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally hand Ann=3 Bob=3 Eve=3 > /dev/null &&
	tally sub Eve Fay > /dev/null && tally hand Ann=4 Bob=4 Fay=4 > /dev/null &&
	tally insert 3 Ann=5 Bob=5 Cid=5 > /dev/null &&
	sqlite3 only.db "UPDATE seat_sub SET hand = hand - 1 WHERE seat = 2; UPDATE seat_change SET hand = hand - 1 WHERE seat = 2" &&
	tally show > out && grep_msg "Eve plays Cid'"'"'s seat from hole 3" out && grep_msg "Fay plays Cid'"'"'s seat from hole 4" out &&
	clean &&
	tally undo > out && grep_msg "undid the insert of Ann=5 Bob=5 Cid=5" out &&
	test "$(seats)" = "Fay 4" && test "$(live)" = 1 && clean &&
	tally redo > out && grep_msg "put in again" out && test "$(seats)" = "Fay 5" && test "$(live)" = 1 && clean &&
	tally undo > /dev/null && test "$(seats)" = "Fay 4" && test "$(live)" = 1 && clean
'
test_expect_success 'then every change comes off, the sub with it, and nothing is left in the seat' '
	tally undo > out && grep_msg "hole 4: undid Ann=4 Bob=4 Cid=4" out &&
	tally undo > out && grep_msg "hole 3: undid Ann=3 Bob=3 Cid=3" out && test "$(seats)" = "Fay 2" &&
	tally undo > out && grep_msg "undid the sub of Fay; Cid plays their own seat again from hole 3" out &&
	test "$(seats)" = " 2" && test "$(live)" = 0 && clean &&
	tally undo > /dev/null && tally undo > /dev/null && expect_status 66 tally undo 2> /dev/null &&
	test "$(live)" = 0 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM seat_sub")" = 0 && clean
'
test_expect_success 'and redo makes them all again, the insert last' '
	for i in 1 2 3 4 5 6; do tally redo > /dev/null || exit 1; done &&
	expect_status 66 tally redo 2> /dev/null &&
	test "$(seats)" = "Fay 5" && test "$(totals)" = "Ann=15 Bob=15 Cid=15" && clean
'
test_done
