#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# json-check.pl SCHEMA COMMAND < OUTPUT: check one command's --json output
# against its entry in SCHEMA (tests/json/schema.json), a subset of JSON
# Schema: type (one or a list), required, properties, items, enum and
# $ref into "definitions".  Prints each mismatch with its path and exits
# 1 when there is one; 2 when COMMAND has no entry or the output is not
# one JSON value.
use strict;
use warnings;
use JSON::PP;
use B;

my ($schema_file, $command) = @ARGV;
die "usage: json-check.pl SCHEMA COMMAND < OUTPUT\n" unless defined $command;
my $json = JSON::PP->new->utf8->allow_nonref;
open my $fh, '<', $schema_file or die "$schema_file: $!\n";
my $schema = $json->decode(do { local $/; <$fh> });
my $want = $schema->{commands}{$command};
unless ($want) { print STDERR "no schema for '$command'\n"; exit 2; }
my $text = do { local $/; <STDIN> };
my $got = eval { $json->decode($text) };
unless (defined $got || $text =~ /^\s*null\s*$/) { print STDERR "$command: not one JSON value: $@"; exit 2; }
my @bad;

sub type_of {
	my ($v) = @_;
	return 'null' unless defined $v;
	return 'object' if ref $v eq 'HASH';
	return 'array' if ref $v eq 'ARRAY';
	return 'boolean' if JSON::PP::is_bool($v);
	# JSON::PP gives a number a numeric value and a string a string one
	my $flags = B::svref_2object(\$v)->FLAGS;
	return 'string' if $flags & B::SVf_POK && !($flags & (B::SVf_IOK | B::SVf_NOK));
	return $v =~ /^-?\d+$/ ? 'integer' : 'number';
}

sub check {
	my ($s, $v, $path) = @_;
	if (my $ref = $s->{'$ref'}) {
		(my $name = $ref) =~ s{^#/definitions/}{};
		$s = $schema->{definitions}{$name} or do { push @bad, "$path: no definition $ref"; return };
	}
	my $t = type_of($v);
	if (my $type = $s->{type}) {
		my @ok = ref $type ? @$type : ($type);
		my $fits = grep { $_ eq $t || ($_ eq 'number' && $t eq 'integer') } @ok;
		unless ($fits) { push @bad, "$path: $t, not " . join('|', @ok); return; }
	}
	if (my $enum = $s->{enum}) {
		push @bad, "$path: '$v' is not one of " . join(', ', @$enum) unless grep { defined $v && $v eq $_ } @$enum;
	}
	if ($t eq 'object') {
		for my $k (@{ $s->{required} || [] }) {
			push @bad, "$path: no '$k'" unless exists $v->{$k};
		}
		my $p = $s->{properties} || {};
		for my $k (keys %$p) {
			check($p->{$k}, $v->{$k}, "$path.$k") if exists $v->{$k};
		}
	}
	if ($t eq 'array' && $s->{items}) {
		check($s->{items}, $v->[$_], "$path\[$_\]") for 0 .. $#$v;
	}
}

check($want, $got, $command);
print STDERR "$_\n" for @bad;
exit(@bad ? 1 : 0);
