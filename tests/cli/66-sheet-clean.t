#!/bin/sh
# SPDX-License-Identifier: ISC
# Clean PDFs: poppler reads every sheet without a
# warning (libharu 2.3 wrote an encoding CMap as /ToUnicode, see
# core/sheet.c font_finish), the fonts are embedded, text extracts as the
# Unicode that was drawn, and a sheet stays small.
. "$(dirname "$0")/lib.sh"

# quiet FILE: pdftotext and pdftoppm say nothing on stderr.
quiet() {
	pdftotext "$1" text 2>warn && pdftoppm -png -r 30 -f 1 -l 1 "$1" page 2>>warn &&
	if test -s warn; then cat warn >&2; false; fi
}
# embedded FILE: pdffonts lists fonts, every one with emb = yes.
embedded() {
	pdffonts "$1" > fonts 2>&1 && test "$(sed 1,2d fonts | wc -l)" -ge 1 &&
	! sed 1,2d fonts | awk '{ if ($(NF-4) != "yes") bad = 1 } END { exit !bad }'
}

test_expect_success 'a blank sheet: no poppler warning, fonts embedded, small' '
	tally sheet golf -o blank.pdf Ann Bob > /dev/null &&
	quiet blank.pdf && embedded blank.pdf &&
	grep -q "DejaVuSans" fonts &&
	size=$(wc -c < blank.pdf) && echo "blank: $size bytes" && test "$size" -lt 130000
'
test_expect_success 'a filled sheet with suits, accents and CJK: clean, and the text comes back' '
	tally new golf Zoë José 李雷 Ann -o preset=house > /dev/null &&
	tally hand Zoë="Q♠ Q Q K" José="5 5 5 9" 李雷="10 J Q 9" Ann=3 > /dev/null &&
	tally sheet 1 -o filled.pdf > /dev/null &&
	quiet filled.pdf && embedded filled.pdf &&
	sed 1,2d fonts | grep -v DejaVu | grep -q "CID TrueType" &&
	grep -q "Q♠ Q Q K" text && grep -q "李雷" text && grep -q "Zoë" text && grep -q "José" text &&
	size=$(wc -c < filled.pdf) && echo "filled with CJK: $size bytes" && test "$size" -lt 400000
'
test_done
