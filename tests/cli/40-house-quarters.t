#!/bin/sh
# SPDX-License-Identifier: ISC
# The house preset: all multiples cancel, K and jokers 0, each hole's
# highest scorer pays a quarter into the jar, no quarters = out, the last
# player in takes the jar (RULES.md 9.2, 9.4, 9.6).
. "$(dirname "$0")/lib.sh"

quarters() {
	j=$(tally show --json "$@") || return 1
	printf '%s' "$j" > "$SCRATCH/json.tmp"
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name') || '=' || json_extract(value, '\$.chips'), ' ')
	    || ' jar=' || json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '\$.pot')
	    FROM json_each(json_extract(CAST(readfile('$SCRATCH/json.tmp') AS TEXT), '\$.players'))"
}

test_expect_success 'a house game starts with 4 quarters each' '
	tally new golf Ann Bob Cid -o preset=house > out &&
	grep_msg "option preset = house" out &&
	test "$(quarters)" = "Ann=4 Bob=4 Cid=4 jar=0"
'
test_expect_success 'GF1 house layouts: Q Q Q K = 0, 5 5 5 9 = 9, 10 J Q 9 = 39' '
	tally hand Ann="Q Q Q K" Bob="5 5 5 9" Cid="10 J Q 9" > out &&
	grep_msg "hole 1: Ann 0 Bob 9 Cid 39" out &&
	grep_msg "Cid pays a quarter" out &&
	test "$(quarters)" = "Ann=4 Bob=4 Cid=3 jar=1"
'
test_expect_success 'jokers are 0 and a tie for highest makes both pay' '
	expect_status 64 tally hand Ann="Jk Jk 8 3" Bob="9 2 K 0" 2>err &&
	grep_msg "Bob: '\''0'\'' is not a card" err &&
	expect_status 64 tally hand Ann="Jk Jk 8 3" Bob="A 10 K 0" Cid=11 2>err &&
	grep_msg "Bob: '\''0'\'' is not a card" err &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand")" = 1 &&
	tally hand Ann="Jk Jk 8 3" Bob="A 10 K K" Cid=11 > out &&
	grep_msg "hole 2: Ann 11 Bob 11 Cid 11" out &&
	grep_msg "nobody pays" out &&
	tally hand Ann=2 Bob=20 Cid=20 > out &&
	test "$(quarters)" = "Ann=4 Bob=3 Cid=2 jar=3"
'
test_expect_success 'the game runs to the last player, who takes the jar' '
	tally hand Ann=2 Bob=5 Cid=20 > /dev/null &&
	tally hand Ann=2 Bob=5 Cid=20 > out && grep_msg "Cid pays a quarter and is out" out &&
	test "$(quarters)" = "Ann=4 Bob=3 Cid=0 jar=5" &&
	tally hand Ann=2 Bob=9 Cid=0 > /dev/null &&
	tally hand Ann=2 Bob=9 > /dev/null &&
	tally hand Ann=2 Bob=9 > out &&
	grep_msg "Bob pays a quarter and is out" out &&
	grep_msg "Ann takes the jar of 12 quarters and wins" out &&
	test "$(quarters)" = "Ann=12 Bob=0 Cid=0 jar=0" &&
	j=$(tally show --json) 2>/dev/null; j=$(tally show --json 1) &&
	test "$(json_get "$j" "\$.winners")" = "[\"Ann\"]" &&
	test "$(json_get "$j" "\$.players[1].out")" = 1 &&
	test "$(json_get "$j" "\$.players[1].rank")" = 2 &&
	test "$(json_get "$j" "\$.players[2].rank")" = 3
'
# After every hole, the players' quarters and the jar (the pot account,
# -1, fed by the chip moves so far) hold the 12 quarters of the start.
test_expect_success 'quarters conserved after every hole' '
	sqlite3 "$TALLY_DB" "SELECT h.number, (SELECT sum(s.chips) FROM hand_score s WHERE s.hand_id = h.id)
	    + coalesce((SELECT sum(CASE WHEN m.to_account = -1 THEN m.amount ELSE 0 END
	                         - CASE WHEN m.from_account = -1 THEN m.amount ELSE 0 END)
	        FROM chip_move m JOIN hand p ON p.id = m.hand_id
	        WHERE p.game_id = h.game_id AND p.undone = 0 AND p.number <= h.number), 0)
	    FROM hand h WHERE h.game_id = 1 AND h.undone = 0 ORDER BY h.number" > sums &&
	test "$(wc -l < sums)" -gt 5 &&
	! grep -v "^[0-9]*|12$" sums
'
test_done
