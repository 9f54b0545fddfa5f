#!/bin/sh
# SPDX-License-Identifier: ISC
# Player names (SPEC "Player names"): stored in NFC,
# compared with full Unicode case folding, one name check at `new`; an old
# database is migrated to NFC names and says so when two players become one.
# The schema version the names migration (db/migrate-09.sql) brings: later
# migrations are undone too by old_db.
NAMES_SCHEMA=$(($(ls "$(dirname "$0")/../../db" | grep '^migrate-.*\.sql$' | sort | grep -n '^migrate-09' | cut -d: -f1) + 1))
. "$(dirname "$0")/lib.sh"

NFD=$(printf 'Rene\314\201')     # e + U+0301
NFC=$(printf 'Ren\303\251')      # U+00E9
ZOE=$(printf 'Zo\303\253')       # Zoë
ZOE_UP=$(printf 'ZO\303\213')    # ZOË
SCHEMA=$(tally --version | sed -n 's/.*(schema \([0-9]*\)).*/\1/p')

test_expect_success 'ZOË=3 is Zoë, ann is Ann' '
	tally new golf "$ZOE" Ann > /dev/null &&
	tally hand "$ZOE_UP=3" ann=4 > /dev/null &&
	test "$(totals)" = "$ZOE=3 Ann=4"
'
test_expect_success 'é in one code point and e + U+0301 are one seat, stored in NFC' '
	expect_status 64 tally new golf "$NFD" "$NFC" 2>err && grep_msg "seated twice" err &&
	tally new golf "$NFD" Bob > /dev/null &&
	test "$(sqlite3 tally.db "SELECT hex(name) FROM player WHERE id = 3")" = 52656EC3A9 &&
	tally new golf "$NFC" Bob > /dev/null &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM player")" = 4 &&
	tally hand "$(printf "ren\303\251")=5" Bob=1 > /dev/null &&
	test "$(totals)" = "$NFC=5 Bob=1"
'
test_expect_success 'a query finds a player by folded name, and the folded prefix' '
	tally history "player:$ZOE_UP" > out && grep_msg "$ZOE" out &&
	tally history "player:$(printf "zo\303\253")" > out && grep_msg "$ZOE" out &&
	tally history "player:ren" > out && grep_msg "$NFC" out
'
# refuse_name TEXT NAME: `new` refuses NAME with 64, one line naming the rule
refuse_name() {
	expect_status 64 tally new golf "$2" Bob 2>err && grep_msg "$1" err && test "$(wc -l < err)" = 1
}
test_expect_success 'the name check says each rule' '
	refuse_name "starts or ends with a space" " Ann" &&
	refuse_name "starts or ends with a space" "Ann " &&
	refuse_name "may not contain" "A=B" &&
	refuse_name "U+202E" "$(printf "Ann\342\200\256ziB")" &&
	refuse_name "invisible format character (U+200B" "$(printf "An\342\200\213n")" &&
	refuse_name "longer than 200 bytes (5000)" "$(head -c 5000 /dev/zero | tr "\0" x)" &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM game")" = 3
'

# old_db FILE: FILE as the schema before names were folded: no player.fold,
# no night.uid, nothing of later migrations (seat_sub, pad, rating, rederive), one version back.
old_db() {
	sqlite3 "$1" "DROP INDEX player_fold; ALTER TABLE player DROP COLUMN fold;
	    DROP INDEX night_uid; ALTER TABLE night DROP COLUMN uid; DROP TABLE IF EXISTS seat_change; DROP TABLE IF EXISTS seat_sub;
	    DROP TABLE IF EXISTS pad; DROP TABLE IF EXISTS rating; DROP TABLE IF EXISTS rating_state; DROP TABLE IF EXISTS rederive; DROP TABLE IF EXISTS restat;
	    ALTER TABLE game DROP COLUMN revision; DROP TABLE IF EXISTS merge_base; DROP TABLE IF EXISTS meta;
	    DROP TABLE IF EXISTS season; ALTER TABLE player DROP COLUMN guest; ALTER TABLE seat DROP COLUMN side; ALTER TABLE seat DROP COLUMN joined; ALTER TABLE seat DROP COLUMN join_total;
	    ALTER TABLE game DROP COLUMN note; ALTER TABLE night DROP COLUMN note; ALTER TABLE game DROP COLUMN end_undone_closed;
	    PRAGMA user_version = $((NAMES_SCHEMA - 1))"
}
test_expect_success 'an upgrade merges players whose names become one, and says so' '
	TALLY_DB=$SCRATCH/m.db tally new golf "$ZOE" Ann > /dev/null &&
	TALLY_DB=$SCRATCH/m.db tally hand "$ZOE=3" Ann=4 > /dev/null &&
	TALLY_DB=$SCRATCH/m.db tally new golf Zed Bob > /dev/null &&
	TALLY_DB=$SCRATCH/m.db tally hand Zed=7 Bob=1 > /dev/null &&
	TALLY_DB=$SCRATCH/m.db tally new golf Rob Bob > /dev/null &&
	old_db m.db &&
	sqlite3 m.db "UPDATE player SET name = '"'"'$ZOE_UP'"'"' WHERE name = '"'"'Zed'"'"';
	    UPDATE hand SET entry = replace(entry, '"'"'Zed'"'"', '"'"'$ZOE_UP'"'"');
	    UPDATE player SET name = '"'"'$NFD'"'"' WHERE name = '"'"'Rob'"'"'" &&
	test "$(sqlite3 m.db "SELECT count(*) FROM player")" = 5 &&
	TALLY_DB=$SCRATCH/m.db tally list > out 2>err &&
	grep_msg "warning: players '"'"'$ZOE'"'"' and '"'"'$ZOE_UP'"'"' are one name" err &&
	grep_msg "now one player, '"'"'$ZOE'"'"'" err &&
	test "$(wc -l < err)" = 1 &&
	test "$(sqlite3 m.db "PRAGMA user_version")" = "$SCHEMA" &&
	test "$(sqlite3 m.db "SELECT count(*) FROM player")" = 4 &&
	test "$(sqlite3 m.db "SELECT hex(name) FROM player WHERE fold = '"'"'$(printf "ren\303\251")'"'"'")" = 52656EC3A9 &&
	test "$(TALLY_DB=$SCRATCH/m.db totals 2)" = "$ZOE=7 Bob=1" &&
	TALLY_DB=$SCRATCH/m.db tally history "player:$ZOE" > out &&
	test "$(grep -c golf out)" = 2 &&
	TALLY_DB=$SCRATCH/m.db tally check > out && grep_msg "ok:" out &&
	TALLY_DB=$SCRATCH/m.db tally list 2> err && test ! -s err
'
test_expect_success 'an upgrade that would make one player of two seats of a game is refused, nothing changed' '
	TALLY_DB=$SCRATCH/r.db tally new golf "$ZOE" Zed > /dev/null &&
	old_db r.db &&
	sqlite3 r.db "UPDATE player SET name = '"'"'$ZOE_UP'"'"' WHERE name = '"'"'Zed'"'"'" &&
	expect_status 74 env TALLY_DB=$SCRATCH/r.db "$TALLY" list 2>err &&
	grep_msg "cannot be upgraded: players '"'"'$ZOE'"'"' and '"'"'$ZOE_UP'"'"'" err &&
	grep_msg "both sit in game 1" err &&
	test "$(sqlite3 r.db "PRAGMA user_version")" = $((NAMES_SCHEMA - 1)) &&
	test "$(sqlite3 r.db "SELECT count(*) FROM player")" = 2
'
test_done
