#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: the night report and the sheets.  A night of 16
# games (15 finished Golf games and one just started, no hands), timed as
# `tally sheet night:1` (goal < 300 ms), beside a filled 9-hole sheet
# (goal < 50 ms) and the size of each PDF.  Medians of 11 runs, whole
# process.  It prints figures; it asserts nothing.
set -eu
cd "$(dirname "$0")/../.."
TALLY="$PWD/tally"
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/bench.db" TALLY_TEMPLATES="$PWD/templates"

now_us() { echo $(( $(date +%s%N) / 1000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
time_cmd() { t0=$(now_us); "$@" > /dev/null 2>&1; t1=$(now_us); echo $((t1 - t0)); }
runs() { : > "$W/t.us"; i=0; while [ $i -lt 11 ]; do time_cmd "$@" >> "$W/t.us"; i=$((i + 1)); done; median < "$W/t.us"; }

echo "building a night of 16 games ..."
"$TALLY" night start "Bench night" > /dev/null
g=1
while [ $g -le 15 ]; do
	"$TALLY" new golf Ann Bob Cid Dee > /dev/null
	for h in 1 2 3 4 5 6 7 8 9; do
		"$TALLY" hand Ann="K 3 5 A" Bob=$(( (h + g) % 9 + 1 )) Cid="7 7 K 4" Dee=$(( h * g % 13 )) --knock Ann > /dev/null
	done
	g=$((g + 1))
done
"$TALLY" new golf Ann Bob Cid Dee > /dev/null

night=$(runs "$TALLY" sheet night:1 -o "$W/night.pdf")
sheet=$(runs "$TALLY" sheet 1 -o "$W/sheet.pdf")
blank=$(runs "$TALLY" sheet golf -o "$W/blank.pdf" Ann Bob Cid Dee)
awk -v night="$night" -v sheet="$sheet" -v blank="$blank" -v ns="$(wc -c < "$W/night.pdf")" \
    -v ss="$(wc -c < "$W/sheet.pdf")" -v bs="$(wc -c < "$W/blank.pdf")" 'BEGIN {
	print "tally sheet bench (11 runs each, medians, whole process)"
	printf "  %-34s %8.2f ms   %d bytes (goal < 50 ms)\n", "tally sheet ID (9 holes, filled)", sheet / 1000, ss
	printf "  %-34s %8.2f ms   %d bytes\n", "tally sheet golf (blank, 2 pads)", blank / 1000, bs
	printf "  %-34s %8.2f ms   %d bytes (goal < 300 ms)\n", "tally sheet night:1 (16 games)", night / 1000, ns
}'
