#!/bin/sh
# SPDX-License-Identifier: ISC
# A hand whose entry equals the previous hand's, entered within two minutes
# of it, is stored with a warning that says so and names `tally undo`
#.
. "$(dirname "$0")/lib.sh"

hands() { j=$(tally --json show) && json_get "$j" '$.hands'; }

tally new golf Ann Bob Cid Dee > /dev/null

test_expect_success 'the same entry 30 s later: stored, with a warning naming tally undo' '
	TALLY_NOW=2026-11-20T20:00:00Z tally hand Ann=4 Bob=3 Cid=2 Dee=5 > /dev/null 2>err &&
	! grep -q "repeats" err &&
	TALLY_NOW=2026-11-20T20:00:30Z tally hand Ann=4 Bob=3 Cid=2 Dee=5 > out 2>err &&
	grep_msg "Golf #1, hole 2 repeats hole 1" err && grep_msg "tally undo" err &&
	test "$(hands)" = 2
'
test_expect_success 'hand --json carries the warning too' '
	TALLY_NOW=2026-11-20T20:05:00Z tally hand Ann=3 Bob=4 Cid=3 Dee=3 > /dev/null &&
	j=$(TALLY_NOW=2026-11-20T20:06:59Z tally --json hand Ann=3 Bob=4 Cid=3 Dee=3) &&
	json_get "$j" "\$.warnings[0]" | grep -q "repeats hole 3" &&
	test "$(hands)" = 4
'
test_expect_success 'no warning after two minutes, or for another entry' '
	TALLY_NOW=2026-11-20T20:09:00Z tally hand Ann=3 Bob=4 Cid=3 Dee=3 > /dev/null 2>err &&
	! grep -q "repeats" err &&
	TALLY_NOW=2026-11-20T20:09:10Z tally hand Ann=3 Bob=4 Cid=3 Dee=4 2>err > /dev/null &&
	! grep -q "repeats" err &&
	test "$(hands)" = 6
'
test_expect_success 'an entry typed in another order is the same hand' '
	TALLY_NOW=2026-11-20T20:10:00Z tally hand Ann=3 Bob=4 Cid=3 Dee=3 > /dev/null 2>err &&
	TALLY_NOW=2026-11-20T20:10:20Z tally hand Dee=3 Cid=3 Bob=4 Ann=3 > /dev/null 2>err &&
	grep_msg "repeats hole 7" err && test "$(hands)" = 8
'
test_expect_success 'table mode: the last line of bare values again (up-arrow, Enter) warns, though the values move on' '
	tally new golf Ann Bob Cid Dee > /dev/null &&
	printf "4 9 12 20\n4 9 12 20\n3 9 12 20\n" | TALLY_NOW=2026-11-20T21:00:00Z tally shell > out 2> err &&
	grep_msg "hole 2 repeats hole 1'"'"'s values exactly" err && grep_msg "undo" err &&
	test "$(grep -c repeats err)" = 1 &&
	test "$(hands)" = 3 &&
	printf "9 12 20 3\n" | TALLY_NOW=2026-11-20T21:00:10Z tally shell > out 2> err &&
	grep_msg "hole 4 repeats hole 3'"'"'s entry exactly" err
'
test_done
