#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench, part 3: `tally import` of BENCH_HANDS
# hands (a million by default; IMPORT_HANDS overrides it here) into a new
# database (a plain import, a merge, not --restore: gen_export's file names
# no file it came from), with a writer knocking at the table the whole time
# (build/.../bench/lockprobe: BEGIN IMMEDIATE every few ms).  Prints the
# wall time, the longest the writer waited for the write lock (the longest
# lock hold of the import, to the busy handler's step), and the peak
# memory (/usr/bin/time -v when present, else TALLY_RUSAGE).  Asserts
# nothing.  TALLY=... times another binary (the one before a change).
set -eu
cd "$(dirname "$0")/../.."
TALLY=${TALLY:-$PWD/tally}
N=${IMPORT_HANDS:-${BENCH_HANDS:-1000000}}
GEN=${GEN:-$PWD/build/release/bench/gen_export}
PROBE=${PROBE:-$PWD/build/release/bench/lockprobe}
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-bench3.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/import.db" TALLY_TEMPLATES="$PWD/templates"

now_us() { echo $(( $(date +%s%N) / 1000 )); }

"$GEN" "$N" > "$W/in.json"
# the database exists before the import, as at a table that is playing
"$TALLY" new golf Ann Bob > /dev/null
"$PROBE" "$TALLY_DB" > "$W/probe.out" &
probe=$!
sleep 0.2
t0=$(now_us)
if [ -x /usr/bin/time ]; then
	/usr/bin/time -v "$TALLY" import "$W/in.json" > "$W/out" 2> "$W/err"
	kb=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$W/err")
	cpu=$(awk '/User time|System time/ { t += $NF } END { printf "%d", t * 1000 }' "$W/err")
else
	TALLY_RUSAGE=1 "$TALLY" import "$W/in.json" > "$W/out" 2> "$W/err"
	kb=$(sed -n 's/.*peak memory \([0-9]*\) KB/\1/p' "$W/err")
fi
t1=$(now_us)
kill -TERM "$probe"
wait "$probe" || true
# a writer after the import: the first command pays any work left pending
t2=$(now_us)
"$TALLY" hand Ann=3 Bob=4 > /dev/null
t3=$(now_us)
echo
echo "tally import bench: $N hands ($(cat "$W/out"))"
printf '  %-34s %8d ms  (goal: under 60 s)\n' "import, wall time" $(( (t1 - t0) / 1000 ))
printf '  %-34s %8s ms  (goal: about 1 s)\n' "longest wait of a writer" \
    "$(sed -n 's/longest wait \([0-9]*\) ms.*/\1/p' "$W/probe.out")"
printf '  %-34s %8s ms\n' "import, CPU time (user + system)" "${cpu:-?}"
printf '  %-34s %8s KB\n' "import, peak memory" "${kb:-?}"
printf '  %-34s %8d ms\n' "tally hand right after" $(( (t3 - t2) / 1000 ))
