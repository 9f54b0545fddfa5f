#!/bin/sh
# SPDX-License-Identifier: ISC
# Every example `tally rules GAME` prints works as printed: its `tally new`
# line, then its `tally hand` line, typed into a fresh file, each exit 0.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

for game in $(tally games | awk '{ print $1 }'); do
	test_expect_success "$game: the example, typed as tally rules prints it" '
		tally rules '"$game"' > rules.txt &&
		sed -n "/^Example/,/^\$/s/^  tally //p" rules.txt > lines &&
		test "$(wc -l < lines)" = 2 &&
		sed -n 1p lines | grep -q "^new '"$game"' " &&
		sed -n 2p lines | grep -q "^hand " &&
		TALLY_DB=$PWD/'"$game"'.db && export TALLY_DB &&
		while IFS= read -r line; do
			eval "tally $line" > out 2>&1 || { echo "tally $line:"; cat out; exit 1; }
		done < lines &&
		tally --json show > show.json && test "$(json_get "$(cat show.json)" "$.hands")" != 0
	'
done
test_expect_success 'rules --json names the players of the example game' '
	tally --json rules bankrupt > r.json &&
	test "$(json_get "$(cat r.json)" "$.example_players")" = "Ann Bob Cid Dee"
'
test_done
