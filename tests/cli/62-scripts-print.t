#!/bin/sh
# SPDX-License-Identifier: ISC
# Names in eight scripts on a score sheet, each cut out of the PDF and held
# against a reference HarfBuzz draws (hb-view: shaping, and right to left
# for Hebrew and Arabic) in the face fontconfig gives for the name, as
# tally asks it (core/sheet_text.h).  The bound is on the ink of the two
# drawings scaled to one height (tests/tools/inkdiff.pl): Latin, Greek,
# Cyrillic, CJK, Hebrew, Arabic and Thai print exactly (distance at most
# 0.25, widths within 15%); Devanagari prints legibly only, its conjuncts
# needing a shaping engine libharu lacks (README, "Scripts on paper"): its
# letters come from a Devanagari face, in reading order.
# KEEP_PNGS=DIR keeps each cut-out and reference as PNG for a look.
INKDIFF="$(cd "$(dirname "$0")/../tools" && pwd)/inkdiff.pl"
. "$(dirname "$0")/lib.sh"

# hex of the first character of $1
first_cp() {
	printf '%s' "$1" | perl -CS -ne 'printf "%x", ord(substr($_, 0, 1))'
}

# face_for CP: the face tally asks fontconfig for (core/sheet_text.c): the
# first in fontconfig's order for DejaVu Sans Bold that covers CP, passing
# over a face lighter than regular (weight under 80) while a later one is
# not, "FILE:INDEX".
face_for() {
	fc-list ":charset=$1" -f "%{file}:%{index}:%{weight}\n" > cover &&
	fc-match -s -f "%{file}:%{index}\n" "DejaVu Sans:bold:charset=$1" |
	    awk -F: 'NR == FNR { w[$1 ":" $2] = $3; next }
		($0 in w) { if (first == "") first = $0; if (w[$0] >= 80 && pick == "") pick = $0 }
		END { print (pick != "" ? pick : first) }' cover -
}

# cut N NAME: game N seats NAME and Zed; its sheet's NAME header, as
# got-N.pgm, and HarfBuzz's drawing of NAME as ref-N.pgm.  The sheet is cut
# out at 600 dpi: a Ming face's hairline strokes (AR PL UMing, which
# fontconfig ranks first for CJK once fonts-arphic-uming is installed) are
# under two pixels at 300 dpi and fall below inkdiff's mid-grey line.
cut() {
	tally new golf "$2" Zed > /dev/null && tally hand "$2=1" Zed=2 > /dev/null &&
	tally sheet "$1" -o "s$1.pdf" > /dev/null &&
	pdftotext -bbox "s$1.pdf" "s$1.html" &&
	# the words of the header line left of Zed, in device pixels at 600 dpi
	set -- "$1" "$2" $(perl -ne '
		push @w, [$1, $2, $3, $4, $5] if /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/;
		END {
			my ($z) = grep { $_->[4] eq "Zed" } @w;
			my ($x0, $y0, $x1, $y1) = (1e9, 1e9, 0, 0);
			for (@w) {
				next if $_ == $z || $_->[1] >= $z->[3] || $_->[3] <= $z->[1] || $_->[2] > $z->[0];
				$x0 = $_->[0] if $_->[0] < $x0; $y0 = $_->[1] if $_->[1] < $y0;
				$x1 = $_->[2] if $_->[2] > $x1; $y1 = $_->[3] if $_->[3] > $y1;
			}
			printf "%d %d %d %d\n", ($x0 - 1) * 600 / 72, ($y0 - 1) * 600 / 72,
			    ($x1 - $x0 + 2) * 600 / 72, ($y1 - $y0 + 2) * 600 / 72;
		}' "s$1.html") &&
	pdftoppm -r 600 -gray -x "$3" -y "$4" -W "$5" -H "$6" "s$1.pdf" > "got-$1.pgm" &&
	face=$(face_for "$(first_cp "$2")") &&
	hb-view --font-file="${face%:*}" --face-index="${face##*:}" --font-size=96 --margin=8 \
	    --output-format=pdf -o "ref-$1.pdf" "$2" &&
	pdftoppm -r 150 -gray "ref-$1.pdf" > "ref-$1.pgm" &&
	if [ -n "${KEEP_PNGS:-}" ]; then
		pdftoppm -r 600 -png -x "$3" -y "$4" -W "$5" -H "$6" "s$1.pdf" > "$KEEP_PNGS/got-$1.png" &&
		pdftoppm -r 150 -png "ref-$1.pdf" > "$KEEP_PNGS/ref-$1.png"
	fi
}

# exact N NAME: the sheet draws NAME as HarfBuzz does
exact() {
	cut "$1" "$2" && perl "$INKDIFF" "ref-$1.pgm" "got-$1.pgm" > d &&
	cat d && perl -ane 'exit !($F[1] <= 0.25 && $F[3] >= 0.85 && $F[3] <= 1.15)' d
}

test_expect_success 'Latin, Greek and Cyrillic names print as HarfBuzz draws them' '
	exact 1 Ann && exact 2 Ελένη && exact 3 Анна
'
test_expect_success 'a CJK name prints from a CJK face fontconfig finds' '
	exact 4 王小明 &&
	pdffonts s4.pdf | grep -v DejaVu | grep -q "CID TrueType"
'
test_expect_success 'Hebrew reads right to left, Arabic right to left and joined' '
	exact 5 שרה && exact 6 مريم
'
test_expect_success 'a Thai name prints from a Thai face' '
	exact 7 สมชาย
'
test_expect_success 'a Devanagari name prints legibly: a Devanagari face, the vowel sign I first' '
	cut 8 प्रिया &&
	pdffonts s8.pdf | grep -q Lohit &&
	test "$(pdftotext s8.pdf - | grep -c "िप्रया")" -ge 1 &&
	perl "$INKDIFF" "ref-8.pgm" "got-8.pgm" > d && cat d &&
	perl -ane "exit !(\$F[3] >= 0.75 && \$F[3] <= 1.33)" d
'
test_expect_success 'a name no installed face covers still prints, as boxes, and the sheet is written' '
	tally new golf "$(printf "\360\223\200\200")x" Zed > /dev/null &&
	tally sheet -o s9.pdf > /dev/null && test "$(head -c 5 s9.pdf)" = "%PDF-"
'
# A CJK face is cut down to the glyphs drawn before it is embedded, which
# is what keeps a CJK name cheap (the whole 21 MB face took 70 ms a sheet;
# make bench prints the time, tests/bench/ratios.sh): the face is a subset,
# and the sheet grows by a few kilobytes, not by the face.
test_expect_success 'a CJK name embeds a subset of its face: the sheet grows by kilobytes' '
	tally new golf Amy Zed > /dev/null && tally hand Amy=1 Zed=2 > /dev/null &&
	tally sheet -o none.pdf > /dev/null && tally sheet 4 -o cjk.pdf > /dev/null &&
	pdffonts cjk.pdf | grep -v DejaVu | grep "CID TrueType" | grep -q "yes yes yes" &&
	a=$(wc -c < none.pdf) && b=$(wc -c < cjk.pdf) && echo "no CJK $a bytes, CJK $b bytes" &&
	test $((b - a)) -le 40000
'

test_done
