#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# pdf-strokes.pl FILE PAGE WIDTH: the style of each path stroked at line
# width WIDTH on page PAGE (1-based), in drawing order, one line each:
# "R G B [DASH]" (the RGB stroke colour and the dash array in force),
# read from the PDF's own content streams (inflated with Compress::Zlib).
use strict;
use warnings;
use FindBin;
require "$FindBin::Bin/pdfobjs.pl";

my ($file, $want, $width) = @ARGV;
my ($obj, $pages) = pdf_pages($file);
my ($rgb, $dash, $lw, @stack) = ('0 0 0', '[]', 1);
for my $tok (pdf_tokens(pdf_content($obj, $pages->[$want - 1]))) {
	if ($tok =~ /^[A-Za-z'"*]+$/) {
		if ($tok eq 'RG') { $rgb = join ' ', map { sprintf "%.3f", $_ } @stack[-3 .. -1] }
		elsif ($tok eq 'd') { ($dash = $stack[-2]) =~ s/\s+/ /g }
		elsif ($tok eq 'w') { $lw = $stack[-1] }
		elsif ($tok eq 'S' && abs($lw - $width) < 0.01) { print "$rgb $dash\n" }
		@stack = ();
		next;
	}
	push @stack, $tok;
}
