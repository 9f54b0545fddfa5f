#!/bin/sh
# SPDX-License-Identifier: ISC
# libharu and libedit are loaded only by the commands that use them (the
# sheet renderer, table mode on a terminal): tally is not linked against
# them, and the commands that need them still work.
. "$(dirname "$0")/lib.sh"

test_expect_success 'tally is linked against neither libharu nor libedit' '
	ldd "$TALLY" > libs &&
	grep -q sqlite libs &&
	! grep -E "libhpdf|libedit" libs
'

test_expect_success 'a sheet still draws, loading libharu' '
	tally new pad Ann Bob > /dev/null &&
	tally hand Ann=3 Bob=5 > /dev/null &&
	tally sheet 1 -o one.pdf > /dev/null &&
	pdftotext one.pdf - | grep -q Ann
'

test_expect_success 'table mode from a pipe needs no libedit' '
	printf "show\n" | tally shell > out 2> err &&
	grep -q Bob out && ! grep -q warning err
'

test_done
