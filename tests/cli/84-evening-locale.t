#!/bin/sh
# SPDX-License-Identifier: ISC
# Table mode under LANG=C and LC_ALL=C: the line editor still reads UTF-8,
# so accented and CJK names typed at a terminal reach the store whole, in
# NFC, and Tab completes them whole.
. "$(dirname "$0")/lib.sh"

tmux_harness

test_expect_success 'table mode starts under LANG=C LC_ALL=C' '
	tmux -u new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LANG=C LC_ALL=C \"$TALLY\"; sleep 30" &&
	wait_for "tally>"
'
test_expect_success 'Renée and 李雷 typed at the prompt are stored whole, in NFC' '
	keys -l "new golf Renée 李雷 Al" && keys Enter && wait_for "golf #1 hole 1>" &&
	sqlite3 "$TALLY_DB" "SELECT name FROM player ORDER BY id" > names.txt &&
	printf "Renée\n李雷\nAl\n" > want.txt &&
	test_cmp want.txt names.txt &&
	test "$(sqlite3 "$TALLY_DB" "SELECT hex(name) FROM player WHERE name LIKE '\''Ren%'\''")" = 52656EC3A965
'
test_expect_success 'a decomposed é typed is stored composed (NFC)' '
	keys -l "new golf Zoe$(printf "\314\210") Al" && keys Enter && wait_for "golf #2 hole 1>" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT hex(name) FROM player WHERE name LIKE '\''Zo%'\''")" = 5A6FC3AB
'
test_expect_success 'Tab completes an accented name whole' '
	keys "use 1" Enter && wait_for "golf #1 hole 1>" &&
	keys -l "Al=5 李" && keys Tab && wait_for "Al=5 李雷=" &&
	keys -l "7 R" && keys Tab && wait_for "李雷=7 Renée=" &&
	keys -l "9" && keys Enter && wait_for "golf #1 hole 2>" &&
	test "$(totals 1)" = "Renée=9 李雷=7 Al=5"
'
test_done
