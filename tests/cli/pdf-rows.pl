#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# pdf-rows.pl FILE [PAGE]: the rows of a score pad as poppler places its
# words (pdftotext -bbox): words whose vertical centres lie within 4 pt
# of each other make one row, read left to right.  Prints a row a line:
# its top in mm from the page's top, a tab, then its words with single
# spaces ("32.9\tclean books × 500").  PAGE: that page only (1-based);
# without it every page, each row's top counted on its own page.
use strict;
use warnings;

my ($file, $want) = @ARGV;
my @args = ('pdftotext', '-bbox');
push @args, '-f', $want, '-l', $want if defined $want;
open(my $pt, '-|', @args, $file, '-') or die "pdftotext: $!\n";
my (@words, @pages);
while (<$pt>) {
	if (/<page /) { @words = (); next }
	if (/<\/page>/) { push @pages, [@words]; @words = (); next }
	next unless /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/;
	my ($x0, $y0, $y1, $t) = ($1, $2, $4, $5);
	$t =~ s/&amp;/&/g; $t =~ s/&lt;/</g; $t =~ s/&gt;/>/g; $t =~ s/&quot;/"/g; $t =~ s/&apos;/'/g;
	push @words, { x => $x0, top => $y0, c => ($y0 + $y1) / 2, t => $t };
}
close $pt;
for my $p (grep { @$_ } @pages) {
	my @rows;
	for my $w (sort { $a->{c} <=> $b->{c} } @$p) {
		if (@rows && abs($rows[-1]{c} - $w->{c}) <= 4) { push @{$rows[-1]{w}}, $w }
		else { push @rows, { c => $w->{c}, top => $w->{top}, w => [$w] } }
	}
	for my $r (@rows) {
		my $top = $r->{top};
		$top = $_->{top} < $top ? $_->{top} : $top for @{$r->{w}};
		printf "%.1f\t%s\n", $top * 25.4 / 72, join(' ', map { $_->{t} } sort { $a->{x} <=> $b->{x} } @{$r->{w}});
	}
}
