#!/bin/sh
# SPDX-License-Identifier: ISC
# A note that replaces another says what it was, a game's and a night's
# alike, so none is lost unseen; and a night is named by the id the user
# sees: a table's night merged into a club night (history shows only the
# club night's id) keeps a note of its own (it merges night by night,
# cmd/cmd-import.c rule 6), and the message names the club night's id.
. "$(dirname "$0")/lib.sh"
TZ=UTC
export TZ

on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@" > /dev/null; }

test_expect_success 'a game note replaced says what it was; the same text again does not' '
	tally new golf Ann Bob > /dev/null &&
	tally note Bob left early > n1 && grep_msg "note on Golf #1: Bob left early" n1 && ! grep -q "was:" n1 &&
	tally note Hal played on > n2 && grep_msg "note on Golf #1: Hal played on (was: Bob left early)" n2 &&
	tally note Hal played on > n3 && ! grep -q "was:" n3 &&
	tally note "" > n4 && grep_msg "note on Golf #1 cleared (was: Hal played on)" n4
'
test_expect_success 'a night note replaced says what it was, in JSON too' '
	tally note night at Anns place > m1 && ! grep -q "was:" m1 &&
	tally note night at Bobs place > m2 && grep_msg "(was: at Anns place)" m2 &&
	tally --json note night at Cids place > m3 && grep_msg "\"was\":\"at Bobs place\"" m3 &&
	tally --json note night > m4 && ! grep -q "\"was\"" m4
'
test_expect_success 'a merged club night: a table night id is named with the club night id history shows' '
	export TALLY_DB=$SCRATCH/club.db &&
	on A 2026-11-20T19:10:00Z new golf Ann Bob && on A 2026-11-20T19:20:00Z hand Ann=1 Bob=2 &&
	on B 2026-11-20T18:05:00Z new golf Cid Dee && on B 2026-11-20T18:20:00Z hand Cid=1 Dee=2 &&
	TALLY_NOW=2026-11-20T22:00:00Z && export TALLY_NOW &&
	tally import A.db > /dev/null && tally import B.db > /dev/null &&
	tally history > h && test "$(grep -c "^night #" h)" = 1 && grep_msg "night #1 " h &&
	tally note night 2 table B > c1 &&
	grep_msg "note on night #2 \"2026-11-20\" (a table'"'"'s night of club night #1, as history shows it): table B" c1 &&
	tally note night 2 table B, Dee late > c2 && grep_msg "club night #1, as history shows it): table B, Dee late (was: table B)" c2 &&
	tally note night 1 the club > c3 && grep_msg "note on night #1 \"2026-11-20\": the club" c3 &&
	! grep -q "club night #" c3
'
test_done
