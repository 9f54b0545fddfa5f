#!/bin/sh
# SPDX-License-Identifier: ISC
# The README's Thanksgiving evening, replayed as it stands there: nine
# players, six games (a late arrival who joins Chase the Ace after its
# first round, a Golf hole forgotten and put in, Gin abandoned), then the
# settle-up the README shows.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
README="$HERE/../../README.md"

test_expect_success 'the README'"'"'s evening replays in table mode with no error' '
	sed -n "/^<!-- thanksgiving -->\$/,/^<!-- \/thanksgiving -->\$/p" "$README" | sed "1,2d;\$d" | sed "\$d" > night.txt &&
	test "$(head -n 1 night.txt)" = "night start Thanksgiving" &&
	tally shell < night.txt > out 2> err &&
	test ! -s err &&
	test "$(tally --json list | grep -o "\"id\":" | wc -l)" = 6 &&
	j=$(tally --json show 1) && test "$(json_get "$j" "\$.players[8].name")" = Marcus &&
	test "$(json_get "$j" "\$.players[8].joined")" = 2 &&
	test "$(json_get "$j" "\$.winners")" = "[\"Grandma\"]" &&
	test "$(json_get "$(tally --json show 5)" "\$.status")" = abandoned &&
	test "$(json_get "$(tally --json show 3)" "\$.hands")" = 8 &&
	tally check > /dev/null
'
test_expect_success 'the settle-up is the README'"'"'s' '
	sed -n "/^The \`settle\` at the end printed:\$/,/^Seven payments/p" "$README" | sed "1,3d" | sed "\$d" | sed "\$d" | sed "\$d" > want &&
	sed -n "/^settle up:/,\$p" out > got &&
	test_cmp want got
'
test_done
