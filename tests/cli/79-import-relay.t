#!/bin/sh
# SPDX-License-Identifier: ISC
# A club's week: three laptops play, the host gathers them and corrects a
# game, the laptops take the host's file back, a league file gathers the
# host's and the laptops' files in any order.  A game that passed through
# a second file merges by what each version holds of each file's changes
# (core/merge.h): a change made after a merge reaches every file without
# --theirs and is never lost, and only a game changed on two sides apart
# is a conflict.
. "$(dirname "$0")/lib.sh"

# on LAPTOP at TIME COMMAND...: tally on that file at that time
on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# games DB: every game of the file by uid with its live hands, one line a
# game (what every file that merged them must agree on)
games() {
	sqlite3 "$SCRATCH/$1.db" "SELECT g.uid || ' ' || coalesce(g.deleted, '-') || ' ' ||
	    coalesce((SELECT group_concat(entry, '; ') FROM (SELECT entry FROM hand h WHERE h.game_id = g.id
	    AND h.undone = 0 ORDER BY number)), '') FROM game g ORDER BY g.uid"
}
# id DB UID: the game's id in that file
id() { sqlite3 "$SCRATCH/$1.db" "SELECT id FROM game WHERE uid = '$2'"; }
# import_ok DB FILE: imported without a conflict
import_ok() { TALLY_DB=$SCRATCH/$1.db tally import "$SCRATCH/$2.db" > "$SCRATCH/$1.out" 2> "$SCRATCH/$1.err"; }

test_expect_success 'three laptops play a night; the host gathers them and corrects one' '
	on A 2026-11-20T19:00:00Z new golf Ann Bob > /dev/null &&
	on A 2026-11-20T19:10:00Z hand Ann=3 Bob=4 > /dev/null &&
	on A 2026-11-20T19:20:00Z hand Ann=2 Bob=5 > /dev/null && on A 2026-11-20T19:30:00Z end > /dev/null &&
	on B 2026-11-20T19:00:00Z new accordion Cid Dee > /dev/null &&
	on B 2026-11-20T19:10:00Z hand Cid=1 Dee=2 > /dev/null &&
	on B 2026-11-20T19:20:00Z hand Cid=3 Dee=1 > /dev/null &&
	on C 2026-11-20T19:00:00Z new golf Eve Fay > /dev/null &&
	on C 2026-11-20T19:10:00Z hand Eve=1 Fay=6 > /dev/null &&
	on H 2026-11-20T18:00:00Z new pad Hal Ida > /dev/null &&
	import_ok H A && import_ok H B && import_ok H C &&
	acc=$(sqlite3 B.db "SELECT uid FROM game WHERE kind = '\''accordion'\''") &&
	echo "$acc" > acc.uid && sqlite3 C.db "SELECT uid FROM game" > golf.uid &&
	on H 2026-11-20T23:00:00Z edit -g "$(id H "$acc")" 1 Cid=2 Dee=2 > /dev/null &&
	games H > host.games && grep -q "Cid=2 Dee=2; Cid=3 Dee=1" host.games
'

test_expect_success 'the laptop the host took the game from takes the correction back' '
	cp B.db Bcp.db && import_ok Bcp H && grep_msg "updated 1" Bcp.out &&
	games Bcp > b.games && test_cmp host.games b.games && on Bcp 2026-11-21T10:00:00Z check > /dev/null
'

test_expect_success 'a league file takes the host and the laptops in any order, no conflict' '
	for order in "C H B A" "B A C H" "H B C A" "A B H C"; do
		rm -f L.db* && for f in $order; do import_ok L $f || { cat L.err; exit 1; }; done &&
		games L > l.games && test_cmp host.games l.games || { echo "order $order"; exit 1; }
	done &&
	# the laptop, unchanged since the host took its game: already here
	import_ok L B && grep_msg "0 games (0 hands), 1 already here" L.out
'

test_expect_success 'every laptop takes the host back; the host takes them again: all agree' '
	for l in A B C; do import_ok $l H || exit 1; done &&
	for l in C A B; do import_ok H $l && grep_msg "already here" H.out || exit 1; done &&
	for l in A B C H; do games $l > $l.games && test_cmp host.games $l.games || exit 1; done
'

test_expect_success 'the next week: a change at any file after the merge reaches every other' '
	# the host adds a hand to the open Accordion; laptop C corrects its
	# Golf game, which the host and laptop A hold too
	accid=$(id H "$(cat acc.uid)") &&
	on H 2026-11-27T19:00:00Z hand -g $accid Cid=4 Dee=3 > /dev/null &&
	on C 2026-11-27T19:05:00Z edit -g "$(id C "$(cat golf.uid)")" 1 Eve=2 Fay=6 > /dev/null &&
	import_ok A C && grep_msg "updated 1" A.out &&
	import_ok H A && grep_msg "updated 1" H.out &&
	import_ok B H && grep_msg "updated 2" B.out &&
	import_ok C B && grep_msg "updated 1" C.out &&
	import_ok L C && import_ok L A && import_ok L H &&
	games H > host.games && grep -q "Eve=2 Fay=6" host.games && grep -q "Cid=4 Dee=3" host.games &&
	for l in B C L; do games $l > $l.games && test_cmp host.games $l.games || exit 1; done &&
	for l in A B C H L; do on $l 2026-11-28T10:00:00Z check > /dev/null || exit 1; done
'

test_expect_success 'a game changed on two sides apart is a conflict in every file, nothing lost' '
	accid=$(id B "$(cat acc.uid)") &&
	on B 2026-12-04T19:00:00Z hand -g $accid Cid=5 Dee=4 > /dev/null &&
	on H 2026-12-04T23:00:00Z edit -g "$(id H "$(cat acc.uid)")" 2 Cid=3 Dee=2 > /dev/null &&
	cp H.db H.before && cp L.db L.before && cp B.db Bmid.db &&
	expect_status 65 env TALLY_DB="$SCRATCH/H.db" "$TALLY" import B.db 2> err && grep_msg "conflict: Accordion" err &&
	expect_status 65 env TALLY_DB="$SCRATCH/Bmid.db" "$TALLY" import H.db 2> err && grep_msg "conflict: Accordion" err &&
	import_ok L H &&
	expect_status 65 env TALLY_DB="$SCRATCH/L.db" "$TALLY" import B.db 2> err && grep_msg "conflict: Accordion" err &&
	cmp H.db H.before
'

test_expect_success 'a change kept over a file that had not changed is not lost when that file changes' '
	# the host corrects laptop A'\''s game; A, unchanged, is imported
	# again (kept), then A adds a hand: a conflict, not the host'\''s
	# correction quietly replaced
	on A 2026-12-11T19:00:00Z new golf Ann Bob > /dev/null &&
	on A 2026-12-11T19:05:00Z hand Ann=1 Bob=2 > /dev/null &&
	import_ok H A && g=$(sqlite3 A.db "SELECT uid FROM game ORDER BY id DESC LIMIT 1") &&
	on H 2026-12-11T23:00:00Z edit -g "$(id H "$g")" 1 Ann=2 Bob=2 > /dev/null &&
	import_ok H A && grep_msg "1 newer here kept" H.out &&
	on A 2026-12-11T23:30:00Z hand Ann=3 Bob=3 > /dev/null &&
	expect_status 65 env TALLY_DB="$SCRATCH/H.db" "$TALLY" import A.db 2> err && grep_msg "conflict: Golf" err &&
	test "$(sqlite3 H.db "SELECT entry FROM hand WHERE game_id = $(id H "$g") AND number = 1")" = "Ann=2 Bob=2"
'

test_expect_success 'an export whose versions are no clock is refused whole' '
	on A 2026-12-12T10:00:00Z export -o a.json > /dev/null &&
	sed "s/\"versions\":{[^}]*}/\"versions\":{\"x\":-1}/" a.json > bad.json &&
	! cmp -s a.json bad.json && cp H.db H.before &&
	expect_status 65 env TALLY_DB="$SCRATCH/H.db" "$TALLY" import bad.json 2> err &&
	grep_msg "its versions are not file uids with a revision each" err && cmp H.db H.before
'

test_done
