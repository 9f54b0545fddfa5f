#!/bin/sh
# SPDX-License-Identifier: ISC
# Rows that fit the terminal keep what tells them apart: on 80 and 60
# columns an abandoned game's row in `list` and `night` says so (the
# status column is dropped there, and with no winner the row would look
# open); `list` cuts every row's players to one width, so the winners
# start in one column; `history` keeps a winner whole before the players.
. "$(dirname "$0")/lib.sh"

tmux_harness
# winner_cols: the columns where "winner:" starts on the list's rows, one a
# line (display columns, wc -L: a row's players may end in a 3-byte "…")
winner_cols() {
	grep "winner:" plain.txt | sed "s/winner:.*//" | while IFS= read -r l; do printf "%s\n" "$l" | wc -L; done | sort -u
}

test_expect_success 'a night: two games won, one abandoned with no hands' '
	tmux new-session -d -s "$T" "sleep 600" &&
	tally new golf Ann Featherstone Cid Dee > /dev/null 2>&1 &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Ann=5 Featherstone=1 Cid=6 Dee=7 > /dev/null 2>&1 || exit 1; done &&
	tally new golf Bo Cy Di Ed Florentina Gwendolyn > /dev/null 2>&1 &&
	for h in 1 2 3 4 5 6 7 8 9; do tally hand Bo=1 Cy=5 Di=6 Ed=7 Florentina=8 Gwendolyn=9 > /dev/null 2>&1 || exit 1; done &&
	tally new golf Ann Bob Cid Dee > /dev/null 2>&1 && tally end --abandon > /dev/null 2>&1 &&
	tally list | grep -q "^.#3 .*abandoned"
'
for w in 80 60; do
test_expect_success "list on $w columns: the abandoned game marked, the winners in one column" "
	at $w list &&
	grep -q '^.#3 .*abandoned' plain.txt &&
	test \$(winner_cols | wc -l) = 1 && test \$(grep -c 'winner:' plain.txt) = 2
"
test_expect_success "night on $w columns: the abandoned game marked" "
	at $w night &&
	grep -q '^  #3 .*abandoned' plain.txt && grep -q '^  #1 .*winner: Featherstone' plain.txt
"
done
test_expect_success 'history on 60 columns: the winner whole, the players cut' '
	at 60 history &&
	grep -q "^  #1 .*…  winner: Featherstone$" plain.txt && grep -q "^  #2 .*…  winner: Bo$" plain.txt
'
test_done
