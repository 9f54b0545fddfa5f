#!/bin/sh
# SPDX-License-Identifier: ISC
# Names longer than their place on paper stay in it: a night's title
# wider than the page shrinks, then wraps, inside the margins; a side's
# name with a CJK part fits its header cell in one piece; an upright
# name breaks no word that a line can hold, and never leaves one letter
# alone.  Positions are poppler's (pdftotext -bbox).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# inside PDF: every word of every page within MARGIN pt of the edges
inside() {
	pdftotext -bbox "$1" - | perl -ne '
		$w = $1 if /<page width="([\d.]+)"/;
		if (/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)".*>(.*)<\/word>/) {
			print "$3 $1..$2 of $w\n" if $1 < '"$2"' - 0.5 || $2 > $w - '"$2"' + 0.5;
		}' > outside && ! test -s outside
}

test_expect_success 'a night title wider than the page stays inside the margins' '
	tally night start "A rather long night name for the Saturday club gathering" > /dev/null &&
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=5 Bob=20 > /dev/null &&
	tally sheet night:1 -o night.pdf > /dev/null && inside night.pdf 36 &&
	pdftotext night.pdf - | grep -q "A rather long night name for the Saturday club gathering"
'
test_expect_success 'a longer one wraps, every word kept, inside the margins' '
	tally night end > /dev/null &&
	tally night start "A rather long night name for the Saturday club gathering at the Featherstonehaugh residence, with cake" > /dev/null &&
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=5 Bob=20 > /dev/null &&
	tally sheet night:2 -o long.pdf > /dev/null && inside long.pdf 36 &&
	pdftotext -l 1 long.pdf - | head -2 | tr "\n" " " | grep -q "^A rather .* gathering .*residence, with cake"
'
test_expect_success 'a side named with a CJK part fits its header cell, in one piece' '
	tally new hand-foot -o preset=common "Maximiliana Wolkenstein-Oberhausen"+"Zoë Ångström-Ödegaard Núñez" \
	    "Bartholomew Featherstonehaugh"+"Li 李小龍 Xiaolong" > /dev/null &&
	tally sheet -o hf.pdf > /dev/null && perl "$HERE/pdf-geometry.pl" hf.pdf && inside hf.pdf 36 &&
	pdftotext -f 1 -l 1 hf.pdf - | grep -q "Bartholomew Featherstonehaugh & Li 李小龍 Xiaolong"
'
test_expect_success 'an upright name breaks no word a line holds, never leaving one letter' '
	pdftotext -bbox -f 1 -l 1 hf.pdf - | grep -c ">Featherstonehaugh<" > n && test "$(cat n)" -ge 2 &&
	! pdftotext -bbox hf.pdf - | grep -q ">h</word>"
'
test_done
