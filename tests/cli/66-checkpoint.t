#!/bin/sh
# SPDX-License-Identifier: ISC
# A long game keeps a checkpoint: its replayed state after a hand, so a
# command replays only the hands after it.  The replay stays the truth:
# what a command reads from the checkpoint is what a whole replay gives;
# a change reaching a hand the checkpoint holds drops it; a damaged one,
# or another game's, is never trusted; `tally check` replays and compares.
. "$(dirname "$0")/lib.sh"
unset TALLY_CHECKPOINT_EVERY  # the counts below are for the interval tally keeps

# play N hands of game ID (Golf, 4 cards, points as totals), hand k
# scoring k mod 7, 3, k mod 5 and 9
play() {
	k=1
	while [ $k -le "$2" ]; do
		tally hand -g "$1" Ann=$((k % 7)) Bob=3 Cid=$((k % 5)) Dee=9 > /dev/null || return 1
		k=$((k + 1))
	done
}
# what game ID shows, read from the file as it is, and from a copy
# with no checkpoint (the whole replay): they must be the same
same_as_replay() {
	tally --json show "$1" > kept.json &&
	cp "$TALLY_DB" whole.db && sqlite3 whole.db "DELETE FROM checkpoint" &&
	tally --db whole.db --json show "$1" > whole.json &&
	cmp kept.json whole.json
}
checkpoint() { sqlite3 "$TALLY_DB" "SELECT coalesce((SELECT c.hands FROM checkpoint c JOIN game g ON g.id = c.game_id
    WHERE c.game_id = $1 AND c.revision = g.revision), 0)"; }

test_expect_success 'a long game keeps a checkpoint; what is read from it is the whole replay' '
	tally new golf Ann Bob Cid Dee -o target=100000 > /dev/null &&
	play 1 40 &&
	test "$(checkpoint 1)" = 32 &&
	same_as_replay 1 &&
	test "$(totals 1)" = "Ann=120 Bob=120 Cid=80 Dee=360" &&
	tally check > out && grep_msg "(and from its checkpoint)" out &&
	test "$(json_get "$(tally --json check)" "\$.checkpoints")" = 1
'

# A hand column a game declares and a hand leaves empty (Golf's quarters
# in a game without stakes) is kept in one byte a seat: the 32 hands kept
# are some 28 bytes each (the points, what is held, the pot, the label and
# the empty cells), where an empty cell of ten bytes made them 63, and a
# long game's command read and decoded all of them.
test_expect_success 'a checkpoint keeps an empty hand column in a byte a seat' '
	test "$(sqlite3 "$TALLY_DB" "SELECT length(state) FROM checkpoint_bytes WHERE game_id = 1")" -lt 1200
'

# Hand 3 scored Ann 3; edited to Ann 10 her total goes up by 7.  The
# first hand after the edit keeps a new checkpoint (41), the next 16 later.
test_expect_success 'an edit, an insert or an undo of a hand the checkpoint holds drops it; one after it keeps it' '
	tally edit 3 Ann=10 Bob=3 Cid=3 Dee=9 > /dev/null &&
	test "$(checkpoint 1)" = 0 &&
	test "$(totals 1)" = "Ann=127 Bob=120 Cid=80 Dee=360" && same_as_replay 1 &&
	play 1 16 && test "$(checkpoint 1)" = 41 &&
	tally undo > /dev/null && test "$(checkpoint 1)" = 41 && same_as_replay 1 &&
	tally insert 2 Ann=1 Bob=1 Cid=1 Dee=1 > /dev/null && test "$(checkpoint 1)" = 0 && same_as_replay 1 &&
	TALLY_CHECKPOINT_EVERY=1 tally hand Ann=1 Bob=2 Cid=3 Dee=4 > /dev/null && test "$(checkpoint 1)" = 57 &&
	tally undo > /dev/null && test "$(checkpoint 1)" = 0 && same_as_replay 1 &&
	tally redo > /dev/null && same_as_replay 1 &&
	tally check > out && grep_msg "the one game replays to what is stored" out
'

test_expect_success 'check counts the games it replayed in words: none, the one, all N; one that differs' '
	tally --db counts.db check > out && grep_msg "ok: the file is sound, no game to replay" out &&
	tally --db counts.db new golf Ann Bob > /dev/null &&
	tally --db counts.db check > out && grep_msg "ok: the file is sound, the one game replays to what is stored" out &&
	! grep -q "1 game replay\|all 1 " out &&
	tally --db counts.db check player:Ann > out && grep_msg "the one game that matches replays" out &&
	tally --db counts.db hand Ann=3 Bob=4 > /dev/null &&
	sqlite3 counts.db "UPDATE hand SET entry = '"'"'Ann=5 Bob=4'"'"' WHERE game_id = 1" &&
	expect_status 70 tally --db counts.db check > out 2> err && grep_msg "1 of 1 game differs from its replay" err &&
	tally --db counts.db new golf Cid Dee > /dev/null 2>&1 &&
	expect_status 70 tally --db counts.db check > out 2> err && grep_msg "1 of 2 games differs from its replay" err
'

test_expect_success 'a damaged checkpoint: check says so, tally ignores it, the next hand keeps a sound one' '
	TALLY_CHECKPOINT_EVERY=1 tally hand Ann=1 Bob=2 Cid=3 Dee=4 > /dev/null && test "$(checkpoint 1)" = 58 &&
	tally --json show 1 > good.json &&
	sqlite3 "$TALLY_DB" "UPDATE checkpoint_bytes SET state = substr(state, 1, 300) || x'"'"'07'"'"' || substr(state, 302)" &&
	expect_status 70 tally check > out 2> err &&
	grep_msg "game 1: its checkpoint (hand 58) is damaged or not its own; tally ignores it" out &&
	grep_msg "1 of 1 game differs from its replay" err &&
	tally --json show 1 > now.json && cmp good.json now.json &&
	tally hand Ann=1 Bob=2 Cid=3 Dee=4 > /dev/null && test "$(checkpoint 1)" = 59 &&
	tally check > out && grep_msg "(and from its checkpoint)" out
'

# Two games of the same players and options: one's checkpoint put in the
# other's place (its revision made to match) is another game's state.
test_expect_success 'another game'"'"'s checkpoint, or another build'"'"'s, is never trusted' '
	tally new golf Ann Bob Cid Dee -o target=100000 > /dev/null &&
	k=1 && while [ $k -le 40 ]; do tally hand -g 2 Ann=2 Bob=$((k % 3)) Cid=4 Dee=1 > /dev/null || exit 1; k=$((k + 1)); done &&
	test "$(checkpoint 2)" = 32 &&
	tally --json show 2 > good.json &&
	sqlite3 "$TALLY_DB" "UPDATE checkpoint_bytes SET state = (SELECT state FROM checkpoint_bytes WHERE game_id = 1)
	    WHERE game_id = 2" &&
	tally --json show 2 > now.json && cmp good.json now.json &&
	expect_status 70 tally check > out 2> /dev/null && grep_msg "game 2: its checkpoint (hand 32) is damaged or not its own" out &&
	sqlite3 "$TALLY_DB" "UPDATE checkpoint_bytes SET rows = (SELECT rows FROM checkpoint_bytes WHERE game_id = 1)
	    WHERE game_id = 2" &&
	tally --json show 2 > now.json && cmp good.json now.json &&
	tally hand -g 2 Ann=2 Bob=2 Cid=4 Dee=1 > /dev/null && tally --json show 2 > good.json &&
	sqlite3 "$TALLY_DB" "UPDATE checkpoint SET build = '"'"'r1-0000000000000000'"'"'" &&
	tally --json show 2 > now.json && cmp good.json now.json &&
	tally check > out && grep_msg "all 2 games replay" out
'

test_expect_success 'table mode reads the checkpoint too: 20 hands typed give the same game' '
	printf "use 2\n" > lines &&
	k=1 && while [ $k -le 20 ]; do printf "hand Ann=%d Bob=1 Cid=2 Dee=3\n" $((k % 4)) >> lines; k=$((k + 1)); done &&
	tally shell < lines > /dev/null &&
	test "$(checkpoint 2)" -ge 48 && same_as_replay 2 && tally check > /dev/null
'
# The rows a checkpoint keeps stand for the hands stored; rows changed
# under it (Bob's 0s made 9s in early hands, the last one as it was) are
# never read as the game: the state's digest of the entries differs.
test_expect_success 'a checkpoint whose rows are not the hands stored is not read' '
	test "$(checkpoint 2)" -gt 41 && tally --json show 2 > good.json &&
	h=$(sqlite3 "$TALLY_DB" "SELECT hex(rows) FROM checkpoint_bytes WHERE game_id = 2") &&
	from=$(printf "Bob=0" | od -An -tx1 | tr -d " \n" | tr a-f A-F) &&
	to=$(printf "Bob=9" | od -An -tx1 | tr -d " \n" | tr a-f A-F) &&
	bad=$(printf "%s" "$h" | sed "s/$from/$to/g") && test "$bad" != "$h" &&
	sqlite3 "$TALLY_DB" "UPDATE checkpoint_bytes SET rows = X'"'"'$bad'"'"' WHERE game_id = 2" &&
	tally --json show 2 > now.json && cmp good.json now.json &&
	expect_status 70 tally check > out 2> /dev/null && grep_msg "game 2: its checkpoint" out
'
test_done
