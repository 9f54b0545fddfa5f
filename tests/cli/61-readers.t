#!/bin/sh
# SPDX-License-Identifier: ISC
# What tally writes, others read: a spreadsheet must not run a name as a
# formula (OWASP's CSV injection advice: a ' before = + - @ tab CR), hledger
# must read every player as one account whatever spaces the name holds
# (U+00A0, U+3000), and a reader that goes away early is no error: tally
# is not killed after a hand is stored, and says nothing.
. "$(dirname "$0")/lib.sh"

NBSP=$(printf "Ann\302\240\302\240Lee")
IDEO=$(printf "Bob\343\200\200\343\200\200X")

test_expect_success 'CSV: text a spreadsheet would run is neutralised, numbers stay numbers' '
	tally night start "=cmd|calc" > /dev/null &&
	tally new pad "+SUM(1)" "@A1" Cid > /dev/null &&
	tally hand "+SUM(1)=-5" "@A1=3" Cid=2 > /dev/null &&
	tally export --format csv -o t.csv > /dev/null &&
	grep -q "\"'\''+SUM(1)\",1,-5," t.csv && grep -q "\"'\''@A1\"" t.csv &&
	grep -q "\"'\''=cmd|calc\"" t.csv &&
	! grep -q "\"[=+@]" t.csv &&
	tally history --csv > h.csv && grep -q "\"'\''=cmd|calc\"" h.csv &&
	tally stats --csv > s.csv && grep -q "\"'\''+SUM(1)\"" s.csv
'

test_expect_success 'the hledger journal keeps names with Unicode spaces one account each' '
	command -v hledger > /dev/null || { echo "# no hledger: skipped"; exit 0; }
	tally new bankrupt "$NBSP" "$IDEO" Cid Dee > /dev/null &&
	tally hand "$NBSP=K 7" "$IDEO=A 3" "Cid=8 3" "Dee=A 5" > /dev/null &&
	tally export --format ledger -o l.journal > /dev/null &&
	grep -q "Ann%C2%A0%C2%A0Lee:bank" l.journal && grep -q "Bob%E3%80%80%E3%80%80X:bank" l.journal &&
	hledger -f l.journal bal > bal.out &&
	test "$(grep -c ":bank" bal.out)" -ge 4 && tail -1 bal.out | grep -q "^ *0 *$"
'

# A reader that goes away (tally help | head -1) chose to read no more:
# as for any Unix tool that is no error, whatever the command printed,
# while a write that fails otherwise (a full disk) still is one.
# gone CMD...: run tally CMD... after its reader has closed the pipe; its
# exit status in rc, its stderr in err.
gone() {
	{ sleep 0.3; tally "$@" 2> err; echo $? > rc; } | true
	sleep 0.1
}
test_expect_success 'a reader gone before the output: the hand is stored, and no error is said (0)' '
	tally new golf Ann Bob > /dev/null &&
	gone hand Ann=3 Bob=4 &&
	test "$(cat rc)" = 0 && test ! -s err &&
	test "$(totals)" = "Ann=3 Bob=4"
'
test_expect_success 'a reader gone: help, list, history, export, show --json and the rest exit quietly' '
	for c in help "help import" --help --version list history export "export --format csv" "export -o -" \
	    show "--json show" "--json list" "--json help" stats "rules golf" games "sheet -o -"; do
		gone $c &&
		test "$(cat rc)" = 0 && ! grep -v "^wrote -$" err || { echo "$c: exit $(cat rc)" >&2; cat err >&2; return 1; }
	done &&
	expect_status 74 tally list > /dev/full 2> err && grep_msg "cannot write the output" err &&
	expect_status 73 tally export -o /dev/full 2> err && grep_msg "cannot write /dev/full" err
'

test_done
