#!/bin/sh
# SPDX-License-Identifier: ISC
# The attack on hostile files and paths, run again: kill -9 during writes
# (an edit of a 5,000-hand game, export, sheet, an import merge and a
# schema upgrade), hostile JSON exports and .db files, garbage command
# lines, and two table-mode shells writing one game at once.  Prints one
# table: for each part how many runs, and how many lost hands, crashes
# (a signal, or exit 70), hangs and clobbered files, which must all be 0.
# Each part is bounded in time.  Not in `make check` (a few minutes).
# Usage: sh tests/tools/hostile-attack.sh  (after make; as root, the
# upgrade's links are also planted as nobody)
#   KILLS=N     kills of each writer (25: 125 in all)
#   FILES=N     hostile JSON files and .db files, each (80)
#   LINES=N     garbage command lines (400)
#   KEEP=DIR    keep the hostile files that hung there
set -u
cd "$(dirname "$0")/../.."
TALLY=${TALLY:-$PWD/tally}
ROOT=$PWD
KILLS=${KILLS:-25}
FILES=${FILES:-80}
LINES=${LINES:-400}
KEEP=${KEEP:-/nonexistent}  # a directory to keep the files that hung in
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-attack.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_TEMPLATES="$PWD/templates" LC_ALL=C.UTF-8
unset TALLY_NOW
cd "$W" || exit 1
T() { "$TALLY" "$@"; }
. "$ROOT/tests/tools/kill-lib.sh"
sleep_rand() { sleep "0.$(od -An -N2 -tu2 /dev/urandom | awk '{printf "%03d", $1 % 400}')"; }

# ---- the writers killed -------------------------------------------------
python3 - <<'EOF'
import json
g = {"uid": "e" * 32, "kind": "pad", "started": "2026-11-01T19:00:00Z", "players": ["Ann", "Bob"],
     "hands": [{"entry": "Ann=%d Bob=%d" % (h % 9, h % 7), "recorded": "2026-11-01T19:00:00Z"} for h in range(5000)]}
small = [{"uid": "%032x" % (i + 1), "kind": "golf", "started": "2026-10-%02dT19:00:00Z" % (1 + i % 28),
          "players": ["Ann", "Bob", "Cid"],
          "hands": [{"entry": "Ann=%d Bob=%d Cid=%d" % (h % 7, h % 5, h % 3)} for h in range(9)]} for i in range(300)]
for name, games in (("big.json", [g]), ("merge.json", small)):
    with open(name, "w") as f:
        f.write('{"tally_export":1,"schema":1,"games":[\n' + ",\n".join(json.dumps(x) for x in games) + "\n]}\n")
EOF
TALLY_DB=$W/base.db T import big.json > /dev/null && TALLY_DB=$W/base.db T new golf Ann Bob Cid > /dev/null &&
    TALLY_DB=$W/base.db T hand Ann=1 Bob=2 Cid=3 > /dev/null || { echo "attack: set-up failed" >&2; exit 1; }
BASE_HANDS=$(hands base.db)
kills=0 lost=0 crash=0 clob=0 tmpleft=0
printf 'first\n' > keep.txt
for what in edit export sheet merge upgrade; do
	k=0
	while [ $k -lt "$KILLS" ]; do
		k=$((k + 1))
		rm -f t.db* out.json out.pdf .out.* old.db*
		cp base.db t.db
		export TALLY_DB=$W/t.db
		case $what in
		# tally itself in the background, not a subshell running it: the
		# kill must reach the writer
		edit) "$TALLY" edit 1 -g 1 Ann=5 Bob=6 > /dev/null 2>&1 & ;;
		export) echo '{"precious": 1}' > out.json; "$TALLY" export -o out.json > /dev/null 2>&1 & ;;
		sheet) echo 'precious' > out.pdf; "$TALLY" sheet 1 -o out.pdf > /dev/null 2>&1 & ;;
		merge) "$TALLY" import merge.json > /dev/null 2>&1 & ;;
		upgrade) cp "$ROOT/tests/fixtures/schema-v1.db" old.db; TALLY_DB=$W/old.db "$TALLY" list > /dev/null 2>&1 & ;;
		esac
		pid=$!
		sleep_rand
		kill -9 $pid 2>/dev/null && kills=$((kills + 1))
		wait $pid 2>/dev/null; st=$?
		crashed $st && crash=$((crash + 1))
		case $what in
		upgrade)
			TALLY_DB=$W/old.db T check > c.out 2>&1 || { crash=$((crash + 1)); cat c.out; }
			[ "$(sqlite3 old.db "SELECT count(*) FROM hand")" -ge 1 ] || lost=$((lost + 1)) ;;
		*)
			T check > c.out 2>&1; st=$?
			[ $st = 0 ] || { crashed $st && crash=$((crash + 1)); echo "check after $what: $(tail -1 c.out)"; }
			n=$(hands t.db)
			[ "$n" -ge "$BASE_HANDS" ] || lost=$((lost + BASE_HANDS - n)) ;;
		esac
		# the target is the old file or a whole new one, never a part
		case $what in
		export) grep -q precious out.json || tail -1 out.json | grep -q '^]}$' ||
			{ clob=$((clob + 1)); echo "export: out.json neither old nor whole: $(tail -c 80 out.json)"; } ;;
		sheet) grep -q precious out.pdf || tail -c 8 out.pdf | grep -q '%%EOF' ||
			{ clob=$((clob + 1)); echo "sheet: out.pdf neither old nor whole"; } ;;
		esac
		[ "$(cat keep.txt)" = first ] || { clob=$((clob + 1)); echo "$what: keep.txt changed"; }
		tmpleft=$((tmpleft + $(find . -maxdepth 1 -name '.*.tmp-*' | wc -l)))
		# a killed writer's temporaries go at the next write beside them
		find . -maxdepth 1 -name '.*.tmp-*' -exec touch -d '2 hours ago' {} +
		T export -o out.json > /dev/null 2>&1
		[ "$(find . -maxdepth 1 -name '.*.tmp-*' | wc -l)" = 0 ] ||
			{ clob=$((clob + 1)); echo "$what: temporaries left after the next write: $(find . -maxdepth 1 -name '.*.tmp-*')"; }
	done
done
unset TALLY_DB
echo "kill -9 during edit (5,000 hands), export, sheet, import merge, upgrade"
row "part" "runs" "lost" "crashes" "hangs" "clobbered"
row "kills" "$kills" "$lost" "$crash" 0 "$clob"
echo "(temporaries a kill left: $tmpleft, each removed by the next write once an hour old)"

# ---- hostile JSON exports ------------------------------------------------
TALLY_DB=$W/src.db T new golf Ann Bob > /dev/null && TALLY_DB=$W/src.db T hand Ann=1 Bob=2 > /dev/null &&
    TALLY_DB=$W/src.db T sub Ann Dee > /dev/null && TALLY_DB=$W/src.db T export -o src.json > /dev/null
python3 - "$FILES" <<'EOF'
import json, random, sys
random.seed(21)
base = json.load(open("src.json"))
bad = [None, True, -1, 2**63, 1e308, "", "x" * 200000, "\u202e", "\x1b[2J", "2026-13-45T99:99:99Z",
       [], {}, [[[[[]]]]], "=cmd|' /C calc'!A0", "Ann", "\ud800" if False else "\U0010ffff"]
def paths(o, p=()):
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from paths(v, p + (i,))
all_paths = [p for p in paths(base) if p]
for n in range(int(sys.argv[1])):
    d = json.loads(json.dumps(base))
    for _ in range(random.randint(1, 4)):
        p = random.choice(all_paths)
        o = d
        try:
            for k in p[:-1]:
                o = o[k]
            if random.random() < 0.2 and isinstance(o, dict):
                del o[p[-1]]
            else:
                o[p[-1]] = random.choice(bad)
        except (KeyError, IndexError, TypeError):
            pass
    text = json.dumps(d)
    if n % 10 == 9:
        text = text[:random.randint(1, len(text))]
    open("h%03d.json" % n, "w").write(text)
EOF
runs=0 crash=0 hang=0 clob=0
for f in h*.json; do
	runs=$((runs + 1))
	rm -f j.db*; cp src.db j.db
	TALLY_DB=$W/j.db timeout 30 "$TALLY" import "$f" > /dev/null 2> err; st=$?
	[ $st = 124 ] && { hang=$((hang + 1)); echo "$f: no answer in 30 s"; }
	crashed $st && { crash=$((crash + 1)); echo "$f: $st $(cat err)"; }
	[ "$(wc -l < err)" -le 2 ] || { echo "$f: more than a line of error"; clob=$((clob + 1)); }
	TALLY_DB=$W/j.db T check > /dev/null 2>&1 || { echo "$f: check fails after it"; clob=$((clob + 1)); }
done
jruns=$runs jcrash=$crash jhang=$hang jclob=$clob

# ---- hostile .db files ----------------------------------------------------
sqls="UPDATE game_option SET key = NULL
UPDATE player SET name = NULL
UPDATE hand SET entry = NULL
UPDATE hand SET entry = x'ff00ff'
UPDATE hand SET number = 'x'
UPDATE game SET kind = 'nope'
UPDATE game SET started = 'garbage'
UPDATE seat SET player_id = 999
UPDATE game SET dealer = -5
UPDATE hand SET recorded = NULL
CREATE VIEW v AS SELECT 1
CREATE TRIGGER t AFTER INSERT ON hand BEGIN SELECT 1; END
ALTER TABLE hand DROP COLUMN recorded
DROP TABLE night
UPDATE game SET uid = NULL
UPDATE hand SET entry = printf('%.*c', 100000, 'x')
ALTER TABLE game RENAME TO g0; CREATE VIEW game AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT g0.* FROM g0, r
UPDATE player SET name = char(27) || '[2J'
UPDATE night SET name = NULL
PRAGMA user_version = 99"
runs=0 crash=0 hang=0 clob=0 i=0
while [ $runs -lt "$FILES" ]; do
	i=$((i + 1))
	cp src.db h.db
	if [ $((i % 2)) = 0 ]; then
		sql=$(printf '%s\n' "$sqls" | sed -n "$(( (i / 2) % 20 + 1 ))p")
		sqlite3 h.db "PRAGMA foreign_keys = OFF; $sql" 2> /dev/null
	else
		# bytes flipped past the header
		size=$(stat -c %s h.db)
		for _ in 1 2 3 4 5 6 7 8; do
			off=$(( $(od -An -N4 -tu4 /dev/urandom) % (size - 100) + 100 ))
			printf "\\$(printf %03o $(( $(od -An -N1 -tu1 /dev/urandom) )))" |
			    dd of=h.db bs=1 seek=$off conv=notrunc 2> /dev/null
		done
	fi
	runs=$((runs + 1))
	rm -f k.db*; cp src.db k.db
	TALLY_DB=$W/k.db timeout 60 "$TALLY" import h.db > /dev/null 2> err; st=$?
	[ $st = 124 ] && { hang=$((hang + 1)); echo "db $i: import: no answer in 60 s"; cp h.db "$KEEP/hang-$i.db" 2>/dev/null; }
	crashed $st && { crash=$((crash + 1)); echo "db $i: $st $(cat err)"; }
	TALLY_DB=$W/k.db T check > /dev/null 2>&1 || { echo "db $i: check fails after it"; clob=$((clob + 1)); }
	# and the hostile file as the database itself
	timeout 30 "$TALLY" --db h.db list > /dev/null 2>&1; st=$?
	[ $st = 124 ] && { hang=$((hang + 1)); echo "db $i as --db: no answer in 30 s"; cp h.db "$KEEP/hang-db-$i.db" 2>/dev/null; }
	crashed $st && { crash=$((crash + 1)); echo "db $i as --db: $st"; }
done
druns=$runs dcrash=$crash dhang=$hang dclob=$clob

# ---- garbage command lines --------------------------------------------------
cp src.db g.db
export TALLY_DB=$W/g.db
python3 - "$LINES" > lines.txt <<'EOF'
import random, sys
random.seed(2121)
words = ["new", "hand", "undo", "redo", "edit", "end", "show", "list", "history", "stats", "export", "import",
         "sheet", "check", "night", "sub", "player", "use", "delete", "restore", "pad", "rules", "games", "deal",
         "-g", "-o", "--json", "--csv", "--db", "golf", "pad", "gin", "Ann=", "Bob=", "Ann=1", "Bob=x", "--knock",
         "-1", "0", "99999999999999999999", "=", "==", "Ann.", "night:", "player:", "game:", "/dev/full",
         "/dev/stdout", "-", "..", "", " ", "\t", "%s%n", "\u202e", "\x1b]0;x\x07", "A" * 70000, "K 7", "7 7 K 4"]
for _ in range(int(sys.argv[1])):
    n = random.randint(0, 7)
    line = [random.choice(words) for _ in range(n)]
    if random.random() < 0.2:
        line.append("".join(chr(random.randint(1, 0x2000)) for _ in range(random.randint(1, 30))))
    print("\x00".join(w.replace("\x00", "") for w in line))
EOF
runs=0 crash=0 hang=0
while IFS= read -r l; do
	runs=$((runs + 1))
	# the words are NUL-separated: xargs -0 passes each as one argument
	printf '%s' "$l" | tr '\000' '\n' | tr -d '\r' > words
	timeout 30 xargs -a words -d '\n' "$TALLY" > /dev/null 2> err < /dev/null; st=$?
	[ $st = 124 ] && hang=$((hang + 1))
	[ $st = 124 ] || [ $st = 125 ] || [ $st = 126 ] || [ $st = 127 ] || st=$st
	# xargs says 123 when the command exits 1-125, 124 on 255, 125 on a signal
	[ $st = 125 ] && { crash=$((crash + 1)); echo "line $runs: signal: $(tr '\n' ' ' < words | head -c 200)"; }
	grep -q "internal error" err && { crash=$((crash + 1)); echo "line $runs: $(head -c 300 err)"; }
	[ "$(wc -l < err)" -le 3 ] || echo "line $runs: $(wc -l < err) lines of error"
done < lines.txt
T check > c.out 2>&1 || echo "garbage: check fails: $(tail -1 c.out)"
rm -f out.json out.pdf
unset TALLY_DB
lruns=$runs lcrash=$crash lhang=$hang

# ---- two table-mode shells at once ------------------------------------------
export TALLY_DB=$W/s.db
T new pad Ann Bob > /dev/null
for who in a b; do
	i=0
	while [ $i -lt 120 ]; do
		i=$((i + 1))
		case $((i % 6)) in
		0) echo "undo -g 1" ;;
		1) echo "redo -g 1" ;;
		*) echo "hand -g 1 Ann=$((i % 9)) Bob=$((i % 7))" ;;
		esac
	done > "$who.in"
done
T shell < a.in > a.out 2> a.err & pa=$!
T shell < b.in > b.out 2> b.err & pb=$!
wait $pa; sa=$?; wait $pb; sb=$?
crash=0
crashed $sa && crash=$((crash + 1)); crashed $sb && crash=$((crash + 1))
# a hand's line "Pad #1, hand N: Ann 3 Bob 4" comes after a hand and after
# a redo ("hand N: redid ..."); an undo says "hand N: undid ..."
lines=$(cat a.out b.out | grep -c "^Pad #1, hand [0-9]*: Ann -*[0-9]")
undone=$(cat a.out b.out | grep -c "^Pad #1, hand [0-9]*: undid")
redone=$(cat a.out b.out | grep -c "^Pad #1, hand [0-9]*: redid")
stored=$((lines - redone))
have=$(hands s.db)
expect=$((lines - undone))
slost=$((expect - have)); [ $slost -lt 0 ] && slost=$((0 - slost))
T check > c.out 2>&1 || { crash=$((crash + 1)); echo "shells: check: $(tail -1 c.out)"; }
unset TALLY_DB

echo
row "part" "runs" "lost" "crashes" "hangs" "clobbered"
row "hostile JSON exports" "$jruns" 0 "$jcrash" "$jhang" "$jclob"
row "hostile .db files (import, --db)" "$druns" 0 "$dcrash" "$dhang" "$dclob"
row "garbage command lines" "$lruns" "-" "$lcrash" "$lhang" 0
row "two shells, 240 lines, undo/redo" 2 "$slost" "$crash" 0 0
echo "(shells: $stored hands stored, $undone undone, $redone put back; $have in the file)"
