#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# inkdiff.pl A.pgm B.pgm: how far apart two drawings of one word are, the
# bound the scripts test holds a sheet's name to against its HarfBuzz
# reference.  Each grey image (binary PGM, as pdftoppm -gray writes) is cut
# to its ink (pixels darker than mid-grey), scaled to a grid 48 cells high
# and as wide as A's ink is, and each cell called ink when more than half
# of what it covers is.  A table's rule across the picture is no ink.  Prints "distance D aspect R": D is the Jaccard
# distance of the two grids' ink (0 the same, 1 nothing shared), R the
# ratio of B's ink width/height to A's.  No ink in either: exit 1.
use strict;
use warnings;

sub load {
	my ($f) = @_;
	open(my $fh, '<:raw', $f) or die "$f: $!\n";
	local $/;
	my $d = <$fh>;
	$d =~ s/\AP5\s+(\d+)\s+(\d+)\s+(\d+)\s//s or die "$f: not a binary PGM\n";
	my ($w, $h) = ($1, $2);
	my @px = unpack('C*', substr($d, 0, $w * $h));
	# a table's rules crossing the picture are not the word's ink: a row
	# or column inked across nine tenths of it turns white
	for my $y (0 .. $h - 1) {
		my $n = grep { $px[$y * $w + $_] < 128 } 0 .. $w - 1;
		next if $n < 0.9 * $w;
		$px[$y * $w + $_] = 255 for 0 .. $w - 1;
	}
	for my $x (0 .. $w - 1) {
		my $n = grep { $px[$_ * $w + $x] < 128 } 0 .. $h - 1;
		next if $n < 0.9 * $h;
		$px[$_ * $w + $x] = 255 for 0 .. $h - 1;
	}
	my ($x0, $y0, $x1, $y1) = ($w, $h, -1, -1);
	for my $y (0 .. $h - 1) {
		for my $x (0 .. $w - 1) {
			next if $px[$y * $w + $x] >= 128;
			$x0 = $x if $x < $x0;
			$x1 = $x if $x > $x1;
			$y0 = $y if $y < $y0;
			$y1 = $y if $y > $y1;
		}
	}
	die "$f: no ink\n" if $x1 < 0;
	return { w => $w, px => \@px, x0 => $x0, y0 => $y0, iw => $x1 - $x0 + 1, ih => $y1 - $y0 + 1 };
}

# grid(IMG, GW, GH): the ink of IMG's box sampled onto GW x GH cells
sub grid {
	my ($m, $gw, $gh) = @_;
	my @g;
	for my $j (0 .. $gh - 1) {
		my ($ya, $yb) = (int($m->{y0} + $j * $m->{ih} / $gh), int($m->{y0} + ($j + 1) * $m->{ih} / $gh));
		$yb = $ya + 1 if $yb <= $ya;
		for my $i (0 .. $gw - 1) {
			my ($xa, $xb) = (int($m->{x0} + $i * $m->{iw} / $gw), int($m->{x0} + ($i + 1) * $m->{iw} / $gw));
			$xb = $xa + 1 if $xb <= $xa;
			my ($ink, $all) = (0, 0);
			for my $y ($ya .. $yb - 1) {
				for my $x ($xa .. $xb - 1) {
					$all++;
					$ink++ if $m->{px}[$y * $m->{w} + $x] < 128;
				}
			}
			push @g, $all && 2 * $ink > $all ? 1 : 0;
		}
	}
	return \@g;
}

@ARGV == 2 or die "usage: inkdiff.pl A.pgm B.pgm\n";
my ($a, $b) = eval { (load($ARGV[0]), load($ARGV[1])) } or do { print STDERR $@; exit 1 };
my $gh = 48;
my $gw = int($gh * $a->{iw} / $a->{ih} + 0.5) || 1;
my ($ga, $gb) = (grid($a, $gw, $gh), grid($b, $gw, $gh));
my ($both, $either) = (0, 0);
for my $k (0 .. $#$ga) {
	$both++ if $ga->[$k] && $gb->[$k];
	$either++ if $ga->[$k] || $gb->[$k];
}
printf "distance %.3f aspect %.3f\n", $either ? 1 - $both / $either : 0,
    ($b->{iw} / $b->{ih}) / ($a->{iw} / $a->{ih});
