#!/bin/sh
# SPDX-License-Identifier: ISC
# Long output at a terminal goes through $PAGER (less -FRX when unset),
# tried in tmux; --limit N for history, list and stats; the sheet's paper
# follows LC_PAPER (locales built into the scratch directory: no root).
. "$(dirname "$0")/lib.sh"

use_tmux pager

test_expect_success '60 games to list' '
	i=0; while [ $i -lt 60 ]; do
		tally new golf "Ann" "Bob$i" > /dev/null && tally hand Ann=1 "Bob$i=2" > /dev/null || exit 1
		i=$((i + 1))
	done &&
	test "$(tally list | wc -l)" = 60
'
test_expect_success '--limit N: the newest N in history and list, N rows in stats' '
	tally history --limit 3 > out && test "$(grep -c "^  #" out)" = 3 && grep -q "#60 " out && ! grep -q "#57 " out &&
	tally history --limit=2 game:golf > out && test "$(grep -c "^  #" out)" = 2 &&
	test "$(tally list --limit 5 | wc -l)" = 5 &&
	test "$(tally --json list --limit 4 | grep -o "\"id\":" | wc -l)" = 4 &&
	tally end > /dev/null && tally end 59 > /dev/null &&
	tally stats --limit 1 > out && test "$(sed -n "/^player /,/^$/p" out | grep -vc "^player \|^$")" = 1 &&
	test "$(sed -n "/^leaderboard/,/^$/p" out | grep -vc "^leaderboard\|^$")" = 1 &&
	test "$(sed -n "/^by player count/,/^$/p" out | grep -vc "^by player\|^$")" = 1 &&
	test "$(tally stats | sed -n "/^player /,/^$/p" | grep -vc "^player \|^$")" = 61 &&
	test "$(tally stats | sed -n "/^leaderboard/,/^$/p" | grep -vc "^leaderboard\|^$")" = 3
'
test_expect_success '--limit refuses 0, words and a missing number (64)' '
	expect_status 64 tally history --limit 0 2> err && grep_msg "not '\''0'\''" err &&
	expect_status 64 tally list --limit=many 2> err && grep_msg "not '\''many'\''" err &&
	expect_status 64 tally stats --limit 2> err && grep_msg "limit" err
'
start_term() {
	cleanup_tmux
	tmux new-session -d -s "$T" -x 100 -y 20 \
	    "env -i HOME=\"$SCRATCH\" PATH=\"/usr/bin:/bin\" TALLY_DB=\"$TALLY_DB\" LC_ALL=C.UTF-8 TERM=xterm $1 PS1=\"$ \" sh" &&
	wait_for "$"
}
test_expect_success 'at a terminal, history taller than the screen stops in less; q ends it' '
	start_term "" &&
	keys "clear; \"$TALLY\" history; echo done-\$?" Enter &&
	wait_for "#60 " && sleep 0.5 && tmux capture-pane -t "$T" -p > screen.txt &&
	! grep -q "^  #1 " screen.txt && ! grep -q "done-" screen.txt &&
	keys q && wait_for "done-0" && cleanup_tmux
'
test_expect_success 'output that fits the screen is just printed (less -F), and PAGER is obeyed' '
	start_term "" &&
	keys "\"$TALLY\" history --limit 2; echo done-\$?" Enter && wait_for "done-0" &&
	keys "PAGER=\"sed s/^/paged:/\" \"$TALLY\" list --limit 1" Enter && wait_for "paged:*#60" &&
	cleanup_tmux
'
test_expect_success 'into a pipe or a file, no pager' '
	PAGER="sed s/^/paged:/" tally history > out && ! grep -q paged: out &&
	start_term "" &&
	keys "PAGER=\"sed s/^/paged:/\" \"$TALLY\" list --limit 1 | cat; echo done-\$?" Enter && wait_for "done-0" &&
	! grep -qF "paged:*" screen.txt && grep -qF "*#60" screen.txt && cleanup_tmux
'

test_expect_success 'table mode never pages: list, then a hand, and the hand is on the screen' '
	start_term "" &&
	keys "clear; \"$TALLY\" shell" Enter && wait_for "tally table mode" &&
	keys "list" Enter && sleep 0.5 &&
	keys "show 58" Enter && wait_for "Golf #58, started" &&
	keys "hand -g 58 Ann=3 Bob57=4" Enter && wait_for "Golf #58, hole 2" &&
	! pgrep -f "^less" > /dev/null &&
	keys "quit" Enter && cleanup_tmux
'

# paper SIZE ENV...: a blank sheet printed with ENV has page size SIZE
paper() {
	size=$1
	shift
	env -u LC_ALL "$@" "$TALLY" sheet golf -o p.pdf Ann Bob > /dev/null &&
	pdfinfo p.pdf | grep "^Page size:" > size && grep -q "$size" size || { cat size; false; }
}
test_expect_success 'the paper follows LC_PAPER: A4 for de_DE, letter for en_US and C' '
	command -v localedef > /dev/null || { echo "# no localedef: skipped"; exit 0; }
	mkdir -p loc && localedef -i de_DE -f UTF-8 "$SCRATCH/loc/de_DE.UTF-8" 2> /dev/null;
	localedef -i en_US -f UTF-8 "$SCRATCH/loc/en_US.UTF-8" 2> /dev/null;
	test -d loc/de_DE.UTF-8 || { echo "# no de_DE locale source: skipped"; exit 0; }
	paper "(A4)" LOCPATH="$SCRATCH/loc" LC_PAPER=de_DE.UTF-8 &&
	paper "(A4)" LOCPATH="$SCRATCH/loc" LANG=de_DE.UTF-8 &&
	paper "(letter)" LOCPATH="$SCRATCH/loc" LANG=de_DE.UTF-8 LC_PAPER=en_US.UTF-8 &&
	paper "(letter)" LOCPATH="$SCRATCH/loc" LC_PAPER=en_US.UTF-8 &&
	paper "(letter)" LC_PAPER=C.UTF-8 &&
	env -u LC_ALL LOCPATH="$SCRATCH/loc" LC_PAPER=de_DE.UTF-8 "$TALLY" sheet golf --paper letter -o l.pdf Ann > /dev/null &&
	pdfinfo l.pdf | grep -q "(letter)"
'

test_done
