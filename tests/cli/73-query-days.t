#!/bin/sh
# Queries name the days and nights people know: since:today, yesterday,
# night:last and night:current (local days in $TZ).
. "$(dirname "$0")/lib.sh"
export TZ=America/New_York

test_expect_success 'two evenings: a pad on Thursday, one on Friday' '
	TALLY_NOW=2026-11-19T20:00:00-05:00 tally new pad Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-19T20:10:00-05:00 tally hand Ann=1 Bob=2 > /dev/null &&
	TALLY_NOW=2026-11-20T20:00:00-05:00 tally night start Friday > /dev/null &&
	TALLY_NOW=2026-11-20T20:05:00-05:00 tally new pad Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T20:06:00-05:00 tally hand Ann=3 Bob=4 > /dev/null
'

test_expect_success 'since:today and yesterday are local days' '
	TALLY_NOW=2026-11-20T23:00:00-05:00 tally history since:today > out &&
	grep -q "^  #2 " out && ! grep -q "^  #1 " out &&
	TALLY_NOW=2026-11-20T23:00:00-05:00 tally history since:yesterday until:yesterday > out &&
	grep -q "^  #1 " out && ! grep -q "^  #2 " out
'

test_expect_success 'night:last and night:current; a bad night still names the choices' '
	tally history night:last > out && grep_msg "night #2 \"Friday\"" out && ! grep -q "^  #1 " out &&
	tally history night:current > out && grep -q "^  #2 " out &&
	tally night end > /dev/null && tally history night:current > out && ! grep -q "^  #" out &&
	expect_status 64 tally history night:someday 2> err && grep_msg "last or current" err
'

test_done
