#!/bin/sh
# SPDX-License-Identifier: ISC
# Import is all or nothing and checks what `new` checks: a cut-off export or one of an unknown schema is refused (65), names
# go through the one name check, a player seated twice is 65 (not a raw
# UNIQUE failure), an open night is closed at its last game, nights are told
# apart by uid, and the input is read before the write lock is taken.
. "$(dirname "$0")/lib.sh"

SCHEMA=$(tally --version | sed -n 's/.*(schema \([0-9]*\)).*/\1/p')

# game UID PLAYERS-JSON: one exported Golf game with no hands.
game() {
	printf '{"uid":"%s","kind":"golf","started":"2026-11-20T19:00:00Z","ended":null,"closed":false,"dealer":0,"night":null,"players":[%s],"options":[],"hands":[]}' "$1" "$2"
}
# export_of LINE...: an export file (stdout) holding those game lines.
export_of() {
	printf '{"tally_export": 1, "schema": 1, "games": [\n'
	sep=""
	for l in "$@"; do printf '%s%s' "$sep" "$l"; sep=",
"; done
	printf '\n]}\n'
}
# games_in DB: how many games DB holds (0 when the file was never made).
games_in() {
	if [ -e "$1" ]; then sqlite3 "$1" "SELECT count(*) FROM game"; else echo 0; fi
}
# refused FILE TEXT: importing FILE exits 65 naming TEXT, one line, nothing stored.
refused() {
	rm -f "$SCRATCH/r.db"
	expect_status 65 env TALLY_DB="$SCRATCH/r.db" "$TALLY" import "$1" 2>err &&
	grep_msg "$2" err && grep_msg "nothing was imported" err && test "$(wc -l < err)" = 1 &&
	test "$(games_in "$SCRATCH/r.db")" = 0
}

test_expect_success 'a whole export imports' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	tally new golf Cid Dee > /dev/null && tally hand Cid=5 Dee=6 > /dev/null &&
	tally export -o all.json &&
	TALLY_DB=$SCRATCH/ok.db tally import all.json > out &&
	grep_msg "imported 2 games (2 hands)" out
'
test_expect_success 'a cut-off export (head -n 2) imports nothing' '
	head -n 2 all.json > part.json &&
	refused part.json "cut off after line 2" &&
	head -c 300 all.json > part.json &&
	refused part.json "line 2" &&
	rm -f r.db && expect_status 65 env TALLY_DB=$SCRATCH/r.db "$TALLY" import - < part.json 2>err &&
	grep_msg "stdin" err && test "$(games_in r.db)" = 0
'
test_expect_success 'an export of a schema this tally does not know imports nothing' '
	sed "1s/\"schema\": [0-9]*/\"schema\": 99/" all.json > new.json &&
	refused new.json "declares schema 99; this tally reads schema 1 to $SCHEMA" &&
	sed "1s/\"schema\": [0-9]*/\"schema\": 0/" all.json > new.json &&
	refused new.json "declares schema 0" &&
	sed "1s/\"tally_export\": 1/\"tally_export\": 2/" all.json > new.json &&
	refused new.json "not a tally export" &&
	printf "{\"tally_export\": 1, \"schema\": 99, \"games\": []}" > doc.json &&
	refused doc.json "declares schema 99"
'
test_expect_success 'text after the end of the export, or a game twice, imports nothing' '
	{ cat all.json; sed -n 2p all.json; } > more.json &&
	refused more.json "text after the end" &&
	export_of "$(game u1 "\"Ann\",\"Bob\"")" "$(game u1 "\"Cid\",\"Dee\"")" > twice.json &&
	refused twice.json "game u1: it appears twice"
'
test_expect_success 'import puts names through the name check of new' '
	export_of "$(game u2 "\"-ann\",\"Bob\"")" > n.json && refused n.json "may not start with" &&
	export_of "$(game u2 "\" Ann\",\"Bob\"")" > n.json && refused n.json "starts or ends with a space" &&
	export_of "$(game u2 "\"Ann\\u202eziB\",\"Bob\"")" > n.json && refused n.json "U+202E" &&
	export_of "$(game u2 "\"An\\u200bn\",\"Bob\"")" > n.json && refused n.json "U+200B" &&
	export_of "$(game u2 "\"$(head -c 5000 /dev/zero | tr "\0" x)\",\"Bob\"")" > n.json &&
	refused n.json "longer than 200 bytes (5000)" &&
	export_of "$(game u2 "\"A=B\",\"Bob\"")" > n.json && refused n.json "may not contain"
'
test_expect_success 'a player seated twice in one game is 65 with a clear message' '
	export_of "$(game u3 "\"Ann\",\"ann\"")" > dup.json &&
	refused dup.json "player '"'"'ann'"'"' is seated twice (seats 1 and 2" &&
	export_of "$(game u3 "\"Ren\\u00e9\",\"Rene\\u0301\"")" > dup.json &&
	refused dup.json "is seated twice"
'
test_expect_success 'names are stored in NFC and matched case-folded on import' '
	export_of "$(game u4 "\"Rene\\u0301\",\"ZO\\u00cb\"")" > nfc.json &&
	rm -f n.db && TALLY_DB=$SCRATCH/n.db tally new golf "$(printf "Zo\303\253")" Bob > /dev/null &&
	TALLY_DB=$SCRATCH/n.db tally import nfc.json > out &&
	test "$(sqlite3 n.db "SELECT count(*) FROM player")" = 3 &&
	test "$(sqlite3 n.db "SELECT hex(name) FROM player WHERE id = 3")" = 52656EC3A9
'
test_expect_success 'an imported open night is closed at its last game; never two nights open' '
	TALLY_NOW=2026-11-20T19:00:00Z TALLY_DB=$SCRATCH/src.db tally new golf Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T21:30:00Z TALLY_DB=$SCRATCH/src.db tally hand Ann=3 Bob=4 > /dev/null &&
	test "$(sqlite3 src.db "SELECT count(*) FROM night WHERE ended IS NULL")" = 1 &&
	TALLY_DB=$SCRATCH/src.db tally export -o open.json &&
	TALLY_NOW=2026-11-22T19:00:00Z TALLY_DB=$SCRATCH/dst.db tally new golf Eve Fay > /dev/null &&
	TALLY_DB=$SCRATCH/dst.db tally import open.json > out && grep_msg "imported 1 game" out &&
	test "$(sqlite3 dst.db "SELECT count(*) FROM night WHERE ended IS NULL")" = 1 &&
	test "$(sqlite3 dst.db "SELECT n.ended FROM night n JOIN game g ON g.night_id = n.id
	    JOIN seat s ON s.game_id = g.id JOIN player p ON p.id = s.player_id WHERE p.name = '"'"'Ann'"'"'")" = 2026-11-20T21:30:00Z &&
	TALLY_DB=$SCRATCH/dst.db tally night > out && grep_msg "2026-11-22" out
'
# night_game UID ENDED: a game of the night "Fri" (no night uid, an older
# export) that says the night ended at ENDED (null: open).
night_game() {
	printf '{"uid":"%s","kind":"golf","started":"2026-11-20T19:00:00Z","ended":null,"closed":false,"dealer":0,"night":{"name":"Fri","started":"2026-11-20T19:00:00Z","ended":%s},"players":["Ann","Bob"],"options":[],"hands":[]}' "$1" "$2"
}
test_expect_success 'a night that one of its games ends and another leaves open is not left open' '
	export_of "$(night_game n1 null)" "$(night_game n2 "\"2026-11-20T23:00:00Z\"")" > half.json &&
	TALLY_DB=$SCRATCH/half.db tally import half.json > out && grep_msg "imported 2 games" out &&
	test "$(sqlite3 half.db "SELECT count(*) || \" \" || min(ended) FROM night")" = "1 2026-11-20T23:00:00Z"
'
test_expect_success 'two nights with the same name and start stay two nights' '
	export TALLY_NOW=2026-11-20T19:00:00Z TALLY_DB=$SCRATCH/two.db &&
	tally night start Friday > /dev/null && tally new golf Ann Bob > /dev/null &&
	tally night start Friday > /dev/null && tally new golf Cid Dee > /dev/null &&
	tally night end > /dev/null &&
	test "$(sqlite3 two.db "SELECT count(DISTINCT name || started) FROM night")" = 1 &&
	tally export -o two.json &&
	TALLY_DB=$SCRATCH/two-copy.db tally import two.json > out &&
	test "$(sqlite3 two-copy.db "SELECT count(*) FROM night")" = 2 &&
	test "$(sqlite3 two-copy.db "SELECT count(DISTINCT night_id) FROM game")" = 2 &&
	TALLY_DB=$SCRATCH/two-copy.db tally import two.json > out && grep_msg "2 already here" out &&
	test "$(sqlite3 two-copy.db "SELECT count(*) FROM night")" = 2
'
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
test_expect_success 'import reads its input before it takes the write lock' '
	TALLY_DB=$SCRATCH/lock.db tally new golf Ann Bob > /dev/null &&
	{ (sleep 4; cat all.json) | TALLY_DB=$SCRATCH/lock.db "$TALLY" import - > imp.out 2>&1 & } &&
	sleep 1 &&
	t0=$(now_ms) &&
	TALLY_DB=$SCRATCH/lock.db tally new golf Cid Dee > /dev/null &&
	TALLY_DB=$SCRATCH/lock.db tally hand Cid=1 Dee=2 > /dev/null &&
	t1=$(now_ms) &&
	echo "new and hand took $((t1 - t0)) ms" &&
	test $((t1 - t0)) -lt 2000 &&
	wait &&
	grep_msg "imported 2 games" imp.out
'
test_done
