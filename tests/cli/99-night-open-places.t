#!/bin/sh
# SPDX-License-Identifier: ISC
# A game still open has no places yet, only places as they stand: its
# section of the night report says so ("=1st so far"), as page 1 says
# "Leading so far" while a game is in play; once the game ends they are
# its places.
. "$(dirname "$0")/lib.sh"

test_expect_success 'the night PDF: an open game gives its places so far, in the legend and in words' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=1 Cid=5 > /dev/null && tally end > /dev/null &&
	tally new golf Ann Bob Cid > /dev/null &&
	for i in 1 2 3; do tally hand Ann=$i Bob=4 Cid=2 > /dev/null || return 1; done &&
	tally new chase-ace Ann Bob Cid > /dev/null && tally hand Ann=A Bob=K Cid=3 > /dev/null &&
	tally sheet night:1 -o n.pdf > /dev/null &&
	pdftotext -layout -f 1 -l 1 n.pdf - | grep -q "Leading so far" &&
	pdftotext -layout -f 2 -l 2 n.pdf - > p2 && pdftotext -f 2 -l 2 n.pdf - | tr "\n" " " > w2 &&
	grep -q "^ *6 points, =1st so far$" p2 && grep -q "^ *12 points, 3rd so far$" p2 &&
	! grep -q "^ *[0-9]* points, [=0-9]*[a-z][a-z]$" p2 &&
	grep_msg "in progress after 1 round. Ann: 2 lives, 3rd so far; Bob: 3 lives, =1st so far; Cid: 3 lives, =1st so far." w2 &&
	grep_msg "Ann: 1 point, =1st (winner); Bob: 1 point, =1st (winner); Cid: 5 points, 3rd." w2
'
test_expect_success 'ended, the game has its places' '
	tally end -g 2 > /dev/null && tally sheet night:1 -o e.pdf > /dev/null &&
	pdftotext -layout -f 2 -l 2 e.pdf - > p2 &&
	grep -q "^ *6 points, =1st (winner)$" p2 && grep -q "^ *12 points, 3rd$" p2 &&
	test "$(grep -c "so far" p2)" = 1
'
test_expect_success 'partnership play: an open game gives its sides by place so far' '
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null &&
	tally hand --out Ann Ann=1c2d300m90o Cid=80m20l Bob=1d200m95o35l Dee=90m45l > /dev/null &&
	tally sheet night:1 -o s.pdf > /dev/null && pdftotext s.pdf - | tr "\n" " " > w &&
	grep_msg "in progress after 1 round; so far 1st Ann & Cid 570 (Ann 510, Cid 60); 2nd Bob & Dee" w && grep_msg "with Ann & Cid so far" w
'
test_done
