#!/bin/sh
# SPDX-License-Identifier: ISC
# A game set aside and continued on a later night: each night's highlights
# tell only the hands played on it (SPEC: a hand belongs to the night it
# was played on), and the night: query finds the game on the later night
# too, as `tally night` lists it.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
export TZ=UTC


test_expect_success 'golf over two nights: holes 1-3 on W1, 4-5 on W2' '
	on_clock 2026-11-20T19:00:00Z night start W1 && on_clock 2026-11-20T19:01:00Z new golf Ann Bob &&
	for m in 10 20 30; do on_clock 2026-11-20T19:$m:00Z hand Ann=1 Bob=2 || return 1; done &&
	on_clock 2026-11-20T22:00:00Z night end &&
	on_clock 2026-11-27T19:00:00Z night start W2 && on_clock 2026-11-27T19:01:00Z use 1 &&
	on_clock 2026-11-27T19:10:00Z hand Ann=0 Bob=2 && on_clock 2026-11-27T19:20:00Z hand Ann=1 Bob=5 &&
	on_clock 2026-11-27T22:00:00Z night end &&
	tally show 1 > s && grep -q "^5 *1 *5" s
'
test_expect_success 'the first night tells only its own holes' '
	tally night 1 > n1 && grep_msg "best hole 1: Ann (holes 1, 2, 3)" n1 &&
	! grep -q "hole 4" n1 && ! grep -q "best hole 0" n1
'
test_expect_success 'the second night tells only its own holes' '
	tally night 2 > n2 && grep_msg "best hole 0: Ann (hole 4)" n2 &&
	! grep -q "holes 1, 2, 3" n2
'
test_expect_success 'history night:2 finds the game continued on it, as night 2 lists it' '
	tally history night:2 > h2 && grep_msg "5 holes" h2 && grep_msg "Ann, Bob" h2 &&
	tally history night:1 > h1 && grep_msg "Ann, Bob" h1 &&
	tally --json history night:2 > j2 && grep -q "\"id\": *1" j2
'
test_expect_success 'a night nobody continued a game on keeps only its own' '
	on_clock 2026-12-04T19:00:00Z night start W3 && on_clock 2026-12-04T19:01:00Z new golf Cid Dee &&
	on_clock 2026-12-04T19:10:00Z hand Cid=1 Dee=2 &&
	tally history night:3 > h3 && grep -q "Cid" h3 && ! grep -q "Ann" h3 &&
	tally history night:current > hc && grep -q "Cid" hc && ! grep -q "Ann" hc &&
	tally history night:2 > h2b && grep -q "Ann" h2b && ! grep -q "Cid" h2b
'
test_expect_success 'a later night tells not the better hole played before it' '
	on_clock 2026-12-04T22:00:00Z night end &&
	on_clock 2026-12-11T19:00:00Z night start W4 && on_clock 2026-12-11T19:01:00Z use 2 &&
	on_clock 2026-12-11T19:10:00Z hand Cid=3 Dee=4 &&
	tally night 4 > n4 && grep_msg "Golf #2 continued from night #3" n4 &&
	grep_msg "best hole 3: Cid (hole 2)" n4 && ! grep -q "best hole 1" n4 &&
	tally night 3 > n3 && grep_msg "best hole 1: Cid (hole 1)" n3
'
test_done
