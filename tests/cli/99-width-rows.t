#!/bin/sh
# SPDX-License-Identifier: ISC
# Rows that fit the terminal keep what tells them apart: on 80 and 60
# columns an abandoned game's row in `list` and `night` says so (the
# status column is dropped there, and with no winner the row would look
# open); `list` pads every row's players to one width, so the winners
# start in one column where the players fit it, and players longer than
# that take the room their own winner leaves (the row filled but for a
# blank the cut drops before its "…"); `history` keeps a winner
# whole before the players.
. "$(dirname "$0")/lib.sh"

tmux_harness
# after_cols PATTERN: the columns where the winner or the mark starts on the
# list's rows that match PATTERN, one a line (display columns, wc -L: a
# row's players may end in a 3-byte "…")
after_cols() {
	grep "$1" plain.txt | sed "s/  \(winner:\|\[\).*//" | while IFS= read -r l; do printf "%s\n" "$l" | wc -L; done | sort -u
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
test_expect_success 'list on 80 columns: the abandoned game marked, the players that fit one width in line' '
	at 80 list &&
	grep -q "^.#3 .*  Ann, Bob, Cid, Dee  *\[abandoned\]$" plain.txt &&
	test "$(after_cols "^.#[13] " | wc -l)" = 1 &&
	grep -q "^ #2 .*  Bo, Cy, Di, Ed, Florentina, Gwendolyn  winner: Bo$" plain.txt
'
test_expect_success 'list on 60 columns: the abandoned game marked, each row its players in the room its winner leaves' '
	at 60 list &&
	grep -q "^.#3 .*…  \[abandoned\]$" plain.txt && grep -q "^ #1 .*…  winner: Featherstone$" plain.txt &&
	grep -q "^ #2 .*…  winner: Bo$" plain.txt &&
	grep "^.#" plain.txt | while IFS= read -r l; do
		test "$(printf "%s\n" "$l" | wc -L)" -ge 59 || { echo "room left: $l" >&2; exit 1; }
	done
'
for w in 80 60; do
test_expect_success "night on $w columns: the abandoned game marked" "
	at $w night &&
	grep -q '^  #3 .*abandoned' plain.txt && grep -q '^  #1 .*winner: Featherstone' plain.txt
"
done
test_expect_success 'history on 80 columns: the winner whole, the players cut' '
	at 80 history &&
	grep -q "^  #1 .*…  winner: Featherstone$" plain.txt && grep -q "^  #2 .*…  winner: Bo$" plain.txt
'
test_done
