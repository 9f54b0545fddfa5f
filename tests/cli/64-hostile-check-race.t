#!/bin/sh
# SPDX-License-Identifier: ISC
# check reads one snapshot and judges it alone: an import in batches that
# ends while check runs left its note in that snapshot (the statistics
# short until its end refills them), and whether the importer still runs
# when check looks is no part of the snapshot.  Checks against imports
# that keep ending report no damage.
. "$(dirname "$0")/lib.sh"

test_expect_success 'set-up: 150 games, and a 20-game file to import again and again' '
	python3 -c "
import json
def game(i):
    d = \"2026-10-%02d\" % (1 + i % 28)
    return {\"uid\": \"%032x\" % (i + 1), \"kind\": \"golf\", \"started\": d + \"T19:00:00Z\", \"players\": [\"Ann\", \"Bob\", \"Cid\"],
        \"hands\": [{\"entry\": \"Ann=%d Bob=%d Cid=%d\" % (h % 7, h % 5, h % 3), \"recorded\": d + \"T19:%02d:00Z\" % h} for h in range(9)]}
for name, n in ((\"big.json\", 150), (\"small.json\", 20)):
    with open(name, \"w\") as f:
        f.write(\"{\\\"tally_export\\\":1,\\\"schema\\\":1,\\\"games\\\":[\\n\" + \",\\n\".join(json.dumps(game(i)) for i in range(n)) + \"\\n]}\\n\")
" && tally import big.json > /dev/null && tally check > out && grep -q "^ok" out
'

test_expect_success 'checks while imports keep ending: no false damage' '
	( i=0; while [ ! -e stop ]; do i=$((i + 1));
		sed "s/\"uid\": \"0000/\"uid\": \"$(printf %04x $i)/" small.json > s.json && tally import s.json > /dev/null 2>&1; done ) &
	fails=0 && for n in $(seq 25); do
		tally check > c.out 2>&1 || { fails=$((fails + 1)); grep -v "^ok" c.out | head -2; }
	done; touch stop; wait; echo "# $fails of 25 checks failed" &&
	test "$fails" = 0 && test "$(sqlite3 tally.db "SELECT count(*) FROM game")" -gt 170 && tally check > out && grep -q "^ok" out
'

test_done
