#!/bin/sh
# SPDX-License-Identifier: ISC
# `night --csv`: the night's standings for a spreadsheet, read back with a
# CSV reader: place, player, wins, average_place (one decimal, as the text
# and the JSON give it), then a column per game that counts, headed by its
# title, with each player's place in it (empty where they have none).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# cell PLAYER COLUMN: the field of out.csv in PLAYER's record
cell() { python3 "$HERE/csv_cell.py" out.csv "$1" "$2" player; }
is() {
	got=$(cell "$1" "$2") || return 1
	[ "$got" = "$3" ] || { echo "$1/$2: '$got', expected '$3'" >&2; return 1; }
}

test_expect_success 'no night open: the header alone' '
	tally night --csv > out.csv && test "$(cat out.csv)" = "$(printf "place,player,wins,average_place\r")"
'
test_expect_success 'three games, a side among them: the standings' '
	tally night start Poker > /dev/null &&
	tally new golf "Ann, \"Jr\"" Bob Zoë > /dev/null && tally hand "Ann, \"Jr\""=5 Bob=3 Zoë=0 > /dev/null &&
	tally end > /dev/null &&
	tally new gin Ann+Cid Bob+Dee > /dev/null 2>&1 &&
	tally hand --gin Bob Ann=30 Bob=0 --knock Cid Cid=5 Dee=8 > /dev/null && tally end > /dev/null &&
	tally new golf Bob Zoë > /dev/null && tally hand Bob=1 Zoë=1 > /dev/null && tally end > /dev/null &&
	tally night --csv > out.csv &&
	head -1 out.csv | grep -q "^place,player,wins,average_place,\"Golf #1\",\"Gin Rummy #2\",\"Golf #3\"" &&
	# the records, by player: Zoë won two; Bob won two, a place worse on average
	python3 -c "import csv; print(\" \".join(r[1] for r in csv.reader(open(\"out.csv\", newline=\"\"))))" > names &&
	grep -qx "player Zoë Bob Dee Ann Cid Ann, \"Jr\"" names &&
	is Zoë place 1 && is Zoë wins 2 && is Zoë average_place 1.0 &&
	is Bob place 2 && is Bob average_place 1.3 && is Bob "Golf #1" 2 && is Bob "Gin Rummy #2" 1 && is Bob "Golf #3" 1 &&
	is Dee "Golf #1" "" && is Dee "Gin Rummy #2" 1 &&
	is Ann place 4 && is Cid place 4 && is "Ann, \"Jr\"" "Golf #1" 3 && is "Ann, \"Jr\"" wins 0
'
test_expect_success 'by its id, and after the night ends the night it ended, nothing else on stdout' '
	tally night 1 --csv > by-id.csv && tally night end --csv > out.csv && cmp by-id.csv out.csv &&
	is Zoë wins 2
'
test_done
