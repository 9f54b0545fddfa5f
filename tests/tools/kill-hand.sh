#!/bin/sh
# SPDX-License-Identifier: ISC
# kill -9 during `tally hand`, KILLS times (1,000 by default; `make kill`
# runs 200, `make kill KILLS=1000` all of them).  One fresh file holds a
# long Golf game and a Hand & Foot game of 16 rounds (its state is richer:
# books, red threes, openings; a new one is started when one ends).  Each
# run starts `tally hand` on one of them (every fourth on Hand & Foot), its
# stdout to a file, and kills it with SIGKILL after a random delay spread
# over the whole life of the process, from the fork before its exec to its
# exit and past it: 0 to 1.25 times the life, the median of the last 9
# unkilled hands (9 first, then one every 10 kills, as the load of a
# shared machine moves it), so some runs end before their kill.  A hand
# is "reported stored" when its output is complete: its "Golf #1, hole N:"
# line through the last "next: ..." or "game over" line.  After each kill a
# copy of the file as the kill left it (.db and -wal) must show:
#   - every hand reported so far, at its number with its entry (each run's
#     entry is its own, so a hand is known by it); `tally show --json`
#     counts at least the hands reported;
#   - no hand twice (no entry stored twice in a game);
#   - `tally check` passes (exit 0);
# and the file itself, as the kill left it, opens for the next run's hand
# (a run that ends on its own must store its hand: exit 0).  At the end one
# more hand in each game, unkilled, and `tally check` of the file itself.
# Prints one summary line; exits 1 when anything failed.
#
# The WAL is not kept between runs, by choice: when the last tally closes
# the file, SQLite checkpoints the WAL into the .db and deletes it (db/
# store.c, store_close), so a `cp` of the .db alone, as a host carries it
# to the club's laptop, holds every hand (tests/cli/75-table-copy); a kept
# WAL would hold the last hands where a copy of the .db alone misses them.
# And hand/floor meets its goal of 1.25 without it (make bench).  What
# keeping it would save, measured once (4-player Golf from hole 300, 250
# hands one process each, release build; SQLITE_FCNTL_PERSIST_WAL and
# SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE set after the PRAGMAs; fdatasync by
# strace -c -f -e trace=fdatasync,fsync, CPU by TALLY_RUSAGE=1, means):
#                      fdatasync a hand   CPU a hand
#   as tally is        5                  4.36 ms
#   WAL kept, hands 1-50     2            4.11 ms (0.25 ms, 6%, less)
#   WAL kept, hands 150-200  4            6.86 ms (2.5 ms more)
# It saves 3 fdatasync (about 0.3 ms of wall time on this machine's disk,
# 107 us each) only while the WAL is short: a new process recovers the
# whole WAL into the -shm at its open, and after a recovery SQLite counts
# nothing as checkpointed, so with one hand a process the WAL is never
# started again: it grew without bound (8.5 MB after 250 hands), every
# open reads all of it, and past 1,000 pages every commit checkpoints it.
# Keeping it would need a truncating checkpoint at a bound as well.
#
# Usage: sh tests/tools/kill-hand.sh  (after make)
#   KILLS=N   runs (1000)
#   SEED=N    the delays' seed (printed; the same seed, the same delays)
#   TALLY=P   the tally to kill (./tally)
set -u
cd "$(dirname "$0")/../.." || exit 1
ROOT=$PWD
TALLY=${TALLY:-$PWD/tally}
KILLS=${KILLS:-1000}
SEED=${SEED:-$$}
ROUNDS=16
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-killhand.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_TEMPLATES="$ROOT/templates" LC_ALL=C TALLY_DB="$W/t.db"
unset TALLY_NOW
. "$ROOT/tests/tools/kill-lib.sh"
cd "$W" || exit 1

say() { echo "kill-hand: $*" >&2; }
# the Hand & Foot game: 16 rounds, every first meld 60, so any round takes
# the same kind of entry
MINS=$(awk -v n=$ROUNDS 'BEGIN { for (i = 1; i <= n; i++) printf "%s60", (i > 1 ? "," : "") }')
new_hf() {
	"$TALLY" new hand-foot Ann Bob Cid -o rounds=$ROUNDS -o round_minimums="$MINS" > new.out 2>&1 &&
	    HF=$(sqlite3 t.db "SELECT max(id) FROM game") || { say "cannot start a Hand & Foot game"; cat new.out; exit 1; }
}
# entry I: run I's hand, its own (Golf scores 0 to 40 a layout; Hand &
# Foot's points left and melded), in the canonical form tally stores
entry() {
	if [ "$2" = "$GOLF" ]; then
		echo "Ann=$(($1 % 41)) Bob=$(($1 / 41 % 41)) Cid=$(($1 / 1681 % 41)) Dee=7"
	else
		echo "Ann=1c2d1r$((335 + $1 / 64 % 8 * 5))m90o Bob=1d160m70o$((60 + $1 / 8 % 8 * 5))l Cid=$((5 + $1 % 8 * 5))l --out Ann"
	fi
}
# reported_as OUT: when OUT is a whole hand's output, its number
reported_as() {
	tail -n 1 "$1" | grep -q '^\(next: \|game over\)' &&
	    sed -n '1s/^[^#]*#[0-9]*, [a-z]* \([0-9][0-9]*\): .*/\1/p' "$1"
}

"$TALLY" new golf Ann Bob Cid Dee -o target=100000 > new.out 2>&1 || { say "cannot start the Golf game"; cat new.out; exit 1; }
GOLF=1
new_hf
: > reported.txt

# timed G E: one hand E on game G, unkilled: it must be stored and
# reported; its life (fork to exit) goes to life.txt
timed() {
	# shellcheck disable=SC2046 # split: the status and time, the entry's words
	set -- $(kill_after -1 out "$TALLY" hand -g "$1" $2) "$1" "$2"
	n=$(reported_as out)
	[ "$1" = 0 ] && [ -n "$n" ] || { say "an unkilled hand failed ($1)"; cat out out.err; exit 1; }
	echo "$3|$n|$4" >> reported.txt
	echo "$2" >> life.txt
}
# the life of a hand: the median of the last 9 unkilled ones (9 first,
# then one every 10 kills, as the machine's load moves it)
life() { tail -n 9 life.txt | sort -n | sed -n 5p; }
t=0
while [ $t -lt 9 ]; do
	t=$((t + 1))
	# (Hand & Foot's kill runs are those of a number divisible by 4; these
	# are not, so no entry is another's)
	if [ $((t % 3)) = 0 ]; then timed $HF "$(entry $((100000 + t)) $HF)"; else timed $GOLF "$(entry $((100000 + t)) $GOLF)"; fi
done
sort reported.txt > r.s
if ! sqlite3 t.db "SELECT game_id || '|' || number || '|' || entry FROM hand" | sort | cmp -s - r.s; then
	say "the entries are not stored as typed"; sqlite3 t.db "SELECT entry FROM hand"; exit 1
fi
BASE=$(hands t.db)
# each kill's moment as a share of the life, 0 to 1.25
awk -v n="$KILLS" -v s="$SEED" 'BEGIN { srand(s); for (i = 0; i < n; i++) printf "%d\n", rand() * 1250 }' > shares.txt
LIFE=$(life) lives=$LIFE

runs=0 reported=0 unreported=0 ended=0 late=0 lost=0 lostruns=0 twice=0 checkfail=0 refused=0 crash=0
while read -r share; do
	runs=$((runs + 1))
	if [ $((runs % 10)) = 0 ]; then
		t=$((t + 1)); timed $GOLF "$(entry $((100000 + t)) $GOLF)"; LIFE=$(life); lives="$lives $LIFE"
	fi
	d=$((share * LIFE / 1000))
	g=$GOLF
	if [ $((runs % 4)) = 0 ]; then
		# a game over (its last round stored, maybe unreported) makes way
		[ "$(sqlite3 t.db "SELECT count(*) FROM hand WHERE game_id = $HF AND NOT undone")" -lt $ROUNDS ] || new_hf
		g=$HF
	fi
	e=$(entry $runs $g)
	# shellcheck disable=SC2046
	set -- $(kill_after "$d" out "$TALLY" hand -g $g $e)
	st=$1
	n=$(reported_as out)
	if [ -n "$n" ]; then
		reported=$((reported + 1))
		echo "$g|$n|$e" >> reported.txt
		[ "$st" = 137 ] && late=$((late + 1))
	fi
	case $st in
	0) ended=$((ended + 1)); [ -n "$n" ] || { refused=$((refused + 1)); say "run $runs: exit 0, output not whole"; } ;;
	137) ;;
	*) if crashed "$st"; then crash=$((crash + 1)); else refused=$((refused + 1)); fi
	   say "run $runs (game $g, kill at $d us): exit $st: $(head -c 300 out.err)" ;;
	esac
	# the file as the kill left it, copied: the checks' own opens must not
	# tidy it up for the next run's hand
	rm -f s.db s.db-wal s.db-shm
	cp t.db s.db && { [ ! -e t.db-wal ] || cp t.db-wal s.db-wal; }
	sqlite3 s.db "SELECT game_id || '|' || number || '|' || entry FROM hand WHERE NOT undone" | sort > stored.txt
	sort reported.txt > r.s
	miss=$(comm -23 r.s stored.txt | wc -l)
	if [ "$miss" != 0 ]; then
		lostruns=$((lostruns + 1)); lost=$miss
		say "run $runs (game $g, kill at $d us, exit $st): reported hands missing: $(comm -23 r.s stored.txt | head -3 | tr '\n' ' ')"
	fi
	have=$("$TALLY" --db s.db --json show -g $g 2> /dev/null | grep -o '"hands":[0-9]*' | head -n 1 | cut -d: -f2)
	if [ "${have:--1}" -lt "$(grep -c "^$g|" r.s)" ]; then
		lostruns=$((lostruns + 1)); say "run $runs: show --json counts ${have:-no} hands of game $g, fewer than reported"
	fi
	dup=$(sqlite3 s.db "SELECT count(*) FROM (SELECT 1 FROM hand GROUP BY game_id, entry HAVING count(*) > 1)")
	[ "$dup" = 0 ] || { twice=$((twice + 1)); say "run $runs: $dup hands stored twice"; }
	if ! "$TALLY" --db s.db check > c.out 2>&1; then
		checkfail=$((checkfail + 1)); say "run $runs (game $g, kill at $d us, exit $st): check: $(head -3 c.out)"
	fi
	[ -n "$n" ] || ! grep -q "^$g|[0-9]*|$e\$" stored.txt || unreported=$((unreported + 1))
done < shares.txt

# the file itself opens for the next hand, and checks
total=$(hands t.db)
for g in $GOLF $HF; do
	[ "$(sqlite3 t.db "SELECT count(*) FROM hand WHERE game_id = $g")" -lt $ROUNDS ] || [ $g = $GOLF ] || { new_hf; g=$HF; }
	# shellcheck disable=SC2046
	set -- $(kill_after -1 out "$TALLY" hand -g $g $(entry $((200000 + g)) $g))
	[ "$1" = 0 ] && [ -n "$(reported_as out)" ] || { refused=$((refused + 1)); say "the last hand of game $g: exit $1: $(cat out.err)"; }
done
"$TALLY" check > c.out 2>&1 || { checkfail=$((checkfail + 1)); say "check of the file itself: $(head -3 c.out)"; }
sqlite3 t.db "SELECT game_id || '|' || number || '|' || entry FROM hand WHERE NOT undone" | sort > stored.txt
sort reported.txt > r.s
final=$(comm -23 r.s stored.txt | wc -l)
[ "$final" -le "$lost" ] || lost=$final

stored=$((total - BASE - t + 9))
lives=$(echo "$lives" | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f to %.1f ms", v[1] / 1000, v[NR] / 1000 }')
printf 'kill -9 during tally hand: runs %d, reported %d, stored %d, lost %d, check failures %d' \
    "$runs" "$reported" "$stored" "$lost" "$checkfail"
printf ' (stored unreported %d, reported then killed %d, ended before the kill %d; twice %d, refused %d, crashed %d; runs with a loss %d; %d unkilled hands timed, a life of %s; seed %s)\n' \
    "$unreported" "$late" "$ended" "$twice" "$refused" "$crash" "$lostruns" "$t" "$lives" "$SEED"
[ $((lost + lostruns + checkfail + twice + refused + crash)) = 0 ]
