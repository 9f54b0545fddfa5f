#!/bin/sh
# SPDX-License-Identifier: ISC
# Table mode: completion that fits the context, values
# without quotes, `use` of a missing game, blank lines of any white space,
# end of input inside a guided hand, and a game that changed under one.
. "$(dirname "$0")/lib.sh"

SOCK="tablemode-test-$$"
T=t75
export XDG_STATE_HOME="$SCRATCH/state"
tm() { tmux -L "$SOCK" "$@"; }
TMUX_CMD="tmux -L $SOCK"
trap 'tm kill-server 2>/dev/null; scratch_gone' EXIT

wait_for() { wait_screen "$1" tm capture-pane -t "$T" -p; }
keys() { tm send-keys -t "$T" "$@"; }
last_game() { sqlite3 "$TALLY_DB" "SELECT max(id) FROM game"; }

# state GAME: "Name=points,..." for every player (show --json)
points() {
	j=$(tally --json show "$1") || return 1
	printf '%s' "$j" > "$SCRATCH/json.tmp"
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name') || '=' ||
	    replace(replace(json_extract(value, '\$.points'), '[', ''), ']', ''), ' ')
	    FROM json_each(json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '\$.players'))"
}

test_expect_success 'tmux: Tab gives Ann= in a hand, known players at new, KEY= and its values after -o' '
	tally new golf Ann Bob > /dev/null &&
	tm new-session -d -s "$T" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; echo table mode exit=\$?; sleep 30" &&
	wait_for "golf #1 hole 1>" &&
	keys "hand A" Tab "7 B" Tab "9" && wait_for "hand Ann=7 Bob=9" &&
	keys Enter && wait_for "golf #1 hole 2>" &&
	test "$(points 1)" = "Ann=7 Bob=9" &&
	keys "new golf A" Tab "B" Tab "Cid -o lay" Tab && wait_for "new golf Ann Bob Cid -o layout=" &&
	keys Tab Tab && wait_for "4  " && wait_for "6" &&
	keys "6 -o pre" Tab "h" Tab && wait_for "-o layout=6 -o preset=house" &&
	keys Enter && wait_for "golf #2 hole 1>" &&
	j=$(tally --json show 2) &&
	test "$(json_get "$j" "\$.options.layout")" = 6 &&
	test "$(json_get "$j" "\$.options.preset")" = house &&
	test "$(json_get "$j" "\$.players[2].name")" = Cid
'
test_expect_success 'tmux: Ctrl-D in the middle of a guided hand abandons it; Ctrl-D at the prompt leaves' '
	keys "hand" Enter && wait_for "layout" &&
	keys "6" Enter && sleep 0.3 && keys C-d && wait_for "hand abandoned; nothing stored" &&
	! grep -q "table mode exit" screen.txt &&
	keys C-d && wait_for "table mode exit=0" &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 0
'
test_expect_success 'a line of carriage returns and spaces is skipped, not a crash' '
	printf "\r \n\t\r\n \v\f\n" | tally shell > out 2> err &&
	test ! -s err &&
	printf "new golf Ann Bob\r\n\r \nAnn=3 Bob=4\r\n" | tally shell > out 2> err &&
	test "$(points 3)" = "Ann=3 Bob=4"
'
test_expect_success 'card lists need no quotes; roles still work' '
	printf "new golf Ann Bob Cid\nAnn=A 2 3 4 Bob=7 Cid=K K Q 9 --knock Bob\nhand Ann=5 Bob=K 3 5 A Cid=Q J 10 2\n" |
	    tally shell > out &&
	test "$(points 4)" = "Ann=10,5 Bob=7,9 Cid=19,32" &&
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = 4 AND number = 1" > e &&
	grep_msg "Ann=\"A 2 3 4\" Bob=7 Cid=\"K K Q 9\" --knock Bob" e
'
test_expect_success 'a substitute is named unquoted like any player' '
	printf "new golf Ann Bob Cid\nhand 2 3 1\nsub Cid Fay\nhand Ann=K 2 3 4 Bob=5 Fay=A 2 3 4\n" |
	    tally shell > out &&
	id=$(json_get "$(tally --json show)" "\$.id") &&
	test "$(points "$id")" = "Ann=1,9 Bob=2,5 Cid=3,10"
'
test_expect_success 'use of a missing game is refused (66) and the current game stays' '
	printf "use 2\nuse 99\nAnn=1 Bob=2 Cid=3\n" | tally shell > out 2> err
	test $? = 66 && grep_msg "no game 99" err &&
	test "$(json_get "$(tally --json show 2)" "\$.hands")" = 1 &&
	test "$(json_get "$(tally --json show 4)" "\$.hands")" = 2
'
test_expect_success 'end of input in a guided hand: nothing stored, exit 64' '
	printf "use 4\nhand\nK 3 5 A\n" | tally shell > out 2> err
	test $? = 64 && grep_msg "nothing stored" err &&
	test "$(json_get "$(tally --json show 4)" "\$.hands")" = 2
'
test_expect_success 'a game changed under a guided hand: checked again, stored only on yes' '
	tally new golf Ann Bob Cid > /dev/null && g=$(last_game) &&
	( printf "hand\nK 3 5 A\n"; sleep 1; tally hand -g $g Ann=1 Bob=2 Cid=3 > /dev/null;
	  printf "Q J 10 2\n18\n\nn\n" ) | tally shell > out 2> err &&
	grep_msg "changed while this hand was answered" err &&
	test "$(points $g)" = "Ann=1 Bob=2 Cid=3" &&
	( printf "hand\nK 3 5 A\n"; sleep 1; tally hand -g $g Ann=4 Bob=5 Cid=6 > /dev/null;
	  printf "Q J 10 2\n18\n\ny\n" ) | tally shell > out 2> err &&
	test "$(points $g)" = "Ann=1,4,32 Bob=2,5,18 Cid=3,6,9"
'
test_expect_success 'a changed game that now refuses the answers stores nothing' '
	tally new golf Ann Bob > /dev/null && g=$(last_game) &&
	( printf "hand\n7\n"; sleep 1; tally hand -g $g Ann=1 Bob=2 > /dev/null; tally end $g > /dev/null;
	  printf "8\n\n" ) | tally shell > out 2> err
	test $? = 65 && grep_msg "against the game as it is now" err &&
	test "$(points $g)" = "Ann=1 Bob=2"
'
test_expect_success 'a mistyped name with = is refused with its suggestion, not glued to the value before it' '
	printf "new hand-foot Ann Bob Cid Dee\nhand --out Ann Ann=1c2d1r335m90o Bob=20l Dea=200m65o\n" |
	    expect_status 66 tally shell > out 2> err &&
	grep_msg "Dea" err && grep_msg "at this table; did you mean Dee?" err &&
	test "$(json_get "$(tally show --json)" "$.hands")" = 0
'

test_expect_success 'tmux: a refusal about an earlier answer asks that question again, then keeps the later answers that still hold' '
	tally new gin Ann Bob > /dev/null && g=$(last_game) &&
	tm new-session -d -s "${T}b" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_screen "gin #$g hand 1>" tm capture-pane -t "${T}b" -p &&
	answer "${T}b" hand Bob 5 20 &&
	wait_screen "back to that question" tm capture-pane -t "${T}b" -p &&
	answer "${T}b" Ann &&
	wait_screen "gin #$g hand 2>" tm capture-pane -t "${T}b" -p &&
	grep -q "^  Ann: deadwood, or the 10 cards after the discard: 5\$" screen.txt &&
	! grep -q "\[5\]" screen.txt &&
	test "$(points $g)" = "Ann=15 Bob=0" &&
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null && h=$(last_game) &&
	tally hand --out Bob Ann=400m60o30l Bob=1c2d335m90o Cid=200l Dee=200l > /dev/null &&
	answer "${T}b" "use $h" && wait_screen "hand-foot #$h round 2>" tm capture-pane -t "${T}b" -p &&
	answer "${T}b" hand "" 200 never "0 1 0" 50 150 95 "" 40 "" "" 100 100 "" "" 20 &&
	wait_screen "back to that question" tm capture-pane -t "${T}b" -p &&
	grep_msg "tally: Cid melded, so enter the first meld" screen.txt &&
	answer "${T}b" 90 &&
	wait_screen "hand-foot #$h round 3>" tm capture-pane -t "${T}b" -p &&
	# Ann, Cid'\''s partner, said after it that she never melded: no "Enter: Ann opened"
	grep -A1 "back to that question" screen.txt | tail -1 | grep -q "^  Cid: the opening meld.s points: 90\$" &&
	grep -q "^  Cid: books clean and dirty, and red threes (e.g. 1 2 1; Enter: none): 0 1 0\$" screen.txt &&
	grep -q "^  Bob: points left in hand and foot, or the cards: 20\$" screen.txt &&
	# Dee, Bob'\''s partner, opened before him: Enter is offered by name
	grep -q "^  Bob: the opening meld.s points (Enter: Dee opened): *\$" screen.txt &&
	test "$(points $h)" = "Ann=370,-100 Bob=545,80 Cid=-200,180 Dee=-200,110"
'
# round 2, seed bonuses: Cid 30 + 200 - 50 = 180 once Cid opened (Ann never melded)
test_expect_success 'tmux: Enter (the partner opened) is offered only once the partner opened; a short opening is refused at once' '
	tally new hand-foot Ann Bob Cid Dee -o partnerships=true > /dev/null && g=$(last_game) &&
	tm new-session -d -s "${T}c" -x 160 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_screen "hand-foot #$g round 1>" tm capture-pane -t "${T}c" -p &&
	answer "${T}c" hand Ann 0 1 40 200 &&
	wait_screen "Cid: the opening meld" tm capture-pane -t "${T}c" -p &&
	# Ann, Cid'\''s partner, is asked after Cid: not yet known to have
	# opened, so Enter is not offered as "the partner opened"
	grep -q "Cid: the opening meld.s points, or never if Ann opened for the side:\$" screen.txt &&
	! grep -q "Enter: the partner opened" screen.txt && ! grep -q "Enter: Ann opened" screen.txt &&
	answer "${T}c" 0 &&
	wait_screen "needs at least 60, not 0" tm capture-pane -t "${T}c" -p &&
	grep -q "^tally: Cid: the first meld of round 1 needs at least 60, not 0" screen.txt &&
	! grep -q "Dee: points melded" screen.txt &&
	answer "${T}c" "" &&
	wait_screen "or never if Ann opened for the side (Ctrl-C" tm capture-pane -t "${T}c" -p &&
	# never: Cid left the opening to Ann, who then must give it
	answer "${T}c" never "0 1 0" 100 150 60 "0 2 0" 40 400 &&
	wait_screen "Ann: points melded, or the cards: 400" tm capture-pane -t "${T}c" -p &&
	wait_screen "Ann: the opening meld" tm capture-pane -t "${T}c" -p &&
	grep -q "^  Ann: the opening meld.s points: *\$" screen.txt &&
	! grep -q "Enter: Cid opened" screen.txt &&
	answer "${T}c" "" &&
	wait_screen "Cid answered that Ann opened, so enter Ann" tm capture-pane -t "${T}c" -p &&
	answer "${T}c" 60 "1 2 0" &&
	wait_screen "hand-foot #$g round 2>" tm capture-pane -t "${T}c" -p &&
	test "$(points $g)" = "Ann=610 Bob=60 Cid=130 Dee=170"
'

test_expect_success 'tmux: correcting the hand on 80 columns keeps a kept answer'\''s bracket whole; an empty one shows none' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null && g=$(last_game) &&
	tm new-session -d -s "${T}d" -x 80 -y 50 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_screen "hand-foot #$g round 1>" tm capture-pane -t "${T}d" -p &&
	# Bob'\''s 6 red threes and Ann'\''s 5 are more than 5 decks hold: only
	# the two together, so refused once all is in
	answer "${T}d" hand Ann 0 6 40 200 60 "0 2" 40 0 "" 50 300 90 "1 2 5" &&
	wait_screen "correct the hand" tm capture-pane -t "${T}d" -p &&
	answer "${T}d" "" "" "" "" "" "" "" "" "" "" &&
	wait_screen "Dee: points left in hand and foot, or the cards [50]" tm capture-pane -t "${T}d" -p &&
	grep -q "^  \[0 2\]:\$" screen.txt &&
	! grep -q "\[0\$" screen.txt &&
	grep -q "^  Dee: red threes (Enter: 0):\$" screen.txt &&
	! grep -q "\[\]" screen.txt &&
	tm send-keys -t "${T}d" C-c &&
	test "$(json_get "$(tally --json show $g)" "\$.hands")" = 0
'

test_done
