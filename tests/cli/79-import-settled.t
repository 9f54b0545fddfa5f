#!/bin/sh
# SPDX-License-Identifier: ISC
# A laptop and the host both change one game, then each settles the
# conflict with --ours or --theirs (cmd/cmd-import.c rules 2-3, core/merge.h
# merge_decide_clock).  --ours is a change made in the file that settles,
# as it is for a night's note: the version it keeps holds it, so a file
# that did not settle takes that version without a conflict.  --theirs is
# a take: the file then holds the other's version with its clock, and the
# other finds it "already here".  Two files that settled apart are a
# conflict again (exit 65, both revisions shown) rather than each saying
# "already here" of its own version for ever, and two that settled alike
# hold the same hands, with no conflict.
. "$(dirname "$0")/lib.sh"

# on FILE at TIME COMMAND...: tally on that file at that time
on() { db=$1 t=$2; shift 2; TALLY_NOW=$t TALLY_DB=$SCRATCH/$db.db tally "$@"; }
# hands FILE: the game's live hands there
hands() {
	sqlite3 "$SCRATCH/$1.db" "SELECT group_concat(entry, '; ') FROM (SELECT entry FROM hand h
	    JOIN game g ON g.id = h.game_id WHERE g.uid = '$(cat game.uid)' AND h.undone = 0 ORDER BY number)"
}
gid() { sqlite3 "$SCRATCH/$1.db" "SELECT id FROM game WHERE uid = '$(cat game.uid)'"; }
# import_ok FILE FROM [PICK]: FROM imported into FILE without a conflict
import_ok() {
	TALLY_DB=$SCRATCH/$1.db tally import ${3:+--$3} "$SCRATCH/$2.db" > "$SCRATCH/$1.out" 2> "$SCRATCH/$1.err" ||
	    { cat "$SCRATCH/$1.err"; return 1; }
}
# conflict FILE FROM: a conflict over the game, both revisions shown,
# nothing imported
conflict() {
	cp "$1.db" "$1.before" &&
	expect_status 65 env TALLY_DB="$SCRATCH/$1.db" "$TALLY" import "$SCRATCH/$2.db" 2> "$1.err" &&
	grep -q "conflict: Golf #$(gid $1) (uid $(cat game.uid)) changed here (revision [0-9]*) and in the file (revision [0-9]*)" \
	    "$1.err" && cmp "$1.db" "$1.before"
}
checked() { for f in "$@"; do on $f 2026-11-21T10:00:00Z check > /dev/null || { echo "check $f"; return 1; }; done; }

test_expect_success 'the laptop plays a game, the host takes it, both change it apart' '
	on L 2026-11-20T19:00:00Z new golf Ann Bob > /dev/null &&
	on L 2026-11-20T19:10:00Z hand Ann=3 Bob=4 > /dev/null &&
	sqlite3 L.db "SELECT uid FROM game" > game.uid &&
	import_ok H L &&
	on L 2026-11-20T19:20:00Z hand Ann=2 Bob=5 > /dev/null &&
	on H 2026-11-20T23:00:00Z edit -g "$(gid H)" 1 Ann=4 Bob=4 > /dev/null &&
	hands L > l.hands && hands H > h.hands && ! cmp -s l.hands h.hands &&
	conflict H L && conflict L H && cp H.db H0.db && cp L.db L0.db
'

test_expect_success 'one side settles: the other takes its version on its next import, no conflict' '
	for pick in ours theirs; do
		# --ours: the kept version is taken; --theirs: the other
		# holds that version already
		case $pick in ours) next="updated 1" ;; theirs) next="1 already here" ;; esac &&
		for f in H L; do cp H0.db $f-H.db && cp L0.db $f-L.db; done &&
		# the host settles, then the laptop imports the host
		import_ok H-H H-L $pick && import_ok H-L H-H && grep_msg "$next" H-L.out &&
		import_ok H-H H-L && grep_msg "1 already here" H-H.out &&
		test "$(hands H-H)" = "$(hands H-L)" &&
		# the laptop settles, then the host imports the laptop
		import_ok L-L L-H $pick && import_ok L-H L-L && grep_msg "$next" L-H.out &&
		import_ok L-L L-H && grep_msg "1 already here" L-L.out &&
		test "$(hands L-H)" = "$(hands L-L)" && checked H-H H-L L-H L-L || { echo "--$pick"; exit 1; }
	done &&
	# --ours keeps the settling side'\''s hands, --theirs takes the other'\''s
	test "$(hands H-H)" = "$(cat l.hands)" && test "$(hands L-L)" = "$(cat h.hands)"
'

test_expect_success 'both settle apart (--ours on both, --theirs on both): a conflict again, both ways' '
	for pick in ours theirs; do
		cp H0.db H.db && cp L0.db L.db &&
		import_ok H L0 $pick && import_ok L H0 $pick && ! test "$(hands H)" = "$(hands L)" &&
		conflict H L && conflict L H && checked H L || { echo "--$pick on both"; exit 1; }
	done
'

test_expect_success 'both settle alike (--ours on one, --theirs on the other): the same hands, no conflict' '
	for picks in "ours theirs" "theirs ours"; do
		set -- $picks && cp H0.db H.db && cp L0.db L.db &&
		import_ok H L0 $1 && import_ok L H0 $2 && test "$(hands H)" = "$(hands L)" &&
		cp H.db H2.db && cp L.db L2.db &&
		# the side that kept its own holds a change the other lacks:
		# already here for it, taken (the same hands) by the other
		case $1 in ours) h="1 already here" l="updated 1" ;; theirs) h="updated 1" l="1 already here" ;; esac &&
		import_ok H L && grep_msg "$h" H.out && import_ok L2 H2 && grep_msg "$l" L2.out &&
		test "$(hands L2)" = "$(hands H2)" &&
		import_ok L H && import_ok H L && grep_msg "1 already here" H.out &&
		import_ok L H && grep_msg "1 already here" L.out && test "$(hands H)" = "$(hands L)" &&
		checked H L L2 || { echo "--$1 on the host, --$2 on the laptop"; exit 1; }
	done
'

test_expect_success 'settled apart, then settled once more on one side: one version, no conflict' '
	cp H0.db H.db && cp L0.db L.db && import_ok H L0 ours && import_ok L H0 ours &&
	import_ok H L theirs && test "$(hands H)" = "$(cat l.hands)" &&
	import_ok L H && grep_msg "1 already here" L.out && import_ok H L && grep_msg "1 already here" H.out &&
	test "$(hands H)" = "$(hands L)" && checked H L
'

test_expect_success 'a settled file exports, restores and exports again byte for byte' '
	cp H0.db H.db && import_ok H L0 ours &&
	on H 2026-11-21T10:00:00Z export -o h.json > /dev/null &&
	TALLY_DB=$SCRATCH/R.db tally import --restore h.json > out && grep_msg "restored:" out &&
	TALLY_DB=$SCRATCH/R.db tally export -o r.json > /dev/null && cmp h.json r.json &&
	cp L0.db L.db && import_ok L R && grep_msg "updated 1" L.out && test "$(hands L)" = "$(cat h.hands)"
'

test_done
