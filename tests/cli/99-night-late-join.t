#!/bin/sh
# SPDX-License-Identifier: ISC
# A night with a finished game someone joined late (tally join): the night
# report draws the newcomer's line from the join, and every view of the
# night leaves the hands before the join empty, never a number.
. "$(dirname "$0")/lib.sh"

test_expect_success 'golf with a late arrival: the night PDF is written, its chart bounded' '
	tally night start Late > /dev/null &&
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally join Cid > /dev/null &&
	for h in 2 3 4 5 6 7 8 9; do tally hand Ann=1 Bob=1 Cid=1 > /dev/null 2>&1 || return 1; done &&
	timeout 20 "$TALLY" sheet night:1 -o n.pdf > /dev/null &&
	pdftotext -layout -f 2 -l 2 n.pdf - > p2 &&
	grep -q "winner: Ann after 9 holes" p2 && grep -q "Cid" p2 &&
	! grep -q 9223372036854775808 p2
'
test_expect_success 'the night names no empty cell as a hand: best hole 1, not LONG_MIN' '
	tally night > out && grep_msg "best hole 1: Ann" out && ! grep -q 922337 out &&
	tally --json night > out && ! grep -q 922337 out &&
	pdftotext n.pdf - | grep -q "best hole 1" &&
	tally export --format hands > out && ! grep -q 922337 out &&
	tally export --format csv > out && ! grep -q 922337 out
'
test_expect_success 'Chase the Ace with a late arrival, played out: the night PDF is written' '
	tally new chase-ace Ann Bob Cid -o lives=2 > /dev/null && tally hand Ann=2 Bob=9 Cid=K > /dev/null &&
	tally join Dee > /dev/null &&
	tally hand Ann=2 Bob=9 Cid=K Dee=Q > /dev/null && tally hand Bob=9 Cid=K Dee=2 > /dev/null &&
	tally hand Bob=9 Cid=K Dee=2 > /dev/null 2>&1 && tally hand Bob=2 Cid=K > /dev/null 2>&1 &&
	tally hand Bob=2 Cid=K > /dev/null 2>&1 &&
	tally show > out && grep_msg "winner: Cid" out &&
	timeout 20 "$TALLY" sheet night:1 -o n2.pdf > /dev/null &&
	pdftotext -layout n2.pdf - > all && grep -q "Chase the Ace #2" all && grep -q "Dee" all
'
test_done
