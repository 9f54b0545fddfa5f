#!/bin/sh
# SPDX-License-Identifier: ISC
# Sentences a phone's terminal (40 columns) used to break inside a name or
# a time: `sub`'s sentence, `show`'s title ("started DATE TIME" kept
# whole), a game's notes (a name kept with its number: "Kim 4"), the
# winners, a sub's line, Accordion's published odds (on 80 columns too),
# and the guided questions of table mode, which the line editor would
# wrap wherever the edge fell: each now goes on to an indented line
# between words, and no line wraps.  A pipe gets the lines whole.
. "$(dirname "$0")/lib.sh"

tmux_harness
test_expect_success 'the night, an Accordion deal and a Golf hole with a substitute' '
	tmux new-session -d -s "$T" "sleep 600" &&
	phone_night &&
	tally new accordion Ann Kim > /dev/null 2>&1 && tally hand Ann=4 Kim=1 > /dev/null &&
	tally new golf Ann Bob Kim Christabel > /dev/null 2>&1 &&
	tally hand Ann=3 Bob=3 Kim=4 Christabel=5 > /dev/null &&
	tally show 4 > pipe.txt && tally show 2 >> pipe.txt &&
	grep -q "^published odds of a win: compacted deal about 0.05% (seed); a full deal is not given$" pipe.txt &&
	grep -q "^pot won (dimes, apart from the lives): Kim [0-9]*$" pipe.txt
'
test_expect_success 'sub on 40 columns: the sentence broken between words' '
	at 40 sub Bob Annabelle &&
	grep -q "^Golf #5: Annabelle plays Bob.s seat from$" plain.txt &&
	grep -q "^hole 2; the seat.s place and win stay$" plain.txt && grep -q "^with Bob$" plain.txt
'
test_expect_success 'show on 40 columns: the title before its time, the sub line' '
	at 40 show 5 &&
	grep -q "^Golf #5, started 20[0-9-]* [0-9][0-9]:[0-9][0-9]$" plain.txt &&
	grep -q "^Annabelle plays Bob.s seat from hole 2$" plain.txt &&
	at 40 show 2 &&
	grep -q "^Chase the Ace #2, started$" plain.txt && grep -q "^  20[0-9-]* [0-9][0-9]:[0-9][0-9]$" plain.txt &&
	grep -q "^pot won (dimes, apart from the lives):$" plain.txt && grep -q "^  Kim [0-9]*$" plain.txt
'
for w in 40 80; do
test_expect_success "Accordion's notes on $w columns: broken between words" "
	at $w show 4 && grep -q '^published odds of a win: compacted deal' plain.txt &&
	grep -q '^  .*given\$' plain.txt
"
done
test_expect_success 'table mode on 40 columns: a guided question broken between words' '
	tmux new-session -d -s "$T-shell" -x 40 -y 40 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 TERM=xterm \"$TALLY\" shell; sleep 30" &&
	wait_screen "golf #5 hole 2>" tmux capture-pane -t "$T-shell" -p &&
	tmux send-keys -t "$T-shell" hand Enter &&
	wait_screen "total):" tmux capture-pane -t "$T-shell" -p &&
	answer "$T-shell" 3 &&
	wait_screen "Christabel" tmux capture-pane -t "$T-shell" -p && wait_screen "  total):" tmux capture-pane -t "$T-shell" -p &&
	tmux capture-pane -t "$T-shell" -p | sed "s/ *\$//" > plain.txt &&
	tmux capture-pane -t "$T-shell" -p -J | sed "s/ *\$//" > joined.txt &&
	tmux kill-session -t "$T-shell" &&
	grep -q "^  Kim.s layout (4 cards in position$" plain.txt && grep -q "^  order, or the total): 3$" plain.txt &&
	grep -q "^  Christabel.s layout (4 cards in$" plain.txt && grep -q "^  position order, or the$" plain.txt &&
	grep -q "^  total):$" plain.txt &&
	test "$(wc -L < plain.txt)" -le 40 &&
	grep -A3 "layout" plain.txt > q.txt && grep -A3 "layout" joined.txt > qj.txt && test_cmp q.txt qj.txt
'
test_done
