#!/bin/sh
# SPDX-License-Identifier: ISC
# import --restore into a new file (no game, no night) is a restore
# (cmd/cmd-import.c rule 5): the file becomes the one that was exported (its
# uid, each game's revision, what it had taken from other files, a night it
# left open), so export -> import --restore -> export gives the same bytes
# back, and every file that merged with the original merges with the
# restored one as it did.  --restore into a file with games or nights is a
# usage error (64), unless that file is the one exported (a merge).  A plain import, into a new file too, is a merge: the
# file keeps its own uid, so a club host who starts with one laptop's file
# is not that laptop's twin, and their changes are still told apart.
DEMO="$(cd "$(dirname "$0")/.." && pwd)/demo.sh"
. "$(dirname "$0")/lib.sh"

ORIG=$SCRATCH/d/demo/tally.db
at() { db=$1; shift; TALLY_DB=$SCRATCH/$db tally "$@"; }

# same_bytes A B: the files are byte for byte the same; else say from
# which byte and line they differ, the game there, and both sides' bytes
# around it
same_bytes() {
	cmp -s "$1" "$2" && return 0
	first=$(cmp "$1" "$2" | sed -n 's/.* byte \([0-9]*\), line \([0-9]*\).*/\1 \2/p')
	at=${first% *} line=${first#* }
	echo "$1 and $2 differ from byte $at (line $line, $(cmp -l "$1" "$2" | wc -l) bytes differ; sizes $(wc -c < "$1") and $(wc -c < "$2"))" >&2
	echo "line $line: $(sed -n "${line}p" "$1" | cut -c1-60)..." >&2
	from=$((at > 100 ? at - 100 : 1))
	for f in "$1" "$2"; do
		echo "$f, bytes $from on: $(tail -c +$from "$f" | head -c 220 | tr '\n' '|')" >&2
	done
	return 1
}

test_expect_success 'make demo'\''s night: export, import --restore into a new file, export gives the same bytes' '
	mkdir -p d/tests && cp "$DEMO" d/tests/demo.sh &&
	(cd d && TALLY_INSTALLED=1 sh tests/demo.sh > demo.out 2>&1) || { tail -20 d/demo.out; false; } || exit 1
	TALLY_DB=$ORIG tally export -o e1.json > /dev/null &&
	at r.db import --restore e1.json > out && grep_msg "imported 18 games" out && grep_msg "restored:" out &&
	at r.db export -o e2.json > /dev/null && same_bytes e1.json e2.json &&
	# what makes it a restore is there to compare: the demo night is left
	# open, and the table file it gathered is remembered
	grep -q "\"ended\":null,\"uid\"" e1.json && grep -q "\"taken\":{" e1.json &&
	at r.db check > /dev/null
'

test_expect_success 'a tally database restored into a new file: the same export' '
	at r2.db import --restore "$ORIG" > out && grep_msg "imported 18 games" out &&
	at r2.db export -o e3.json > /dev/null && same_bytes e1.json e3.json
'

test_expect_success 'an undone hand, a substitute, a deleted and an abandoned game come back the same' '
	cp "$ORIG" x.db &&
	at x.db end -g 4 --abandon > /dev/null && at x.db sub -g 6 Dee Gus > /dev/null &&
	at x.db delete 8 > /dev/null && at x.db undo -g 7 > /dev/null &&
	at x.db export -o x1.json > /dev/null &&
	grep -q "\"deleted\":" x1.json && grep -q "\"abandoned\":true" x1.json && grep -q "\"undone\":true" x1.json &&
	TALLY_NOW=2031-01-02T03:04:05Z at y.db import --restore x1.json > /dev/null &&
	at y.db export -o x2.json > /dev/null && same_bytes x1.json x2.json &&
	at y.db redo -g 7 > out && grep_msg "Bob=12" out
'

test_expect_success 'an import into a file with games stays a merge: its own uid, nights closed' '
	at m.db new pad Ann Bob > /dev/null && at m.db import e1.json > /dev/null &&
	at m.db export -o m.json > /dev/null &&
	test "$(sed -n "s/.*\"source\": \"\([0-9a-f]*\)\".*/\1/p" m.json | head -1)" != \
	    "$(sed -n "s/.*\"source\": \"\([0-9a-f]*\)\".*/\1/p" e1.json | head -1)" &&
	# the one night left open is this file'\''s own, the pad'\''s
	test "$(grep -c "\"ended\":null,\"uid\"" m.json)" = 1
'

test_expect_success '--restore into a file with games or nights: 64, naming them, nothing stored' '
	expect_status 64 env TALLY_DB=$SCRATCH/m.db "$TALLY" import --restore e1.json > out 2> err &&
	grep_msg "this file holds 19 games and 3 nights; nothing was imported" err &&
	grep_msg "tally import e1.json'\'' merges it into them" err && ! test -s out &&
	at m.db export -o m2.json > /dev/null && same_bytes m.json m2.json &&
	# a night alone is something to lose too
	at n.db night start Friday > /dev/null &&
	expect_status 64 env TALLY_DB=$SCRATCH/n.db "$TALLY" import --restore e1.json 2> err &&
	grep_msg "this file holds 1 night;" err &&
	test "$(sqlite3 n.db "SELECT count(*) FROM game")" = 0
'

# A file whose uid is the export's is the file exported (itself, a copy, a
# restore cut off): --restore into it is no refusal but a merge, said so,
# so that a restore cut off is finished by running it again.
test_expect_success '--restore into the file exported itself: a merge, and the warning says why (0, or 65)' '
	at self.db new golf Ann Bob > /dev/null && at self.db hand Ann=3 Bob=4 > /dev/null &&
	at self.db new golf Cid Dee > /dev/null 2>&1 &&
	at self.db export -o self.json > /dev/null &&
	at self.db import --restore self.json > out 2> err &&
	grep_msg "imported 0 games (0 hands), 2 already here" out && ! grep -q "restored" out &&
	grep_msg "this file is the one self.json was exported from (the same uid" err &&
	grep_msg "so --restore merges into it" err &&
	# changed here and in the export: a conflict, as in any merge
	at self.db hand -g 1 Ann=1 Bob=1 > /dev/null &&
	cp self.db other.db && { cp self.db-wal other.db-wal 2> /dev/null || :; } &&
	at other.db hand -g 1 Ann=2 Bob=2 > /dev/null && at other.db export -o other.json > /dev/null &&
	expect_status 65 env TALLY_DB=$SCRATCH/self.db "$TALLY" import --restore other.json > out 2> err &&
	grep_msg "so --restore merges into it" err && grep_msg "changed both here and in other.json" err
'
test_expect_success 'a plain import into a new file is a merge: its own uid, no "restored"' '
	at p.db import e1.json > out && grep_msg "imported 18 games" out && ! grep -q "restored" out &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/p2.db tally --json import e1.json)" "\$.restored")" = 0 &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/p3.db tally --json import --restore e1.json)" "\$.restored")" = 1 &&
	at p.db export -o p.json > /dev/null &&
	test "$(sed -n "s/.*\"source\": \"\([0-9a-f]*\)\".*/\1/p" p.json | head -1)" != \
	    "$(sed -n "s/.*\"source\": \"\([0-9a-f]*\)\".*/\1/p" e1.json | head -1)"
'

# A club host starts a new file and imports laptop A first, then B; A takes
# the club's file back; then the host notes B's game and A plays on.
a() { TALLY_DB=$SCRATCH/hA.db "$TALLY" "$@"; }
b() { TALLY_DB=$SCRATCH/hB.db "$TALLY" "$@"; }
h() { TALLY_DB=$SCRATCH/hH.db "$TALLY" "$@"; }

test_expect_success 'a host who starts with laptop A'\''s file: A'\''s change and the host'\''s both kept, no conflict' '
	{ a new golf Ann Bob Cid && a hand Ann=3 Bob=4 Cid=5 &&
	  b new spite-malice Zoë Lei && b hand --out Zoë Lei=7 &&
	  h import hA.db && h import hB.db && a import hH.db &&
	  h note -g 2 great game && a hand -g 1 Ann=1 Bob=1 Cid=1; } > /dev/null &&
	h import hA.db > out 2> err && ! grep -q conflict err &&
	grep_msg "updated 1, 1 newer here kept" out &&
	h note -g 2 > out && grep_msg "great game" out &&
	test "$(TALLY_DB=$SCRATCH/hH.db totals 1)" = "Ann=4 Bob=5 Cid=6"
'

test_expect_success 'and every later merge, both ways, takes each side'\''s change' '
	a import hH.db > out && grep_msg "updated 1, 1 already here" out &&
	a note -g 2 > out && grep_msg "great game" out &&
	b import hH.db > out && grep_msg "imported 1 game (2 hands), updated 1" out &&
	b note -g 1 > out && grep_msg "great game" out &&
	# the host plays on A'\''s game, and B changes its note
	h hand -g 1 Ann=2 Bob=2 Cid=2 > /dev/null && b note -g 1 lovely > /dev/null &&
	h import hB.db > out 2>&1 && grep_msg "updated 1, 1 newer here kept" out &&
	h note -g 2 > out && grep_msg "lovely" out &&
	a import hH.db > out 2>&1 && grep_msg "updated 2, 0 already here" out &&
	b import hH.db > out 2>&1 && grep_msg "updated 1, 1 already here" out &&
	test "$(TALLY_DB=$SCRATCH/hA.db totals 1)" = "Ann=6 Bob=7 Cid=8" &&
	test "$(TALLY_DB=$SCRATCH/hB.db totals 2)" = "Ann=6 Bob=7 Cid=8" &&
	a note -g 2 > out && grep_msg "lovely" out &&
	# and nothing is left to take on any side
	h import hA.db > out && grep_msg "2 already here" out &&
	h import hB.db > out && grep_msg "2 already here" out &&
	a import hH.db > out && grep_msg "2 already here" out &&
	b import hH.db > out && grep_msg "2 already here" out
'

test_expect_success 'a club that merged the laptop merges its restored file as it did the laptop'\''s' '
	TALLY_DB=$ORIG tally export -o lap1.json > /dev/null &&
	at club.db new pad Zed Yan > /dev/null && at club.db import lap1.json > /dev/null &&
	# the laptop is lost; its backup is restored, and play goes on there
	at lap.db import --restore lap1.json > /dev/null &&
	at lap.db edit -g 5 1 Ann=4 Bob=3 Cid=4 Dee=2 > /dev/null &&
	at lap.db export -o lap2.json > /dev/null &&
	at club.db import lap2.json > out && grep_msg "updated 1" out && grep_msg "17 already here" out
'

test_expect_success 'the restored file and the original merge both ways without losing a change' '
	# the restored file knows what it was: the edit made on it is newer here
	at lap.db import e1.json > out 2>&1 && grep_msg "1 newer here kept" out &&
	TALLY_DB=$ORIG tally hand -g 8 Ann=3 Bob=9 > /dev/null &&
	TALLY_DB=$ORIG tally export -o lap3.json > /dev/null &&
	at lap.db import lap3.json > out 2>&1 && grep_msg "updated 1, 17 already here" out &&
	test "$(sqlite3 lap.db "SELECT hands FROM game WHERE id = 8")" = 3 &&
	test "$(TALLY_DB=$SCRATCH/lap.db totals 5)" = "Ann=200 Bob=125 Cid=140 Dee=75" &&
	# the original keeps no record of its copy: the contents decide, and
	# an edit is no hand added after those of the original, so a conflict
	at lap.db export -o lap4.json > /dev/null &&
	expect_status 65 env TALLY_DB=$ORIG "$TALLY" import lap4.json > out 2>&1 &&
	grep_msg "conflict: Trash #5" out && grep_msg "1 game changed both here and in lap4.json" out &&
	TALLY_DB=$ORIG tally import --theirs lap4.json > out 2>&1 && grep_msg "updated 1" out &&
	test "$(TALLY_DB=$ORIG totals 5)" = "Ann=200 Bob=125 Cid=140 Dee=75"
'

test_expect_success 'a restored club remembers what it took from each table' '
	at t.db new golf Ann Bob > /dev/null && at t.db hand Ann=3 Bob=4 > /dev/null &&
	at t.db export -o t1.json > /dev/null && at club.db import t1.json > /dev/null &&
	at club.db export -o club.json > /dev/null && at club2.db import --restore club.json > /dev/null &&
	at club2.db export -o club2.json > /dev/null && same_bytes club.json club2.json &&
	# an edit at the table is not the club'\''s hands with more after them:
	# only the record of what was taken says it changed there alone
	at t.db edit 1 Ann=5 Bob=4 > /dev/null && at t.db export -o t2.json > /dev/null &&
	at club2.db import t2.json > out 2>&1 && grep_msg "updated 1" out
'

test_expect_success 'a restore killed half way is finished as a restore when run again' '
	TALLY_IMPORT_DELAY_MS=300 "$TALLY" --db k.db import --restore e1.json > /dev/null 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 100 ] && [ "$(sqlite3 k.db "SELECT count(*) FROM game" 2>/dev/null || echo 0)" -lt 3 ]; do
		sleep 0.1; i=$((i + 1))
	done
	kill -9 $pid; wait $pid 2>/dev/null
	test "$(sqlite3 k.db "SELECT count(*) FROM game")" -lt 18 &&
	# its uid is the export'\''s now: --restore again finishes it
	at k.db import --restore e1.json > /dev/null && at k.db export -o k.json > /dev/null && same_bytes e1.json k.json
'

test_expect_success 'options chosen at the table, in any order, come back in their order' '
	at o.db new golf Ann Bob -o target=50 > /dev/null &&
	at o.db new hand-foot Ann Bob Cid Dee -o red_three=75 -o partnerships=true -o preset=common > /dev/null &&
	at o.db hand -g 1 Ann=3 Bob=4 > /dev/null &&
	at o.db export -o o1.json > /dev/null && at o2.db import --restore o1.json > /dev/null &&
	at o2.db export -o o2.json > /dev/null && same_bytes o1.json o2.json
'

test_expect_success 'a game with a substitute keeps its standings for the export at its revision' '
	at s.db new golf Ann Bob Cid > /dev/null && at s.db hand Ann=3 Bob=4 Cid=5 > /dev/null &&
	at s.db sub Bob Eve > /dev/null && at s.db hand Ann=2 Eve=1 Cid=6 > /dev/null &&
	at s.db sub Eve Bob > /dev/null && at s.db hand Ann=4 Bob=1 Cid=7 > /dev/null &&
	at s.db export -o s1.json > /dev/null &&
	stale() { sqlite3 "$1" "SELECT count(*) FROM game g LEFT JOIN standings k ON k.game_id = g.id
	    WHERE k.revision IS NOT g.revision"; } &&
	at s2.db import --restore s1.json > /dev/null && test "$(stale s2.db)" = 0 &&
	test "$(sqlite3 s2.db "SELECT revision FROM game")" = "$(sqlite3 s.db "SELECT revision FROM game")" &&
	at s2.db export -o s2.json > /dev/null && same_bytes s1.json s2.json &&
	sed "s/\"source\": *\"[0-9a-f]*\", *//" s1.json > s3.json && ! grep -q "\"source\"" s3.json &&
	at s3.db import s3.json > /dev/null && test "$(stale s3.db)" = 0 &&
	# no uid to take: --restore says so, and merges
	at s4.db import --restore s3.json > out 2> err && grep_msg "s3.json names no file it was exported from" err &&
	grep_msg "imported 1 game" out && ! grep -q "restored" out
'
test_done
