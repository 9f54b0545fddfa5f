#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# pdf-geometry.pl FILE [PAGES]: a score pad's measures, read from the PDF
# itself (its drawing operators, inflated with Compress::Zlib, and its
# words as poppler places them, pdftotext -bbox), against the measures
# core/sheet.c states:
#  - a grid is the space between the black vertical rules of one height
#    (the frame and the players' columns); under its header every row,
#    rule to rule, is 7 to 10 mm, and 8.4 pt more for each line past the
#    first of card details wrapped in it;
#  - no column, rule to rule, is under 10 mm, and one headed "total" is
#    at least 12 mm;
#  - every rule is at least 0.4 pt; a grid's thin (< 0.8 pt) rules are
#    50% grey;
#  - numbers in a grid ("1,470" grouped) are 7 pt (a detail), 11 pt (a
#    value) or 14 pt (on the Total row), with a true minus sign, never '-'
#    (a number in words, "1 pile: win", is words);
#  - no word crosses a rule or leaves the page (12 pt edge);
#  - with PAD set in the environment, no word stands within PAD pt of a
#    vertical rule beside it (the cell padding, core/sheet.c CELL_PAD);
#  - PAGES, when given, is the page count, and every page of a pad of
#    more than one says "page K of PAGES".
# Prints each fault and exits 1 when there is one.
use strict;
use warnings;
use FindBin;
require "$FindBin::Bin/pdfobjs.pl";

my ($file, $want_pages) = @ARGV;
my $MM = 72 / 25.4;
my ($objs, $pagelist) = pdf_pages($file);
my %obj = %$objs;
my @pages = @$pagelist;
my @faults;
sub fault { my $f = shift; push @faults, sprintf($f, @_) }

# the words of each page, top-down coordinates
my @words;
{
	open(my $pt, '-|', 'pdftotext', '-bbox', $file, '-') or die "pdftotext: $!\n";
	my $p = -1;
	while (<$pt>) {
		$p++ if /<page /;
		next unless /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/;
		my ($x0, $y0, $x1, $y1, $t) = ($1, $2, $3, $4, $5);
		$t =~ s/&amp;/&/g; $t =~ s/&lt;/</g; $t =~ s/&gt;/>/g; $t =~ s/&quot;/"/g; $t =~ s/&apos;/'/g;
		utf8::decode($t);
		push @{$words[$p]}, { x0 => $x0, y0 => $y0, x1 => $x1, y1 => $y1, t => $t };
	}
	close $pt;
}

my $npages = scalar @pages;
fault("%d pages, not %d", $npages, $want_pages) if defined $want_pages && $npages != $want_pages;

for my $pi (0 .. $#pages) {
	my $pd = $obj{$pages[$pi]}[0];
	my ($W, $H) = $pd =~ m{/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+([-\d.]+)};
	my $content = pdf_content(\%obj, $pages[$pi]);
	my $pg = $pi + 1;
	# the stroked segments: [x1, y1, x2, y2, width, grey], y top-down
	my (@segs, @path, @stack);
	my ($lw, $grey, @saved) = (1, 0);
	my $intext = 0;
	for my $tok (pdf_tokens($content)) {
		if ($tok =~ /^[-+]?\d*\.?\d+$/) { push @stack, $tok; next }
		if ($tok =~ /^[A-Za-z'"*]+$/) {
			if ($tok eq 'BT') { $intext = 1 }
			elsif ($tok eq 'ET') { $intext = 0 }
			elsif ($tok eq 'w') { $lw = $stack[-1] }
			elsif ($tok eq 'q') { push @saved, [$lw, $grey] }
			elsif ($tok eq 'Q') { ($lw, $grey) = @{pop(@saved) // [$lw, $grey]} }
			elsif ($tok eq 'G') { $grey = $stack[-1] }
			elsif ($tok eq 'm' && !$intext) { @path = ([@stack[-2, -1]]) }
			elsif ($tok eq 'l' && !$intext) { push @path, [@stack[-2, -1]] }
			elsif ($tok eq 'S') {
				for my $k (1 .. $#path) {
					push @segs, [$path[$k - 1][0], $H - $path[$k - 1][1], $path[$k][0], $H - $path[$k][1], $lw, $grey];
				}
				@path = ();
			} elsif ($tok eq 'n' || $tok eq 'f') { @path = () }
			@stack = ();
			next;
		}
		push @stack, $tok;
	}
	my @vert = grep { abs($_->[0] - $_->[2]) < 0.01 && abs($_->[1] - $_->[3]) > 0.01 } @segs;
	my @horiz = grep { abs($_->[1] - $_->[3]) < 0.01 && abs($_->[0] - $_->[2]) > 0.01 } @segs;
	for my $s (@segs) {
		fault("page %d: a rule %.2f pt wide", $pg, $s->[4]) if $s->[4] < 0.4 - 1e-6;
		for my $k (0, 2) {
			fault("page %d: a rule leaves the page at %.1f,%.1f", $pg, $s->[$k], $s->[$k + 1])
			    if $s->[$k] < 0 || $s->[$k] > $W || $s->[$k + 1] < 0 || $s->[$k + 1] > $H;
		}
	}
	# grids: black vertical rules (>= 0.8 pt) of one top and bottom
	my %grid;
	for my $v (grep { $_->[4] >= 0.79 && $_->[5] == 0 } @vert) {
		my ($t, $b) = $v->[1] < $v->[3] ? ($v->[1], $v->[3]) : ($v->[3], $v->[1]);
		push @{$grid{sprintf "%.1f %.1f", $t, $b}}, $v->[0];
	}
	my @ws = @{$words[$pi] // []};
	for my $key (keys %grid) {
		my @xs = sort { $a <=> $b } @{$grid{$key}};
		next if @xs < 2;
		my ($top, $bot) = split / /, $key;
		my ($left, $right) = ($xs[0], $xs[-1]);
		my @in = grep {
			my ($y) = $_->[1]; my ($a, $b) = $_->[0] < $_->[2] ? ($_->[0], $_->[2]) : ($_->[2], $_->[0]);
			$y >= $top - 0.5 && $y <= $bot + 0.5 && $b > $left + 1 && $a < $right - 1
		} @horiz;
		my %ys = map { sprintf("%.2f", $_->[1]) => 1 } @in;
		my @ys = sort { $a <=> $b } keys %ys;
		# the first band is the names' header; every other is a row, and
		# a row whose card details wrap (7 pt lines under its values)
		# grows by a detail line (7 pt x 1.2) for each past the first
		for my $k (2 .. $#ys) {
			my $h = ($ys[$k] - $ys[$k - 1]) / $MM;
			my %dl;
			for my $wd (@ws) {
				my $c = ($wd->{y0} + $wd->{y1}) / 2;
				next unless $c > $ys[$k - 1] && $c < $ys[$k] && $wd->{x0} > $left && $wd->{x1} < $right;
				$dl{sprintf "%.0f", $wd->{y1}} = 1 if abs(($wd->{y1} - $wd->{y0}) / 1.163 - 7) < 0.3;
			}
			my $more = keys(%dl) > 1 ? keys(%dl) - 1 : 0;
			fault("page %d: a row %.1f mm high at y %.1f", $pg, $h, $ys[$k - 1])
			    if $h < 7 - 0.01 || $h > 10 + $more * 8.4 / $MM + 0.01;
		}
		my $head = @ys > 1 ? $ys[1] : $top;
		for my $s (@in, grep { $_->[0] >= $left - 0.5 && $_->[0] <= $right + 0.5 } @vert) {
			fault("page %d: a thin rule at %.0f%% grey", $pg, 100 * $s->[5])
			    if $s->[4] < 0.79 && abs($s->[5] - 0.5) > 0.01;
		}
		# columns: rules that reach below the header
		my %cx;
		for my $v (@vert) {
			my ($t, $b) = $v->[1] < $v->[3] ? ($v->[1], $v->[3]) : ($v->[3], $v->[1]);
			$cx{sprintf "%.2f", $v->[0]} = 1 if $v->[0] >= $left - 0.5 && $v->[0] <= $right + 0.5 && $b > $head + 1;
		}
		my @cx = sort { $a <=> $b } keys %cx;
		for my $k (1 .. $#cx) {
			my $w = ($cx[$k] - $cx[$k - 1]) / $MM;
			fault("page %d: a column %.1f mm wide at x %.1f", $pg, $w, $cx[$k - 1]) if $w < 10 - 0.01;
			for my $wd (grep { $_->{t} eq 'total' && $_->{y1} <= $head + 0.5 && $_->{y0} >= $top - 0.5 } @ws) {
				my $c = ($wd->{x0} + $wd->{x1}) / 2;
				fault("page %d: a total column %.1f mm wide", $pg, $w)
				    if $c > $cx[$k - 1] && $c < $cx[$k] && $w < 12 - 0.01;
			}
		}
		# a rule that divides part of a row divides all of it: a word
		# in the row's band (between two of its rules) may not stand
		# across the line of a divider drawn only in the band's upper
		# part (a detail run under a points | total rule that stops short)
		for my $k (1 .. $#ys) {
			my ($ra, $rb) = ($ys[$k - 1], $ys[$k]);
			next if $rb <= $head + 0.5;
			my %dx;
			for my $v (grep { $_->[0] > $left + 0.5 && $_->[0] < $right - 0.5 } @vert) {
				my ($t, $b) = $v->[1] < $v->[3] ? ($v->[1], $v->[3]) : ($v->[3], $v->[1]);
				$dx{sprintf "%.2f", $v->[0]} = 1 if $t < $rb - 0.5 && $b > $ra + 0.5;
			}
			for my $wd (@ws) {
				my $c = ($wd->{y0} + $wd->{y1}) / 2;
				next unless $c > $ra && $c < $rb;
				for my $x (keys %dx) {
					fault("page %d: \"%s\" stands across the line of the rule at x %.1f", $pg, $wd->{t}, $x)
					    if $x > $wd->{x0} + 0.3 && $x < $wd->{x1} - 0.3;
				}
			}
		}
		# type by role: numbers in the grid's body
		my @tot = grep { $_->{t} eq 'Total' && $_->{y0} > $head && $_->{y1} < $bot } @ws;
		for my $wd (grep { $_->{y0} > $head - 0.5 && $_->{y1} < $bot + 0.5 && $_->{x0} > $xs[1] && $_->{x1} < $right } @ws) {
			my $t = $wd->{t};
			fault("page %d: \"%s\" has a hyphen for a minus sign", $pg, $t) if $t =~ /^-\d/;
			next unless $t =~ /^(?:\x{2212}|\+)?\d{1,3}(?:,\d{3})*$/;
			# a number in words ("1 pile: win") is words, not a value
			next if grep { $_ != $wd && abs($_->{y0} - $wd->{y0}) < 1 && ($_->{x0} - $wd->{x1} < 4 &&
			    $_->{x0} - $wd->{x1} > -0.5 || $wd->{x0} - $_->{x1} < 4 && $wd->{x0} - $_->{x1} > -0.5) } @ws;
			my $pt = ($wd->{y1} - $wd->{y0}) / 1.163;
			my $ontot = grep { abs(($_->{y0} + $_->{y1}) / 2 - ($wd->{y0} + $wd->{y1}) / 2) < 4 } @tot;
			my @ok = $ontot ? (14) : (7, 11);
			fault("page %d: \"%s\" set in %.1f pt%s", $pg, $t, $pt, $ontot ? " on the Total row" : "")
			    unless grep { abs($pt - $_) < 0.3 } @ok;
		}
	}
	# words: inside the page, and across no rule
	for my $wd (@ws) {
		my ($x0, $y0, $x1, $y1) = @$wd{qw(x0 y0 x1 y1)};
		fault("page %d: \"%s\" outside the page", $pg, $wd->{t}) if $x0 < 12 || $y0 < 12 || $x1 > $W - 12 || $y1 > $H - 12;
		for my $v (@vert) {
			my ($t, $b) = $v->[1] < $v->[3] ? ($v->[1], $v->[3]) : ($v->[3], $v->[1]);
			fault("page %d: \"%s\" crosses the rule at x %.1f", $pg, $wd->{t}, $v->[0])
			    if $v->[0] > $x0 + 0.3 && $v->[0] < $x1 - 0.3 && $b > $y0 + 0.5 && $t < $y1 - 0.5;
		}
		for my $v (@vert) {
			last unless $ENV{PAD};
			my ($t, $b) = $v->[1] < $v->[3] ? ($v->[1], $v->[3]) : ($v->[3], $v->[1]);
			next unless $b > $y0 + 0.5 && $t < $y1 - 0.5;
			my $gap = $v->[0] <= $x0 + 0.3 ? $x0 - $v->[0] : $v->[0] >= $x1 - 0.3 ? $v->[0] - $x1 : -1;
			fault("page %d: \"%s\" %.1f pt from the rule at x %.1f", $pg, $wd->{t}, $gap, $v->[0])
			    if $gap >= -0.3 && $gap < $ENV{PAD};
		}
		for my $h (@horiz) {
			my ($a, $b) = $h->[0] < $h->[2] ? ($h->[0], $h->[2]) : ($h->[2], $h->[0]);
			fault("page %d: \"%s\" crosses the rule at y %.1f", $pg, $wd->{t}, $h->[1])
			    if $h->[1] > $y0 + 0.3 && $h->[1] < $y1 - 0.3 && $b > $x0 + 0.5 && $a < $x1 - 0.5;
		}
	}
	if ($npages > 1) {
		my $line = join ' ', map { $_->{t} } @ws;
		fault("page %d: no \"page %d of %d\"", $pg, $pg, $npages) unless $line =~ /\bpage $pg of $npages\b/;
	}
}
binmode(STDOUT, ":encoding(UTF-8)");
print "$file: $_\n" for @faults;
exit(@faults ? 1 : 0);
