#!/bin/sh
# SPDX-License-Identifier: ISC
# A partnership's win is named as its side everywhere: "Bob & Dee" in
# list and history, as night and show name it (core/sides.h side_name).
. "$(dirname "$0")/lib.sh"

test_expect_success 'list, history and night name the winning side "Bob & Dee"' '
	tally new gin Ann+Cid Bob+Dee > /dev/null 2>&1 &&
	tally hand --gin Bob Ann=30 Bob=0 --knock Cid Cid=5 Dee=8 > /dev/null && tally end > /dev/null &&
	tally list > out && grep_msg "winner: Bob & Dee" out &&
	tally history > out && grep_msg "winner: Bob & Dee" out &&
	tally night > out && grep_msg "winner: Bob & Dee" out
'
test_expect_success 'players alone are still named one by one' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=1 Cid=5 > /dev/null && tally end > /dev/null &&
	tally list > out && grep_msg "winner: Ann, Bob" out
'
test_done
