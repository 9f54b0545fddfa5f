#!/bin/sh
# SPDX-License-Identifier: ISC
# Names compare the same in every locale.  Under tr_TR.UTF-8 the C
# library's strcasecmp folds 'I' to dotless 'ı', so IVAN would not be ivan:
# tally folds ASCII letters itself (and the rest with utf8proc).  The
# locale is built into the scratch directory (localedef, LOCPATH): no root.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a tr_TR.UTF-8 locale for the test' '
	command -v localedef > /dev/null || { echo "# no localedef: skipped"; exit 0; }
	mkdir -p loc && localedef -i tr_TR -f UTF-8 "$SCRATCH/loc/tr_TR.UTF-8" 2> /dev/null;
	test -d loc/tr_TR.UTF-8 &&
	LOCPATH=$SCRATCH/loc LC_ALL=tr_TR.UTF-8 sh -c "locale" 2>&1 | grep -q "LC_CTYPE=\"tr_TR.UTF-8\"" &&
	! LOCPATH=$SCRATCH/loc LC_ALL=tr_TR.UTF-8 locale 2>&1 | grep -q "Cannot set"
'

tr_tally() { LOCPATH=$SCRATCH/loc LC_ALL=tr_TR.UTF-8 "$TALLY" "$@"; }

test_expect_success 'under tr_TR, ivan finds IVAN and new golf ivan IVAN is one player twice' '
	test -d loc/tr_TR.UTF-8 || { echo "# no locale: skipped"; exit 0; }
	tr_tally new golf IVAN Bob > /dev/null &&
	tr_tally hand ivan=1 Bob=2 > out && grep_msg "IVAN 1" out &&
	expect_status 64 env LOCPATH="$SCRATCH/loc" LC_ALL=tr_TR.UTF-8 "$TALLY" new golf ivan IVAN 2> err &&
	grep_msg "seated twice" err && test "$(wc -l < err)" = 1 &&
	tr_tally hand -g 1 IVAN=3 BOB=4 > /dev/null && test "$(totals 1)" = "IVAN=4 Bob=6"
'

test_done
