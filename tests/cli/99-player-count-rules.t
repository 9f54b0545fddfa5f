#!/bin/sh
# SPDX-License-Identifier: ISC
# A player count a game does not take is refused with its rule and the
# rule's source, as every other refusal says its rule: Trash's pack table
# (RULES.md section 5.2), and every game's own, in new, sheet and join.
. "$(dirname "$0")/lib.sh"

test_expect_success 'new trash with 3 players says the pack table rule' '
	expect_status 64 tally new trash Ann Bob Cid 2> err &&
	grep_msg "Trash is for 4 to 10 players, not 3: its pack table deals 4 to 10 (RULES.md section 5.2)" err &&
	test "$(tally --json list)" = "[]"
'
test_expect_success 'every game says why, too few and too many' '
	for g in $(tally --json games | grep -o "\"name\":\"[a-z-]*\"" | cut -d\" -f4); do
		for n in 0 60; do
			expect_status 64 tally new "$g" $(seq -f "P%g" 1 $n) 2> err || return 1
			grep -q -E "players, not $n: .*(RULES\.md section [0-9.]+|seed [0-9]+|tally.s own limit)" err ||
			    { echo "$g $n:" && cat err && return 1; }
		done
	done
'
test_expect_success 'a blank sheet and a late arrival say the rule too' '
	expect_status 64 tally sheet trash --players 3 -o t.pdf 2> err &&
	grep_msg "not 3: its pack table deals 4 to 10 (RULES.md section 5.2)" err &&
	tally new pad $(seq -f "P%g" 1 20) > /dev/null &&
	expect_status 65 tally join Q 2> err &&
	grep_msg "has 20 players, the most Pad takes: a score pad has a column for each player, and 20 is tally" err
'
test_expect_success 'the options that set a count say their rule too (Gin, Hand & Foot partnerships)' '
	expect_status 64 tally new gin Ann Bob Cid 2> err &&
	grep_msg "Gin Rummy is for 2 players, not 3: it is two-handed (RULES.md section 6.5); three play with" err &&
	expect_status 64 tally new gin Ann Bob -o players_mode=three_rotate 2> err &&
	grep_msg "partnership 4: RULES.md section 6.4)" err &&
	expect_status 64 tally new hand-foot Ann Bob Cid -o partnerships=true 2> err &&
	grep_msg "not 3: partners sit opposite, two to a side (option partnerships, RULES.md section 8.5)" err
'
test_done
