#!/bin/sh
# SPDX-License-Identifier: ISC
# An import makes the checks the commands make, through the same
# functions: a time is a time (when_parse, kept in UTC), a substitute is one
# `tally sub` would take (rules_sub_check), a night's name is one `night
# start` would take (names_text_check: 200 bytes, no control, bidi or
# zero-width character), so whatever a file holds the commands could have
# written, and whatever the commands write an import takes back.
. "$(dirname "$0")/lib.sh"

test_expect_success 'set-up: a game of Golf with a substitute, exported' '
	tally new golf Ann Bob Cid > /dev/null && tally hand Ann=1 Bob=2 Cid=3 > /dev/null &&
	tally sub Ann Dee > /dev/null && tally hand Dee=2 Bob=2 Cid=3 > /dev/null &&
	tally export -o e.json > /dev/null && rm -f tally.db
'

# mutate FILE 'python statements on g, the first game' OUT
mutate() {
	python3 -c "
import json
d = json.load(open(\"e.json\")); g = d[\"games\"][0]
$1
json.dump(d, open(\"$2\", \"w\"))"
}
refused() {
	expect_status 65 "$TALLY" import "$1" 2> err && grep_msg "$2" err && grep_msg "nothing was imported" err &&
	test "$(wc -l < err)" = 1 && { ! test -e tally.db || test "$(sqlite3 tally.db "SELECT count(*) FROM game")" = 0; }
}

test_expect_success 'a time that is no time is refused, wherever it stands' '
	mutate "g[\"started\"] = \"garbage\"" t1.json && refused t1.json "its start time '\''garbage'\'' is not an ISO 8601 time" &&
	mutate "g[\"started\"] += \"\\nx\"" t2.json && refused t2.json "Z<U+000A>x'\'' is not an ISO 8601 time" &&
	mutate "g[\"hands\"][0][\"recorded\"] = \"nope\"" t3.json && refused t3.json "hand'\''s recorded time '\''nope'\''" &&
	mutate "g[\"night\"][\"ended\"] = \"2026-02-30T10:00:00Z\"" t4.json && refused t4.json "night'\''s end time" &&
	mutate "g[\"ended\"] = \"2026-11-26T20:00:00\"" t5.json && refused t5.json "its end time"
'

test_expect_success 'a time with an offset is kept in UTC, as the commands keep theirs' '
	mutate "g[\"started\"] = \"2026-11-20T21:30:00+01:00\"" t6.json && tally import t6.json > /dev/null &&
	test "$(sqlite3 tally.db "SELECT started FROM game")" = 2026-11-20T20:30:00Z && rm -f tally.db
'

test_expect_success 'substitutes tally sub refuses are refused' '
	mutate "g[\"subs\"] = [{\"seat\": 1, \"hand\": 2, \"player\": \"Bob\"}]" s1.json &&
	refused s1.json "substitute 1: Bob already plays another seat of Golf; one person plays one seat" &&
	mutate "g[\"subs\"] = [{\"seat\": 1, \"hand\": 1000000, \"player\": \"Zed\"}]" s2.json &&
	refused s2.json "substitute 1: Zed starts at hole 1000000, but Golf has 2" &&
	mutate "g[\"subs\"] = [{\"seat\": 1, \"hand\": 2, \"player\": \"Ann\"}]" s3.json &&
	refused s3.json "substitute 1: Ann already plays that seat" &&
	mutate "g[\"kind\"] = \"pad\"; g[\"options\"] = []; g[\"hands\"] = [{\"entry\": \"Ann=1 Bob=2 Cid=3\"}]" s4.json &&
	refused s4.json "Pad does not allow substitutes"
'

test_expect_success 'a substitute named before hands since undone is taken back as exported' '
	TALLY_DB=$SCRATCH/u.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=$SCRATCH/u.db tally hand Ann=1 Bob=2 > /dev/null && TALLY_DB=$SCRATCH/u.db tally sub Ann Dee > /dev/null &&
	TALLY_DB=$SCRATCH/u.db tally undo > /dev/null && TALLY_DB=$SCRATCH/u.db tally export -o u.json > /dev/null &&
	tally import u.json > out && grep_msg "imported 1 game" out && rm -f tally.db
'

test_expect_success 'night names: the check of night start, at night start and at import' '
	expect_status 64 tally night start "$(printf "%0130000d" 0)" 2> err && grep_msg "(130000 bytes)'\'' is longer than 200 bytes (130000)" err &&
	expect_status 64 tally night start "$(printf "a\033b")" 2> err && grep_msg "night name '\''a<U+001B>b'\'' holds a control character" err &&
	expect_status 64 tally night start "$(printf "a\342\200\256b")" 2> err && grep_msg "holds an invisible format character (U+202E" err &&
	mutate "g[\"night\"][\"name\"] = \"n\" * 130000" n1.json && refused n1.json "(130000 bytes)'\'' is longer than 200 bytes (130000)" &&
	mutate "g[\"night\"][\"name\"] = \"a\\u202eb\"" n2.json && refused n2.json "night name '\''a<U+202E>b'\'' holds an invisible format" &&
	rm -f tally.db && tally night start "$(printf "%0200d" 0)" > /dev/null && tally new golf Ann Bob > /dev/null &&
	tally export -o n3.json > /dev/null && rm -f tally.db* && tally import n3.json > /dev/null
'

test_expect_success 'a pad title with a bidi or control character is refused like a player name' '
	expect_status 64 tally new pad Ann Bob -o "title=$(printf "x\342\200\256y")" 2> err && grep_msg "option title" err &&
	expect_status 64 tally new pad Ann Bob -o "title=$(printf "x\033y")" 2> err &&
	tally new pad Ann Bob -o "title=Rook night" > out && grep_msg "Rook night #" out
'

test_done
