#!/bin/sh
# SPDX-License-Identifier: ISC
# Entering a hand as fast as paper: field names by unique
# prefix, the compact Hand & Foot round, and guided entry that asks only
# what applies, with empty answers.
. "$(dirname "$0")/lib.sh"

SOCK="tablemode-test-$$"
T=t76
export XDG_STATE_HOME="$SCRATCH/state"
tm() { tmux -L "$SOCK" "$@"; }
trap 'tm kill-server 2>/dev/null; scratch_gone' EXIT
last_game() { sqlite3 "$TALLY_DB" "SELECT max(id) FROM game"; }
hands() { json_get "$(tally --json show "$1")" "\$.hands"; }
# the game's state without what differs between two games (id, start)
state() { tally --json show "$1" | sed -e 's/"id":[0-9]*,//' -e 's/"started":"[^"]*",//'; }

LONG='--out Ann Ann.clean=1 Ann.dirty=2 Ann.red3=1 Ann.meld=335 Ann.opening=90 Bob.dirty=1 Bob.meld=140 Bob.opening=70 Bob.left=60 Cid.meld=90 Cid.opening=60 Cid.left=85 Dee.left=120'

test_expect_success 'fields by unique prefix give the same round as the full names' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null && long=$(last_game) &&
	tally hand $LONG > /dev/null &&
	tally new hand-foot Ann Bob Cid Dee > /dev/null && short=$(last_game) &&
	tally hand --out A A.c=1 A.d=2 A.r=1 A.m=335 A.o=90 B.d=1 B.m=140 B.o=70 B.l=60 \
	    C.m=90 C.o=60 C.l=85 D.l=120 > /dev/null &&
	state $long > a && state $short > b && test_cmp a b &&
	test "$(totals $short)" = "Ann=645 Bob=110 Cid=5 Dee=-120" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand h JOIN game g ON g.id = h.game_id WHERE g.id = $short")" = \
	    "$(sqlite3 "$TALLY_DB" "SELECT entry FROM hand h JOIN game g ON g.id = h.game_id WHERE g.id = $long")"
'
test_expect_success 'an ambiguous field prefix is refused with the candidates, nothing stored' '
	tally new hand-foot Ann Bob > /dev/null && g=$(last_game) &&
	expect_status 64 tally hand Ann.f=1 Ann.l=60 Bob.l=60 2> err &&
	grep_msg "could be foot, foot-red3" err &&
	expect_status 64 tally hand Ann.x=1 Ann.l=60 Bob.l=60 2> err &&
	grep_msg "has no field" err &&
	test "$(hands $g)" = 0
'
test_expect_success 'the compact Hand & Foot round is the long form in under 100 characters' '
	c="--out Ann Ann=1c2d1r335m90o Bob=1d140m70o60l Cid=90m60o85l Dee=120l" &&
	test ${#c} -le 100 &&
	tally new hand-foot Ann Bob Cid Dee > /dev/null && compact=$(last_game) &&
	tally hand $c > /dev/null &&
	state $compact > c && test_cmp a c &&
	printf "new hand-foot Ann Bob Cid Dee\n%s\n" "--out A A=1c2d1r335m90o B=1d140m70o60l C=90m60o85l D=120l" |
	    tally shell > /dev/null &&
	state $(last_game) > d && test_cmp a d
'
test_expect_success 'roles by unique prefix, stored whole; an unknown one is refused' '
	tally new gin Ann Bob > /dev/null && g=$(last_game) &&
	tally hand --k Ann Ann=7 Bob=22 > /dev/null &&
	test "$(totals $g)" = "Ann=15 Bob=0" &&
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = $g" > e && grep_msg "--knock Ann" e &&
	expect_status 64 tally hand --x Ann Ann=7 Bob=22 2> err && grep_msg "no role" err &&
	test "$(hands $g)" = 1
'
test_expect_success 'the compact form is checked as the long one' '
	tally new hand-foot Ann Bob > /dev/null && g=$(last_game) &&
	expect_status 64 tally hand Ann=1q Bob=60l 2> err && grep_msg "not a compact round" err &&
	expect_status 64 tally hand Ann=60l60l Bob=60l 2> err && grep_msg "given twice" err &&
	expect_status 64 tally hand Ann=60l Ann.left=60 Bob=60l 2> err && grep_msg "given twice" err &&
	expect_status 65 tally hand Ann=62l Bob=60l 2> err && grep_msg "multiple of 5" err &&
	expect_status 65 tally hand --out Ann Ann=1c335m90o Bob=60l 2> err && grep_msg "going out needs" err &&
	expect_status 65 tally hand Ann=100m60l Bob=60l 2> err && grep_msg "opening" err &&
	test "$(hands $g)" = 0
'
test_expect_success 'table mode: bare values go to the players from the dealer'"'"'s left, roles by prefix' '
	tally new golf Mia Tom Pat Jo Lee > /dev/null && g=$(last_game) &&
	printf "9 32 18 5 14 --k j\n" | tally shell > out &&
	test "$(totals $g)" = "Mia=14 Tom=9 Pat=32 Jo=18 Lee=5" &&
	grep_msg "values from the dealer'"'"'s left: Tom=9 Pat=32 Jo=18 Lee=5 Mia=14" out &&
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand WHERE game_id = $g" > e && grep_msg "--knock Jo" e &&
	printf "9 32 18\n" | tally shell > /dev/null 2> err
	test $? = 64 && grep_msg "3 values for 5 players" err && test "$(hands $g)" = 1 &&
	tally new hand-foot Ann Bob Cid Dee > /dev/null &&
	printf "%s\n" "--out a 1d140m70o60l 90m60o85l 120l 1c2d1r335m90o" | tally shell > /dev/null &&
	state $(last_game) > f && test_cmp a f
'
wait_for() { wait_screen "$1" tm capture-pane -t "$T" -p; }
keys() { tm send-keys -t "$T" "$@"; }

test_expect_success 'tmux: a guided Hand & Foot round with empty answers, 15 questions' '
	tally new hand-foot Ann Bob Cid Dee > /dev/null && g=$(last_game) &&
	tm new-session -d -s "$T" -x 160 -y 60 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$XDG_STATE_HOME\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "hand-foot #$g round 1>" &&
	keys "hand" Enter && wait_for "who went out?" &&
	keys "A" Tab Enter && wait_for "Bob: points melded" &&
	keys "140" Enter && wait_for "Bob: the opening" &&
	keys "70" Enter && wait_for "Bob: books clean and dirty" &&
	keys "0 1" Enter && wait_for "Bob: points left" &&
	keys "60" Enter && wait_for "Cid: points melded" &&
	keys "90" Enter && keys "60" Enter && wait_for "Cid: books" &&
	keys Enter && wait_for "Cid: points left" &&
	keys "85" Enter && wait_for "Dee: points melded" &&
	keys Enter && wait_for "Dee: red threes" &&
	keys Enter && wait_for "Dee: points left" &&
	keys "120" Enter && wait_for "Ann: points melded" &&
	keys "335" Enter && keys "90" Enter && wait_for "Ann: books" &&
	keys "1 2 1" Enter && wait_for "hand-foot #$g round 2>" &&
	state $g > e && test_cmp a e &&
	test "$(grep -c "^  [A-Z][a-z]*: \|who went out" screen.txt)" = 15
'
test_done
