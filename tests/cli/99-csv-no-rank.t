#!/bin/sh
# SPDX-License-Identifier: ISC
# With no hand played nobody has a place: `show` prints no rank row (and
# no side an ordinal), --json gives each player and each side a rank of
# null, --csv has no rank record, and the filled pad no Place row; the
# first hand brings them.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
SCHEMA="$HERE/../json/schema.json"
CHECK="$HERE/../tools/json-check.pl"

test_expect_success 'a new Golf game: no rank row, rank null, no rank record' '
	tally new golf Ann Bob Cid > /dev/null &&
	tally show > out && grep -q "^total " out && ! grep -q "^rank" out &&
	tally --json show > j && perl "$CHECK" "$SCHEMA" show < j &&
	test "$(grep -o "\"rank\":null" j | wc -l)" = 3 && ! grep -q "\"rank\":[0-9]" j &&
	tally show --csv | tr -d "\r" > c && ! grep -q "^rank" c && grep -qx "total,0,0,0" c
'
test_expect_success 'its filled pad has no Place row' '
	tally sheet -o new.pdf > /dev/null && pdftotext -layout new.pdf - > pad.txt &&
	grep -q "^ *Total" pad.txt && ! grep -q "Place" pad.txt
'
test_expect_success 'partners with no hand: the sides without an ordinal, null in --json' '
	tally new hand-foot Ann+Cid Bob+Dee > /dev/null 2>&1 &&
	tally show > out && ! grep -q "^rank" out && grep -qx "Ann & Cid 0" out && ! grep -q "^1st" out &&
	tally --json show > j && perl "$CHECK" "$SCHEMA" show < j &&
	test "$(grep -o "\"rank\":null" j | wc -l)" = 6
'
test_expect_success 'the first hand brings the places' '
	tally hand -g 1 Ann=3 Bob=1 Cid=9 > /dev/null &&
	tally show 1 > out && grep -q "^rank  *2  *1  *3\$" out &&
	tally --json show 1 | grep -q "\"rank\":2" &&
	tally show 1 --csv | tr -d "\r" | grep -qx "rank,2,1,3"
'
test_done
