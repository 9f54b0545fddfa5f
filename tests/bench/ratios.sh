#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench, the speed goals: each figure beside its baseline, both
# measured here in the same run (medians of interleaved runs, whole
# process), so the ratio is measured, not remembered.
#   hand / floor          tally hand (4-player Golf, hole 51) against
#                         tests/bench/floor.c: the same writes with tally's
#                         PRAGMAs and nothing else (goal <= 1.25)
#   hand@1000 / hand@50   the cost of a hand late in a long game (goal <= 1.3)
#   show@1000 / show@50   the same for show (goal <= 1.3); each of these
#                         and the table-mode line also by the process's
#                         own CPU time (TALLY_RUSAGE=1), which the others'
#                         work on a shared machine moves less
#   line@1000 / line@50   one hand typed in table mode (goal <= 1.3)
#   export / sqlite3      export --format json against sqlite3's JSON of the
#                         same rows, each to a file (goal <= 2); wall and
#                         CPU time
#   import / VACUUM INTO  import into an empty file against copying the
#                         result with VACUUM INTO (goal <= 5), wall and CPU
#                         time, and the import's peak memory (goal: 64 MB
#                         at a million hands); beside it two floors: the
#                         same rows written by SQLite's INSERT ... SELECT,
#                         and the file parsed by jansson alone (their sum
#                         is more than 5 VACUUM INTOs already)
#   overlap / empty       500 games of the club's last four weeks of evenings
#                         (another table's file: the same evenings as games
#                         already there), into the big file against into an
#                         empty one (goal <= 2); wall and CPU time
#   decade / empty        the worst case beside it: 500 games spread over the
#                         whole decade, so every rating after the oldest of
#                         them changes and is worked out again (no snapshot
#                         can spare that: it is O(file), printed, no goal)
#   CJK / plain sheet     a filled sheet with one CJK name against none
#                         (goal: <= 10 ms more)
# RATIO_HANDS sets the size of the bulk figures (default 100,000 hands).
# It prints figures; it asserts nothing.
set -eu
cd "$(dirname "$0")/../.."
TALLY="$PWD/tally"
RUNS=${RUNS:-21}
N=${RATIO_HANDS:-100000}
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-ratios.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/r.db" TALLY_TEMPLATES="$PWD/templates"

now_us() { echo $(( $(date +%s%N) / 1000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# time_into FILE command...: append the microseconds of one run to FILE
time_into() { f=$1; shift; t0=$(now_us); "$@" > /dev/null 2>&1 || true; t1=$(now_us); echo $((t1 - t0)) >> "$f"; }
# cpu_into WALL CPU command...: one run's wall and CPU (user + system)
# microseconds appended to the two files
cpu_into() {
	w=$1 c=$2; shift 2
	t0=$(now_us)
	/usr/bin/time -f "%U %S" -o "$W/cpu.t" "$@" > /dev/null 2>&1 || true
	t1=$(now_us)
	echo $((t1 - t0)) >> "$w"
	awk '{ printf "%d\n", ($1 + $2) * 1000000 }' "$W/cpu.t" >> "$c"
}
# ratio LABEL A_FILE B_FILE GOAL: the medians and A/B
ratio() {
	a=$(median < "$2"); b=$(median < "$3")
	awk -v l="$1" -v a="$a" -v b="$b" -v g="$4" 'BEGIN {
		printf "  %-24s %9.2f ms / %9.2f ms = %5.2fx  (goal %s)\n", l, a / 1000, b / 1000, (b > 0 ? a / b : 0), g }'
}

H='Ann="K 3 5 A" Bob=4 Cid="7 7 K 4" Dee=12 --knock Ann'
echo
echo "speed goals (whole process, medians of $RUNS interleaved runs)"
# two long Golf games played to a target nobody reaches: game 1 at hole 50,
# game 2 at hole 1000
"$TALLY" new golf Ann Bob Cid Dee -o target=100000 > /dev/null
"$TALLY" new golf Ann Bob Cid Dee -o target=100000 > /dev/null
i=0
while [ $i -lt 1000 ]; do
	if [ $i -lt 50 ]; then eval "\"\$TALLY\" hand -g 1 $H" > /dev/null 2>&1; fi
	eval "\"\$TALLY\" hand -g 2 $H" > /dev/null 2>&1
	i=$((i + 1))
done

# the floor writes into a copy, so the games stay as tally wrote them
cp "$TALLY_DB" "$W/floor.db"
floor_tx() {
	n=$((5000 + $1))
	cat > "$W/tx.sql" <<SQL
BEGIN IMMEDIATE;
SELECT kind, started, status FROM game WHERE id = 1;
SELECT key, value FROM game_option WHERE game_id = 1;
SELECT seat, player_id FROM seat WHERE game_id = 1 ORDER BY seat;
SELECT entry FROM hand WHERE game_id = 1 AND undone = 0 ORDER BY number;
DELETE FROM hand WHERE game_id = 1 AND undone = 1;
INSERT INTO hand (game_id, number, entry, recorded) VALUES (1, $n, 'Ann="K 3 5 A" Bob=4 Cid="7 7 K 4" Dee=12 --knock Ann', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 0, 9, 9, NULL, NULL, 0, 'K 3 5 A, knocked');
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 1, 4, 4, NULL, NULL, 0, NULL);
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 2, 18, 18, NULL, NULL, 0, '7 7 K 4');
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 3, 12, 12, NULL, NULL, 0, NULL);
UPDATE seat SET total = total + 1, rank = 1 WHERE game_id = 1;
UPDATE game SET next = 'hole 2' WHERE id = 1;
DELETE FROM undo_step WHERE game_id = 1 AND undone = 1;
INSERT INTO undo_step (game_id, seq, kind, undone) VALUES (1, (SELECT coalesce(max(seq), 0) + 1 FROM undo_step WHERE game_id = 1 AND undone = 0), 'hand', 0);
COMMIT;
SQL
}
: > "$W/hand50"; : > "$W/hand1000"; : > "$W/floor"; : > "$W/show50"; : > "$W/show1000"
i=0
while [ $i -lt "$RUNS" ]; do
	floor_tx $i
	time_into "$W/floor" "$FLOOR" "$W/floor.db" "$W/tx.sql"
	eval "time_into \"\$W/hand50\" \"\$TALLY\" hand -g 1 $H"
	eval "time_into \"\$W/hand1000\" \"\$TALLY\" hand -g 2 $H"
	time_into "$W/show50" "$TALLY" show 1
	time_into "$W/show1000" "$TALLY" show 2
	i=$((i + 1))
done
# the same commands again for their own CPU time (user + system, in
# microseconds, as tally reports it with TALLY_RUSAGE=1), which the
# others' work on a shared machine moves less than the wall clock
# rusage_into FILE command...: one run's CPU microseconds appended to FILE
rusage_into() {
	f=$1; shift
	TALLY_RUSAGE=1 "$@" 2>&1 > /dev/null | sed -n 's/^tally: cpu time \([0-9]*\) us$/\1/p' >> "$f"
}
for f in h50.cpu h1000.cpu s50.cpu s1000.cpu; do : > "$W/$f"; done
i=0
while [ $i -lt "$RUNS" ]; do
	eval "rusage_into \"\$W/h50.cpu\" \"\$TALLY\" hand -g 1 $H"
	eval "rusage_into \"\$W/h1000.cpu\" \"\$TALLY\" hand -g 2 $H"
	rusage_into "$W/s50.cpu" "$TALLY" show 1
	rusage_into "$W/s1000.cpu" "$TALLY" show 2
	i=$((i + 1))
done
ratio "hand / floor" "$W/hand50" "$W/floor" "<= 1.25"
ratio "hand@1000 / hand@50" "$W/hand1000" "$W/hand50" "<= 1.3"
ratio "  the same, CPU time" "$W/h1000.cpu" "$W/h50.cpu" "<= 1.3"
ratio "show@1000 / show@50" "$W/show1000" "$W/show50" "<= 1.3"
ratio "  the same, CPU time" "$W/s1000.cpu" "$W/s50.cpu" "<= 1.3"

# table mode: 20 hands typed into one shell, less the shell with none
lines() { echo "use $1"; k=0; while [ $k -lt "$2" ]; do echo "hand $H"; k=$((k + 1)); done; }
lines 1 20 > "$W/l50"; lines 2 20 > "$W/l1000"; lines 1 0 > "$W/l0"
: > "$W/line50"; : > "$W/line1000"; : > "$W/line0"
i=0
while [ $i -lt 7 ]; do
	t0=$(now_us); "$TALLY" shell < "$W/l0" > /dev/null 2>&1 || true; t1=$(now_us); z=$((t1 - t0))
	t0=$(now_us); "$TALLY" shell < "$W/l50" > /dev/null 2>&1 || true; t1=$(now_us); echo $(( (t1 - t0 - z) / 20 )) >> "$W/line50"
	t0=$(now_us); "$TALLY" shell < "$W/l1000" > /dev/null 2>&1 || true; t1=$(now_us); echo $(( (t1 - t0 - z) / 20 )) >> "$W/line1000"
	i=$((i + 1))
done
ratio "line@1000 / line@50" "$W/line1000" "$W/line50" "<= 1.3"
# and by the shell's own CPU time, less the shell's with no line
: > "$W/line50.cpu"; : > "$W/line1000.cpu"
i=0
while [ $i -lt 7 ]; do
	z=$(TALLY_RUSAGE=1 "$TALLY" shell < "$W/l0" 2>&1 > /dev/null | sed -n 's/^tally: cpu time \([0-9]*\) us$/\1/p')
	a=$(TALLY_RUSAGE=1 "$TALLY" shell < "$W/l50" 2>&1 > /dev/null | sed -n 's/^tally: cpu time \([0-9]*\) us$/\1/p')
	b=$(TALLY_RUSAGE=1 "$TALLY" shell < "$W/l1000" 2>&1 > /dev/null | sed -n 's/^tally: cpu time \([0-9]*\) us$/\1/p')
	echo $(( (a - z) / 20 )) >> "$W/line50.cpu"; echo $(( (b - z) / 20 )) >> "$W/line1000.cpu"
	i=$((i + 1))
done
ratio "  the same, CPU time" "$W/line1000.cpu" "$W/line50.cpu" "<= 1.3"

# a filled sheet with and without one CJK name
"$TALLY" new golf Ann Bob Cid Dee > /dev/null
P=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game")
"$TALLY" new golf Ann Bob Cid 李雷 > /dev/null
C=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game")
for h in 1 2 3 4 5 6 7 8 9; do
	"$TALLY" hand -g "$P" Ann="K 3 5 A" Bob=$h Cid="7 7 K 4" Dee=12 > /dev/null 2>&1
	"$TALLY" hand -g "$C" Ann="K 3 5 A" Bob=$h Cid="7 7 K 4" 李雷=12 > /dev/null 2>&1
done
: > "$W/plain"; : > "$W/cjk"
i=0
while [ $i -lt 11 ]; do
	time_into "$W/plain" "$TALLY" sheet "$P" -o "$W/plain.pdf"
	time_into "$W/cjk" "$TALLY" sheet "$C" -o "$W/cjk.pdf"
	i=$((i + 1))
done
ratio "CJK sheet / plain sheet" "$W/cjk" "$W/plain" "<= plain + 10 ms"

# bulk: a club's file of N hands
"$GEN" "$N" > "$W/big.json"
"$GEN" 4500 7 overlap > "$W/small.json"
# the import into an empty file, and its copy by VACUUM INTO: wall and CPU
# time, best of three for the CPU, and the import's peak memory (goal:
# at most 64 MB at a million hands, whatever the size: a game at a time).
# A plain import, the merge a club host starts with, not --restore (and
# gen_export's files name no file they came from, so none is a restore)
: > "$W/import"; : > "$W/import.cpu"; : > "$W/vacuum"; : > "$W/vacuum.cpu"; : > "$W/import.kb"
i=0
while [ $i -lt 3 ]; do
	rm -f "$W/big.db"* "$W/copy.db"
	t0=$(now_us)
	TALLY_DB="$W/big.db" /usr/bin/time -f "%U %S %M" -o "$W/imp.t" "$TALLY" import "$W/big.json" > /dev/null
	t1=$(now_us)
	echo $((t1 - t0)) >> "$W/import"
	awk '{ printf "%d\n", ($1 + $2) * 1000000 }' "$W/imp.t" >> "$W/import.cpu"
	awk '{ print $3 }' "$W/imp.t" >> "$W/import.kb"
	cpu_into "$W/vacuum" "$W/vacuum.cpu" sqlite3 "$W/big.db" "VACUUM INTO '$W/copy.db'"
	i=$((i + 1))
done
# two floors under the import, to say how far 5x can go: the same rows
# written by SQLite's own INSERT ... SELECT into an empty file of the same
# schema (WHERE 1: row by row, as any writer that is not a page copy
# must), and the export read by jansson alone (tests/bench/jparse.c)
sqlite3 "$W/big.db" ".schema --nosys" > "$W/schema.sql"
{
	echo "ATTACH '$W/big.db' AS s; PRAGMA foreign_keys = OFF; BEGIN;"
	sqlite3 "$W/big.db" "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'" |
	    while read -r t; do echo "INSERT INTO main.\"$t\" SELECT * FROM s.\"$t\" WHERE 1;"; done
	echo "COMMIT;"
} > "$W/fill.sql"
: > "$W/fill"; : > "$W/fill.cpu"; : > "$W/jparse"; : > "$W/jparse.cpu"
i=0
while [ $i -lt 3 ]; do
	rm -f "$W/fill.db"*; sqlite3 "$W/fill.db" < "$W/schema.sql"
	cpu_into "$W/fill" "$W/fill.cpu" sh -c 'sqlite3 "$1" < "$2"' sh "$W/fill.db" "$W/fill.sql"
	cpu_into "$W/jparse" "$W/jparse.cpu" "$JPARSE" "$W/big.json"
	i=$((i + 1))
done
# the export and sqlite3's JSON of the same rows, each written to a file:
# wall and CPU time (the CPU time moves less with the others' work)
for f in export export.cpu dump dump.cpu; do : > "$W/$f"; done
DUMP="SELECT g.uid, g.kind, g.started, g.ended, g.closed, g.dealer, h.number, h.entry,
    h.undone, h.recorded FROM game g JOIN hand h ON h.game_id = g.id ORDER BY g.id, h.number"
i=0
while [ $i -lt 5 ]; do
	cpu_into "$W/export" "$W/export.cpu" env TALLY_DB="$W/big.db" "$TALLY" export --format json -o "$W/out.json"
	cpu_into "$W/dump" "$W/dump.cpu" sh -c 'sqlite3 -json "$1" "$2" > "$3"' sh "$W/big.db" "$DUMP" "$W/dump.json"
	i=$((i + 1))
done
ratio "export / sqlite3 json" "$W/export" "$W/dump" "<= 2"
ratio "  the same, CPU time" "$W/export.cpu" "$W/dump.cpu" "<= 2"
ratio "import / VACUUM INTO" "$W/import" "$W/vacuum" "<= 5"
best() { sort -n "$1" | head -1 > "$1.best"; }
best "$W/import.cpu"; best "$W/vacuum.cpu"
ratio "  the same, CPU (best of 3)" "$W/import.cpu.best" "$W/vacuum.cpu.best" "<= 5"
printf '  %-24s %9d KB at %d hands  (goal <= 65536 KB at 1,000,000)\n' "import peak memory" \
    "$(sort -n "$W/import.kb" | tail -1)" "$N"
best "$W/fill.cpu"; best "$W/jparse.cpu"
echo "  floors under it (CPU, best of 3), no tally code in either:"
ratio "  INSERT...SELECT / VACUUM" "$W/fill.cpu.best" "$W/vacuum.cpu.best" "none"
ratio "  jansson parse / VACUUM" "$W/jparse.cpu.best" "$W/vacuum.cpu.best" "none"
# another table's file of the club's last four weeks: its evenings are
# those of the big file's last games
last=$(sqlite3 "$W/big.db" "SELECT substr(max(started), 1, 10) FROM game")
"$GEN" 4500 7 recent "$last" 28 > "$W/recent.json" 2> /dev/null
for f in overlap overlap.cpu empty empty.cpu decade decade.cpu dempty dempty.cpu; do : > "$W/$f"; done
i=0
while [ $i -lt 5 ]; do
	# the copy's pages written out first: else the import's first sync
	# writes the whole copy and the figure measures cp, not import
	cp "$W/big.db" "$W/club.db"; rm -f "$W/club.db-wal" "$W/club.db-shm" "$W/empty.db"*; sync
	cpu_into "$W/overlap" "$W/overlap.cpu" env TALLY_DB="$W/club.db" "$TALLY" import "$W/recent.json"
	cpu_into "$W/empty" "$W/empty.cpu" env TALLY_DB="$W/empty.db" "$TALLY" import "$W/recent.json"
	cp "$W/big.db" "$W/club.db"; rm -f "$W/club.db-wal" "$W/club.db-shm" "$W/empty.db"*; sync
	cpu_into "$W/decade" "$W/decade.cpu" env TALLY_DB="$W/club.db" "$TALLY" import "$W/small.json"
	cpu_into "$W/dempty" "$W/dempty.cpu" env TALLY_DB="$W/empty.db" "$TALLY" import "$W/small.json"
	i=$((i + 1))
done
ratio "overlap / empty import" "$W/overlap" "$W/empty" "<= 2"
ratio "  the same, CPU time" "$W/overlap.cpu" "$W/empty.cpu" "<= 2"
echo "  worst case, not the club's: 500 games spread over the decade change every rating after"
echo "  the oldest of them, which are all worked out again (O(file); no snapshot spares it)"
ratio "decade / empty import" "$W/decade" "$W/dempty" "none"
ratio "  the same, CPU time" "$W/decade.cpu" "$W/dempty.cpu" "none"
