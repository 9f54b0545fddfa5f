#!/bin/sh
# SPDX-License-Identifier: ISC
# On a full disk the reading commands still read (SQLite cannot make the
# -shm, so the file is read as it is), and a write fails naming the real
# cause, the full disk, not "read-only" or a raw SQLite message; nothing is
# lost, and once there is room again the hand goes in.  A small tmpfs
# stands in for the disk (root only; skipped otherwise).
. "$(dirname "$0")/lib.sh"

mkdir -p disk
if ! mount -t tmpfs -o size=1m tmpfs "$SCRATCH/disk" 2> /dev/null; then
	echo "1..0 # SKIP cannot mount a tmpfs (not root)"
	exit 0
fi
trap 'umount "$SCRATCH/disk" 2>/dev/null; scratch_gone' EXIT
export TALLY_DB="$SCRATCH/disk/t.db"

test_expect_success 'set-up: a game with a hand, then the disk filled' '
	tally new golf Ann Bob > /dev/null && tally hand Ann=3 Bob=4 > /dev/null &&
	rm -f disk/t.db-shm disk/t.db-wal &&
	{ dd if=/dev/zero of=disk/fill bs=4k 2> /dev/null; true; } && test "$(df --output=avail disk | tail -1)" -lt 8
'

test_expect_success 'reads work on the full disk' '
	tally list > out && grep -q "Ann, Bob" out &&
	tally show > out && grep -q "next: hole 2" out &&
	tally check > out && grep -q "^ok" out &&
	tally export -o - > e.json && grep -q "Ann=3 Bob=4" e.json &&
	test "$(totals)" = "Ann=3 Bob=4"
'

test_expect_success 'a write names the full disk (74), and stores nothing' '
	expect_status 74 tally hand Ann=1 Bob=2 2> err &&
	grep_msg "No space left on device" err && test "$(wc -l < err)" = 1 &&
	test "$(totals)" = "Ann=3 Bob=4"
'

test_expect_success 'with room again the hand goes in, and nothing was lost' '
	rm -f disk/fill && tally hand Ann=1 Bob=2 > /dev/null &&
	test "$(totals)" = "Ann=4 Bob=6" && tally check > out && grep -q "^ok" out
'

test_done
