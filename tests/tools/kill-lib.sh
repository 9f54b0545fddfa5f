# SPDX-License-Identifier: ISC
# Helpers of the kill tools (hostile-attack.sh, kill-hand.sh), sourced.

# crashed STATUS: true when STATUS is a crash: a signal other than the
# tools' own kill -9 (137), or tally's internal error (70)
crashed() { [ "$1" -ge 128 ] && [ "$1" != 137 ] || [ "$1" = 70 ]; }

# hands FILE: the hands FILE holds (undone ones left out); -1 when it
# cannot be read
hands() { sqlite3 "$1" "SELECT count(*) FROM hand WHERE NOT undone" 2>/dev/null || echo -1; }

# row FIELD...: one row of a tool's table
row() { printf '%-34s %6s %6s %8s %6s %10s\n' "$@"; }

# kill_after US OUT COMMAND...: run COMMAND with its stdout to OUT (stderr
# to OUT.err) and kill -9 it US microseconds after the fork (US < 0: never;
# a delay past its end kills nothing).  A shell's sleep forks a process that
# takes longer than a whole `tally hand`, so perl times it.  Prints "STATUS
# MICROSECONDS": the exit status as a shell says it (137 for the kill) and
# the time from the fork to the end.
kill_after() {
	perl -MTime::HiRes=time,usleep -e '
		my ($us, $out, @cmd) = @ARGV;
		# opened here, so a kill before the exec leaves them empty, never
		# the last run'"'"'s
		open my $o, ">", $out or die "$out: $!";
		open my $e, ">", "$out.err" or die "$out.err: $!";
		my $t0 = time;
		my $pid = fork // die "fork: $!";
		if ($pid == 0) {
			open STDOUT, ">&", $o or exit 127;
			open STDERR, ">&", $e or exit 127;
			exec @cmd or exit 127;
		}
		if ($us >= 0) { usleep($us) if $us > 0; kill 9, $pid; }
		waitpid $pid, 0;
		printf "%d %d\n", ($? & 127) ? 128 + ($? & 127) : $? >> 8, (time - $t0) * 1e6;
	' -- "$@"
}
