#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# pdf-lines.pl FILE PAGE WIDTH: the points of each path stroked at line
# width WIDTH on page PAGE (1-based), in drawing order, one path a line:
# "x,y x,y ..." (PDF points, from the path's m and l operators), read from
# the PDF's own content streams as pdf-strokes.pl reads them.
use strict;
use warnings;
use FindBin;
require "$FindBin::Bin/pdfobjs.pl";

my ($file, $want, $width) = @ARGV;
my ($obj, $pages) = pdf_pages($file);
my ($lw, @stack, @path) = (1);
for my $tok (pdf_tokens(pdf_content($obj, $pages->[$want - 1]))) {
	if ($tok =~ /^[A-Za-z'"*]+$/) {
		if ($tok eq 'w') { $lw = $stack[-1] }
		elsif ($tok eq 'm' || $tok eq 'l') { push @path, sprintf "%.1f,%.1f", @stack[-2, -1] }
		elsif ($tok eq 'S') {
			print "@path\n" if abs($lw - $width) < 0.01 && @path;
			@path = ();
		}
		elsif ($tok eq 'n' || $tok eq 'f') { @path = () }
		@stack = ();
		next;
	}
	push @stack, $tok;
}
