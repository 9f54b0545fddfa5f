#!/bin/sh
# SPDX-License-Identifier: ISC
# A late arrival who joins at the total the rules give (Golf: the worst
# total before the hand he joins at, so joining late never helps) keeps
# that rule through an edit of an earlier hand: the total moves with the
# corrected scores, and edit says so in its sentence.  A --total the table
# gave does not move.
. "$(dirname "$0")/lib.sh"

# holes 1-2: Ann 3+3, Bob 5+12 = 17, Cid 4+4: Marcus joins at hole 3 with
# 17; hole 1 corrected to Bob 21: Bob 33, so Marcus joins with 33
test_expect_success 'Golf: an edit of hole 1 moves the join total, and edit says it' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally hand Ann=3 Bob=5 Cid=4 > /dev/null && tally hand Ann=3 Bob=12 Cid=4 > /dev/null &&
	tally join Marcus > out && grep -q "Marcus joins from hole 3 with 17 points" out &&
	tally hand Ann=1 Bob=2 Cid=3 Marcus=4 > /dev/null &&
	tally edit 1 Ann=3 Bob=21 Cid=4 > out &&
	grep -q "^moved in hole 1: Bob 21 (was 5)$" out &&
	grep -q "^Marcus joins at hole 3 with 33 points (was 17), the worst total before it$" out &&
	grep -q "^points now: Bob 35 (was 19), Marcus 37 (was 21)$" out &&
	tally show | grep -q "Marcus joins at hole 3, 33 points" &&
	test "$(json_get "$(tally --json show)" "\$.players[3].joined_with")" = 33
'
test_expect_success 'an edit that leaves the worst total where it was says nothing of the join' '
	tally edit 1 Ann=2 Bob=21 Cid=4 > out &&
	! grep -q "joins" out && grep -q "points now: Ann 6 (was 7)" out
'
test_expect_success 'a --total the table gave stays through the edit' '
	tally new golf Ann Bob > /dev/null &&
	tally hand Ann=3 Bob=5 > /dev/null &&
	tally join --total 4 Kim > /dev/null &&
	tally edit 1 Ann=3 Bob=9 > out &&
	! grep -q "joins" out &&
	test "$(json_get "$(tally --json show)" "\$.players[2].joined_with")" = 4
'
test_expect_success 'insert, its undo and its redo say the join total they move' '
	TALLY_DB=$SCRATCH/ins.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=$SCRATCH/ins.db tally hand Ann=1 Bob=2 > /dev/null &&
	TALLY_DB=$SCRATCH/ins.db tally join Eve > /dev/null &&
	TALLY_DB=$SCRATCH/ins.db tally hand Ann=1 Bob=1 Eve=1 > /dev/null &&
	TALLY_DB=$SCRATCH/ins.db tally insert 1 Ann=20 Bob=1 > out &&
	grep -q "^Eve joins at hole 3 with 21 points (was 2), the worst total before it$" out &&
	TALLY_DB=$SCRATCH/ins.db tally undo > out &&
	grep -q "^Eve joins at hole 2 with 2 points (was 21), the worst total before it$" out &&
	TALLY_DB=$SCRATCH/ins.db tally redo > out &&
	grep -q "^Eve joins at hole 3 with 21 points (was 2), the worst total before it$" out
'
test_done
