#!/bin/sh
# SPDX-License-Identifier: ISC
# For every game tally knows, after its own example
# hand (from `tally rules`), `show --json` carries every number that the
# text table of `show` prints (the table, the pot and what comes next or
# the winner; the examples are written with the last player dealing; not
# the title line with its date, nor the game's own lines
# below them).  And hand by hand: after the example entered a second time
# (where the game takes it), every number of a hand's row and of the rows
# under it (the hand columns) is in that player's element of "players", at
# that hand's place in one of its per-hand arrays ("points", "held", and
# each hand column's key).
. "$(dirname "$0")/lib.sh"

# numbers_missing SHOW JSON: the numbers of SHOW's table that JSON lacks,
# one per line (nothing when none).  JSON's numbers are its numbers, and
# those inside its "next" text.
numbers_missing() {
	perl -MJSON::PP -e '
		open my $t, "<", $ARGV[0] or die; my @text = <$t>; shift @text;
		open my $j, "<", $ARGV[1] or die; local $/; my $doc = decode_json(<$j>);
		my %have;
		my @todo = ($doc);
		while (@todo) {
			my $v = shift @todo;
			if (ref $v eq "HASH") { push @todo, values %$v; $have{$1} = 1 while ($v->{next} // "") =~ /(-?\d+)/g; }
			elsif (ref $v eq "ARRAY") { push @todo, @$v; }
			elsif (defined $v && !ref $v && $v =~ /^-?\d+$/) { $have{$v} = 1; }
		}
		my (%miss, $done);
		for (@text) { last if $done; $done = /^(next|winner|game over|ended early)/; while (/(?<![\w.])(-?\d+)(?:st|nd|rd|th)?(?![\w.])/g) { $miss{$1} = 1 unless $have{$1}; } }
		print "$_\n" for sort keys %miss;
	' "$1" "$2"
}

# hands_missing SHOW JSON: "hand N PLAYER: NUMBER" for each number of a
# hand's rows in SHOW that JSON lacks there (nothing when none).
hands_missing() {
	perl -MJSON::PP -e '
		open my $t, "<", $ARGV[0] or die; my @text = <$t>; shift @text;
		open my $j, "<", $ARGV[1] or die; local $/; my $doc = decode_json(<$j>);
		my @players = @{$doc->{players}};
		my $n = @players;
		shift @text;  # the names
		my $hand = 0;
		for my $line (@text) {
			chomp $line;
			my $cells;
			if ($line =~ /^(\d+)  +(.*)$/) { $hand = $1; $cells = $2; }
			elsif ($hand && $line =~ /^  \S.*?(?:  +(.*))?$/) { $cells = $1 // ""; }
			else { $hand = 0; next; }
			my @c = split /  +/, $cells;
			for my $i (0 .. $#c) {
				# cells by position when every player has one, else any player
				my @who = @c == $n ? ($players[$i]) : @players;
				while ($c[$i] =~ /(?<![\w.])(-?\d+)(?![\w.])/g) {
					my $num = $1;
					my $found = 0;
					for my $p (@who) {
						for my $v (values %$p) {
							next unless ref $v eq "ARRAY";
							my $x = $v->[$hand - 1];
							$found = 1 if defined $x && !ref $x && $x =~ /^-?\d+$/ && $x == $num;
						}
					}
					my $name = @c == $n ? $players[$i]{name} : "someone";
					print "hand $hand $name: $num\n" unless $found;
				}
			}
		}
	' "$1" "$2"
}

for game in $(tally games | awk '{ print $1 }'); do
	test_expect_success "$game: show --json carries every number show prints, hand by hand too" '
		ex=$(tally rules '"$game"' | sed -n "/^Example/,/^\$/s/^ *tally hand //p") &&
		players=$(tally rules '"$game"' | sed -n "/^Example/,/^\$/s/^ *tally new '"$game"' //p") &&
		last=$(printf "%s\n" $players | tail -n 1) &&
		tally new '"$game"' $players --dealer $last > /dev/null &&
		eval "tally hand $ex" > /dev/null &&
		tally show > show.txt && tally --json show > show.json &&
		numbers_missing show.txt show.json > missing &&
		{ test ! -s missing || { echo "'"$game"': not in JSON: $(cat missing)"; cat show.txt; false; }; } &&
		{ eval "tally hand $ex" > /dev/null 2>&1 || true; } &&
		tally show > show.txt && tally --json show > show.json &&
		grep -q "^1  " show.txt &&
		hands_missing show.txt show.json > missing &&
		{ test ! -s missing || { echo "'"$game"': not in JSON, hand by hand: $(cat missing)"; cat show.txt; false; }; }
	'
done
test_done
