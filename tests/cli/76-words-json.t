#!/bin/sh
# SPDX-License-Identifier: ISC
# Small words: singular and plural right ("1 king",
# "1 pile", "1 life"), "for 2 players" when the minimum is the maximum, and
# every command's --json output is JSON.
. "$(dirname "$0")/lib.sh"

is_json() { python3 -c 'import json, sys; json.loads(sys.stdin.read())'; }

test_expect_success 'a game for exactly two says "for 2 players"' '
	expect_status 64 tally new spite-malice Ann Bob Cid 2>err &&
	grep_msg "Spite and Malice is for 2 players, not 3" err &&
	tally games | grep spite-malice | grep -q " 2 players$" &&
	tally rules spite-malice | head -1 | grep -q "for 2 players$" &&
	tally rules golf | head -1 | grep -q "for 2 to 16 players$" &&
	test "$(tally --json list)" = "[]"
'
test_expect_success 'one king, one heart, one pile, one life, one quarter' '
	tally new trash Ann Bob Cid Dee > /dev/null &&
	tally hand Ann=4 Bob=3 Cid=3 Dee=3 > /dev/null &&
	tally hand Ann=1 Bob=0 Cid=0 Dee=12 > /dev/null &&
	tally hand Ann=1 Bob=1 Cid=1 Dee=1 > /dev/null &&
	tally sheet -o trash.pdf > /dev/null && pdftotext -layout trash.pdf - 2>/dev/null > trash.txt &&
	grep -q "1 king " trash.txt && grep -q "1 heart " trash.txt && ! grep -q "1 kings" trash.txt &&
	grep -q "12 hearts" trash.txt &&
	tally new accordion Ann > /dev/null && tally hand Ann=1 > /dev/null &&
	tally show > out && grep_msg "1 pile: win" out &&
	tally new chase-ace Ann Bob Cid > /dev/null &&
	tally hand Ann=5 Bob=5 Cid=A > out && ! grep -q "1 lives" out &&
	tally new golf Ann Bob -o preset=house -o quarters=2 > /dev/null &&
	tally hand Ann=1 Bob=9 > out && grep_msg "Bob 9 (1 quarter)" out
'
test_expect_success 'every command prints JSON with --json' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=2 Bob=3 > /dev/null &&
	for c in "games" "rules golf" "show" "list" "list --deleted" "history" "stats" "night" \
	    "night start Friday" "deal" "ledger" "seats" "seats Ann Bob Cid" "check" "export" \
	    "export -o all.json" "import all.json" "sheet -o g.pdf" "sheet golf -o b.pdf" "help" "help hand" \
	    "hand --help" "use" "edit 1 Ann=2 Bob=4" "undo" "undo" "redo" "hand Ann=1 Bob=1" "end" "undo" \
	    "delete 1" "restore 1" "use 1" "night end" "--version" ""; do
		tally --json $c > out.json 2>err || { echo "failed: tally --json $c"; cat err; return 1; }
		is_json < out.json || { echo "not JSON: tally --json $c"; cat out.json; return 1; }
	done
'
test_expect_success 'export of CSV to stdout is refused under --json, not printed as text' '
	expect_status 64 tally --json export --format csv > out 2>err &&
	test ! -s out && grep_msg "needs -o FILE" err
'
test_done
