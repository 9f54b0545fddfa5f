#!/bin/sh
# SPDX-License-Identifier: ISC
# With two substitutes at the table, a hand may name each seat by its own
# player or by who plays it now, mixed as the table says them; a name that
# is neither is still refused, and nothing is stored for it.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Eve plays for Cid and Gus for Bob' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	tally sub Cid Eve > /dev/null && tally sub Bob Gus > /dev/null
'
test_expect_success 'a seat by its player and another by its substitute, in one hand' '
	tally hand Ann=1 Bob=1 Eve=1 > /dev/null &&
	tally hand Ann=1 Gus=2 Cid=1 > /dev/null &&
	tally hand --json Ann=1 Gus=3 Eve=1 > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(entry, \"|\") FROM (SELECT entry FROM hand ORDER BY number)")" = \
	    "Ann=1 Bob=2 Cid=3|Ann=1 Bob=1 Cid=1|Ann=1 Bob=2 Cid=1|Ann=1 Bob=3 Cid=1"
'
test_expect_success 'a name that is no one at the table is refused, nothing stored' '
	expect_status 66 tally hand Ann=1 Zed=4 Eve=1 2> err && grep_msg "no player '\''Zed'\''" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand")" = 4
'
test_done
