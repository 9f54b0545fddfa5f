#!/bin/sh
# SPDX-License-Identifier: ISC
# `show --csv`: the score table for a spreadsheet, read back with a CSV
# reader: a header (the hand word, each player, each side, each player's
# hand lines), a record per hand with each player's points in seat order,
# then total, the game's own lines, rank.  Numbers plain (no grouping),
# names quoted as RFC 4180 says (a comma, a doubled quote, UTF-8).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# cell ROW COLUMN: the field of out.csv (csv_cell.py also checks CRLF and
# that every record has the header's fields)
cell() { python3 "$HERE/csv_cell.py" out.csv "$1" "$2"; }
# is ROW COLUMN VALUE
is() {
	got=$(cell "$1" "$2") || return 1
	[ "$got" = "$3" ] || { echo "$1/$2: '$got', expected '$3'" >&2; return 1; }
}

test_expect_success 'Golf: a record per hole, points in seat order, total and rank' '
	tally new golf "Ann, \"Jr\"" Bob Zoë > /dev/null &&
	tally hand "Ann, \"Jr\""=5 Bob=3 Zoë=0 > /dev/null && tally hand "Ann, \"Jr\""=12 Bob=7 Zoë=20 > /dev/null &&
	tally show --csv > out.csv &&
	head -1 out.csv | grep -q "^hole,\"Ann, \"\"Jr\"\"\",\"Bob\",\"Zoë\"" &&
	is 1 "Ann, \"Jr\"" 5 && is 1 Bob 3 && is 1 Zoë 0 &&
	is 2 "Ann, \"Jr\"" 12 && is 2 Zoë 20 &&
	is total "Ann, \"Jr\"" 17 && is total Bob 10 && is total Zoë 20 &&
	is rank Bob 1 && is rank "Ann, \"Jr\"" 2 && is rank Zoë 3 &&
	test "$(wc -l < out.csv)" = 5
'
test_expect_success 'Hand & Foot in partners: the sides beside the players, no grouping' '
	tally new hand-foot Ann+Cid Bob+Dee -o preset=common > /dev/null 2>&1 &&
	tally hand --out Bob Ann=400m60o30l Bob=1c2d335m90o Cid=200l Dee=200l > /dev/null &&
	tally hand --out Dee Ann=1d210m90o45l Cid=1c150m95o80l Bob=1d1r180m90o35l Dee=1c1d320m95o > /dev/null &&
	tally show --csv > out.csv &&
	head -1 out.csv | grep -q "^round,\"Ann\",\"Bob\",\"Cid\",\"Dee\",\"Ann & Cid\",\"Bob & Dee\",\"Ann clean books\"," &&
	is 1 Ann 370 && is 1 Bob 1535 && is 1 Cid -200 && is 1 Dee -200 &&
	is 1 "Ann & Cid" 170 && is 1 "Bob & Dee" 1335 &&
	is 1 "Bob clean books" 1 && is 1 "Bob dirty books" 2 && is 1 "Bob went out" true && is 1 "Ann went out" false &&
	is 1 "Ann cards left" 30 && is 2 "Dee points melded" 320 &&
	is 2 Dee 1220 && is 2 "Bob & Dee" 1765 &&
	is total Bob 2080 && is total "Ann & Cid" 1205 && is total "Bob & Dee" 3100 &&
	is total "Bob clean books" "" &&
	is rank "Bob & Dee" 1 && is rank "Ann & Cid" 2 && is rank Ann 2
'
test_expect_success 'Bankrupt: the chips held after each round, what was upped, the chips' '
	tally new bankrupt Ann Bob Cid Dee --dealer Dee > /dev/null &&
	tally hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Ann=3:Bob,Dee > /dev/null &&
	tally hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" > /dev/null &&
	tally show --csv > out.csv &&
	is 1 Ann 46 && is 1 Bob 45 && is 1 Cid 47 && is 1 Dee 62 &&
	is 1 "Ann chips upped" 3 && is 1 "Cid chips upped" 0 &&
	is 2 Ann 45 && is 2 Dee 68 &&
	is chips Ann 45 && is chips Bob 43 && is chips Cid 44 && is chips Dee 68 &&
	is rank Dee 1 && is rank Bob 4 &&
	# what the table started with, all there
	test $(( $(cell chips Ann) + $(cell chips Bob) + $(cell chips Cid) + $(cell chips Dee) )) = 200
'
test_expect_success 'a name with a comma and quotes, one in CJK; thousands not grouped' '
	tally new pad "Smith, \"Red\"" 李雷 > /dev/null &&
	tally hand "Smith, \"Red\""=12345 李雷=-3 > /dev/null &&
	tally show --csv > out.csv &&
	head -1 out.csv | grep -q "^hand,\"Smith, \"\"Red\"\"\",\"李雷\"" &&
	is 1 "Smith, \"Red\"" 12345 && is total 李雷 -3 && is rank 李雷 1 &&
	tr -d "\r" < out.csv | sed -n 2p | grep -qx "1,12345,-3"
'
test_expect_success 'show --csv of another game by its id; --json wins over --csv' '
	tally show 1 --csv > out.csv && is total Zoë 20 &&
	tally --json show 1 --csv > j && head -c 1 j | grep -q "{"
'
# sums: each player's column of out.csv adds up to their total row, as a
# spreadsheet's SUM over it does (csv_sums.py)
sums() { python3 "$HERE/csv_sums.py" out.csv; }
test_expect_success 'a late arrival: a joined row before their first hand, the column adds up' '
	tally new golf Ann Bob > /dev/null &&
	for i in 1 2 3 4; do tally hand Ann=1 Bob=2 > /dev/null 2>&1 || return 1; done &&
	tally join Eve > /dev/null &&
	tally hand Ann=1 Bob=1 Eve=1 > /dev/null &&
	tally show --csv > out.csv &&
	is joined Eve 8 && is joined Ann "" && is joined Bob "" &&
	is 5 Eve 1 && is total Eve 9 && is 4 Eve "" &&
	# the row stands between hole 4 and hole 5
	tr -d "\r" < out.csv | sed -n 6p | grep -qx "joined,,,8" &&
	sums &&
	# one sat down since the last hand: the row after it, before total
	tally join Dan > /dev/null &&
	tally show --csv > out.csv &&
	tr -d "\r" < out.csv | sed -n 8p > row &&
	echo "joined,,,,$(cell total Dan)" > want && test_cmp want row &&
	sums
'
test_expect_success 'a substitute: a sub row naming who plays the seat from that hand' '
	tally sub Bob Cid > /dev/null &&
	tally hand Ann=2 Bob=3 Eve=4 Dan=5 > /dev/null &&
	tally sub Cid Bob > /dev/null &&
	tally hand Ann=2 Bob=3 Eve=4 Dan=5 > /dev/null 2>&1 &&
	tally show --csv > out.csv &&
	tr -d "\r" < out.csv | sed -n "9,12p" > rows &&
	printf "%s\n" "sub,,\"Cid\",," "6,2,3,4,5" "sub,,\"Bob\",," "7,2,3,4,5" > want &&
	test_cmp want rows &&
	sums
'
test_done
