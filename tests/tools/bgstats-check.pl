#!/usr/bin/perl
# SPDX-License-Identifier: ISC
# bgstats-check.pl FILE: FILE is a JSON array of plays as BG Stats
# documents a pushed play ("Push plays to BG Stats from other apps or
# websites", bgstatsapp.com/support): each an object with game {name: a
# non-empty string; highestWins, noPoints: booleans; bggId: an integer
# when given; sourceGameId: a string}, playDate "YYYY-MM-DD HH:MM:SS",
# durationMin a whole number, comments and board strings when given, and
# players: a non-empty array of {name: a non-empty string, score: a number,
# winner: a boolean, rank: a whole number, startPlayer: a boolean when
# given}.  Keys the format does not document are refused too.  Prints
# "N plays" and exits 0, or names the first fault and exits 1.
use strict;
use warnings;
use JSON::PP;

my $file = shift or die "usage: bgstats-check.pl FILE\n";
open(my $fh, '<:raw', $file) or die "$file: $!\n";
local $/;
my $plays = eval { JSON::PP->new->decode(<$fh>) } or do { print "not JSON: $@"; exit 1 };

sub fail { print "play $_[0]: $_[1]\n"; exit 1 }
sub is_bool { JSON::PP::is_bool($_[0]) }
sub is_int { defined $_[0] && !ref $_[0] && $_[0] =~ /\A-?\d+\z/ }
sub is_num { defined $_[0] && !ref $_[0] && $_[0] =~ /\A-?\d+(\.\d+)?\z/ }
sub is_text { defined $_[0] && !ref $_[0] && !is_bool($_[0]) }

ref $plays eq 'ARRAY' or do { print "not an array of plays\n"; exit 1 };
my %play_keys = map { $_ => 1 } qw(game playDate durationMin comments board location players);
my %game_keys = map { $_ => 1 } qw(name bggId highestWins noPoints sourceGameId);
my %player_keys = map { $_ => 1 } qw(name score winner rank role startPlayer sourcePlayerId);
my $i = 0;
for my $p (@$plays) {
	$i++;
	ref $p eq 'HASH' or fail($i, "not an object");
	$play_keys{$_} or fail($i, "key '$_' is not in the format") for keys %$p;
	my $g = $p->{game};
	ref $g eq 'HASH' or fail($i, "no game");
	$game_keys{$_} or fail($i, "game key '$_' is not in the format") for keys %$g;
	is_text($g->{name}) && length $g->{name} or fail($i, "game.name");
	is_bool($g->{highestWins}) or fail($i, "game.highestWins");
	is_bool($g->{noPoints}) or fail($i, "game.noPoints");
	!exists $g->{bggId} || is_int($g->{bggId}) or fail($i, "game.bggId");
	!exists $g->{sourceGameId} || is_text($g->{sourceGameId}) or fail($i, "game.sourceGameId");
	is_text($p->{playDate}) && $p->{playDate} =~ /\A\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\z/ or fail($i, "playDate");
	is_int($p->{durationMin}) && $p->{durationMin} >= 0 or fail($i, "durationMin");
	!exists $p->{$_} || is_text($p->{$_}) or fail($i, $_) for qw(comments board location);
	ref $p->{players} eq 'ARRAY' && @{$p->{players}} or fail($i, "players");
	for my $s (@{$p->{players}}) {
		ref $s eq 'HASH' or fail($i, "a player is not an object");
		$player_keys{$_} or fail($i, "player key '$_' is not in the format") for keys %$s;
		is_text($s->{name}) && length $s->{name} or fail($i, "player name");
		is_num($s->{score}) or fail($i, "score of $s->{name}");
		is_bool($s->{winner}) or fail($i, "winner of $s->{name}");
		is_int($s->{rank}) && $s->{rank} >= 1 or fail($i, "rank of $s->{name}");
		!exists $s->{startPlayer} || is_bool($s->{startPlayer}) or fail($i, "startPlayer of $s->{name}");
	}
}
print "$i plays\n";
