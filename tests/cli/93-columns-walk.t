#!/bin/sh
# Issue 14, "must show": for every game tally knows, after its own example
# hand (from `tally rules`), `show --json` carries every number that the
# text table of `show` prints (the table, the pot and what comes next or
# the winner; the examples are written with the last player dealing; not
# the title line with its date, nor the game's own lines
# below them).
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

for game in $(tally games | awk '{ print $1 }'); do
	test_expect_success "$game: show --json carries every number show prints" '
		ex=$(tally rules '"$game"' | sed -n "/^Example:/{n;s/^ *tally hand //;p;}") &&
		players=$(printf "%s\n" "$ex" | grep -o "[A-Z][a-z][a-z]*" | awk "!seen[\$0]++" | tr "\n" " ") &&
		last=$(printf "%s\n" $players | tail -n 1) &&
		tally new '"$game"' $players --dealer $last > /dev/null &&
		eval "tally hand $ex" > /dev/null &&
		tally show > show.txt && tally --json show > show.json &&
		numbers_missing show.txt show.json > missing &&
		{ test ! -s missing || { echo "'"$game"': not in JSON: $(cat missing)"; cat show.txt; false; }; }
	'
done
test_done
