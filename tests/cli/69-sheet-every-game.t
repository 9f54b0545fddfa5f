#!/bin/sh
# SPDX-License-Identifier: ISC
# Every game's blank and filled sheet ("Must show"): the filled
# one holds the hand `tally rules GAME` gives as its example; both pass the
# layout checks (pdf-layout.sh: inside the page, no overlaps, nothing under
# 7 pt) and render to PNG, and poppler reads them without a warning.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/pdf-layout.sh"

# example GAME: the example hand's arguments; players GAME: the players of
# the `tally new` shown with it.
example() { tally rules "$1" | sed -n '/^Example/,/^$/s/^ *tally hand //p'; }
players() { tally rules "$1" | sed -n "/^Example/,/^\$/s/^ *tally new $1 //p"; }
clean() { pdftotext "$1" /dev/null 2>warn && pdftoppm -png -r 40 -f 1 -l 1 "$1" "${1%.pdf}" 2>>warn && ! test -s warn; }

for game in $(tally games | awk '{ print $1 }'); do
	test_expect_success "$game: a blank and a filled sheet" '
		tally sheet $game -o $game-blank.pdf > /dev/null &&
		layout_ok $game-blank.pdf 7 && clean $game-blank.pdf && test -s $game-blank-1.png &&
		tally new $game $(players $game) > /dev/null &&
		eval "tally hand $(example $game)" > /dev/null &&
		tally sheet -o $game.pdf > /dev/null &&
		layout_ok $game.pdf 7 && clean $game.pdf && test -s $game-1.png &&
		pdftotext -layout $game.pdf - 2>/dev/null | grep -q "Played:"
	'
done
test_done
