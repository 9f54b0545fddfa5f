#!/bin/sh
# SPDX-License-Identifier: ISC
# Issue 15: the published odds in the patience pad's footer, each figure
# with its source (seed 001); Gin's pad names its marks.  (The results
# log's columns are checked in tests/unit/test_patience_log.c.)
. "$(dirname "$0")/lib.sh"

test_expect_success 'the patience pad prints the published odds with their source' '
	tally sheet accordion -o a.pdf Ann > /dev/null && pdftotext a.pdf - 2>/dev/null | tr "\n" " " > t &&
	grep_msg "Published odds of a win (seed 001)" t &&
	grep_msg "Royal Marriage about 19%" t && grep_msg "French Solitaire about 0.5%" t &&
	grep_msg "Double Jump about 0.04%" t
'
test_expect_success 'the Gin pad names its marks' '
	tally sheet gin -o g.pdf Ann Bob > /dev/null && pdftotext g.pdf - 2>/dev/null | tr "\n" " " > t &&
	grep_msg "gin (a knock with no deadwood too), undercut, wash" t
'
test_expect_success 'a filled Gin pad marks the wash and the undercut, and no final while open' '
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	tally hand --wash > /dev/null && tally hand --knock Ann Ann=8 Bob=5 > /dev/null &&
	tally sheet 1 -o f.pdf > /dev/null && pdftotext -layout f.pdf - 2>/dev/null > t &&
	test "$(grep -c "wash *wash" t)" = 1 && grep -q "undercut" t && ! grep -q "Final with end bonuses" t
'
test_done
