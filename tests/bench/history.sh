#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench, part 2: a club's decade.  Generates BENCH_HANDS hands (a
# million by default: several hundred players, every kind of game), imports
# them with `tally import`, then times stats, stats player:X, history
# game:golf and check (whole process, median of 5, and peak memory) beside
# the same SQL in the bare sqlite3 shell on the same file.  It prints figures
# and asserts nothing.
set -eu
cd "$(dirname "$0")/../.."
TALLY="$PWD/tally"
N=${BENCH_HANDS:-1000000}
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-bench2.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/decade.db" TALLY_TEMPLATES="$PWD/templates"

now_us() { echo $(( $(date +%s%N) / 1000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo
echo "generating $N hands ..."
"$GEN" "$N" > "$W/decade.json"
t0=$(now_us)
TALLY_RUSAGE=1 "$TALLY" import "$W/decade.json" > "$W/import.out" 2> "$W/import.err"
t1=$(now_us)
import_ms=$(( (t1 - t0) / 1000 ))
import_kb=$(sed -n 's/.*peak memory \([0-9]*\) KB/\1/p' "$W/import.err")
cat "$W/import.out"
PLAYER=$(sqlite3 "$TALLY_DB" "SELECT name FROM player ORDER BY id LIMIT 1 OFFSET 7")

# run_tally LABEL ARGS...: median ms of 5 runs and the peak memory
run_tally() {
	label=$1
	shift
	: > "$W/t"
	for i in 1 2 3 4 5; do
		t0=$(now_us)
		TALLY_RUSAGE=1 "$TALLY" "$@" > /dev/null 2> "$W/err" || true
		t1=$(now_us)
		echo $(( (t1 - t0) / 1000 )) >> "$W/t"
	done
	kb=$(sed -n 's/.*peak memory \([0-9]*\) KB/\1/p' "$W/err" | tail -1)
	echo "$label $(median < "$W/t") $kb"
}
run_sql() {
	label=$1
	sql=$2
	: > "$W/t"
	for i in 1 2 3 4 5; do
		t0=$(now_us)
		sqlite3 "$TALLY_DB" "$sql" > /dev/null
		t1=$(now_us)
		echo $(( (t1 - t0) / 1000 )) >> "$W/t"
	done
	echo "$label $(median < "$W/t")"
}

# The same answers in bare SQL.  stats: the per-player lines, each player's
# nemesis and favourite victim, the breakdown by player count, from the
# tables the writer keeps (schema 7), as tally reads them.
STATS_SQL="SELECT p.name, l.kind, l.games, l.finished, l.wins, l.sum_score, l.best, l.worst, l.streak, l.longest,
  l.sum_rank, l.eliminated, l.eliminations, l.chips_net FROM stat_line l JOIN player p ON p.id = l.player_id
  ORDER BY p.name, l.kind;
  SELECT behind_id, ahead_id, max(times) FROM stat_pair GROUP BY behind_id;
  SELECT ahead_id, behind_id, max(times) FROM stat_pair GROUP BY ahead_id;
  SELECT p.name, c.kind, c.players, c.games, c.wins FROM stat_count c JOIN player p ON p.id = c.player_id
  ORDER BY p.name, c.kind, c.players"
# stats player:X folds the seats of X's games (per night too), as before.
PLAYER_SQL="SELECT g.kind, count(*), sum(s.winner), avg(s.total), min(s.total), max(s.total), avg(s.rank)
  FROM game g JOIN seat s ON s.game_id = g.id JOIN player p ON p.id = s.player_id
  WHERE EXISTS (SELECT 1 FROM seat x WHERE x.game_id = g.id AND x.player_id = (SELECT id FROM player WHERE name = '$PLAYER'))
  GROUP BY s.player_id, g.kind"
HISTORY_SQL="SELECT g.id, g.kind, g.started, g.status, n.name, g.seats, g.hands
  FROM game g LEFT JOIN night n ON n.id = g.night_id WHERE g.kind = 'golf' ORDER BY g.started DESC, g.id DESC"
# check: the file's own check and a plain read of the scores (the old
# baseline), and then every statement tally check runs besides: the five
# cursors it replays from (with the history columns it compares) and the
# seats folded for the statistics.  Only the replay itself, in C, has no
# SQL equivalent.
CHECK_SQL="PRAGMA integrity_check; SELECT count(*), sum(points) FROM hand_score"
CHECK_ALL_SQL="PRAGMA integrity_check;
  SELECT count(*), sum(length(kind) + hands + length(seats)) FROM game;
  SELECT count(*), sum(length(p.name) + x.total + coalesce(x.chips, x.lives, 0)) FROM seat x JOIN player p ON p.id = x.player_id;
  SELECT count(*), sum(length(value)) FROM game_option WHERE +game_id > 0;
  SELECT count(*), sum(length(entry)) FROM (SELECT game_id, number, entry FROM hand WHERE undone = 0 ORDER BY game_id, number);
  SELECT count(*), sum(pts) FROM (SELECT h.game_id, h.number, c.seat, c.points + c.total + coalesce(c.chips, c.lives, -1) AS pts
    FROM hand h JOIN hand_score c ON c.hand_id = h.id ORDER BY h.game_id, h.number, c.seat);
  SELECT count(*), sum(t) FROM (SELECT g.id, x.seat, x.total + coalesce(x.chips, x.lives, 0) + x.winner + coalesce(x.rank, 0) AS t
    FROM game g JOIN seat x ON x.game_id = g.id ORDER BY g.started, g.id, x.seat);
  SELECT count(*) FROM stat_line; SELECT count(*) FROM stat_count;
  SELECT count(*), sum(times) FROM (SELECT * FROM stat_pair ORDER BY ahead_id, behind_id)"

report() {
	# report NAME "label ms kb" "label sql_ms"
	set -- "$1" $2 $3
	awk -v name="$1" -v ms="$3" -v kb="$4" -v sq="$6" 'BEGIN {
		printf "  %-28s %6d ms  peak %6d KB   sqlite3 %6d ms  ratio %.2fx  (goals: 1.5x, 300 ms, 50 MB)\n",
		    name, ms, kb, sq, (sq > 0 ? ms / sq : 0)
	}'
}
S1=$(run_tally stats stats); Q1=$(run_sql stats "$STATS_SQL")
S2=$(run_tally player stats "player:$PLAYER"); Q2=$(run_sql player "$PLAYER_SQL")
S3=$(run_tally history history game:golf); Q3=$(run_sql history "$HISTORY_SQL")
S4=$(run_tally check check); Q4=$(run_sql check "$CHECK_SQL"); Q5=$(run_sql check "$CHECK_ALL_SQL")
# ratings are kept by the writer (db/migrate-11.sql); working
# them out afresh from every finished game's seats in time order is what
# an import, an edit of a finished game and tally check pay, and the bare
# SQL is that read.
RATINGS_SQL="SELECT g.id, g.kind, g.night_id, x.player_id, x.rank FROM game g JOIN seat x ON x.game_id = g.id
  WHERE g.status = 'over' ORDER BY g.started, g.uid, x.seat"
S6=$(run_tally ratings ratings); Q6=$(run_sql ratings "$RATINGS_SQL")
# import of another table's database file: 100,000 hands
IMPORT_HANDS=$(( N < 100000 ? N : 100000 ))
"$GEN" "$IMPORT_HANDS" > "$W/table.json"
TALLY_DB="$W/table.db" "$TALLY" import "$W/table.json" > /dev/null
t0=$(now_us)
TALLY_RUSAGE=1 TALLY_DB="$W/host.db" "$TALLY" import "$W/table.db" > "$W/importdb.out" 2> "$W/importdb.err"
t1=$(now_us)
importdb_ms=$(( (t1 - t0) / 1000 ))
importdb_kb=$(sed -n 's/.*peak memory \([0-9]*\) KB/\1/p' "$W/importdb.err")

echo
echo "tally history bench: $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand") hands, $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM game") games, $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM player") players, $(( $(wc -c < "$TALLY_DB") / 1048576 )) MB"
printf '  %-28s %6d ms  peak %6d KB   (goal: under 60 s)\n' "tally import" "$import_ms" "$import_kb"
report "tally stats" "$S1" "$Q1"
report "tally stats player:$PLAYER" "$S2" "$Q2"
report "tally history game:golf" "$S3" "$Q3"
report "tally check" "$S4" "$Q4"
report "  (beside all its SQL)" "$S4" "$Q5"
printf '  %-28s %6d ms  peak %6d KB   sqlite3 %6d ms  (goal: under 1 s)\n' "tally ratings" \
    "$(echo $S6 | cut -d' ' -f2)" "$(echo $S6 | cut -d' ' -f3)" "$(echo $Q6 | cut -d' ' -f2)"
printf '  %-28s %6d ms  peak %6d KB   (%s; goal: under 10 s)\n' "tally import FILE.db" "$importdb_ms" \
    "${importdb_kb:-0}" "$(cat "$W/importdb.out")"
