#!/bin/sh
# SPDX-License-Identifier: ISC
# make demo: a short scripted game night played into a fresh database under
# ./demo/, with one entry refused on purpose, the standings printed and
# filled PDF score sheets written.  Safe to run again: it starts afresh.
set -eu
cd "$(dirname "$0")/.."
# TALLY: another tally to play it with (an installed one: make deb's test)
TALLY="${TALLY:-$PWD/tally}"
rm -rf demo
mkdir -p demo
export TALLY_DB="$PWD/demo/tally.db"
# the templates of the build tree, unless an installed tally brings its own
[ -n "${TALLY_INSTALLED:-}" ] || export TALLY_TEMPLATES="$PWD/templates"
unset TALLY_NOW

# show a command as it would be typed, quoting what needs it
show_cmd() {
	line="tally"
	for a in "$@"; do
		case "$a" in
		*" "*) line="$line ${a%%=*}=\"${a#*=}\"" ;;
		*) line="$line $a" ;;
		esac
	done
	printf '\n$ %s%s\n' "$line" "${NOTE:-}"
}
run() { show_cmd "$@"; "$TALLY" "$@"; }
# refused: the entry must be refused; show the error and go on.
refused() {
	NOTE="   # a mistake: tally refuses it" show_cmd "$@"
	st=0
	"$TALLY" "$@" || st=$?
	if [ "$st" = 0 ]; then
		echo "demo: that entry should have been refused" >&2
		exit 1
	fi
	echo "(exit status $st: nothing was stored)"
}

echo "== Golf night: pagat's standard 4-card Golf, 9 holes =="
run new golf Ann Bob Cid Dee --dealer Dee
run hand Ann="K 3 5 A" Bob="Q J 10 2" Cid="7 7 K 4" Dee="A 2 K 2"
run hand Ann=4 Bob="K♠ K♥ 2 3" Cid=12 Dee=20 --knock Ann
refused hand Ann="K K K A" Bob="K 5 6 7" Cid="K 2 2 3" Dee=9
run hand Ann="K K K A" Bob="5 6 7 8" Cid="Q 2 2 3" Dee=9 --knock Bob
run hand Ann=2 Bob=8 Cid=3 Dee=9
run undo
run hand Ann=2 Bob=8 Cid=3 Dee=7
run hand Ann=5 Bob=5 Cid=5 Dee=5
run hand Ann=12 Bob=0 Cid=20 Dee=6
run hand Ann=1 Bob=9 Cid=6 Dee=4 --knock Ann
run hand Ann=4 Bob=3 Cid=2 Dee=10
run hand Ann="A A 2 K" Bob="3 3 4 K" Cid="Q Q 9 9" Dee="J 2 3 4"
run note Dee dealt with the new deck
run note night Ann hosts, Cid brought the quarters
run show
run sheet 1 -o demo/golf-standard.pdf

echo
echo "== The blog table's house Golf: multiples cancel, quarters in the jar =="
run new golf Zoë José 李雷 -o preset=house -o quarters=2
run hand Zoë="Q Q Q K" José="5 5 5 9" 李雷="10 J Q 9"
refused hand Zoë=40 José=3 李雷=1
run hand Zoë="Jk Jk 8 3" José="A 10 K K" 李雷=11
run hand Zoë=3 José=20 李雷=20
run hand Zoë=3 José=12 李雷=0
run show
run sheet 2 -o demo/golf-house.pdf
run sheet golf -o demo/golf-blank.pdf Ann Bob Cid Dee

echo
echo "== Bankrupt: chips, the upping, a dead round =="
run new bankrupt Ann Bob Cid Dee --dealer Dee
run hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Ann=3:Bob,Dee
refused hand Ann="K 7" Bob="A 3" Cid="8 3" Dee="A 5" --up Ann=2:Cid
run hand Ann="4 4" Bob="Q 9" Cid=throw Dee="A K"
run hand Ann="K 5" Bob="K 5" Cid="2 3" Dee="4 6"
run hand Ann="9 9" Bob="2 3" Cid="J 10" Dee="4 6" --up Dee=4:Ann,Bob
run show
run ledger
run sheet 3 -o demo/bankrupt.pdf

echo
echo "== Chase the Ace: three lives each, matching cards cancel =="
run new chase-ace Ann Bob Cid Dee Eve Fay
run hand Ann=A Bob=A Cid=3 Dee=5 Eve=5 Fay=K
run hand Ann=4 Bob=4 Cid=9 Dee=9 Eve=K Fay=K
refused hand Ann=2 Bob=2 Cid=2 Dee=2 Eve=2 Fay=K
run hand Ann=2 Bob=7 Cid=3 Dee=Q Eve=J Fay=K --loser Ann
run show
run sheet 4 -o demo/chase-ace.pdf

echo
echo "== Trash: twelve contracts, low score wins =="
run new trash Ann Bob Cid Dee
run hand Ann=4 Bob=3 Cid=5 Dee=1
refused hand Ann=3 Bob=3 Cid=3 Dee=3
run hand Ann=13
run hand Bob=2 Cid=2
run hand Dee=4
run hand --last Ann
run hand --first Bob --second Cid
run hand --first Dee --second Ann
run hand --last Bob
run hand Cid=4
run hand Ann=4
run hand Bob=13
run hand Ann=6 Bob=2 Cid=3 Dee=2
run sheet 5 -o demo/trash.pdf

echo
echo "== Account: one deal of retirements =="
run new account Ann Bob Cid Dee
run hand --out Bob Ann=5 Cid=2 Dee=7
refused hand --out Dee Ann=3 Bob=4 Cid=4
run hand --out Dee Ann=3 Cid=4
run hand --out Ann Cid=6
run show
run sheet 6 -o demo/account.pdf

echo
echo "== Spite and Malice, Hollywood scoring =="
run new spite-malice Ann Bob -o scoring=hollywood
run hand --out Ann Bob=9
run hand --out Bob Ann=14
refused hand --out Ann Bob=27
run hand --out Ann Bob=5
run hand --out Ann Bob=12
run show
run sheet 7 -o demo/spite-malice.pdf

echo
echo "== Patience: the Accordion family and Cribbage Solitaire =="
run new accordion Ann Bob
run hand Ann=4 Bob=1
refused hand Ann=0
run hand Ann=7 Bob=12
run show
run new royal-marriage Ann
run hand Ann=2 Ann.survivors="QH KH"
run new double-jump Ann
refused hand Ann=3
run hand Ann=10
run new french-solitaire Ann
run hand Ann=2 Ann.deals=2
run new push-pin Ann
run hand Ann=36
run new concertina Ann
run hand Ann=8
run new cribbage-solitaire Ann Bob
run hand Ann="pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H" Bob=64
refused hand Ann="pair:9D,9S trips:9D,9S,9H"
run show
run sheet 14 -o demo/cribbage-solitaire.pdf
run sheet 8 -o demo/accordion.pdf

echo
echo "== Gin Rummy: deadwood from cards, lay-offs, an undercut =="
run new gin Ann Bob
run hand --knock Ann Ann=7 Bob=22
run hand --knock Ann Ann=8 Bob=5
refused hand --knock Ann Ann=10 Bob=30
run hand --knock Ann Ann="2S 3S 4S 7H 7D 7C KC QC JC 5D" Bob="5S 6S 9H 9D 9C 2H 3H 8D 10D KD"
run hand --gin Ann Bob=40
run show
run sheet 15 -o demo/gin.pdf

echo
echo "== Hand & Foot: round 1 =="
run new hand-foot Xan Yul Zed
run hand --out Xan Xan.clean=1 Xan.dirty=2 Xan.red3=1 Xan.meld=335 Xan.opening=90 Yul.dirty=1 Yul.meld=140 Yul.opening=70 Yul.left=60 Zed.left=20
refused hand --out Xan Xan.clean=1 Xan.dirty=1 Xan.meld=300 Xan.opening=90 Yul.left=5 Zed.left=5
run hand Xan.meld=120 Xan.opening=90 Xan.left=15 Yul.left=40 Zed.meld="K K K A A A 7 7 7" Zed.opening=95 Zed.left="Jk 3S"
run show
run sheet 16 -o demo/hand-foot.pdf

echo
echo "== Hearts on a score pad (any game tally has no rules for), saved for next week =="
run pad save hearts -o title=Hearts -o direction=low -o target=100 -o hand_total=26 -o moon_total=78
run new hearts Ann Bob Cid Dee
run hand Ann=5 Bob=21 Cid=0 Dee=0
refused hand Ann=5 Bob=20 Cid=0 Dee=0
run hand Ann=0 Bob=26 Cid=26 Dee=26
run hand Ann=3 Bob=13 Cid=10 Dee=0
run end
run games
run sheet 17 -o demo/hearts.pdf

echo
echo "== Another table's laptop, gathered by the host =="
NOTE="   # on table 2: TALLY_DB=demo/table2.db" TALLY_DB="$PWD/demo/table2.db" run new pad Eve Fay -o title=Canasta -o direction=high -o target=5000
NOTE="   # on table 2: TALLY_DB=demo/table2.db" TALLY_DB="$PWD/demo/table2.db" run hand Eve=2100 Fay=-300
NOTE="   # on table 2: TALLY_DB=demo/table2.db" TALLY_DB="$PWD/demo/table2.db" run hand Eve=3000 Fay=2500
run import demo/table2.db
run import demo/table2.db

echo
echo "== Ratings and the leaderboard =="
run ratings game:golf
run stats

echo
echo "== The night in review =="
run list
run stats game:golf
run sheet night:1 -o demo/night.pdf
NOTE="   # the night's plays for the BG Stats app" run export night:1 --format bgstats -o demo/night-bgstats.json
run check
echo
echo "demo: the database is demo/tally.db; the sheets are demo/*.pdf"
echo "      try: TALLY_DB=demo/tally.db ./tally   (table mode), or ./tally help"
ls -l demo/*.pdf
