#!/bin/sh
# SPDX-License-Identifier: ISC
# RULES.md 9.3: every ERROR is refused with exit 65, a message naming the
# player and the rule, and nothing stored (show --json is unchanged).
. "$(dirname "$0")/lib.sh"

tally new golf Ann Bob Cid Dee > /dev/null
tally hand Ann="K 3 5 A" Bob=10 Cid=12 Dee=8 > /dev/null
tally show --json > before.json

# refuse STATUS PLAYER TEXT ENTRY...: refused with STATUS, stderr names the
# player and the rule text, one line starting "tally: ", nothing stored.
refuse() {
	want=$1 who=$2 text=$3
	shift 3
	expect_status "$want" tally hand "$@" 2>err &&
	grep_msg "$who" err && grep_msg "$text" err &&
	test "$(wc -l < err)" = 1 && grep -q "^tally: " err &&
	tally show --json > after.json && test_cmp before.json after.json
}

test_expect_success 'a layout of 3 cards' '
	refuse 65 Ann "exactly 4" Ann="K 3 5" Bob=1 Cid=1 Dee=1
'
test_expect_success 'five of a rank from one pack' '
	refuse 65 Bob "K makes 5" Ann="K K K A" Bob="K 2 3 4" Cid="K 2 3 4" Dee=1 ||
	refuse 65 Cid "K makes 5" Ann="K K K A" Bob="K 2 3 4" Cid="K 2 3 4" Dee=1
'
test_expect_success 'the same suited card twice' '
	refuse 65 Bob "appears 2 times" Ann="QH 2 3 4" Bob="QH 5 6 7" Cid=1 Dee=1
'
test_expect_success 'a joker when jokers are not in play' '
	refuse 65 Dee "jokers are not in play" Ann=1 Bob=1 Cid=1 Dee="Jk 2 3 4"
'
test_expect_success 'a total outside 0..40 (standard preset)' '
	refuse 65 Cid "0 to 40" Ann=1 Bob=1 Cid=41 Dee=1 &&
	refuse 65 Cid "0 to 40" Ann=1 Bob=1 Cid=-3 Dee=1
'
test_expect_success 'a player left out' '
	refuse 65 Dee "every player" Ann=1 Bob=1 Cid=1 ||
	refuse 65 Dee "no layout" Ann=1 Bob=1 Cid=1
'
test_expect_success 'two knockers' '
	refuse 65 Bob "one player knocks" Ann=1 Bob=1 Cid=1 Dee=1 --knock Ann --knock Bob
'
test_expect_success 'peeks without peek_cost' '
	refuse 65 Ann "peek_cost" Ann=1 Ann.peeks=2 Bob=1 Cid=1 Dee=1
'
test_expect_success 'malformed tokens are usage errors (64)' '
	refuse 64 Ann "is not a card" Ann="K 3 5 X" Bob=1 Cid=1 Dee=1 &&
	refuse 64 Bob "not PLAYER=VALUE" Ann=1 Bob Cid=1 Dee=1 &&
	refuse 64 "--wash" "no role" Ann=1 Bob=1 Cid=1 Dee=1 --wash &&
	refuse 64 "colour" "no field" Ann=1 Bob.colour=1 Cid=1 Dee=1 &&
	refuse 64 "Ann" "twice" Ann=1 ann=2 Bob=1 Cid=1 Dee=1
'
test_expect_success 'an unknown player is 66' '
	refuse 66 Zed "no player" Zed=1 Bob=1 Cid=1 Dee=1
'
test_expect_success 'the house preset: 0..39 and no knocker' '
	tally new golf Ann Bob Cid -o preset=house > /dev/null &&
	tally show --json > before.json &&
	refuse 65 Ann "0 to 39" Ann=40 Bob=1 Cid=1 &&
	refuse 65 Bob "end_method" Ann=1 Bob=2 Cid=3 --knock Bob
'
test_expect_success 'an eliminated player may only appear as a zero line' '
	tally new golf Ann Bob Cid -o preset=house -o quarters=1 > /dev/null &&
	tally hand Ann=1 Bob=2 Cid=9 > out && grep_msg "Cid pays a quarter and is out" out &&
	tally show --json > before.json &&
	refuse 65 Cid "out of this game" Ann=1 Bob=2 Cid=3
'
test_expect_success 'bad options are usage errors that list what is allowed' '
	expect_status 64 tally new golf Ann Bob -o cancel=sideways 2>err &&
	grep_msg "none|columns|pairs|adjacent_pairs|all_multiples" err &&
	expect_status 64 tally new golf Ann Bob -o colour=red 2>err &&
	grep_msg "options: preset, layout" err &&
	expect_status 64 tally new golf Ann Bob -o preset=casino 2>err &&
	grep_msg "standard|house" err &&
	expect_status 64 tally new golf Ann Bob -o preset=house -o knocker_penalty=plus10 2>err &&
	grep_msg "end_method=knock" err &&
	expect_status 64 tally new golf Ann 2>err && grep_msg "2 to 16 players" err &&
	expect_status 64 tally new golf Ann ann 2>err && grep_msg "seated twice" err &&
	expect_status 66 tally new bridge Ann Bob 2>err
'
test_done
