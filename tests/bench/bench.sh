#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: on one database of 10,000 recorded Golf hands, the median wall
# time of `tally hand` and `tally show` (whole process) beside the bare
# sqlite3 shell doing the same insert transaction and select, and the time
# and size of one filled score sheet.  It prints figures; it asserts nothing.
set -eu
cd "$(dirname "$0")/../.."
TALLY="$PWD/tally"
RUNS=${RUNS:-31}
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/bench.db" TALLY_TEMPLATES="$PWD/templates"

now_us() { echo $(( $(date +%s%N) / 1000 )); }
# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# time_cmd: microseconds of one run of the command (output discarded)
time_cmd() { t0=$(now_us); "$@" > /dev/null 2>&1; t1=$(now_us); echo $((t1 - t0)); }

echo "building a database of 10,000 Golf hands ..."
"$TALLY" new golf Ann Bob Cid Dee > /dev/null
for h in 1 2 3 4 5 6 7 8 9; do
	"$TALLY" hand Ann="K 3 5 A" Bob=$h Cid="7 7 K 4" Dee=12 --knock Ann > /dev/null
done
# 1,111 more finished games like game 1 (same entries, same derived rows):
sqlite3 "$TALLY_DB" <<'SQL'
BEGIN;
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 1111)
INSERT INTO game (id, uid, kind, started, ended, status, closed, dealer, next, night_id)
SELECT 1 + k, lower(hex(randomblob(16))), kind, started, ended, status, closed, dealer, next, night_id
FROM game, n WHERE game.id = 1;
INSERT INTO game_option SELECT g.id, o.key, o.value, o.is_set FROM game g, game_option o WHERE o.game_id = 1 AND g.id > 1;
INSERT INTO seat (game_id, seat, player_id, total, chips, lives, out, rank, winner, start_chips, out_by)
SELECT g.id, s.seat, s.player_id, s.total, s.chips, s.lives, s.out, s.rank, s.winner, s.start_chips, s.out_by
FROM game g, seat s WHERE s.game_id = 1 AND g.id > 1;
INSERT INTO hand (game_id, number, entry, undone, recorded, note)
SELECT g.id, h.number, h.entry, h.undone, h.recorded, h.note FROM game g, hand h WHERE h.game_id = 1 AND g.id > 1;
INSERT INTO hand_score (hand_id, seat, points, total, chips, lives, out, detail)
SELECT h2.id, s.seat, s.points, s.total, s.chips, s.lives, s.out, s.detail
FROM hand h1 JOIN hand_score s ON s.hand_id = h1.id JOIN hand h2 ON h2.number = h1.number AND h2.game_id > 1
WHERE h1.game_id = 1;
COMMIT;
SQL
echo "hands recorded: $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand")"

# tally hand: one hand into a game in progress (a new game every 9 holes)
: > "$W/hand.us"
i=0
while [ $i -lt $RUNS ]; do
	if [ $((i % 9)) = 0 ]; then "$TALLY" new golf Ann Bob Cid Dee > /dev/null; fi
	time_cmd "$TALLY" hand Ann="K 3 5 A" Bob=$((i % 9 + 1)) Cid="7 7 K 4" Dee=12 --knock Ann >> "$W/hand.us"
	i=$((i + 1))
done
G=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game")

# the bare sqlite3 shell: the same writes tally makes for one hand
: > "$W/sql.us"
i=0
while [ $i -lt $RUNS ]; do
	n=$((1000 + i))
	cat > "$W/tx.sql" <<SQL
BEGIN IMMEDIATE;
SELECT kind, started, status FROM game WHERE id = 1;
SELECT entry FROM hand WHERE game_id = 1 ORDER BY number;
DELETE FROM hand WHERE game_id = 1 AND undone = 1;
INSERT INTO hand (game_id, number, entry, recorded) VALUES (1, $n, 'Ann="K 3 5 A" Bob=4 Cid="7 7 K 4" Dee=12 --knock Ann', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 0, 9, 9, NULL, NULL, 0, 'K 3 5 A, knocked');
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 1, 4, 4, NULL, NULL, 0, NULL);
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 2, 18, 18, NULL, NULL, 0, '7 7 K 4');
INSERT INTO hand_score VALUES ((SELECT id FROM hand WHERE game_id = 1 AND number = $n), 3, 12, 12, NULL, NULL, 0, NULL);
UPDATE seat SET total = total + 1, rank = 1 WHERE game_id = 1;
UPDATE game SET next = 'hole 2' WHERE id = 1;
COMMIT;
SQL
	time_cmd sqlite3 "$TALLY_DB" ".read $W/tx.sql" >> "$W/sql.us"
	i=$((i + 1))
done
# take those rows out again so game 1 still replays
sqlite3 "$TALLY_DB" "DELETE FROM hand WHERE game_id = 1 AND number >= 1000"

: > "$W/show.us"
: > "$W/sel.us"
i=0
while [ $i -lt $RUNS ]; do
	time_cmd "$TALLY" show 500 >> "$W/show.us"
	time_cmd sqlite3 "$TALLY_DB" "SELECT g.kind, p.name, h.number, s.points, s.total FROM game g
	    JOIN hand h ON h.game_id = g.id JOIN hand_score s ON s.hand_id = h.id
	    JOIN seat t ON t.game_id = g.id AND t.seat = s.seat JOIN player p ON p.id = t.player_id
	    WHERE g.id = 500 ORDER BY h.number, s.seat" >> "$W/sel.us"
	i=$((i + 1))
done

: > "$W/sheet.us"
i=0
while [ $i -lt 11 ]; do
	time_cmd "$TALLY" sheet 500 -o "$W/sheet.pdf" >> "$W/sheet.us"
	i=$((i + 1))
done
SIZE=$(wc -c < "$W/sheet.pdf")

# a refused hand late in a long game (300 holes to a target nobody
# reaches): what a mistyped entry costs (no replay to undo it)
"$TALLY" new golf Ann Bob Cid Dee -o target=100000 > /dev/null
L=$(sqlite3 "$TALLY_DB" "SELECT max(id) FROM game")
sqlite3 "$TALLY_DB" "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 300)
    INSERT INTO hand (game_id, number, entry, recorded) SELECT $L, k,
    'Ann=\"K 3 5 A\" Bob=4 Cid=\"7 7 K 4\" Dee=12 --knock Ann', '2026-01-01T00:00:00Z' FROM n"
refuse() { "$TALLY" hand Ann="K 3 5 A" Bob=99 Cid="7 7 K 4" Dee=12 || [ $? = 65 ]; }
: > "$W/refused.us"
i=0
while [ $i -lt $RUNS ]; do
	time_cmd refuse >> "$W/refused.us"
	i=$((i + 1))
done
refused=$(median < "$W/refused.us")
hand=$(median < "$W/hand.us"); sql=$(median < "$W/sql.us")
show=$(median < "$W/show.us"); sel=$(median < "$W/sel.us")
sheet=$(median < "$W/sheet.us")
echo
echo "tally bench ($RUNS runs each, medians, whole process; $(sqlite3 "$TALLY_DB" "SELECT count(*) FROM hand") hands in the database)"
awk -v refused="$refused" -v hand="$hand" -v sql="$sql" -v show="$show" -v sel="$sel" -v sheet="$sheet" -v size="$SIZE" 'BEGIN {
	printf "  %-34s %8.2f ms\n", "tally hand", hand / 1000
	printf "  %-34s %8.2f ms   (tally hand / sqlite3 = %.2fx; goal <= 2x)\n", "sqlite3 shell, same insert txn", sql / 1000, hand / sql
	printf "  %-34s %8.2f ms\n", "tally hand, refused (hole 301)", refused / 1000
	printf "  %-34s %8.2f ms\n", "tally show", show / 1000
	printf "  %-34s %8.2f ms   (tally show / sqlite3 = %.2fx)\n", "sqlite3 shell, same select", sel / 1000, show / sel
	printf "  %-34s %8.2f ms   %d bytes (goal < 30 ms, no CJK)\n", "tally sheet (9 holes, filled)", sheet / 1000, size
}'
