#!/bin/sh
# SPDX-License-Identifier: ISC
# The patience and Gin pads' footers state the rules played, in words,
# not a reminder of every variant; a filled Gin pad marks its hands.
# (The results log's columns are checked in tests/unit/test_patience_log.c.)
. "$(dirname "$0")/lib.sh"

test_expect_success 'the patience pad states the rules played, no other game of the family' '
	tally sheet accordion -o a.pdf Ann > /dev/null && pdftotext a.pdf - 2>/dev/null | tr "\n" " " > t &&
	grep_msg "Played: the standard rules" t && ! grep -q "Royal Marriage" t && ! grep -qi "seed" t
'
test_expect_success 'the Gin pad states the rules played, not Hollywood'"'"'s' '
	tally sheet gin -o g.pdf Ann Bob > /dev/null && pdftotext g.pdf - 2>/dev/null | tr "\n" " " > t &&
	grep_msg "Played: the standard rules" t && ! grep -q "Hollywood" t
'
test_expect_success 'a filled Gin pad marks the wash and the undercut, and no final while open' '
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	tally hand --wash > /dev/null && tally hand --knock Ann Ann=8 Bob=5 > /dev/null &&
	tally sheet 1 -o f.pdf > /dev/null && pdftotext -layout f.pdf - 2>/dev/null > t &&
	test "$(grep -c "wash *wash" t)" = 1 && grep -q "undercut" t && ! grep -q "Final with end bonuses" t
'
test_done
