#!/bin/sh
# SPDX-License-Identifier: ISC
# Options are parsed the same way for every command (getopt_long): each
# long option that `tally --json help` lists takes --key=value as it takes
# --key value, a unique prefix of its name works, "--" ends the options,
# and an unknown or ambiguous one is refused (64) naming the command.
. "$(dirname "$0")/lib.sh"

tally new golf Ann Bob > /dev/null
tally hand Ann=3 Bob=5 > /dev/null
tally new gin Ann Bob > /dev/null
cp "$TALLY_DB" base.db

# every "COMMAND NAME ARG" the help lists (ARG "-" for a flag)
tally --json help > help.json
sqlite3 :memory: "SELECT json_extract(c.value, '\$.name') || ' ' || json_extract(o.value, '\$.name') || ' ' ||
    coalesce(json_extract(o.value, '\$.arg'), '-')
    FROM json_each(json_extract(CAST(readfile('help.json') AS TEXT), '\$.commands')) c,
    json_each(json_extract(c.value, '\$.options')) o" > options.txt
# the commands that declare no options (every command should)
sqlite3 :memory: "SELECT json_extract(value, '\$.name')
    FROM json_each(json_extract(CAST(readfile('help.json') AS TEXT), '\$.commands'))
    WHERE json_extract(value, '\$.options') IS NULL" > undeclared

# a value of the kind an option takes
value_for() {
	case $1 in
	ID) echo 1 ;;
	FILE) echo "$SCRATCH/out.file" ;;
	KEY=VALUE) echo holes=18 ;;
	PLAYER) echo Ann ;;
	*) echo x ;;
	esac
}

# run CMD... on a fresh copy of the database at one fixed time (a PDF
# says when it was made): status, stdout, stderr and the file written
# into run.N
run() {
	tag=$1
	shift
	cp base.db "$TALLY_DB" && rm -f "$SCRATCH/out.file"
	TALLY_NOW=2026-06-01T20:00:00Z "$TALLY" "$@" > "run.$tag" 2>&1
	echo "status $?" >> "run.$tag"
	[ -f "$SCRATCH/out.file" ] && cat "$SCRATCH/out.file" >> "run.$tag"
	return 0
}

test_expect_success 'the help lists the options of every command' '
	test -s options.txt && grep -q "^show game ID$" options.txt &&
	grep -q "^export output FILE$" options.txt && grep -q "^new dealer PLAYER$" options.txt &&
	test_cmp /dev/null undeclared
'
test_expect_success '--key=value is --key value for every long option of every command' '
	fails=0
	while read -r cmd name arg; do
		if [ "$arg" = - ]; then
			run a "$cmd" "--$name" </dev/null
			if grep -q "unknown option" run.a; then
				echo "$cmd --$name: refused" >&2; cat run.a >&2; fails=1
			fi
			continue
		fi
		v=$(value_for "$arg")
		run a "$cmd" "--$name=$v" </dev/null
		run b "$cmd" "--$name" "$v" </dev/null
		if grep -q "unknown option\|is not a game id.*--" run.a || ! cmp -s run.a run.b; then
			echo "$cmd --$name=$v differs from --$name $v:" >&2; diff run.a run.b >&2; fails=1
		fi
	done < options.txt
	test $fails = 0
'
test_expect_success 'a unique prefix of a long option is the option' '
	tally show --ga=1 > a && tally show --game 1 > b && test_cmp b a
'
test_expect_success '-- ends the options' '
	tally show -- 1 > a && tally show 1 > b && test_cmp b a &&
	expect_status 64 tally show -- --game=1 2>err && grep_msg "not a game id" err
'
test_expect_success 'a role of the game takes --role=PLAYER as --role PLAYER (hand and edit)' '
	cp base.db "$TALLY_DB" &&
	tally hand -g 2 --knock=Ann Ann=5 Bob=20 > a &&
	tally undo -g 2 > /dev/null &&
	tally hand -g 2 --knock Ann Ann=5 Bob=20 > b 2> /dev/null && test_cmp b a &&
	grep_msg "Ann scores 15" a &&
	tally edit -g 2 1 --knock=Bob Ann=30 Bob=3 > a && grep_msg "is now: Ann=30 Bob=3 --knock Bob" a
'
test_expect_success 'an unknown option is refused naming the command' '
	expect_status 64 tally show --bogus 2>err &&
	grep_msg "unknown option '\''--bogus'\'' for show; '\''tally help show'\'' lists them" err &&
	expect_status 64 tally deal -x 2>err && grep_msg "unknown option '\''-x'\'' for deal" err
'
test_expect_success 'an option that needs a value says what it needs' '
	expect_status 64 tally show --game 2>err && grep_msg "--game needs ID" err
'
test_done
