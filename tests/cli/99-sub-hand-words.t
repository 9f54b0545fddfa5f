#!/bin/sh
# SPDX-License-Identifier: ISC
# A substitute (`tally sub`) plays the seat: the hand's sentence names who
# played, as the sub line does, while the seat's totals stay under its
# own player; and the substitute's first entry is theirs, not the seat's
# last entry typed again (the repeated-hand warning).
. "$(dirname "$0")/lib.sh"

test_expect_success 'Gin: Zoë in Renée'\''s seat scores, the sentence says Zoë' '
	tally new gin Renée Bob > /dev/null &&
	tally hand --gin Bob Renée=10 > /dev/null &&
	tally sub Renée Zoë > /dev/null &&
	tally hand --gin Zoë Bob=30 > out &&
	grep -q "^  Zoë scores 55 (gin)$" out && ! grep -q "Renée scores" out &&
	grep -q "^totals: Renée 55 Bob 35$" out
'
test_expect_success 'the substitute'\''s first entry is not the last hand repeated' '
	tally new gin Ann Bob > /dev/null 2>&1 &&
	tally hand --knock Ann Ann=5 Bob=30 > /dev/null &&
	tally hand --knock Bob Ann=30 Bob=5 > /dev/null &&
	tally sub Bob Cid > /dev/null &&
	tally hand --knock Cid Ann=30 Cid=5 > out 2> err &&
	grep -q "^  Cid scores 25$" out && ! grep -q "repeats" err &&
	tally hand --knock Cid Ann=30 Cid=5 > /dev/null 2> err &&
	grep -q "hand 4 repeats hand 3.s entry exactly" err
'
test_expect_success 'a hand replayed later still names who played it (edit of an earlier hand, undo)' '
	tally new gin Renée Bob > /dev/null 2>&1 &&
	tally hand --gin Bob Renée=10 > /dev/null &&
	tally sub Renée Zoë > /dev/null &&
	tally hand --gin Zoë Bob=30 > /dev/null &&
	tally hand --gin Bob Zoë=10 > /dev/null &&
	g=$(json_get "$(tally --json show)" "\$.id") &&
	tally edit 1 Renée=12 --gin Bob > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT note FROM hand WHERE game_id = $g AND number = 2")" = "Zoë scores 55 (gin)" &&
	tally undo > /dev/null && tally undo > /dev/null &&
	tally --json redo > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT note FROM hand WHERE game_id = $g AND number = 2")" = "Zoë scores 55 (gin)" &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'a hand put in before a substitute'"'"'s hands: each hand still names who played it' '
	tally new gin Renée Bob > /dev/null 2>&1 &&
	tally hand --gin Renée Bob=1 > /dev/null &&
	tally hand --gin Bob Renée=1 > /dev/null &&
	tally sub Renée Zoë > /dev/null &&
	tally hand --gin Zoë Bob=3 > /dev/null &&
	g=$(json_get "$(tally --json show)" "\$.id") &&
	tally insert 2 --gin Renée Bob=5 > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(note, '"'"'/'"'"') FROM (SELECT note FROM hand
	    WHERE game_id = $g AND undone = 0 ORDER BY number)")" = "Renée scores 26 (gin)/Renée scores 30 (gin)/Bob scores 26 (gin)/Zoë scores 28 (gin)" &&
	tally undo > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT group_concat(note, '"'"'/'"'"') FROM (SELECT note FROM hand
	    WHERE game_id = $g AND undone = 0 ORDER BY number)")" = "Renée scores 26 (gin)/Bob scores 26 (gin)/Zoë scores 28 (gin)" &&
	tally check > out && grep_msg "ok:" out
'
test_done
