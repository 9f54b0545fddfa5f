#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: characters per hand.  Each hand of tests/bench/typing.txt is
# typed into table mode on a fresh database (and must be accepted), and its
# length is printed beside the paper pad's count for the same hand.
set -eu
cd "$(dirname "$0")/../.."
TALLY="$PWD/tally"
W=$(mktemp -d "${TMPDIR:-/tmp}/tally-typing.XXXXXX")
trap 'rm -rf "$W"' EXIT
export TALLY_DB="$W/t.db"

echo
echo "characters per hand (table mode, typed straight in; paper: tests/bench/typing.txt)"
printf '  %-20s %7s %7s  %s\n' game tally paper "tally vs paper"
: > "$W/why"
grep -v '^#' tests/bench/typing.txt | grep -v '^ *$' | while IFS='|' read -r new entry paper source why; do
	new=$(echo "$new" | sed 's/^ *//; s/ *$//')
	entry=$(echo "$entry" | sed 's/^ *//; s/ *$//')
	paper=$(echo "$paper" | tr -d ' ')
	rm -f "$TALLY_DB"
	# shellcheck disable=SC2086
	"$TALLY" new $new > /dev/null
	if ! printf '%s\n' "$entry" | "$TALLY" shell > /dev/null 2> "$W/err"; then
		echo "typing.txt: the $new hand is refused: $(cat "$W/err")" >&2
		exit 1
	fi
	"$TALLY" --json show > "$W/show.json"
	if [ "$paper" = auto ]; then
		paper=$(sqlite3 :memory: "SELECT sum(length(CAST(json_extract(value, '\$.points[0]') AS TEXT)))
		    FROM json_each(json_extract(CAST(readfile('$W/show.json') AS TEXT), '\$.players'))")
	fi
	n=${#entry}
	if [ "$n" -le "$paper" ]; then verdict="no more than paper"; else
		verdict="$((n - paper)) more than paper"
		printf '  %s: %s\n' "${new%% *}" "$(echo "$why" | sed 's/^ *//')" >> "$W/why"
	fi
	printf '  %-20s %7d %7d  %s\n' "${new%% *}" "$n" "$paper" "$verdict"
done
echo "where tally needs more characters than paper, and why:"
cat "$W/why"
