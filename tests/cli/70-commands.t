#!/bin/sh
# SPDX-License-Identifier: ISC
# The command line of SPEC section 2: help, version, prefixes, --db,
# TALLY_DB and the XDG default, games and rules, exit statuses.
. "$(dirname "$0")/lib.sh"

test_expect_success 'help, --help and --version' '
	tally > out && grep_msg "usage: tally" out && grep_msg "sheet" out &&
	tally help > out && grep_msg "undo" out && ! grep -n " $" out &&
	tally help hand > out && grep_msg "usage: tally hand" out &&
	tally hand --help > out && grep_msg "usage: tally hand" out &&
	tally --version | grep -q "^tally [0-9]"
'
test_expect_success 'unknown and ambiguous commands are usage errors' '
	expect_status 64 tally frobnicate 2>err && grep_msg "unknown command" err &&
	expect_status 64 tally e 2>err && grep_msg "ambiguous: edit, end" err &&
	expect_status 64 tally --bogus 2>/dev/null
'
test_expect_success 'games, plain and JSON' '
	tally games > out && grep_msg "golf" out &&
	j=$(tally games --json) &&
	test "$(json_get "$j" "\$[0].name")" = golf &&
	test "$(json_get "$j" "\$[0].min_players")" = 2
'
test_expect_success 'rules: summary, options, presets, example' '
	tally rules golf > out &&
	grep_msg "Presets" out && grep_msg "house" out &&
	grep_msg "cancel" out && grep_msg "all_multiples" out &&
	grep_msg "tally hand Ann=" out &&
	expect_status 66 tally rules bridge 2>/dev/null
'
test_expect_success 'unique prefixes: tally sho = show, golf = go; an ambiguous one lists its commands' '
	tally new go Ann Bob > /dev/null && tally sho > out && grep_msg "Golf #1" out &&
	expect_status 64 tally sh 2> err && grep_msg "'\''sh'\'' is ambiguous: show, sheet, shell" err
'
test_expect_success '--db and TALLY_DB choose the file, created by the first write' '
	mkdir -p a/b d &&
	tally --db "$SCRATCH/a/b/c.db" new golf Ann Bob > /dev/null &&
	test -f "$SCRATCH/a/b/c.db" &&
	TALLY_DB="$SCRATCH/d/e.db" tally new golf Cid Dee > /dev/null &&
	test -f "$SCRATCH/d/e.db" &&
	tally show --db="$SCRATCH/a/b/c.db" > out && grep_msg "Ann" out
'
test_expect_success 'the XDG default' '
	(unset TALLY_DB; XDG_DATA_HOME="$SCRATCH/xdg" tally new golf Ann Bob > /dev/null) &&
	test -f "$SCRATCH/xdg/tally/tally.db" &&
	(unset TALLY_DB; tally new golf Ann Bob > /dev/null) &&
	test -f "$HOME/.local/share/tally/tally.db"
'
test_expect_success 'the database is WAL, versioned, and marked as tally' '
	test "$(sqlite3 "$TALLY_DB" "PRAGMA journal_mode")" = wal &&
	test "$(sqlite3 "$TALLY_DB" "PRAGMA user_version")" = "$(tally --version | sed -n "s/.*(schema \([0-9]*\)).*/\1/p")" &&
	test "$(sqlite3 "$TALLY_DB" "PRAGMA application_id")" = 1413565529
'
test_expect_success 'a foreign or corrupt file is refused with exit 74' '
	sqlite3 other.db "CREATE TABLE t(x)" &&
	expect_status 74 tally --db other.db list 2>err && grep_msg "not a tally database" err &&
	head -c 4096 /dev/urandom > junk.db &&
	expect_status 74 tally --db junk.db list 2>err && grep_msg "junk.db" err
'
test_expect_success 'no such game is 66; a bad id is 64' '
	expect_status 66 tally show 42 2>/dev/null &&
	expect_status 64 tally show forty-two 2>/dev/null &&
	expect_status 66 tally hand -g 42 Ann=1 2>/dev/null
'
test_expect_success 'player names: UTF-8 kept, one identity across games, bad names refused' '
	tally new golf "Zoë" José > /dev/null && tally new golf zoë Ann > out &&
	grep_msg "Zoë, Ann" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(*) FROM player WHERE name = '\''Zoë'\''")" = 1 &&
	expect_status 64 tally new golf "a=b" Bob 2>/dev/null &&
	expect_status 64 tally new golf -- -x Bob 2>/dev/null ||
	expect_status 64 tally new golf "$(printf "bad\001")" Bob 2>/dev/null
'
test_expect_success 'names with quotes and spaces survive the canonical entry' '
	tally new golf "Mary \"Jo\"" "O'\''Neil" > /dev/null &&
	tally hand Mary=3 O=4 > out &&
	grep_msg "Mary \"Jo\" 3" out &&
	tally show --json > before.json &&
	sqlite3 "$TALLY_DB" "SELECT entry FROM hand ORDER BY id DESC LIMIT 1" > entry &&
	grep_msg "\"Mary \\\"Jo\\\"\"=3" entry
'
test_done
