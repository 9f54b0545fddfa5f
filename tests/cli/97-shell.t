#!/bin/sh
# SPDX-License-Identifier: ISC
# Table mode on a real terminal (tmux): a Golf hole and a Trash hand entered
# field by field, each with a mistake corrected at its field, a player name
# completed with Tab; then a whole night piped into `tally shell`.
. "$(dirname "$0")/lib.sh"

tmux_harness

test_expect_success 'table mode starts on a terminal with its prompt' '
	tmux new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "tally>"
'
test_expect_success 'a Golf hole field by field, a layout corrected in place, a name completed' '
	keys "new golf Ann Bob Cid" Enter && wait_for "golf #1 hole 1>" &&
	keys "hand" Enter && wait_for "Bob'"'"'s layout" &&
	keys "K 3 5" Enter && wait_for "exactly 4" &&
	keys Up " A" Enter && wait_for "Cid'"'"'s layout" &&
	keys "Q J 10 2" Enter && wait_for "Ann'"'"'s layout" &&
	keys "18" Enter && wait_for "who knocked?" &&
	keys "B" Tab && wait_for "who knocked? (Enter: nobody): Bob" &&
	keys Enter && wait_for "golf #1 hole 2>" &&
	j=$(tally --json show 1) &&
	test "$(json_get "$j" "\$.players[0].points")" = "[18]" &&
	test "$(json_get "$j" "\$.players[1].points")" = "[9]" &&
	test "$(json_get "$j" "\$.players[2].points")" = "[32]" &&
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand" | grep -q -- "--knock Bob"
'
test_expect_success 'a Trash hand with a count corrected at its field' '
	keys "new trash Ann Bob Cid Dee" Enter && wait_for "trash #2 hand 1 tricks>" &&
	keys "hand" Enter && wait_for "Bob: tricks taken" &&
	keys "14" Enter && wait_for "only 13" &&
	keys Up BSpace BSpace "4" Enter && wait_for "Cid: tricks taken" &&
	keys "3" Enter && wait_for "Dee: tricks taken" &&
	keys "5" Enter && wait_for "Ann: tricks taken" &&
	keys "1" Enter && wait_for "trash #2 hand 2 hearts>" &&
	test "$(totals 2)" = "Ann=5 Bob=20 Cid=15 Dee=25"
'
test_expect_success 'a whole-hand mistake is offered back to correct; Ctrl-C abandons' '
	keys "hand" Enter && wait_for "Cid: hearts taken" &&
	answer "$T" 4 3 5 2 &&
	wait_for "add up to 14" && wait_for "correct the hand" &&
	keys Enter && wait_for "Dee: hearts taken (Enter: 0) [3]" &&
	keys Enter Enter && wait_for "Bob: hearts taken (Enter: 0) [2]" &&
	keys "1" Enter && wait_for "trash #2 hand 3 kings>" &&
	test "$(totals 2)" = "Ann=30 Bob=25 Cid=35 Dee=40" &&
	keys "hand" Enter && wait_for "Dee: kings taken" &&
	keys "2" C-c && wait_for "abandoned" &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 2
'
test_expect_success 'commands without tally, and Ctrl-D leaves with the history kept' '
	keys "show 1" Enter && wait_for "rank" &&
	keys C-d && sleep 0.5 &&
	test -s "$XDG_STATE_HOME/tally/history" && grep -q "trash" "$XDG_STATE_HOME/tally/history"
'
test_expect_success 'a whole night piped into tally shell' '
	cat > night.txt <<-EOF &&
	night start Piped night
	new golf Ann Bob Cid
	Ann="K 3 5 A" Bob=10 Cid=12 --knock Ann
	hand
	Q J 10 2
	4
	7 7 K 4

	new chase-ace Ann Bob Cid
	Ann=2 Bob=9 Cid=K
	hand
	9
	K
	3
	new bankrupt Ann Bob Cid --dealer Cid
	Ann="A A" Bob="2 3" Cid="5 6" --up Ann=2:Bob
	EOF
	tally shell < night.txt > out &&
	test "$(totals 3)" = "Ann=13 Bob=28 Cid=44" &&
	j=$(tally --json show 4) && test "$(json_get "$j" "\$.players[0].lives")" = 2 &&
	j=$(tally --json show 5) && test "$(json_get "$j" "\$.players[0].chips")" = 65 &&
	tally night > n && grep_msg "Piped night" n && grep_msg "3 games" n
'
test_expect_success 'a piped night reports a refused line in its exit status' '
	printf "new golf Ann Bob\nAnn=99 Bob=1\nAnn=1 Bob=2\n" | tally shell > out 2> err;
	test $? = 65 && grep_msg "0 to 40" err && grep_msg "hole 1: Ann 1 Bob 2" out
'
test_expect_success 'table mode hints name commands as typed there, without tally' '
	printf "new golf Ann Bob\nnew golf Ann Bob\nAnn=3 Bob=4\nundo\nfoo\nAnn=1 Bob=2\nAnn=1 Bob=2\n" | tally shell > out 2> err;
	test $? = 64 &&
	grep_msg "'"'"'use " err && grep_msg "'"'"'help'"'"' lists them" err && grep_msg "('"'"'undo'"'"' takes it back" err &&
	grep_msg "('"'"'redo'"'"' puts it back)" out &&
	! grep -q "'"'"'tally " err && ! grep -q "'"'"'tally " out &&
	tally new golf Ann Bob > /dev/null 2> err && grep_msg "'"'"'tally use " err
'
test_done
