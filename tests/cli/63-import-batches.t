#!/bin/sh
# SPDX-License-Identifier: ISC
# A large import is written in batches of whole games, each its own short
# transaction: a writer at the table gets its turn while
# the import runs, and an import killed at any moment leaves whole games
# (each with all its hands or not there at all), statistics that `tally
# check` finds right after the next command, and a file that imports the
# rest when it is run again, without doubling a game.
. "$(dirname "$0")/lib.sh"

# gen_export N PREFIX: an export (stdout) of N finished-looking Golf games
# of 9 hands between 2 to 4 of twelve players, in time order, with nights
# (by uid) of five games each; game uids are PREFIX0, PREFIX1, ...
gen_export() {
	awk -v n="$1" -v p="$2" 'BEGIN {
		srand(7)
		print "{\"tally_export\": 1, \"schema\": 8, \"games\": ["
		for (g = 0; g < n; g++) {
			day = int(g / 5); np = 2 + g % 3
			printf "%s{\"uid\":\"%s%d\",\"kind\":\"golf\",\"started\":\"2020-%02d-%02dT19:%02d:00Z\",", (g ? "," : ""), p, g,
			    1 + int(day / 28) % 12, 1 + day % 28, g % 5
			printf "\"ended\":null,\"closed\":false,\"dealer\":0,"
			printf "\"night\":{\"uid\":\"%sn%d\",\"name\":\"night %d\",\"started\":\"2020-%02d-%02dT18:00:00Z\",\"ended\":null},",
			    p, day, day, 1 + int(day / 28) % 12, 1 + day % 28
			first = int(rand() * 12)
			printf "\"players\":["
			for (i = 0; i < np; i++) printf "%s\"P%02d\"", (i ? "," : ""), (first + i * 5) % 12
			printf "],\"options\":[],\"hands\":["
			for (h = 0; h < 9; h++) {
				printf "%s{\"entry\":\"", (h ? "," : "")
				for (i = 0; i < np; i++) printf "%sP%02d=%d", (i ? " " : ""), (first + i * 5) % 12, int(rand() * 30)
				printf "\",\"recorded\":null}"
			}
			printf "]}\n"
		}
		print "]}"
	}'
}
# whole DB PREFIX: every game of PREFIX in DB has its 9 hands and its seats
whole() {
	test "$(sqlite3 "$1" "SELECT count(*) FROM game g WHERE g.uid LIKE '$2%' AND
	    ((SELECT count(*) FROM hand h WHERE h.game_id = g.id) != 9 OR
	     (SELECT count(*) FROM seat x WHERE x.game_id = g.id) < 2 OR g.hands != 9)")" = 0
}
imported() { sqlite3 "$1" "SELECT count(*) FROM game WHERE uid LIKE '$2%'"; }

test_expect_success 'a writer at the table gets its turn while a long import runs' '
	gen_export 400 big > big.json &&
	tally new golf Ann Bob > /dev/null || exit 1
	# 40 ms a game: 16 s in all, longer than a writer waits for the lock
	# (10 s); the first batch is there within a second (30 s at most here)
	TALLY_IMPORT_DELAY_MS=40 "$TALLY" import big.json > import.out 2>&1 &
	pid=$!
	i=0 && while [ "$(imported tally.db big)" = 0 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done &&
	tally hand Ann=3 Bob=4 > hand.out &&
	tally new golf Cid Dee > /dev/null &&
	tally hand Cid=5 Dee=6 > /dev/null &&
	kill -0 $pid &&
	kill -9 $pid && { wait $pid; true; } &&
	test "$(totals 1)" = "Ann=3 Bob=4" &&
	n=$(imported tally.db big) && test "$n" -gt 0 && test "$n" -lt 400 &&
	whole tally.db big &&
	tally check > check.out &&
	tally import big.json > again.out &&
	grep_msg "imported $((400 - n)) games" again.out && grep_msg "$n already here" again.out &&
	test "$(imported tally.db big)" = 400 && whole tally.db big &&
	test "$(sqlite3 tally.db "SELECT count(*) FROM night WHERE uid LIKE '\''bign%'\''")" = 80 &&
	tally check > check.out
'

test_expect_success 'an import killed at random moments: whole games, right statistics, then the rest' '
	gen_export 700 kill > kill.json &&
	runs=0 && while [ $runs -lt 4 ]; do
		rm -f k.db k.db-wal k.db-shm
		TALLY_DB=$SCRATCH/k.db TALLY_IMPORT_DELAY_MS=1 "$TALLY" import kill.json > /dev/null 2>&1 &
		pid=$!
		sleep "0.$(( (runs * 37 + $$) % 9 + 1 ))" && kill -9 $pid 2>/dev/null; wait $pid
		# killed before it made the file: no file (or the empty one SQLite
		# opens before its first page is written), nothing half
		{ test ! -s k.db || whole k.db kill; } &&
		TALLY_DB=$SCRATCH/k.db tally check > check.out &&
		TALLY_DB=$SCRATCH/k.db tally import kill.json > again.out &&
		test "$(imported k.db kill)" = 700 && whole k.db kill &&
		TALLY_DB=$SCRATCH/k.db tally check > check.out || exit 1
		runs=$((runs + 1))
	done
'

test_expect_success 'an import killed after it put the statistics off leaves a note the next command works off' '
	gen_export 800 late > late.json || exit 1
	# into a file with a game, past 500 games the statistics are refilled
	# at the end, and each batch notes that they lack games
	# (db/migrate-13.sql)
	TALLY_DB=$SCRATCH/l.db tally new golf Ann Bob > /dev/null &&
	TALLY_DB=$SCRATCH/l.db TALLY_IMPORT_DELAY_MS=12 "$TALLY" import late.json > /dev/null 2>&1 &
	pid=$!
	i=0 && while [ "$(sqlite3 l.db "SELECT count(*) FROM restat" 2>/dev/null)" != 1 ] && [ $i -lt 300 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	# another tally meanwhile leaves the refill to the import at work
	TALLY_DB=$SCRATCH/l.db tally list > /dev/null &&
	test "$(sqlite3 l.db "SELECT count(*) FROM restat")" = 1 &&
	# and check says it leaves the statistics to it, rather than failing
	TALLY_DB=$SCRATCH/l.db tally check > during.out &&
	grep_msg "statistics: not checked, an import still at work" during.out &&
	test "$(json_get "$(TALLY_DB=$SCRATCH/l.db tally check --json)" "$.kept_checked")" = 0 &&
	kill -0 $pid && kill -9 $pid && { wait $pid; true; } &&
	test "$(sqlite3 l.db "SELECT count(*) FROM restat")" = 1 &&
	n=$(imported l.db late) && test "$n" -ge 500 && test "$n" -lt 800 && whole l.db late &&
	TALLY_DB=$SCRATCH/l.db tally check > check.out &&
	test "$(sqlite3 l.db "SELECT count(*) FROM restat")" = 0 &&
	TALLY_DB=$SCRATCH/l.db tally import late.json > again.out &&
	grep_msg "$n already here" again.out && test "$(imported l.db late)" = 800 &&
	TALLY_DB=$SCRATCH/l.db tally check > check.out
'

test_expect_success 'into a file with no game the statistics are put off from the first game' '
	gen_export 800 fill > fill.json || exit 1
	# the refill at the end reads only the games written, so none is
	# counted game by game before it: the first batch notes it
	TALLY_DB=$SCRATCH/f.db TALLY_IMPORT_DELAY_MS=12 "$TALLY" import fill.json > /dev/null 2>&1 &
	pid=$!
	i=0 && while [ "$(sqlite3 f.db "SELECT count(*) FROM restat" 2>/dev/null)" != 1 ] && [ $i -lt 300 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	kill -0 $pid && kill -9 $pid && { wait $pid; true; } &&
	n=$(imported f.db fill) && test "$n" -ge 1 && test "$n" -lt 500 && whole f.db fill &&
	test "$(sqlite3 f.db "SELECT count(*) FROM stat_line")" = 0 &&
	TALLY_DB=$SCRATCH/f.db tally check > check.out &&
	test "$(sqlite3 f.db "SELECT count(*) FROM restat")" = 0 &&
	test "$(sqlite3 f.db "SELECT count(*) FROM stat_line")" -gt 0 &&
	TALLY_DB=$SCRATCH/f.db tally import fill.json > again.out &&
	grep_msg "$n already here" again.out && test "$(imported f.db fill)" = 800 &&
	TALLY_DB=$SCRATCH/f.db tally check > check.out
'

test_expect_success 'a player renamed by another tally between batches: later games seat the name the file gives' '
	gen_export 400 ren > ren.json &&
	who=$(sed -n "2s/.*\"players\":\[\"\([^\"]*\)\".*/\1/p" ren.json) && test -n "$who" || exit 1
	# the import keeps the players it found from batch to batch only
	# while no other tally commits in between: after the rename, $who
	# (of the first game) is nobody here, and the games to come make
	# $who anew
	TALLY_DB=$SCRATCH/r.db TALLY_IMPORT_DELAY_MS=30 "$TALLY" import ren.json > ren.out 2>&1 &
	pid=$!
	# (before its first batch the file may have no tables yet)
	i=0 && while [ "$(imported r.db ren 2>/dev/null || echo 0)" = 0 ] && [ $i -lt 300 ]; do
		sleep 0.1; i=$((i + 1)); done &&
	TALLY_DB=$SCRATCH/r.db tally player rename "$who" Renamed > rename.out &&
	before=$(imported r.db ren) && test "$before" -lt 400 &&
	wait $pid && test "$(imported r.db ren)" = 400 && whole r.db ren &&
	seated() { sqlite3 r.db "SELECT count(*) FROM seat x JOIN player p ON p.id = x.player_id WHERE p.name = '\''$1'\'' ${2:-}"; } &&
	test "$(seated "$who" "AND x.game_id <= $before")" = 0 &&
	test "$(seated Renamed "AND x.game_id > $before + 20")" = 0 &&
	test "$(seated "$who")" -gt 0 && test "$(seated Renamed)" -gt 0 &&
	TALLY_DB=$SCRATCH/r.db tally check > check.out
'

test_expect_success 'an import into a file not there yet keeps its settings on the file it makes: no sync at each batch' '
	# strace needs ptrace, which some containers forbid
	strace -f -o /dev/null true 2> /dev/null || { echo "# skipped: strace cannot trace here"; exit 0; }
	gen_export 200 sync > sync.json &&
	syncs() { grep -c -E "^[0-9]+ +f(data)?sync\\(" "$1"; } &&
	# LeakSanitizer cannot run under ptrace: the sanitizer build leaves it off here
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" && export ASAN_OPTIONS &&
	# making a file costs its own syncs (the schema, written whole)
	rm -f s0.db* && TALLY_DB=$SCRATCH/s0.db strace -f -o made.tr -e trace=fsync,fdatasync "$TALLY" night start x > /dev/null &&
	# the same import, of about ten batches, into a file there and into one
	# not there yet: the second costs only the making of the file more
	rm -f s1.db* && TALLY_DB=$SCRATCH/s1.db tally night start x > /dev/null &&
	TALLY_DB=$SCRATCH/s1.db TALLY_IMPORT_DELAY_MS=25 strace -f -o there.tr -e trace=fsync,fdatasync "$TALLY" import sync.json > /dev/null &&
	rm -f s2.db* && TALLY_DB=$SCRATCH/s2.db TALLY_IMPORT_DELAY_MS=25 strace -f -o new.tr -e trace=fsync,fdatasync "$TALLY" import sync.json > /dev/null &&
	echo "syncs: made $(syncs made.tr), there $(syncs there.tr), new $(syncs new.tr)" &&
	test "$(syncs new.tr)" -le $(( $(syncs made.tr) + $(syncs there.tr) + 2 )) &&
	test "$(imported s2.db sync)" = 200 && whole s2.db sync && TALLY_DB=$SCRATCH/s2.db tally check > check.out
'

test_done
