#!/bin/sh
# SPDX-License-Identifier: ISC
# The statistics the writer keeps (schema 7) against the statistics folded
# from the seats.  A fixed-seed random night: Golf and Chase the Ace games
# started at shuffled times (so they finish out of start order), hands,
# undos (some reopen a finished game), redos, edits of old hands and early
# ends.  After each step `tally stats` (read from the kept tables) must
# print exactly what `tally stats since:2000-01-01` (folded from every
# seat) prints, and `tally check` must agree at the end.
. "$(dirname "$0")/lib.sh"

seed=20261122
# rnd N: a number in 0..N-1 into $r (a linear congruential generator, so the
# run is the same everywhere)
rnd() {
	seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
	r=$(( (seed / 65536) % $1 ))
}
RANKS="A 2 3 4 5 6 7 8 9 10 J Q K"
pool="Ann Bob Cid Dee Eve"
games=0
mismatch=0
steps=0

# players of game $1 still in (Chase the Ace), from show --json
active() {
	tally --json show "$1" > act.json
	sqlite3 :memory: "SELECT group_concat(json_extract(value, '\$.name'), ' ') FROM
	    json_each(json_extract(CAST(readfile('act.json') AS TEXT), '\$.players'))
	    WHERE json_extract(value, '\$.out') = 0"
}
kind_of() { sqlite3 "$TALLY_DB" "SELECT kind FROM game WHERE id = $1"; }
seated() { sqlite3 "$TALLY_DB" "SELECT group_concat(p.name, ' ') FROM seat s JOIN player p ON p.id = s.player_id WHERE s.game_id = $1 ORDER BY s.seat"; }

# the entry for the next hand of game $1, into $E (no subshell, so the
# generator moves on)
entry() {
	E=
	if [ "$(kind_of "$1")" = golf ]; then
		for p in $(seated "$1"); do rnd 12; E="$E $p=$r"; done
	else
		for p in $(active "$1"); do
			rnd 13
			set -- $RANKS
			shift $r
			E="$E $p=$1"
		done
	fi
}

new_game() {
	rnd 3
	n=$((r + 2))
	players=$(echo $pool | tr ' ' '\n' | head -$((n + games % 2)) | tail -$n | tr '\n' ' ')
	rnd 28
	day=$(printf '%02d' $((r + 1)))
	rnd 2
	if [ $r = 0 ]; then
		TALLY_NOW=2026-03-${day}T20:00:00Z tally new golf $players -o target=25 > /dev/null
	else
		TALLY_NOW=2026-03-${day}T20:00:00Z tally new chase-ace $players -o lives=2 > /dev/null
	fi && games=$((games + 1))
}

# a game picked at random: an open one ($1 = open) or any
pick() {
	if [ "$1" = open ]; then
		set -- $(sqlite3 "$TALLY_DB" "SELECT id FROM game WHERE status = 'open' ORDER BY id")
	else
		set -- $(sqlite3 "$TALLY_DB" "SELECT id FROM game ORDER BY id")
	fi
	[ $# -gt 0 ] || return 1
	rnd $#
	shift $r
	g=$1
}

status_of() { sqlite3 "$TALLY_DB" "SELECT status FROM game WHERE id = $1"; }
reopened=0 ended=0 edited=0 redone=0 hands=0
step() {
	rnd 40
	op=$r
	if [ $games = 0 ] || [ $op -lt 3 ] || ! pick open; then
		new_game
		return
	fi
	if [ $op -lt 27 ]; then
		entry $g
		tally hand -g $g $E > /dev/null 2>&1 && hands=$((hands + 1))
	elif [ $op -lt 32 ]; then
		pick any
		was=$(status_of $g)
		tally undo -g $g > /dev/null 2>&1 && [ $was = over ] && reopened=$((reopened + 1))
	elif [ $op -lt 35 ]; then
		pick any && tally redo -g $g > /dev/null 2>&1 && redone=$((redone + 1))
	elif [ $op -lt 38 ]; then
		pick any
		h=$(sqlite3 "$TALLY_DB" "SELECT hands FROM game WHERE id = $g")
		entry $g
		[ "$h" -gt 0 ] && [ "$(kind_of $g)" = golf ] && tally edit 1 -g $g $E > /dev/null 2>&1 &&
		    edited=$((edited + 1))
	else
		tally end $g > /dev/null 2>&1 && ended=$((ended + 1))
	fi
	return 0
}

# the kept statistics as `tally stats` prints them, without the club
# leaderboard that opens them (it is not a statistic of the query's games)
# without_board FILE [--json]: a stats output without the club leaderboard
# it opens with (the kept statistics and a days-only query both have one)
without_board() {
	case "${2:-}" in
	--json) sqlite3 :memory: "SELECT json_remove(CAST(readfile('$1') AS TEXT), '\$.leaderboard')" ;;
	*) sed '1,/^$/d' "$1" ;;
	esac
}
kept_stats() { tally "$@" stats > kept.tmp && without_board kept.tmp "$@"; }
folded_stats() { tally "$@" stats since:2000-01-01 > folded.tmp && without_board folded.tmp "$@"; }

same() {
	kept_stats > kept.out && folded_stats > folded.out &&
	kept_stats --json > kept.json && folded_stats --json > folded.json &&
	cmp -s kept.out folded.out && cmp -s kept.json folded.json
}

test_expect_success '200 random steps: kept and folded statistics agree after each' '
	while [ $steps -lt 200 ]; do
		step
		steps=$((steps + 1))
		same || { echo "differ after step $steps"; diff kept.out folded.out; return 1; }
	done &&
	echo "hands=$hands reopened=$reopened redone=$redone edited=$edited ended=$ended" > counts
'
test_expect_success 'the night really exercised what it should' '
	. ./counts && cat counts &&
	test $reopened -ge 2 && test $redone -ge 2 && test $edited -ge 2 && test $ended -ge 2 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game WHERE status = '\''over'\''")" -ge 10 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM stat_line WHERE eliminated > 0")" -ge 1 &&
	test "$(sqlite3 "$TALLY_DB" "SELECT max(longest) FROM stat_line")" -ge 2 &&
	grep -q "nemesis" kept.out
'
test_expect_success 'tally check agrees' '
	tally check > out && grep_msg "the statistics agree" out
'
test_expect_success 'a big import (past 500 games) refills the statistics once, and they agree' '
	tally export --format json > night.json &&
	n=$(grep -c "^{\"uid\"" night.json) && test "$n" -ge 20 &&
	awk -v copies=30 "NR == 1 { print; next } /^{\"uid\"/ { line[++k] = \$0; next } { tail = \$0 }
	    END { for (c = 1; c <= copies; c++) for (i = 1; i <= k; i++) {
	        l = line[i]; sub(/\"uid\":\"[0-9a-f]*\"/, sprintf(\"\\\"uid\\\":\\\"%032d\\\"\", c * 1000 + i), l);
	        sep = (c == copies && i == k) ? \"\" : \",\"; sub(/,\$/, \"\", l); print l sep }
	      print tail }" night.json > big.json &&
	TALLY_DB=$SCRATCH/big.db tally import big.json > out &&
	grep_msg "imported $((n * 30)) games" out &&
	TALLY_DB=$SCRATCH/big.db kept_stats > kept.out &&
	TALLY_DB=$SCRATCH/big.db folded_stats > folded.out &&
	cmp kept.out folded.out &&
	TALLY_DB=$SCRATCH/big.db tally check > out && grep_msg "the statistics agree" out &&
	TALLY_DB=$SCRATCH/big.db tally import big.json > out && grep_msg "imported 0 games" out
'
test_expect_success 'check finds options stored out of game order (they are read one game at a time)' '
	export TALLY_DB=$SCRATCH/big.db &&
	sqlite3 "$TALLY_DB" "CREATE TEMP TABLE o AS SELECT * FROM game_option WHERE game_id IN (2, 400);
	    DELETE FROM game_option WHERE game_id IN (2, 400); INSERT INTO game_option SELECT * FROM o" &&
	test "$(sqlite3 "$TALLY_DB" "SELECT game_id FROM game_option ORDER BY rowid DESC LIMIT 1")" = 400 &&
	tally check > out && grep_msg "all $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") games replay" out
'
test_expect_success 'check replays a big file in ranges (a thread each) and reports in game order' '
	export TALLY_DB=$SCRATCH/big.db &&
	last=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game") &&
	games=$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") && test "$games" -ge 600 &&
	sqlite3 "$TALLY_DB" "UPDATE hand_score SET points = points + 1 WHERE seat = 0 AND hand_id IN
	    (SELECT min(id) FROM hand WHERE game_id IN (3, $last) AND undone = 0 GROUP BY game_id)" &&
	expect_status 70 tally check > out 2>err &&
	grep_msg "2 of $games games differ" err &&
	test "$(grep -c "^game [0-9]* hand 1 " out)" = 2 &&
	test "$(grep "^game [0-9]* hand 1 " out | head -1 | cut -d" " -f2)" = 3 &&
	test "$(grep "^game [0-9]* hand 1 " out | tail -1 | cut -d" " -f2)" = "$last"
'
test_expect_success 'tally check finds a kept statistic that was tampered with (exit 70)' '
	sqlite3 "$TALLY_DB" "UPDATE stat_line SET wins = wins + 1 WHERE player_id = (SELECT min(player_id) FROM stat_line) AND kind = (SELECT min(kind) FROM stat_line)" &&
	expect_status 70 tally check > out 2>err && grep_msg "statistics: totals of" out &&
	grep_msg "kept by the writer differ" err
'
test_expect_success 'and a history line that was tampered with' '
	sqlite3 "$TALLY_DB" "UPDATE stat_line SET wins = wins - 1 WHERE player_id = (SELECT min(player_id) FROM stat_line) AND kind = (SELECT min(kind) FROM stat_line); UPDATE game SET hands = hands + 1 WHERE id = 1" &&
	expect_status 70 tally check > out 2>/dev/null && grep_msg "game 1: the hands or seats kept for history" out
'
test_expect_success 'and a head-to-head count that went missing' '
	sqlite3 "$TALLY_DB" "UPDATE game SET hands = hands - 1 WHERE id = 1;
	    DELETE FROM stat_pair WHERE (ahead_id, behind_id) = (SELECT ahead_id, behind_id FROM stat_pair WHERE times > 0 LIMIT 1)" &&
	expect_status 70 tally check > out 2>/dev/null && grep_msg "statistics: places against" out &&
	test "$(grep -c "^statistics:" out)" = 1
'
test_done
