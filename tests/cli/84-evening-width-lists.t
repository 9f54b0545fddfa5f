#!/bin/sh
# SPDX-License-Identifier: ISC
# `night`, `list` and `history` fit the terminal as `show` does: on 80 and
# on 60 columns no line wraps (long names of any script cut with an
# ellipsis, by display columns: a CJK letter is two), the standings'
# games come in blocks, the lists narrow or drop columns (history on 60
# columns keeps its counts, the names under each row), and list and
# history fit also through the pager (less).  A pipe still gets whole
# lines.
. "$(dirname "$0")/lib.sh"

tmux_harness
LONG=Alexandra-Katharina-Featherstonehaugh
CJK=李雷雷雷雷雷雷雷雷雷雷
PLAYERS="Grandma $LONG Renée $CJK Zoë"

test_expect_success 'a night of seven Golf games and a chase, names long and CJK' '
	tmux new-session -d -s "$T" "sleep 600" &&
	g=1 &&
	while [ $g -le 7 ]; do
		tally new golf $PLAYERS > /dev/null 2>&1 || exit 1
		h=1
		while [ $h -le 9 ]; do
			tally hand Grandma=$((g % 5)) $LONG=$((h % 7)) Renée=5 $CJK=$((g + h)) Zoë=9 > /dev/null || exit 1
			h=$((h + 1))
		done
		g=$((g + 1))
	done &&
	tally new chase-ace $PLAYERS -o lives=2 > /dev/null 2>&1 &&
	tally hand Grandma=K $LONG=9 Renée=8 $CJK=Q Zoë=2 > /dev/null &&
	tally night > pipe.txt && tally list >> pipe.txt && tally history >> pipe.txt &&
	# a pipe: whole lines, every name whole
	test "$(wc -L < pipe.txt)" -gt 100 &&
	test "$(grep -c "winner: $LONG" pipe.txt)" -ge 6 && grep -q "$CJK" pipe.txt
'
test_expect_success 'night on 80 and 60 columns: no wrapped line, standings in blocks' '
	at 80 night &&
	grep -q "^  #1  .* winner: " plain.txt && grep -q "^  #8  " plain.txt &&
	grep -q "^  1st    Grandma " plain.txt && grep -q "^  [0-9a-z=]*  *${CJK%雷雷雷雷雷}.*…" plain.txt &&
	grep -q "^  [0-9a-z=]*  *Alexandra-.*…" plain.txt &&
	grep -q "^  place  player .* #1 " plain.txt &&
	at 60 night &&
	test "$(grep -c "^  place  player" plain.txt)" -ge 2 &&
	grep -q "^  #7 " plain.txt && grep -q "^highlights:" plain.txt &&
	for p in Grandma Renée Zoë; do grep -q "^  [0-9a-z=]*  *$p " plain.txt || { echo "no $p" >&2; return 1; }; done
'
test_expect_success 'list on 80 and 60 columns (through less): no wrapped line' '
	at 80 list &&
	test "$(grep -c "^[ *]#[0-9]" plain.txt)" = 8 && grep -q "^ #1 .*winner: " plain.txt && grep -q "…" plain.txt &&
	at 60 list &&
	test "$(grep -c "^[ *]#[0-9]" plain.txt)" = 8 && grep -q "^ #1 .*winner: " plain.txt
'
test_expect_success 'history on 80 and 60 columns (through less): no wrapped line' '
	at 80 history &&
	grep -q "^night #1" plain.txt && test "$(grep -c "^  #[0-9]" plain.txt)" = 8 && grep -q "winner: " plain.txt &&
	at 60 history &&
	test "$(grep -c "^  #[0-9]" plain.txt)" = 8 && grep -q "^  #1 .*  9 holes$" plain.txt &&
	test "$(grep -c "^  *winner: " plain.txt)" = 7
'
test_done
