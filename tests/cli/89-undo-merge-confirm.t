#!/bin/sh
# SPDX-License-Identifier: ISC
# Undo for people: player merge and rename say what they will change, ask
# on a terminal (tmux) unless --yes, and --dry-run changes nothing; undo
# right after a merge says it does not undo merges and touches nothing.
. "$(dirname "$0")/lib.sh"

use_tmux merge

test_expect_success 'Bobby and Bob, one person, in two games' '
	tally new golf Ann Bobby > /dev/null && tally hand Ann=3 Bobby=4 > /dev/null &&
	tally new golf Ann Bob > /dev/null 2>&1 && tally hand Ann=2 Bob=5 > /dev/null &&
	tally hand Ann=1 Bob=1 > /dev/null
'
test_expect_success '--dry-run says what a merge would change and changes nothing' '
	tally player merge Bobby Bob --dry-run > out &&
	grep_msg "Bobby'\''s 1 game (#1) will become Bob'\''s" out && grep_msg "undo cannot take a merge back" out &&
	grep_msg "dry-run: nothing changed" out &&
	tally history player:Bobby | grep -q "#1 " &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM player WHERE name = '\''Bobby'\''")" = 1
'
test_expect_success 'from a script (no terminal) merge goes ahead, saying what it changed' '
	tally player merge Bobby Bob < /dev/null > out && grep_msg "will become Bob" out &&
	grep_msg "Bobby is now part of Bob (1 game moved)" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM player WHERE name = '\''Bobby'\''")" = 0
'
test_expect_success 'undo right after the merge says so and touches nothing' '
	before=$(totals) &&
	expect_status 65 tally undo 2> err && grep_msg "undo does not take back a player merge or rename" err &&
	grep_msg "player merge Bobby Bob" err && grep_msg "nothing was undone" err &&
	test "$(totals)" = "$before" && test "$(tally --json show | grep -o "\"hands\":[0-9]*")" = "\"hands\":2"
'
test_expect_success 'after the next hand, undo takes back that hand' '
	tally hand Ann=4 Bob=4 > /dev/null &&
	tally undo > out && grep_msg "undid" out && test "$(totals)" = "Ann=3 Bob=6"
'
test_expect_success 'rename --dry-run lists the games and changes nothing; --json does not ask' '
	tally player rename Bob Robert --dry-run > out && grep_msg "Bob will be called Robert in 2 games: #1 and #2" out &&
	tally history player:Bob | grep -q "#2 " &&
	tally --json player rename Bob Robert < /dev/null > out && grep -q "\"player\":\"Robert\"" out
'
# term CMD: a fresh terminal (tmux) running CMD, then "done-STATUS"
term() {
	cleanup_tmux
	tmux new-session -d -s "$T" -x 120 -y 20 \
	    "env -i HOME=\"$SCRATCH\" PATH=\"/usr/bin:/bin\" TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 TERM=xterm PS1=\"$ \" sh" &&
	wait_for "$" && keys "$1; echo done-\$?" Enter
}
test_expect_success 'on a terminal rename asks: n changes nothing, y renames; --yes does not ask' '
	term "\"$TALLY\" player rename Ann Anna" && wait_for "Rename? [y/N]" &&
	grep -q "Ann will be called Anna in 2 games" screen.txt &&
	keys n Enter && wait_for "done-0" && grep -q "nothing changed" screen.txt &&
	tally history player:Ann | grep -q "Ann" &&
	term "\"$TALLY\" player rename Ann Anna" && wait_for "Rename? [y/N]" &&
	keys y Enter && wait_for "done-0" && grep -q "Ann is now Anna (2 games)" screen.txt &&
	term "\"$TALLY\" player rename Anna Ann --yes" && wait_for "done-0" &&
	! grep -q "y/N" screen.txt && grep -q "Anna is now Ann" screen.txt
'
test_done
