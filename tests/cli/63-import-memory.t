#!/bin/sh
# SPDX-License-Identifier: ISC
# import reads a file a game at a time: each game is checked as it is
# read and kept in a scratch file, so that reading a club's decade holds
# one game in memory, not the file.  Read here on files cut off before
# their end: every game is read and checked, then the file is refused
# (nothing is written, the database is not even opened), and the peak
# memory of a run is that of the reading alone.
. "$(dirname "$0")/lib.sh"

# gen_cut N: an export (stdout) of N Golf games of 9 hands between three of
# twelve players, each with every option written out, as `tally export`
# writes them, one game a line, and no closing line
gen_cut() {
	awk -v n="$1" 'BEGIN {
		srand(11)
		print "{\"tally_export\": 1, \"schema\": 8, \"games\": ["
		for (g = 0; g < n; g++) {
			printf "%s{\"uid\":\"mem%d\",\"kind\":\"golf\",\"started\":\"2020-01-01T19:00:00Z\",", (g ? "," : ""), g
			printf "\"ended\":null,\"closed\":false,\"dealer\":0,"
			printf "\"options\":[[\"holes\",\"9\",false],[\"queen_value\",\"10\",false],[\"jack_value\",\"10\",false],"
			printf "[\"quarters\",\"4\",false],[\"packs\",\"1\",false],[\"layout\",\"4\",false]],\"players\":["
			first = g % 12
			for (i = 0; i < 3; i++) printf "%s\"Player%02d\"", (i ? "," : ""), (first + i * 5) % 12
			printf "],\"hands\":["
			for (h = 0; h < 9; h++) {
				printf "%s{\"entry\":\"", (h ? "," : "")
				for (i = 0; i < 3; i++) printf "%sPlayer%02d=%d", (i ? " " : ""), (first + i * 5) % 12, int(rand() * 30)
				printf "\",\"recorded\":\"2020-01-01T19:%02d:00Z\"}", h
			}
			printf "]}\n"
		}
	}'
}

# peak FILE: the peak memory (KB) of reading FILE, which is refused as cut off
peak() {
	TALLY_RUSAGE=1 "$TALLY" import "$1" > /dev/null 2> "$1.err"
	test $? = 65 && grep -q "cut off" "$1.err" || { cat "$1.err" >&2; return 1; }
	sed -n 's/^tally: peak memory \([0-9]*\) KB$/\1/p' "$1.err"
}

test_expect_success 'reading 36,000 hands takes no more memory than reading 900' '
	# AddressSanitizer keeps freed memory in quarantine: its peak measures
	# the sanitizer, not the reading
	if grep -q -a "AddressSanitizer" "$TALLY"; then echo "# skipped: a sanitizer build"; exit 0; fi
	gen_cut 100 > small.json && gen_cut 4000 > big.json &&
	small=$(peak small.json) && big=$(peak big.json) &&
	echo "peak memory: $small KB for 100 games, $big KB for 4000" &&
	test ! -e tally.db &&
	# what grows with the file is a uid a game (about 100 bytes each):
	# under 2 MB here, where holding the games took over 10 MB
	test $((big - small)) -lt 2048
'

test_done
