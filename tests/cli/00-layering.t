#!/bin/sh
# SPDX-License-Identifier: ISC
# make lint's layering check reads what each file includes: the tree as it
# is passes, and a planted back-edge (core/ including cmd/, SQLite outside
# db/, libharu outside the sheet renderer, db/ including cmd/, libharu's
# private API outside core/sheet_tounicode.c) fails it, naming the file.
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$(dirname "$0")/lib.sh"

test_expect_success 'the tree passes the layering check' '
	sh "$ROOT/tests/tools/layering.sh" "$ROOT"
'

plant() {
	rm -rf tree && mkdir tree && cp -r "$ROOT/core" "$ROOT/cmd" "$ROOT/db" "$ROOT/games" tree/ &&
	printf "%s\n" "$2" >> "tree/$1"
}

test_expect_success 'a planted back-edge fails it, naming the file' '
	plant core/replay.c "#include \"../cmd/cmd.h\"" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "core/replay.c: includes \\.\\./cmd/" err &&
	plant cmd/cmd-show.c "#include <sqlite3.h>" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "cmd/cmd-show.c: includes sqlite3" err &&
	plant games/golf.c "#include \"../db/store.h\"" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "games/golf.c" err &&
	plant core/util.c "#include <hpdf.h>" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "core/util.c: includes hpdf" err &&
	plant db/write.c "#include \"../cmd/maintain.h\"" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "db/write.c: includes" err &&
	plant core/sheet.c "#define SHEET_HPDF_PRIVATE" &&
	! sh "$ROOT/tests/tools/layering.sh" tree 2> err && grep_msg "core/sheet.c: reads libharu" err
'

test_done
