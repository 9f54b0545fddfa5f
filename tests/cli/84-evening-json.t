#!/bin/sh
# SPDX-License-Identifier: ISC
# Every command's --json follows the one documented schema
# (tests/json/schema.json): each command of `tally help` is run with
# --json on a small evening and its output checked by json-check.pl; a
# command with no schema, or none run here, fails.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
SCHEMA="$HERE/../json/schema.json"
CHECK="$HERE/../tools/json-check.pl"

# j COMMAND ARGS...: tally --json COMMAND ARGS, checked against COMMAND's
# schema; the command is noted as run
j() {
	c=$1
	tally --json "$@" > "$c.json" || { echo "tally --json $*: exit $?" >&2; return 1; }
	perl "$CHECK" "$SCHEMA" "$c" < "$c.json" || { cat "$c.json" >&2; return 1; }
	echo "$c" >> ran
}

test_expect_success 'every command of an evening, with --json, fits its schema' '
	: > ran &&
	j night start Thanksgiving && j new golf Ann Bob Cid && j hand Ann=3 Bob=5 Cid=9 &&
	j show && j games && j rules golf && j undo && j redo && j edit 1 Ann=4 Bob=5 Cid=9 &&
	j insert 1 Ann=1 Bob=2 Cid=3 && j sub Cid Dee && j note Dee came at nine && j end && j use 1 && j list &&
	j new chase-ace Ann Bob Cid > /dev/null && j delete 2 && j restore 2 && j ledger 2 &&
	j sheet 1 -o s.pdf && j deal 2 && j seats Ann Bob Cid && j history && j stats && j ratings &&
	j season start Fall && j club && j export -o e.json && j import e.json && j check &&
	j player rename Cid Cyd && j pad save Hearts -o direction=high && j completion bash &&
	j join -g 2 Marcus && j hand -g 2 Ann=A Bob=2 Cyd=3 Marcus=4 && j show 2 &&
	j help && j settle && j night end &&
	printf "show 1\n" | tally --json shell > shell.json && perl "$CHECK" "$SCHEMA" shell < shell.json &&
	echo shell >> ran
'
test_expect_success 'night end and pad save print JSON, not text' '
	test "$(json_get "$(cat night.json)" "\$.night.name")" = Thanksgiving &&
	test "$(json_get "$(cat pad.json)" "\$.saved")" = Hearts
'
test_expect_success 'no command is left out, and every one has a schema' '
	tally --json help > h.json &&
	sqlite3 :memory: "SELECT json_extract(value, '\''\$.name'\'') FROM json_each(json_extract(CAST(readfile('\''h.json'\'') AS TEXT), '\''\$.commands'\''))" |
	    sort > all && sort -u ran > done && test_cmp all done
'
test_expect_success 'the checker catches a wrong shape' '
	echo "{\"id\": \"1\"}" > bad.json &&
	! perl "$CHECK" "$SCHEMA" show < bad.json 2> err && grep_msg "show: no '"'"'game'"'"'" err &&
	grep_msg "show.id: string, not integer" err
'
test_done
