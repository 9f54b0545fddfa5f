#!/bin/sh
# SPDX-License-Identifier: ISC
# Card details on a filled pad wrap under the scores, as README says: the
# row grows a line for each more, a meld is never split between lines,
# and no text is squeezed narrower than 85% (a PDF's Tz operator) to fit.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

# squeeze FILE PAGE: the least horizontal scaling (Tz) the page sets.
squeeze() {
	perl -e 'use FindBin; require "'"$HERE"'/pdfobjs.pl"; my ($o, $p) = pdf_pages($ARGV[0]); my ($m, @s) = (100);
	for my $t (pdf_tokens(pdf_content($o, $p->[$ARGV[1] - 1]))) {
		if ($t eq "Tz") { $m = $s[-1] if $s[-1] < $m } if ($t =~ /^[A-Za-z]+$/) { @s = () } else { push @s, $t } }
	print "$m\n"' "$1" "$2"
}

test_expect_success 'Gin with cards: a knock whose melds and deadwood fill more than a line' '
	tally new gin Ann Bob > /dev/null &&
	tally hand --knock Ann Ann="2S 3S 4S 7H 7D 7C JC QC KC 5D" Bob="8D 9D 10D 9H 9C 2H 3H KD 5S 6S" > out &&
	grep -q "deadwood" out &&
	tally hand --knock Bob Ann=20 Bob=5 > /dev/null &&
	tally sheet 1 -o gin.pdf > /dev/null && pdftotext gin.pdf text
'
test_expect_success 'the details wrap: each meld whole on a line, the deadwood on its own' '
	grep -qx "2♠ 3♠ 4♠ | 7♥ 7♦ 7♣ |" text && grep -qx "J♣ Q♣ K♣;" text && grep -qx "deadwood 5♦ = 5" text &&
	grep -qx "9♦ 9♥ 9♣;" text && grep -qx "laid off 5♠ 6♠" text
'
test_expect_success 'nothing squeezed below 85%, and the pad measures up with its taller row' '
	test "$(squeeze gin.pdf 1 | cut -d. -f1)" -ge 85 &&
	perl "$HERE/pdf-geometry.pl" gin.pdf
'
test_done
