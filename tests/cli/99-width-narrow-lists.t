#!/bin/sh
# SPDX-License-Identifier: ISC
# `list` and `history` on a phone's terminal (40 columns): too narrow for
# the names beside a row, each row gives way only as far as it must and
# its names go on a line of their own under it, broken between names:
# every name whole, "[abandoned]" in one piece, no ellipsis after an
# ellipsis.  On 80 columns `list` gives its players the room the line has.
. "$(dirname "$0")/lib.sh"

tmux_harness
test_expect_success 'a night: Golf won by Christabel, a chase won by Kim, one abandoned' '
	tmux new-session -d -s "$T" "sleep 600" &&
	phone_night &&
	tally list > pipe.txt && tally history >> pipe.txt &&
	grep -q "^ #2     chase-ace .*  Ann, Bob, Kim, Halvard  winner: Kim$" pipe.txt
'
# names_whole: every name of the night whole on the screen, the marks in
# one piece, never two ellipses in a row
names_whole() {
	for p in Ann Bob Kim Halvard Christabel; do grep -q "\\b$p\\b" plain.txt || { echo "no $p" >&2; return 1; }; done &&
	grep -q "^ *\\[abandoned\\]$\\|  \\[abandoned\\]$" plain.txt && grep -q "winner: Kim$" plain.txt &&
	grep -q "winner: Christabel$" plain.txt && ! grep -q "……" plain.txt
}
test_expect_success 'list on 40 columns: the names under each row, whole' '
	at 40 list && names_whole &&
	grep -q "^ #2     chase-ace  2026-[0-9-]*   3 rounds$" plain.txt &&
	grep -q "^        Ann, Bob, Kim, Halvard$" plain.txt
'
test_expect_success 'history on 40 columns: the names under each row, whole' '
	at 40 history && names_whole && grep -q "^  #2    chase-ace  [0-9-]*   3 rounds$" plain.txt &&
	grep -q "^        Ann, Bob, Kim, Halvard$" plain.txt
'
test_expect_success 'list on 80 columns: the players whole where the line has the room' '
	at 80 list && grep -q "^ #2 .*  Ann, Bob, Kim, Halvard  *winner: Kim$" plain.txt &&
	grep -q "^ #1 .*  Ann, Bob, Kim, Christabel  *winner: Christabel$" plain.txt
'
# cut_rows_full W: every row that cuts a name (…) fills the W columns (but
# for a blank the cut drops before its "…"), and the winners and the mark
# are whole
cut_rows_full() {
	grep -q "winner: Kim$" plain.txt && grep -q "winner: Christabel$" plain.txt &&
	grep -q "\\[abandoned\\]$" plain.txt &&
	grep "…" plain.txt | while IFS= read -r l; do
		test "$(printf "%s\n" "$l" | wc -L)" -ge "$(($1 - 1))" || { echo "room left: $l" >&2; exit 1; }
	done
}
for w in 50 55 59; do
test_expect_success "list on $w columns: the names take the room the row has" "
	at $w list && cut_rows_full $w
"
done
test_done
