#!/bin/sh
# SPDX-License-Identifier: ISC
# Work that takes seconds on a large file (import, export, check, a player
# merge or rename) shows a
# progress line on stderr when stderr is a terminal, and nothing when it is
# a file or a pipe (clig.dev); the line is erased before the result.
. "$(dirname "$0")/lib.sh"

SOCK="progress-test-$$"
T=t62p
tm() { tmux -L "$SOCK" "$@"; }
trap 'tm kill-server 2>/dev/null; scratch_gone' EXIT
wait_for() { wait_screen "$1" tm capture-pane -t "$T" -p; }

# pads N: an export (stdout) of N finished two-player pads
pads() {
	awk -v n="$1" 'BEGIN {
		print "{\"tally_export\": 1, \"schema\": 8, \"games\": ["
		for (g = 0; g < n; g++) {
			printf "%s{\"uid\":\"prog%d\",\"kind\":\"pad\",\"started\":\"2026-01-%02dT20:00:00Z\",", (g ? "," : ""), g, 1 + g % 28
			printf "\"ended\":null,\"closed\":false,\"dealer\":0,\"players\":[\"Ann\",\"Bob\"],"
			printf "\"options\":[[\"hands\",\"1\",true]],"
			printf "\"hands\":[{\"entry\":\"Ann=%d Bob=%d\",\"recorded\":null}]}\n", g % 5, (g * 3) % 5
		}
		print "]}"
	}'
}

test_expect_success 'into a file or a pipe: no progress line, only the result' '
	pads 40 > pads.json &&
	TALLY_IMPORT_DELAY_MS=30 tally import pads.json > out 2> err &&
	grep_msg "imported 40 games" out &&
	test ! -s err &&
	tally check 2>&1 | cat > check.out &&
	! grep -q "replaying" check.out
'

test_expect_success 'on a terminal: import shows games written of all, then only the result' '
	rm -f "$TALLY_DB"* &&
	tm new-session -d -s "$T" -x 100 -y 10 &&
	tm send-keys -t "$T" "TALLY_IMPORT_DELAY_MS=40 TALLY_DB=$TALLY_DB $TALLY import $SCRATCH/pads.json" Enter &&
	wait_for "import: writing" &&
	grep -E "import: writing [0-9]+ of 40 games +[0-9]+% \[#*\.*\]" screen.txt &&
	wait_for "imported 40 games" &&
	! grep -q "import: writing" screen.txt
'

test_expect_success 'export to a file shows its progress; to the terminal it does not' '
	tm send-keys -t "$T" "clear; TALLY_DB=$TALLY_DB $TALLY export -o $SCRATCH/e.json && echo export-\$((1 + 1))" Enter &&
	wait_for "export-2" &&
	test -s e.json &&
	! grep -q "export:" screen.txt
'

test_expect_success 'player merge on a terminal: the games rewritten of all, then only the result' '
	tally new pad Cy Dee -o hands=1 > /dev/null && tally hand Cy=1 Dee=2 > /dev/null &&
	tm send-keys -t "$T" "clear; TALLY_REWRITE_DELAY_MS=40 TALLY_DB=$TALLY_DB $TALLY player merge --yes Ann Cy" Enter &&
	wait_for "player merge: rewriting" &&
	grep -E "player merge: rewriting [0-9]+ of 40 games +[0-9]+% \[#*\.*\]" screen.txt &&
	wait_for "now part of Cy" &&
	! grep -q "rewriting" screen.txt &&
	grep -q "40 games (#1, \(#[0-9]*, \)\{6\}#[0-9]* and 32 more)" screen.txt
'
test_done
