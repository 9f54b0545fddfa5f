#!/bin/sh
# SPDX-License-Identifier: ISC
# A CJK name on a sheet sits level with the names around it: fontconfig's
# face is a regular one where one is installed (Droid Sans Fallback, not
# AR PL UMing's Light), and the pad still measures up.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

if fc-list :lang=zh file | grep -q DroidSansFallback && fc-list :lang=zh file | grep -q uming; then
test_expect_success 'Gin between Zoë and 李雷: the CJK face is regular, not Light' '
	tally new gin Zoë 李雷 > /dev/null && tally hand --knock Zoë Zoë=5 李雷=20 > /dev/null &&
	tally sheet 1 -o cjk.pdf > /dev/null && pdffonts cjk.pdf > fonts &&
	grep -q DroidSansFallback fonts && ! grep -qi uming fonts &&
	perl "$HERE/pdf-geometry.pl" cjk.pdf
'
else
	echo "ok 1 # skip Droid Sans Fallback and AR PL UMing are not both installed"
	test_count=1
fi
test_done
