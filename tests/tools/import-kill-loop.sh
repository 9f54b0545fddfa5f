#!/bin/sh
# SPDX-License-Identifier: ISC
# The long kill loop of RUNS times (25 by default), start
# `tally import` of HANDS hands (20,000 by default, build/.../gen_export)
# into a database with a game in progress, kill -9 it at a random moment,
# and then require:
#   - `tally check` passes (it is the next command: it works off a
#     statistics note the import left, then compares everything kept with
#     a replay);
#   - every game the import wrote is whole: the same hands, scores and seats
#     as in a reference import of the same file that was not killed;
#   - the import run again finishes, skips what is there, doubles nothing,
#     and `tally check` passes again.
# Prints one line a run and a summary; exits 1 on the first failure.
# Usage: sh tests/tools/import-kill-loop.sh  (after make and
# make build/release/bench/gen_export)
set -u
cd "$(dirname "$0")/../.."
TALLY=${TALLY:-$PWD/tally}
GEN=${GEN:-$PWD/build/release/bench/gen_export}
RUNS=${RUNS:-25}
HANDS=${HANDS:-20000}
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-killloop.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_TEMPLATES="$PWD/templates"
unset TALLY_NOW

"$GEN" "$HANDS" > "$W/in.json" 2> /dev/null
# the reference: the same file imported whole, and how long that takes
t0=$(date +%s%N)
TALLY_DB="$W/ref.db" "$TALLY" import "$W/in.json" > /dev/null || exit 1
full_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
games=$(sqlite3 "$W/ref.db" "SELECT count(*) FROM game")
# most of the kills land while it writes (it reads and checks first)
lo=$((full_ms * 35 / 100)) hi=$((full_ms * 110 / 100))
echo "reference import: $games games in $full_ms ms; killing between $lo and $hi ms"

# games of k.db that differ from the reference (hands, scores, seats)
SQL_DIFF="ATTACH '$W/ref.db' AS ref;
SELECT count(*) FROM main.game g JOIN ref.game r ON r.uid = g.uid WHERE
  (SELECT count(*) || ':' || coalesce(sum(length(entry)), 0) FROM main.hand WHERE game_id = g.id) !=
  (SELECT count(*) || ':' || coalesce(sum(length(entry)), 0) FROM ref.hand WHERE game_id = r.id) OR
  (SELECT count(*) || ':' || coalesce(sum(s.points * 7 + s.total), 0) FROM main.hand h JOIN main.hand_score s ON s.hand_id = h.id WHERE h.game_id = g.id) !=
  (SELECT count(*) || ':' || coalesce(sum(s.points * 7 + s.total), 0) FROM ref.hand h JOIN ref.hand_score s ON s.hand_id = h.id WHERE h.game_id = r.id) OR
  (SELECT group_concat(x.total || '/' || coalesce(x.rank, 0), ',') FROM (SELECT * FROM main.seat WHERE game_id = g.id ORDER BY seat) x) !=
  (SELECT group_concat(x.total || '/' || coalesce(x.rank, 0), ',') FROM (SELECT * FROM ref.seat WHERE game_id = r.id ORDER BY seat) x) OR
  g.status != r.status OR g.hands != r.hands"

none=0 partial=0 whole=0 noted=0 run=1
while [ $run -le "$RUNS" ]; do
	rm -f "$W"/k.db*
	TALLY_DB="$W/k.db" "$TALLY" new golf Ann Bob > /dev/null || exit 1
	TALLY_DB="$W/k.db" "$TALLY" import "$W/in.json" > /dev/null 2>&1 &
	pid=$!
	ms=$(awk -v lo="$lo" -v hi="$hi" -v s="$run$$" 'BEGIN { srand(s); printf "%d", lo + rand() * (hi - lo) }')
	sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
	kill -9 $pid 2> /dev/null
	wait $pid 2> /dev/null
	n=$(sqlite3 "$W/k.db" "SELECT count(*) FROM game WHERE uid LIKE 'bench%'")
	note=$(sqlite3 "$W/k.db" "SELECT count(*) FROM restat")
	bad=$(sqlite3 "$W/k.db" "$SQL_DIFF")
	if [ "$bad" != 0 ]; then echo "run $run: $bad games not whole after a kill at $ms ms"; exit 1; fi
	if ! TALLY_DB="$W/k.db" "$TALLY" check > "$W/check.out" 2>&1; then
		echo "run $run: tally check failed after a kill at $ms ms ($n games, note $note):"; cat "$W/check.out"; exit 1
	fi
	if [ "$(sqlite3 "$W/k.db" "SELECT count(*) FROM restat")" != 0 ]; then echo "run $run: the note stayed"; exit 1; fi
	TALLY_DB="$W/k.db" "$TALLY" import "$W/in.json" > "$W/again.out" 2>&1 || { echo "run $run: import again failed"; cat "$W/again.out"; exit 1; }
	if [ "$(sqlite3 "$W/k.db" "SELECT count(*) FROM game WHERE uid LIKE 'bench%'")" != "$games" ] ||
	    [ "$(sqlite3 "$W/k.db" "$SQL_DIFF")" != 0 ]; then
		echo "run $run: the import run again did not end with the reference's games"; exit 1
	fi
	if ! TALLY_DB="$W/k.db" "$TALLY" check > "$W/check.out" 2>&1; then
		echo "run $run: tally check failed after the import ran again:"; cat "$W/check.out"; exit 1
	fi
	echo "run $run: killed at $ms ms: $n of $games games there, note $note; check ok, import again ok ($(cat "$W/again.out"))"
	if [ "$n" = 0 ]; then none=$((none + 1)); elif [ "$n" = "$games" ]; then whole=$((whole + 1)); else partial=$((partial + 1)); fi
	[ "$note" = 0 ] || noted=$((noted + 1))
	run=$((run + 1))
done
echo "kill loop: $RUNS runs, all passed: killed before any game $none, part way $partial (with the statistics note left $noted), after the last $whole"
