#!/bin/sh
# SPDX-License-Identifier: ISC
# Trash's "pack for N" note says how the next hand is dealt (RULES 5.1):
# shown while the game is open, gone once no hand will come.
. "$(dirname "$0")/lib.sh"

test_expect_success 'open: show says the pack for the next hand' '
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally show > out && grep -q "^pack for 4: 52 cards" out
'
test_expect_success 'abandoned: no pack for a hand that will not come' '
	tally end --abandon > /dev/null &&
	tally show > out && grep -q "^abandoned" out && ! grep -q "pack for" out &&
	tally --json show > j && ! grep -q "pack for" j
'
test_done
