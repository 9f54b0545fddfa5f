#!/bin/sh
# SPDX-License-Identifier: ISC
# The command line completes as table mode does (tally completion bash),
# tried in a real bash on a terminal (tmux): an ambiguous command lists its
# choices, a game completes at new, a player's NAME= at hand, an option's
# values after -o KEY=, a game id after show; zsh and fish scripts are
# printed from the same table.
. "$(dirname "$0")/lib.sh"

use_tmux comp
mkdir -p bin && ln -s "$TALLY" bin/tally

test_expect_success 'the candidates for the end of a line' '
	tally new golf Ann Bob > /dev/null &&
	test "$(tally completion --line sh | tr "\n" " ")" = "show sheet shell " &&
	test "$(tally completion --line "new g" | tr "\n" " ")" = "golf gin " &&
	test "$(tally completion --line "hand A")" = "Ann=" &&
	test "$(tally completion --line "new golf A B -o holes=" | tr "\n" " ")" = "9 18 " &&
	test "$(tally completion --tokens --line "new golf A B -o holes=" | tr "\n" " ")" = "holes=9 holes=18 " &&
	test "$(tally completion --line "show ")" = 1
'

test_expect_success 'bash: sh<Tab> lists show, sheet and shell; new g<Tab> golf and gin; hand A<Tab> Ann=' '
	tally completion bash > tally.bash &&
	tmux new-session -d -s "$T" -x 120 -y 30 \
	    "env -i HOME=\"$SCRATCH\" PATH=\"$SCRATCH/bin:/usr/bin:/bin\" TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 TERM=xterm PS1=\"$ \" bash --norc --noprofile" &&
	wait_for "$" &&
	keys ". ./tally.bash" Enter &&
	keys "tally sh" Tab Tab && wait_for "shell" &&
	grep -q "sheet" screen.txt && grep -q "show" screen.txt &&
	keys C-u "tally new g" Tab Tab && wait_for "golf" && grep -q "gin" screen.txt &&
	keys C-u "tally hand A" Tab && wait_for "tally hand Ann=" &&
	keys "3 B" Tab && wait_for "tally hand Ann=3 Bob=" &&
	keys "4" Enter && wait_for "totals: Ann 3 Bob 4"
'

test_expect_success 'zsh and fish scripts call the same completion' '
	tally completion zsh | grep -q "tally completion --line" &&
	tally completion fish | grep -q "tally completion --tokens --line" &&
	expect_status 64 tally completion tcsh 2> err && grep_msg "bash|zsh|fish" err
'

test_done
