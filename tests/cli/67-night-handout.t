#!/bin/sh
# SPDX-License-Identifier: ISC
# The night report's page 1 is a handout: the night and its date, the
# champion and how chosen, the standings with a place per game, and the
# highlights the games declare; the standings fit page 1 or break evenly
# over pages, never a few rows alone.  `tally night ID` and its --json
# come from the same view of the night as the PDF, so they say the same.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/pdf-layout.sh"

# words FILE PAGE: each word of the page as "xMin yMin yMax word".
words() {
	pdftotext -bbox -f "$2" -l "$2" "$1" - 2>/dev/null | sed -n 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="[0-9.]*" yMax="\([0-9.]*\)">\(.*\)<\/word>/\1 \2 \3 \4/p'
}
# at FILE WORD: "x y" of the first word WORD on page 1.
at() { words "$1" 1 | awk -v w="$2" '$4 == w { print $1, $2; exit }'; }
# row FILE Y: the words of page 1 on the line at y Y (within 1 pt), with their x.
row() { words "$1" 1 | awk -v y="$2" '$2 > y - 1 && $2 < y + 1 { print $1, $4 }'; }

test_expect_success 'a night: Golf and Gin won by Ann (with a gin), Chase the Ace won by Cid' '
	export TZ=America/New_York TALLY_NOW=2026-11-21T00:30:00Z &&
	tally night start "Friday at Ann'"'"'s" > /dev/null &&
	tally new golf Ann Bob Cid > /dev/null &&
	for s in "3 5 7" "0 4 6" "5 1 9" "2 7 2" "6 3 1" "2 2 8" "4 6 3" "1 2 4" "3 4 2"; do
		set -- $s && tally hand Ann=$1 Bob=$2 Cid=$3 > /dev/null 2>&1 || return 1
	done &&
	tally new gin Ann Bob -o target=50 > /dev/null && tally hand --gin Ann Bob=32 > /dev/null &&
	tally new chase-ace Ann Bob Cid -o lives=1 > /dev/null &&
	tally hand Ann=2 Bob=9 Cid=K > /dev/null && tally hand Bob=4 Cid=K > /dev/null &&
	tally sheet night:1 -o night.pdf > /dev/null &&
	test "$(pdfinfo night.pdf 2>/dev/null | sed -n "s/^Pages: *//p")" = 2 && layout_ok night.pdf 7
'
test_expect_success 'page 1: the champion in large type under the night, and how chosen' '
	pdftotext -layout -f 1 -l 1 night.pdf - > p1 &&
	grep -q "^Friday at Ann.s" p1 && grep_msg "started 2026-11-20 19:30" p1 &&
	words night.pdf 1 > w &&
	c=$(awk "\$4 == \"Champion\" { print \$2; exit }" w) && test -n "$c" &&
	awk -v c="$c" "\$4 == \"Ann\" && \$2 > c { print \$3 - \$2; exit }" w > h &&
	test "$(awk "{ print (\$1 > 20) }" h)" = 1 &&
	grep_msg "2 wins in 3 games, average place 1.7. Chosen by most wins, then the best average place." p1
'
test_expect_success 'page 1: a column per game, each player'"'"'s place in it, blank where they did not play' '
	set -- $(at night.pdf Avg) && head=$2 &&
	row night.pdf "$head" > heads && grep -q " Golf\$" heads && grep -q " Gin\$" heads && grep -q " Chase\$" heads &&
	gx=$(awk "\$2 == \"Gin\" { print \$1 }" heads) && cx=$(awk "\$2 == \"Chase\" { print \$1 }" heads) &&
	set -- $(words night.pdf 1 | awk -v y="$head" "\$4 == \"Cid\" && \$2 > y { print \$1, \$2; exit }") &&
	row night.pdf "$2" > cid &&
	awk -v x="$cx" "\$1 > x - 1 && \$1 < x + 1" cid | grep -q " 1st\$" &&
	! awk -v x="$gx" "\$1 > x - 1 && \$1 < x + 1" cid | grep -q . &&
	grep -q "^ *1st *Ann *2 *1.7 *1st *1st *3rd *\$" p1 && grep -q "^ *2nd *Cid *1 *2.0 *3rd *1st *\$" p1
'
test_expect_success 'page 1: the highlights the games declare, and who went out' '
	grep -q "Gin Rummy #2 *best hand 57: Ann (hand 1)" p1 && grep -q "^ *gin: Ann (hand 1)\$" p1 &&
	grep -q "Golf #1 *best hole 0: Ann (hole 2)" p1 &&
	grep -q "Chase the Ace #3 *dimes won from the pot: Cid 2" p1 && grep -q "out, first to last: Ann, Bob" p1
'
test_expect_success 'tally night ID and its --json say what the PDF says' '
	tally night 1 > text &&
	grep_msg "champion: Ann, 2 wins in 3 games, average place 1.7 (most wins, then the best average place)" text &&
	grep -q "^  1st *Ann *2  1.7  1st *1st *3rd\$" text &&
	j=$(tally --json night 1) &&
	test "$(json_get "$j" "\$.night.champion.names")" = Ann &&
	test "$(json_get "$j" "\$.night.champion.detail")" = "2 wins in 3 games, average place 1.7" &&
	test "$(json_get "$j" "\$.night.standings[1].player")" = Cid &&
	test "$(json_get "$j" "\$.night.standings[1].places[1].title")" = "Chase the Ace #3" &&
	test "$(json_get "$j" "\$.night.standings[1].places[1].place")" = 1 &&
	i=0 && while h=$(json_get "$j" "\$.night.highlights[$i].text") && test -n "$h"; do
		grep -qF ": $h" text && grep -qF "$h" p1 || return 1
		i=$((i + 1))
	done && test $i = 5 &&
	test "$(json_get "$j" "\$.night.settle.payments[0].from")" = Ann && grep -q "^ *Ann *Cid *\\\$0.10" p1 &&
	grep -q "^  Ann pays Cid \\\$0.10\$" text
'
test_expect_success 'a Hearts pad with the moon rule: who shot the moon, in the PDF, the text and the JSON' '
	tally night start Hearts > /dev/null &&
	tally new pad Ann Bob Cid Dee -o title=Hearts -o hand_total=26 -o moon_total=78 > /dev/null &&
	tally hand Ann=10 Bob=6 Cid=5 Dee=5 > /dev/null && tally hand Ann=26 Bob=26 Cid=0 Dee=26 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.players[2].moon")" = "[false,true]" &&
	tally sheet night:2 -o hearts.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 hearts.pdf - | grep -q "^ *shot the moon: Cid (hand 2)\$" &&
	tally night 2 | grep -q "^  Hearts #4: shot the moon: Cid (hand 2)\$" &&
	test "$(json_get "$(tally --json night 2)" "\$.night.highlights[1].kind")" = moon
'
test_expect_success 'a crowd: 48 players break evenly over two pages, never a few rows alone' '
	tally night start Crowd > /dev/null &&
	for t in A B C; do
		names= && hand= && k=1 &&
		while test $k -le 16; do names="$names $t$k" && hand="$hand $t$k=$k" && k=$((k + 1)); done &&
		tally new pad $names -o title=Hearts > /dev/null && tally hand $hand > /dev/null && tally end > /dev/null || return 1
	done &&
	tally sheet night:3 -o crowd.pdf > /dev/null && layout_ok crowd.pdf 7 &&
	pdftotext -layout -f 1 -l 1 crowd.pdf - | grep -c "^ *=[0-9]*[a-z][a-z] *[ABC][0-9]" > n1 &&
	pdftotext -layout -f 2 -l 2 crowd.pdf - | grep -c "^ *=[0-9]*[a-z][a-z] *[ABC][0-9]" > n2 &&
	test $(($(cat n1) + $(cat n2))) = 48 && test $(($(cat n1) - $(cat n2))) -le 2 && test $(($(cat n2) - $(cat n1))) -le 2
'
test_done
