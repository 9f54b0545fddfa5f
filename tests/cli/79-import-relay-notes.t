#!/bin/sh
# SPDX-License-Identifier: ISC
# A club's week, for a night's note (`tally note night`): laptop A plays a
# night, the host takes it, laptops B and C take the host's file; the note
# set on one laptop, changed on another, goes back through the host in
# several orders.  A night's note merges by what each version holds of each
# file's changes (core/merge.h, as a game does): a note that passed through
# a second file is never a false conflict, a note changed on two sides
# apart is one (exit 65, both notes shown) in every file, even where one
# side changed it back to a note the other had, and --theirs / --ours
# settle it.
. "$(dirname "$0")/lib.sh"

# on FILE at TIME COMMAND...: tally on that file at that time
on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# note FILE: the night's note there ("-": none)
note() { sqlite3 "$SCRATCH/$1.db" "SELECT coalesce(note, '-') FROM night WHERE uid = '$(cat night.uid)'"; }
# setnote FILE TIME TEXT: the night's note changed there
setnote() { on "$1" "$2" note night "$(sqlite3 "$SCRATCH/$1.db" "SELECT id FROM night WHERE uid = '$(cat night.uid)'")" \
    "$3" > /dev/null; }
# import_ok FILE FROM: FROM imported into FILE without a conflict
import_ok() { TALLY_DB=$SCRATCH/$1.db tally import "$SCRATCH/$2.db" > "$SCRATCH/$1.out" 2> "$SCRATCH/$1.err"; }
# conflict FILE FROM: a conflict over the night's note, nothing imported
conflict() {
	cp "$1.db" "$1.before" &&
	expect_status 65 env TALLY_DB="$SCRATCH/$1.db" "$TALLY" import "$SCRATCH/$2.db" 2> "$1.err" &&
	grep_msg "its note changed here and in the file" "$1.err" && cmp "$1.db" "$1.before"
}

test_expect_success 'laptop A plays a night; the host takes it, laptops B and C take the host' '
	on A 2026-11-20T19:00:00Z new golf Ann Bob > /dev/null &&
	on A 2026-11-20T19:10:00Z hand Ann=3 Bob=4 > /dev/null &&
	sqlite3 A.db "SELECT uid FROM night" > night.uid &&
	on H 2026-11-20T18:00:00Z new pad Hal Ida > /dev/null &&
	on B 2026-11-20T19:00:00Z new accordion Cid Dee > /dev/null &&
	on C 2026-11-20T19:00:00Z new golf Eve Fay > /dev/null &&
	import_ok H A && import_ok B H && import_ok C H &&
	# four files, four uids: no laptop is a restore of the host
	for f in A B C H; do sqlite3 $f.db "SELECT value FROM meta WHERE key = '\''uid'\''"; done | sort -u > uids &&
	test "$(wc -l < uids)" = 4 &&
	for f in A H B C; do test "$(note $f)" = - || exit 1; done
'

test_expect_success 'set on A, through the host to B, changed on B, back to the host and to A' '
	setnote A 2026-11-20T20:00:00Z "at Ann'"'"'s" &&
	import_ok H A && test "$(note H)" = "at Ann'"'"'s" &&
	import_ok B H && test "$(note B)" = "at Ann'"'"'s" &&
	setnote B 2026-11-20T21:00:00Z "at Ann'"'"'s; Bob left early" &&
	import_ok H B || { cat H.err; exit 1; }
	test "$(note H)" = "at Ann'"'"'s; Bob left early" &&
	import_ok A H || { cat A.err; exit 1; }
	grep_msg "took the note of 1 night from the file" A.out &&
	test "$(note A)" = "at Ann'"'"'s; Bob left early"
'

test_expect_success 'C, which had it from the host before the note, takes it from A or B alike' '
	cp C.db C2.db && import_ok C A && test "$(note C)" = "at Ann'"'"'s; Bob left early" &&
	import_ok C2 B && test "$(note C2)" = "at Ann'"'"'s; Bob left early" &&
	import_ok C2 H && ! grep -q "took the note" C2.out && import_ok C2 A && ! grep -q "took the note" C2.out &&
	test "$(note C2)" = "at Ann'"'"'s; Bob left early"
'

test_expect_success 'every file takes every other in several orders: no conflict, one note' '
	for order in "A B C H" "C H B A" "B A H C" "H C A B"; do
		for f in $order; do for g in A B C H; do
			[ $f = $g ] || import_ok $f $g || { echo "$f from $g ($order)"; cat $f.err; exit 1; }
		done; done
	done &&
	for f in A B C H; do test "$(note $f)" = "at Ann'"'"'s; Bob left early" || exit 1; done
'

test_expect_success 'a change at any laptop after the merge reaches every other file through the host' '
	setnote C 2026-11-27T19:00:00Z "the rematch is on the 4th" &&
	import_ok H C && import_ok A H && import_ok B A &&
	setnote B 2026-11-27T20:00:00Z "the rematch moved to the 5th" &&
	import_ok H B && import_ok C H && import_ok A C &&
	for f in A B C H; do test "$(note $f)" = "the rematch moved to the 5th" || exit 1; done
'

test_expect_success 'changed on two sides apart: a conflict in every file, both notes shown, nothing lost' '
	setnote A 2026-12-04T19:00:00Z "A says" &&
	setnote C 2026-12-04T19:05:00Z "C says" &&
	import_ok H A && conflict H C &&
	grep_msg "here: \"A says\"; there: \"C says\"" H.err &&
	conflict C A && conflict C H && conflict A C && import_ok B H && conflict B C &&
	test "$(note H)" = "A says" && test "$(note C)" = "C says"
'

test_expect_success '--theirs settles it; the answer then reaches every file, C too' '
	TALLY_DB=$SCRATCH/H.db tally import --theirs C.db > H.out && test "$(note H)" = "C says" &&
	import_ok A H && import_ok B H && import_ok C H && import_ok H A && import_ok C B &&
	for f in A B C H; do test "$(note $f)" = "C says" || exit 1; done
'

test_expect_success '--ours settles it the other way, and the file that lost takes it back' '
	setnote B 2026-12-11T19:00:00Z "B says" && setnote H 2026-12-11T19:05:00Z "the host says" &&
	conflict H B && TALLY_DB=$SCRATCH/H.db tally import --ours B.db > H.out && test "$(note H)" = "the host says" &&
	import_ok B H && test "$(note B)" = "the host says" && import_ok H B && import_ok A H && import_ok C A &&
	for f in A B C H; do test "$(note $f)" = "the host says" || exit 1; done
'

test_expect_success 'a note changed back to what the other side had is still a change: a conflict' '
	# the host goes back to the note A had; A, meanwhile, changes it
	setnote H 2026-12-18T19:00:00Z "first" && import_ok A H && import_ok H A &&
	setnote H 2026-12-18T19:10:00Z "second" && import_ok A H &&
	setnote H 2026-12-18T19:20:00Z "first" && setnote A 2026-12-18T19:30:00Z "A again" &&
	conflict H A && conflict A H
'

test_expect_success 'the clocks travel in the export; a restore keeps them; a night clock that is none is refused' '
	on H 2026-12-19T10:00:00Z export -o h.json > /dev/null &&
	grep -q "\"note\":\"first\",\"taken\":{[^}]*\"versions\":{[^}]*},\"here\":{[^}]*}},\"versions\":{\"" h.json &&
	TALLY_DB=$SCRATCH/R.db tally import --restore h.json > out && grep_msg "restored:" out &&
	TALLY_DB=$SCRATCH/R.db tally export -o r.json > /dev/null && cmp h.json r.json &&
	sed "s/\"versions\":{\"[^}]*}}/\"versions\":{\"x\":-1}}/" h.json > bad.json && ! cmp -s h.json bad.json &&
	cp A.db A.before && expect_status 65 env TALLY_DB="$SCRATCH/A.db" "$TALLY" import bad.json 2> err &&
	grep_msg "its night'"'"'s versions are not file uids with a revision each" err && cmp A.db A.before
'

test_done
