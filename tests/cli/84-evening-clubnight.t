#!/bin/sh
# SPDX-License-Identifier: ISC
# A club night at three tables, as a new user found it: what a player at
# the table reads in `show`, on the pad and in table mode must say what
# happened, in the right column.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# Account (seed 000 section 4): the depositor retires; the out row gives
# the order the players retired in this deal, and goes when it ends.
test_expect_success 'Account: the out row gives the order out, 1st, 2nd, not 0th' '
	tally new account Dee José Fay Gus > /dev/null &&
	tally hand --out José Dee=5 Fay=2 Gus=7 > /dev/null &&
	tally show > out && ! grep -F "0th" out &&
	test "$(grep "^out " out | tr -s " " | sed "s/ *$//")" = "out 1st" &&
	tally hand --out Gus Dee=3 Fay=4 > /dev/null &&
	tally show > out && test "$(grep "^out " out | tr -s " " | sed "s/ *$//")" = "out 1st 2nd" &&
	tally sheet -o a.pdf > /dev/null && pdftotext -layout a.pdf - | grep -q "1st out" &&
	! pdftotext -layout a.pdf - | grep -q "0th" &&
	tally hand --out Dee Fay=6 > /dev/null &&
	tally show > out && ! grep -q "^out " out && tally check > out && grep_msg "ok:" out
'
test_done
