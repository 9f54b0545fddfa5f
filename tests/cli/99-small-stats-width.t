#!/bin/sh
# SPDX-License-Identifier: ISC
# Every line of `tally stats` fits the terminal, the play time too (a long
# game's: "golf" in 18 columns, then "9 h 00 min (2 games)", was 41), and a
# name cut to its column ends in "…", on a terminal and in a pipe, as
# list's do: a name cut without it looks whole.
. "$(dirname "$0")/lib.sh"

TZ=UTC && export TZ  # the nights the play time is cut into (core/when.h)
tmux_harness
LONG=Christabel-Fearnley-Whittingstall
test_expect_success 'a long Golf game continued a week later, and one of an hour' '
	TALLY_NOW=2026-11-13T07:00:00Z tally new golf Ann Bob $LONG > /dev/null &&
	TALLY_NOW=2026-11-13T07:30:00Z tally hand Ann=3 Bob=5 $LONG=4 > /dev/null &&
	TALLY_NOW=2026-11-13T23:00:00Z tally hand Ann=3 Bob=5 $LONG=4 > /dev/null &&
	TALLY_NOW=2026-11-20T19:00:00Z tally hand Ann=3 Bob=5 $LONG=4 > /dev/null &&
	TALLY_NOW=2026-11-20T20:00:00Z tally hand Ann=3 Bob=5 $LONG=4 > /dev/null &&
	TALLY_NOW=2026-11-20T20:00:00Z tally end > /dev/null &&
	TALLY_NOW=2026-11-20T20:10:00Z tally new golf Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T20:10:00Z tally hand Ann=3 Bob=5 > /dev/null &&
	TALLY_NOW=2026-11-20T21:10:00Z tally hand Ann=3 Bob=5 > /dev/null &&
	TALLY_NOW=2026-11-20T21:10:00Z tally end > /dev/null &&
	tally stats > pipe.txt &&
	grep "^  golf  *[0-9]* h [0-9]* min (2 games)$" pipe.txt > time.txt &&
	test "$(wc -L < time.txt)" -gt 40
'
test_expect_success 'a pipe: the long name cut with an ellipsis in every table' '
	test "$(grep -c "^Christabel-Fe… " pipe.txt)" = 2 &&
	! grep -q "Christabel-Fea " pipe.txt
'
for w in 40 60; do
test_expect_success "stats on $w columns: every line fits, the play time too" "
	at $w stats &&
	grep -q '^  golf  *[0-9]* h [0-9]* min (2 games)$' plain.txt &&
	grep -q '^Christabel-Fe…  *1  *0  *0.0' plain.txt &&
	! grep -q 'Christabel-Fea ' plain.txt
"
done
test_done
