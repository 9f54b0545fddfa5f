#!/bin/sh
# SPDX-License-Identifier: ISC
# The Chase the Ace pot is money won: the winner's dimes from the pot
# count in stats (chips_net), in the night report's highlights and
# settle-up, and in the CSV export, which has columns for the pot won and the Gin final.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Chase the Ace: Al keeps 2 dimes and wins the pot of 4' '
	tally new chase-ace Al Bea Cy -o lives=2 > /dev/null &&
	tally hand Al=9 Bea=2 Cy=Q > /dev/null && tally hand Al=9 Bea=2 Cy=Q > /dev/null &&
	tally hand Al=9 Cy=3 > /dev/null && tally hand Al=9 Cy=3 > out &&
	grep_msg "Al takes the pot of 4" out
'
test_expect_success 'stats: the pot won counts as dimes won' '
	tally stats --csv | tr -d "\r" > s.csv &&
	grep -q "^\"Al\",chase-ace,.*,4,4,0,,0\$" s.csv &&
	grep -q "^\"Bea\",chase-ace,.*,-2,0,2,,0\$" s.csv &&
	j=$(tally --json stats) && test "$(json_get "$j" "\$.stats[0].chips_net")" = 4
'
test_expect_success 'the night report: 4 dimes won from the pot, +$0.40, not -0 lives' '
	tally sheet night:1 -o night.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 night.pdf - > p1 2>/dev/null &&
	grep -q "^ *1st *Al " p1 && grep -q "dimes won from the pot: Al 4\$" p1 &&
	grep -q "Net: Al +\$0.40, Bea -\$0.20, Cy -\$0.20\." p1 && ! grep -q "lives" p1
'
test_expect_success 'the CSV export: pot_won and the Gin final' '
	tally new gin Al Bea -o target=10 > /dev/null &&
	tally hand --gin Al Bea=12 > /dev/null &&
	tally export --format csv | tr -d "\r" > e.csv &&
	head -n 1 e.csv > head &&
	echo "uid,id,game,started,status,night,player,seat,total,chips,rank,winner,out,pot_won,final" > want &&
	test_cmp want head &&
	grep -q ",\"Al\",1,0,2,1,1,0,4,\$" e.csv &&
	grep -q ",\"Bea\",2,0,0,3,0,1,0,\$" e.csv &&
	f=$(json_get "$(tally --json show 2)" "\$.players[0].final") && test -n "$f" &&
	grep -q ",\"Al\",1,[0-9]*,,1,1,0,,$f\$" e.csv
'
test_done
