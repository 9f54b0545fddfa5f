#!/bin/sh
# SPDX-License-Identifier: ISC
# Text is aligned by display width (utf8proc), not bytes: a CJK name takes
# two columns a character, a combining mark none, so the show table's rows
# and the stats lines stay in their columns.
. "$(dirname "$0")/lib.sh"

# widths FILE: the display width of each line (wc -L in the UTF-8 locale)
widths() { while IFS= read -r l; do printf "%s" "$l" | wc -L; done < "$1"; }

test_expect_success 'show: every table row as wide as the header' '
	tally new golf 李雷 "Spın̈al" Renée Al > /dev/null &&
	tally hand 李雷=3 Sp=12 Renée=4 Al=5 > /dev/null &&
	tally show | sed -n "2,5p" > t &&
	test "$(widths t | sort -u | wc -l)" = 1 &&
	grep -q "^hole  *李雷  Spın̈al   Renée      Al\$" t
'
test_expect_success 'stats: the game column starts at one display column for every player' '
	tally end > /dev/null &&
	tally stats | grep -E "^[^ ]+ +golf +[0-9]" > s &&
	test "$(wc -l < s)" = 4 &&
	while IFS= read -r l; do printf "%s" "${l%%golf*}" | wc -L; done < s | sort -u > cols &&
	test "$(wc -l < cols)" = 1
'
test_done
