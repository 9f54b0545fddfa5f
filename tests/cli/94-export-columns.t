#!/bin/sh
# SPDX-License-Identifier: ISC
# Export and CSV print whatever columns a game
# declares: `export --format hands` has each hand's points and hand
# columns and each player's game columns, for any game; the json export
# carries the replay's standings; `history --csv` names a pad by its title;
# the chip journal keeps a game's declared ledger unit.
. "$(dirname "$0")/lib.sh"

tally new accordion Ann Bob > /dev/null
tally hand Ann=4 Bob=1 > /dev/null
tally hand Bob=3 > /dev/null
tally new chase-ace Ann Bob Cid --dealer Cid > /dev/null
tally hand Ann=A Bob=5 Cid=K > /dev/null
tally new pad Ann Bob -o title="Hearts, with jokers" > /dev/null
tally hand Ann=5 Bob=21 > /dev/null

test_expect_success 'hands: a hand column per hand (null where unset), game columns per player' '
	tally export game:accordion --format hands > h.csv &&
	head -n 1 h.csv | tr -d "\r" > head && echo "uid,id,game,hand,player,seat,key,value" > want && test_cmp want head &&
	tr -d "\r" < h.csv > h &&
	grep -q ",1,accordion,1,\"Ann\",1,left,4$" h &&
	grep -q ",1,accordion,1,\"Bob\",2,left,1$" h &&
	grep -q ",1,accordion,2,\"Ann\",1,left,$" h &&
	grep -q ",1,accordion,2,\"Bob\",2,left,3$" h &&
	grep -q ",1,accordion,,\"Bob\",2,plays,2$" h &&
	grep -q ",1,accordion,,\"Ann\",1,wins,0$" h
'
test_expect_success 'hands: a chips game gives its counters as the game declares them' '
	tally export game:chase-ace --format hands | tr -d "\r" > c &&
	grep -q ",2,chase-ace,,\"Ann\",1,lives,2$" c &&
	grep -q ",2,chase-ace,,\"Cid\",3,lives,3$" c &&
	grep -q ",2,chase-ace,,\"Ann\",1,won,0$" c &&
	grep -q ",2,chase-ace,1,\"Ann\",1,held,2$" c
'
test_expect_success 'show --json: held, what each hand left a player of a chips game' '
	tally --json show 2 > s.json &&
	grep -q "\"name\":\"Ann\",\"seat\":1,\"total\":0,\"points\":\[0\],\"held\":\[2\]" s.json
'
test_expect_success 'json export: each game with its standings' '
	tally export game:accordion > e.json &&
	grep -q "\"standings\":\[{\"name\":\"Ann\",\"seat\":1,\"total\":0,\"points\":\[0,0\],\"left\":\[4,null\]" e.json
'
test_expect_success 'history --csv: a score pad by its title' '
	tally history --csv | tr -d "\r" > hist &&
	grep -q "^3,\"Hearts, with jokers\"," hist && ! grep -q "^3,pad," hist
'
test_expect_success 'the chip journal keeps Chase the Ace in dimes' '
	tally export game:chase-ace --format ledger > j &&
	grep -q "chase-ace:2:pot  1 dimes" j
'
test_expect_success 'a format tally does not write is refused' '
	expect_status 64 tally export --format hand 2> err && grep_msg "json, csv, hands, ledger, bgstats or bgg" err
'
test_done
