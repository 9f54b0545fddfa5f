#!/bin/sh
# SPDX-License-Identifier: ISC
# Table-mode gaps of a long evening: a line starting with -g ID is a hand
# for that game; edit takes bare values (in the edited hand's order) and
# says what moved; Ctrl-D in a guided hand abandons the hand and the
# prompt comes back, while Ctrl-D at the prompt leaves.
. "$(dirname "$0")/lib.sh"

tmux_harness

test_expect_success 'a line starting with -g ID is a hand for that game' '
	tally new golf Al Bea Cy Marcus -o preset=house > /dev/null &&
	tally new trash Al Bea Cy Dee > /dev/null &&
	printf "%s\n" "-g 1 Al=3 Bea=5 Cy=9 Marcus=20" "-g 1 4 9 2 8" | tally shell > out 2> err &&
	! grep -q "unknown command" err &&
	test "$(totals 1)" = "Al=5 Bea=13 Cy=13 Marcus=29" &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 0
'
test_expect_success 'edit with bare values, in the edited hand'"'"'s order, says what moved' '
	printf "use 1\nedit 1 20 9 5 3\n" | tally shell > out &&
	grep_msg "values from the dealer'"'"'s left: Bea=20 Cy=9 Marcus=5 Al=3" out &&
	grep_msg "Golf #1, hole 1 is now: Al=3 Bea=20 Cy=9 Marcus=5" out &&
	grep_msg "moved in hole 1: Bea 20 (was 5), quarters -1 (was +0); Marcus 5 (was 20), quarters +0 (was -1)" out &&
	grep_msg "quarters now: Bea 3 (was 4), Marcus 3 (was 2)" out &&
	test "$(totals 1)" = "Al=5 Bea=28 Cy=13 Marcus=14"
'
test_expect_success 'Ctrl-D in a guided hand abandons it; Ctrl-D at the prompt leaves' '
	tmux new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; echo shell-left; sleep 30" &&
	wait_for "golf #1 hole 3>" &&
	keys "use 2" Enter && wait_for "trash #2 hand 1" &&
	keys "hand" Enter && wait_for "tricks taken" &&
	keys C-d && wait_for "hand abandoned; nothing stored" &&
	keys "show 2" Enter && wait_for "pack for 4" &&
	! grep -q "shell-left" screen.txt &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 0 &&
	keys C-d && wait_for "shell-left"
'
test_done
