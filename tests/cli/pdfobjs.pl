# SPDX-License-Identifier: ISC
# pdfobjs.pl: a PDF's objects and pages, for the tests' PDF readers
# (pdf-geometry.pl, pdf-strokes.pl).  pdf_pages(FILE) returns a hash of
# objects (number => [dictionary text, stream inflated with
# Compress::Zlib, or undef]) and the page objects' numbers in order.
use strict;
use warnings;
use Compress::Zlib;

sub pdf_pages {
	my ($file) = @_;
	open(my $fh, '<:raw', $file) or die "$file: $!\n";
	my $pdf = do { local $/; <$fh> };
	close $fh;
	my %obj;
	while ($pdf =~ /(\d+)\s+0\s+obj(.*?)endobj/sg) {
		my ($n, $body) = ($1, $2);
		my ($dict, $stream) = ($body, undef);
		if ($body =~ /^(.*?)stream\r?\n(.*)\r?\nendstream/s) {
			($dict, $stream) = ($1, $2);
			$stream = uncompress($stream) if $dict =~ m{/FlateDecode};
		}
		$obj{$n} = [$dict, $stream];
	}
	# the page tree's kids in order (libharu writes one level)
	my ($root) = grep { $obj{$_}[0] =~ m{/Type\s*/Pages} && $obj{$_}[0] !~ m{/Parent} } keys %obj;
	die "$file: no page tree\n" unless defined $root;
	my @pages;
	my $kids;
	$kids = sub {
		my ($list) = $obj{$_[0]}[0] =~ m{/Kids\s*\[([^\]]*)\]};
		for my $k ($list =~ /(\d+)\s+0\s+R/g) {
			if ($obj{$k}[0] =~ m{/Type\s*/Pages}) { $kids->($k) } else { push @pages, $k }
		}
	};
	$kids->($root);
	return (\%obj, \@pages);
}

# The content of page object n, its streams joined.
sub pdf_content {
	my ($obj, $n) = @_;
	my $pd = $obj->{$n}[0];
	my $content = '';
	if ($pd =~ m{/Contents\s*\[([^\]]*)\]}) {
		$content .= $obj->{$_}[1] // '' for ($1 =~ /(\d+)\s+0\s+R/g);
	} elsif ($pd =~ m{/Contents\s+(\d+)\s+0\s+R}) {
		$content = $obj->{$1}[1] // '';
	}
	return $content;
}

# The tokens of a content stream: strings, arrays, names, numbers, operators.
sub pdf_tokens {
	return $_[0] =~ /(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[[^\]]*\]|\/[^\s\/\[\(<]+|[-+]?\d*\.?\d+|[A-Za-z'"*]+)/g;
}

1;
