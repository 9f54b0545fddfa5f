#!/bin/sh
# SPDX-License-Identifier: ISC
# The ratings' "last night" is the last club night in the nights' order:
# by start, then by id, so of two nights started in the same second the
# one made second.  Games that started in one second are rated in uid
# order (the same in any file), but which uid came last does not pick
# the night: text, --json and --csv all give the new night's players
# their change and the older night's players none.
. "$(dirname "$0")/lib.sh"

export TALLY_NOW=2026-11-21T20:00:00Z
# the older night's game gets the uid that sorts last
uid() { sqlite3 "$TALLY_DB" "UPDATE game SET uid = '$2' WHERE id = $1"; }

test_expect_success 'two nights started in one second, a pad each' '
	tally night start Chips > /dev/null && tally new pad Ann Bob -o hands=1 > /dev/null &&
	uid 1 ffffffffffffffffffffffffffffffff && tally hand Ann=1 Bob=2 > /dev/null &&
	tally night end > /dev/null 2>&1 &&
	tally night start Poker > /dev/null && tally new pad Cid Dee -o hands=1 > /dev/null &&
	uid 2 00000000000000000000000000000000 && tally hand Cid=1 Dee=2 > /dev/null &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(DISTINCT started) FROM night")" = 1
'
test_expect_success 'text: the new night is last night' '
	tally ratings > out && grep_msg "last night" out &&
	grep -q "^Cid  *Pad .* +[0-9.]*\$" out && grep -q "^Dee  *Pad .* -[0-9.]*\$" out &&
	grep -q "^Ann  *Pad .* -\$" out && grep -q "^Bob  *Pad .* -\$" out
'
test_expect_success '--json and --csv say the same' '
	# json_extract gives SQL NULL, an empty string, for null
	j=$(tally --json ratings player:Cid) && test -n "$(json_get "$j" "\$[0].change")" &&
	j=$(tally --json ratings player:Ann) && test -z "$(json_get "$j" "\$[0].change")" &&
	tally --json ratings player:Ann | grep -q "\"change\":null" &&
	tally ratings --csv | tr -d "\r" > c &&
	grep -q "^\"Cid\",\"Pad\",.*,1,[0-9.]*\$" c && grep -q "^\"Ann\",\"Pad\",.*,1,\$" c
'
test_expect_success 'worked out again from the games, the same; check agrees' '
	sqlite3 "$TALLY_DB" "DELETE FROM rating_state; DELETE FROM rating; DELETE FROM rating_snap" &&
	tally ratings > again && grep -q "^Cid  *Pad .* +[0-9.]*\$" again && grep -q "^Ann  *Pad .* -\$" again &&
	tally check > out && grep_msg "ok:" out
'
test_done
