#!/bin/sh
# SPDX-License-Identifier: ISC
# The score pad for games tally has no rules for.  A Hearts pad
# with the moon rule, a high-wins pad with a target, a pad saved by the club
# and used on a later night, and the pad in stats, history, export/import,
# sheets and table mode.
. "$(dirname "$0")/lib.sh"
# The first games are played a week before the saved pad's "later night"
# (2026-11-27 below); left to the clock, they fell on that night when the
# suite ran on that date.
TALLY_NOW=2026-11-13T19:00:00Z
export TALLY_NOW

test_expect_success 'a Hearts pad: 26 a hand, 78 when the moon is shot, lowest wins at 100' '
	tally new pad Ann Bob Cid Dee -o title=Hearts -o direction=low -o target=100 \
	    -o hand_total=26 -o moon_total=78 > out && grep_msg "Hearts #1" out &&
	tally hand Ann=5 Bob=21 Cid=0 Dee=0 > out && grep_msg "Hearts #1, hand 1: Ann 5" out &&
	expect_status 65 tally hand Ann=5 Bob=20 Cid=0 Dee=0 2> err &&
	grep_msg "the points add up to 25, but a hand of Hearts adds up to 26 (hand_total) or 78 (moon_total)" err &&
	test "$(json_get "$(tally --json show)" "\$.hands")" = 1 &&
	tally hand Ann=0 Bob=26 Cid=26 Dee=26 > /dev/null &&
	tally hand Ann=-2 Bob=20 Cid=4 Dee=4 > /dev/null &&
	test "$(totals 1)" = "Ann=3 Bob=67 Cid=30 Dee=30" &&
	tally hand Ann=0 Bob=26 Cid=0 Dee=0 > /dev/null &&
	tally hand Ann=0 Bob=13 Cid=13 Dee=0 > out && grep_msg "winner: Ann" out &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.status")" = over &&
	test "$(json_get "$j" "\$.winners")" = "[\"Ann\"]" &&
	expect_status 65 tally hand -g 1 Ann=26 Bob=0 Cid=0 Dee=0 2> err && grep_msg "is over" err
'
test_expect_success 'a high-wins pad with a target: negative points, the highest wins on reaching it' '
	tally new pad Eve Fay -o title=Canasta -o direction=high -o target=5000 > /dev/null &&
	tally hand Eve=2100 Fay=-300 > /dev/null &&
	tally hand Eve=1200 Fay=2500 > /dev/null &&
	j=$(tally --json show) && test "$(json_get "$j" "\$.status")" = open &&
	tally hand Eve=1800 Fay=900 > out && grep_msg "winner: Eve" out &&
	test "$(totals 2)" = "Eve=5100 Fay=3100" &&
	expect_status 65 tally hand -g 2 Eve=1 Fay=1 2> /dev/null &&
	expect_status 64 tally new pad Eve Fay -o direction=sideways 2> err && grep_msg "low|high" err
'
test_expect_success 'a fixed number of hands ends a pad; a bare moon_total is refused' '
	tally new pad Ann Bob -o title=Rummy -o hands=2 > /dev/null &&
	tally hand Ann=10 Bob=3 > /dev/null && tally hand Ann=1 Bob=1 > out &&
	grep_msg "winner: Bob" out &&
	expect_status 64 tally new pad Ann Bob -o moon_total=78 2> err && grep_msg "hand_total" err
'
test_expect_success 'a saved pad: pad save, then new NAME on a later night; games lists it' '
	TALLY_NOW=2026-11-20T19:00:00Z tally pad save hearts -o title=Hearts -o direction=low -o target=100 \
	    -o hand_total=26 -o moon_total=78 > out && grep_msg "saved pad" out &&
	expect_status 64 tally pad save gol -o title=X 2> /dev/null &&
	expect_status 64 tally pad save go 2> err && grep_msg "golf" err &&
	expect_status 64 tally pad save x -o target=abc 2> /dev/null &&
	tally games > out && grep -q "^hearts .*Hearts .*club" out &&
	j=$(tally --json games) &&
	test "$(json_get "$j" "\$[#-1].name")" = hearts && test "$(json_get "$j" "\$[#-1].club")" = 1 &&
	TALLY_NOW=2026-11-27T19:00:00Z tally new hearts Ann Bob Cid Dee > out && grep_msg "Hearts #4" out &&
	j=$(tally --json show 4) && test "$(json_get "$j" "\$.options.hand_total")" = 26 &&
	expect_status 65 tally hand Ann=1 Bob=1 Cid=1 Dee=1 2> err && grep_msg "add up to 4" err &&
	TALLY_NOW=2026-11-27T19:30:00Z tally hand Ann=26 Bob=0 Cid=0 Dee=0 > /dev/null &&
	TALLY_NOW=2026-11-27T20:00:00Z tally hand Ann=26 Bob=0 Cid=0 Dee=0 > /dev/null &&
	TALLY_NOW=2026-11-27T20:30:00Z tally hand Ann=26 Bob=0 Cid=0 Dee=0 > /dev/null &&
	TALLY_NOW=2026-11-27T21:00:00Z tally hand Ann=26 Bob=0 Cid=0 Dee=0 > out && grep_msg "game over" out &&
	test "$(sqlite3 "$TALLY_DB" "SELECT count(DISTINCT night_id) FROM game WHERE id IN (1, 4)")" = 2 &&
	TALLY_NOW=2026-11-27T21:30:00Z tally new hearts Ann Bob -o target=30 > /dev/null &&
	test "$(json_get "$(tally --json show)" "\$.options.target")" = 30 &&
	TALLY_NOW=2026-11-27T21:40:00Z tally hand Ann=20 Bob=6 > /dev/null && tally end > /dev/null
'
test_expect_success 'stats group pads by title; list and history show the title' '
	j=$(tally --json stats) &&
	printf "%s" "$j" > s.json &&
	test "$(sqlite3 :memory: "SELECT count(*) FROM json_each(json_extract(CAST(readfile(\"s.json\") AS TEXT), \"\$.stats\"))
	    WHERE json_extract(value, \"\$.player\") = \"Ann\" AND json_extract(value, \"\$.game\") = \"Hearts\"
	    AND json_extract(value, \"\$.games\") = 3 AND json_extract(value, \"\$.wins\") = 1")" = 1 &&
	tally stats > out && grep -q "^Eve  *Canasta  *1  *1" out &&
	tally list > out && grep -q "^.#4  *Hearts" out &&
	tally history > out && grep -q "#2  *Canasta" out &&
	test "$(json_get "$(tally --json list)" "\$[#-1].title")" = Hearts &&
	tally check > out && grep_msg "ok:" out
'
test_expect_success 'game: in a query takes a pad title or a saved pad name' '
	hearts=$(tally --json list | tr "{" "\n" | grep -c "\"title\": *\"Hearts\"") &&
	test "$hearts" -ge 2 &&
	tally history game:Hearts > out && test "$(grep -c " Hearts " out)" = "$hearts" &&
	! grep -q Canasta out &&
	tally history game:hearts > out2 && cmp out out2 &&
	tally stats game:Hearts > out && grep -q "^Ann  *Hearts" out && ! grep -q Canasta out &&
	tally ratings game:Hearts > out && grep -q "Hearts" out && ! grep -q Canasta out &&
	expect_status 66 tally history game:Spades 2> err && grep_msg "no game '"'"'Spades'"'"'" err &&
	expect_status 66 tally history game:glof 2> err && grep_msg "did you mean golf" err
'
test_expect_success 'export and import round trip keeps the pads' '
	tally export -o all.json > /dev/null &&
	TALLY_DB=copy.db tally import all.json > /dev/null &&
	tally --json history > a && TALLY_DB=copy.db tally --json history > b && test_cmp a b &&
	grep -q "\"title\":\"Canasta\"" b &&
	tally --json stats > a && TALLY_DB=copy.db tally --json stats > b && test_cmp a b &&
	TALLY_DB=copy.db tally check > /dev/null
'
test_expect_success 'blank and filled sheets carry the pad title' '
	tally sheet hearts -o blank.pdf Ann Bob Cid Dee > /dev/null &&
	pdftotext blank.pdf - 2>/dev/null > blank.txt && grep_msg "Hearts" blank.txt && grep_msg "Dee" blank.txt &&
	tally sheet pad -o plain.pdf --option title=Spades > /dev/null &&
	pdftotext plain.pdf - 2>/dev/null | grep -q Spades &&
	tally sheet 4 -o filled.pdf > /dev/null &&
	pdftotext filled.pdf - 2>/dev/null > filled.txt && grep_msg "Game #4" filled.txt && grep_msg "104" filled.txt
'
test_expect_success 'table mode asks each player for a pad hand, from the dealer'"'"'s left' '
	printf "new pad Ann Bob -o title=Oh_Hell\nhand\n12\n-3\n" | tally shell > out 2> err &&
	test "$(totals)" = "Ann=-3 Bob=12"
'
# table mode on a terminal, on tmux's own socket
TS="pads-$$"
trap 'tmux -L "$TS" kill-server 2>/dev/null; scratch_gone' EXIT
wait_for() { wait_screen "$1" tmux -L "$TS" capture-pane -t pad -p; }
keys() { tmux -L "$TS" send-keys -t pad "$@"; }
test_expect_success 'table mode completes a saved pad and its options, and asks for each player' '
	command -v tmux > /dev/null &&
	tmux -L "$TS" new-session -d -s pad -x 160 -y 40 \
	    "env TALLY_DB=\"$TALLY_DB\" XDG_STATE_HOME=\"$SCRATCH/state\" LC_ALL=C.UTF-8 \"$TALLY\"; sleep 30" &&
	wait_for "Ctrl-D leaves" && wait_for ">" &&   # the prompt, not only the welcome, before typing
	keys "new hea" Tab && wait_for "new hearts" &&
	keys "Ann Bob Cid Dee -o moo" Tab && wait_for "-o moon_total=" &&
	keys "78" Enter && wait_for "moon_total = 78" &&
	keys "hand" Enter && wait_for "Bob: points this hand (Enter: 0)" &&
	keys "26" Enter && wait_for "Cid: points this hand" &&
	keys "26" Enter && wait_for "Dee: points this hand" &&
	keys "26" Enter && wait_for "Ann: points this hand" &&
	keys Enter &&   # stored: the prompt said "hand 2" already, of the game before
	wait_screen "Ann=0 Bob=26 Cid=26 Dee=26" totals &&
	test "$(json_get "$(tally --json show)" "\$.options.moon_total")" = 78
'
test_expect_success 'the CSV and hands exports name a pad by its title, a game by its rules name' '
	tally new golf Ann Bob > /dev/null &&
	tally export --format csv -o t.csv > /dev/null &&
	grep -q "^[0-9a-f]*,1,\"Hearts\"," t.csv && ! grep -q ",pad," t.csv &&
	grep -q ",golf," t.csv &&
	tally export --format hands -o h.csv > /dev/null &&
	grep -q "^[0-9a-f]*,1,\"Hearts\",1," h.csv && ! grep -q ",pad," h.csv
'
test_done
