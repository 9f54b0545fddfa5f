#!/bin/sh
# SPDX-License-Identifier: ISC
# The man page's EXAMPLES are real: every "$ tally ..." line there is run
# in order, and every line shown under it is in what it printed.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
MAN="$HERE/../../man/tally.1"

# examples: the literal blocks and .Dl lines of EXAMPLES, each block ended
# by a line "--", mdoc's \e (a backslash) put back
examples() {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh SEE ALSO/p' "$MAN" |
	    awk '/^\.Bd/ { inb = 1; next } /^\.Ed/ { inb = 0; print "--"; next }
	        /^\.Dl / { sub(/^\.Dl /, ""); print; print "--"; next } inb { print }' |
	    sed -e 's/\\e$/\\/'
}

# run_examples FILE: run each "$ tally" line (a trailing \ joins the
# next), then check each line shown after it is in its output
run_examples() {
	n=0 cmd="" more=0
	while IFS= read -r line; do
		if [ $more = 1 ]; then
			cmd="$cmd ${line%\\}"
			case $line in *\\) ;; *) more=0; eval "$cmd" > "out.$n" 2>&1 ;; esac
			continue
		fi
		case $line in
		'$ tally'*)
			n=$((n + 1))
			cmd=${line#\$ }
			case $line in
			*\\) cmd=${cmd%\\}; more=1 ;;
			*) eval "$cmd" > "out.$n" 2>&1 ;;
			esac ;;
		--) n=$((n + 1)); : > "out.$n" ;;
		'') ;;
		*)
			grep -qF -- "$line" "out.$n" || {
				echo "example $n ($cmd) did not print: $line" >&2
				cat "out.$n" >&2
				return 1
			} ;;
		esac
	done < "$1"
}

test_expect_success 'the EXAMPLES, run as the man page shows them' '
	TALLY_DB=table1.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=table2.db tally new trash Ann Bob Cid Dee > /dev/null &&
	examples > ex.txt &&
	test "$(grep -c "^. tally" ex.txt)" -ge 15 &&
	run_examples ex.txt &&
	test -s golf-night.pdf && test -s golf.pdf &&
	tally --json list | grep -q "\"game\":\"trash\""
'
test_done
