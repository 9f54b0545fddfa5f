#!/bin/sh
# SPDX-License-Identifier: ISC
# A CJK name on a sheet sits level with the names around it: fontconfig's
# face is a regular one where one is installed (Droid Sans Fallback, not
# AR PL UMing's Light), and where bold is asked of a face with no bold it
# is drawn filled and stroked (text render mode 2), as a bold.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# modes FILE: the text render modes (Tr) page 1 sets, one a line.
modes() {
	perl -e 'use FindBin; require "'"$HERE"'/pdfobjs.pl"; my ($o, $p) = pdf_pages($ARGV[0]); my @s;
	for my $t (pdf_tokens(pdf_content($o, $p->[0]))) {
		if ($t eq "Tr") { print "$s[-1]\n" } if ($t =~ /^[A-Za-z]+$/) { @s = () } else { push @s, $t } }' "$1"
}

if fc-list :lang=zh file | grep -q DroidSansFallback && fc-list :lang=zh file | grep -q uming; then
test_expect_success 'Gin between Zoë and 李雷: the CJK face is regular, not Light' '
	tally new gin Zoë 李雷 > /dev/null && tally hand --knock Zoë Zoë=5 李雷=20 > /dev/null &&
	tally sheet 1 -o cjk.pdf > /dev/null && pdffonts cjk.pdf > fonts &&
	grep -q DroidSansFallback fonts && ! grep -qi uming fonts
'
test_expect_success 'the bold name in that face is stroked as a bold, the rest filled only' '
	modes cjk.pdf | sort -u > m && grep -qx 2 m &&
	perl "$HERE/pdf-geometry.pl" cjk.pdf
'
else
	echo "ok 1 # skip Droid Sans Fallback and AR PL UMing are not both installed"
	test_count=1
fi
test_done
