#!/bin/sh
# SPDX-License-Identifier: ISC
# Every command's plain output on a phone's terminal (40 columns) and on
# 60: no line wider than the screen, none the terminal wraps (at: lib.sh).
# A night of several games, read by every command that reads, then
# changed by every command that changes, each run on the narrow screen.
. "$(dirname "$0")/lib.sh"

tmux_harness
LONG=Christabel-Featherstonehaugh
test_expect_success 'a night of Golf, Chase the Ace, Gin, Accordion, Hand & Foot, Bankrupt and Trash' '
	tmux new-session -d -s "$T" "sleep 900" &&
	phone_night &&
	tally new gin Ann Bob > /dev/null 2>&1 && tally hand --knock Ann Ann=7 Bob=22 > /dev/null &&
	tally new accordion Ann Kim > /dev/null 2>&1 && tally hand Ann=4 Kim=1 > /dev/null &&
	tally new hand-foot Ann Bob Kim Dee -o partnerships=true -o preset=common > /dev/null 2>&1 &&
	tally new bankrupt Ann Bob Kim > /dev/null 2>&1 &&
	tally new trash Ann Bob Kim Dee > /dev/null 2>&1 &&
	tally note a long note about the evening with more words than fit on one line of a phone > /dev/null &&
	tally list > /dev/null
'
# sweep W: each line of stdin a command run at W columns; says which wrapped
sweep() {
	bad=0
	while IFS= read -r c; do
		at "$1" $c > /dev/null 2>&1 || { echo "wraps at $1 columns: tally $c" >&2; cat plain.txt >&2; bad=1; }
	done
	return $bad
}
READS="games
rules golf
rules chase-ace
rules trash
rules accordion
help
help sheet
help stats
show 1
show 2
show 3
show 4
show 5
show 6
show 7
show 8
list
history
night
settle
deal 1
deal 6
seats Ann Bob Kim Christabel
stats
stats player:Ann
ratings
ledger 2
check
note
season
club"
for w in 40 60; do
test_expect_success "every command that reads, on $w columns" "
	printf '%s\n' \"\$READS\" | sweep $w
"
done
test_expect_success 'every command that changes, on 40 columns' '
	sweep 40 <<-EOF
	new golf Ann Bob Kim $LONG
	hand Ann=3 Bob=4 Kim=5 $LONG=6
	hand Ann=3 Bob=4 Kim=5 $LONG=6
	undo
	redo
	edit 1 Ann=2 Bob=4 Kim=5 $LONG=6
	insert 1 Ann=1 Bob=4 Kim=5 $LONG=6
	undo
	join Dorothea-Winterbottom
	sub Bob Bartholomew
	note a note long enough to go past the edge of a phone screen by a lot
	end
	undo
	end --abandon
	use 2
	use
	delete 9
	restore 9
	player rename Kim Kimberly-Anne --dry-run
	player merge Halvard Christabel --dry-run
	player guest Bob
	pad save backgammon-night -o title=Backgammon -o direction=high -o target=100
	games
	rules backgammon-night
	export -o out.json
	night end
	night start Saturday
	season start Autumn
	season Autumn
	season
	club tau=0.2
	EOF
'
test_done
