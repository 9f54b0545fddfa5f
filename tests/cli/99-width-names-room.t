#!/bin/sh
# SPDX-License-Identifier: ISC
# The names never lose room as the terminal widens.  A club's night (long
# names, 4 to 6 players, Golf, Chase the Ace, Account, Bankrupt, open,
# ended and abandoned games) in `list`, `history` and `night` on every
# width from 40 to 100 columns: each game shows at least as much of its
# players (list, history) or of its winner (night) at W+1 columns as at
# W.  Where a row is too narrow for its names beside it (a phone's
# terminal) they go whole on the lines under it; that layout gives way to
# the names beside the row once, as the terminal widens, and never comes
# back.  `history` keeps every game's count of hands at 40, 45, 60 and 80
# columns.
. "$(dirname "$0")/lib.sh"

# on W COMMAND...: tally COMMAND on a terminal W columns wide (a pseudo
# terminal of script's, sized by stty), its lines in out.txt
on() {
	w=$1
	shift
	PAGER=cat COLUMNS=$w script -qec "stty cols $w; \"$TALLY\" $*" /dev/null < /dev/null | tr -d '\r' > out.txt
}

# shown PLAYERS: for each game's row in out.txt, "ID LAYOUT N": its layout
# (beside: the names on the row; under: on the lines under it) and how
# many letters of its players show (all of them, or those before the "…";
# the winner after them not counted).  PLAYERS holds "ID|the players, as a
# pipe lists them", one a line
shown() {
	awk 'NR == FNR { split($0, f, "|"); p[f[1]] = f[2]; next }
	/^[ *]*#[0-9]+ / {
		cur = $0; sub(/^[ *]*#/, "", cur); sub(/ .*/, "", cur)
		text[cur] = $0; lines[cur] = 1; next
	}
	/^      / && cur != "" { text[cur] = text[cur] " " $0; lines[cur]++; next }
	{ cur = "" }
	END {
		for (id in text) {
			t = text[id]; gsub(/  +/, " ", t); sub(/ winner:.*/, "", t); n = p[id]
			if (index(t, n)) k = length(n)
			else for (k = length(n) - 1; k > 0; k--) if (index(t, substr(n, 1, k) "…")) break
			print id, (lines[id] > 1 ? "under" : "beside"), k, length(n)
		}
	}' "$1" out.txt | sort -n
}

# names_grow COMMAND PLAYERS: COMMAND from 40 to 100 columns, each row
# whole under it or, beside it, no shorter than a column narrower
names_grow() {
	: > prev.txt
	for w in $(seq 40 100); do
		on $w "$1" && shown "$2" > now.txt &&
		test "$(wc -l < now.txt)" = "$(wc -l < "$2")" || { echo "$1 at $w: not every game" >&2; cat out.txt >&2; return 1; }
		awk -v w=$w -v cmd="$1" 'NR == FNR { layout[$1] = $2; seen[$1] = $3; next }
		$2 == "under" && $3 != $4 { print cmd " at " w ": #" $1 " under its row, cut to " $3; bad = 1 }
		$2 == "under" && layout[$1] == "beside" { print cmd " at " w ": #" $1 " back under its row"; bad = 1 }
		$2 == "beside" && layout[$1] == "beside" && $3 < seen[$1] {
			print cmd ": #" $1 " shows " seen[$1] " letters of its players at " w - 1 " columns, " $3 " at " w
			bad = 1
		}
		END { exit bad }' prev.txt now.txt >&2 || return 1
		mv now.txt prev.txt
	done
}

test_expect_success 'a club night: long names, six games of four kinds, open, ended and abandoned' '
	tally night start "Friday cards at the club" > /dev/null &&
	tally new golf "Christabel Featherstone" Halvard Ann Florentina Bob > /dev/null 2>&1 &&
	for h in 1 2 3 4 5 6 7 8 9; do
		tally hand "Christabel Featherstone=2" Halvard=4 Ann=$h Florentina=5 Bob=6 > /dev/null || exit 1
	done &&
	tally new chase-ace Halvard Christabel Kim Gwendolyn Bob Dee -o lives=1 > /dev/null 2>&1 &&
	tally hand Halvard=K Christabel=Q Kim=2 Gwendolyn=9 Bob=3 Dee=8 > /dev/null &&
	tally hand Halvard=K Christabel=Q Gwendolyn=9 Bob=3 Dee=8 > /dev/null &&
	tally hand Halvard=K Christabel=Q Gwendolyn=9 Dee=8 > /dev/null &&
	tally hand Halvard=K Christabel=Q Gwendolyn=9 > /dev/null &&
	tally hand Halvard=K Christabel=Q > /dev/null &&
	tally new account Christabel Halvard Gwendolyn Dee > /dev/null 2>&1 &&
	tally hand --out Dee Christabel=5 Halvard=2 Gwendolyn=7 > /dev/null &&
	tally hand --out Gwendolyn Christabel=3 Halvard=2 > /dev/null &&
	tally hand --out Christabel Halvard=4 > /dev/null && tally end > /dev/null &&
	tally new bankrupt Florentina Halvard Kim Ann > /dev/null 2>&1 &&
	tally hand Florentina="K 7" Halvard="A 3" Kim="8 3" Ann="9 9" > /dev/null &&
	tally new golf Ann Bob Kim Dee > /dev/null 2>&1 && tally hand Ann=3 Bob=4 Kim=5 Dee=2 > /dev/null &&
	tally end --abandon > /dev/null &&
	tally new golf Christabel Halvard Florentina Gwendolyn Kim Ann > /dev/null 2>&1 &&
	for h in 1 2 3 4; do
		tally hand Christabel=2 Halvard=4 Florentina=$h Gwendolyn=5 Kim=6 Ann=1 > /dev/null || exit 1
	done &&
	tally list | sed -n "s/^[ *]#\([0-9]*\) .*  [0-9]* [a-z]*  *\([A-Z][A-Za-z ,]*[a-z]\)\(  winner: .*\)\{0,1\}$/\1|\2/p" > players.txt &&
	test "$(wc -l < players.txt)" = 6 &&
	grep -q "^1|Christabel Featherstone, Halvard, Ann, Florentina, Bob$" players.txt &&
	grep -q "^2|Halvard, Christabel, Kim, Gwendolyn, Bob, Dee$" players.txt &&
	grep -q "^5|Ann, Bob, Kim, Dee$" players.txt
'
test_expect_success 'list from 40 to 100 columns: the players never lose room as it widens' '
	names_grow list players.txt
'
test_expect_success 'history from 40 to 100 columns: the players never lose room as it widens' '
	names_grow history players.txt
'
test_expect_success 'night from 40 to 100 columns: a long winner never loses room as it widens' '
	prev=0 &&
	for w in $(seq 40 100); do
		on $w night &&
		line=$(grep "^  #1 .*winner: " out.txt) || { echo "no winner at $w" >&2; cat out.txt >&2; exit 1; }
		who=${line##*winner: }
		case $who in
		"Christabel Featherstone") n=23 ;;
		*…) n=${#who}; n=$((n - 1)) ;;
		*) echo "night at $w: winner $who" >&2; exit 1 ;;
		esac
		test $n -ge $prev || { echo "night: the winner in $prev letters at $((w - 1)) columns, $n at $w" >&2; exit 1; }
		prev=$n
	done
'
tmux_harness
# counts: each game of the night with its count of hands, in its own word
counts() {
	for c in "9 holes" "5 rounds" "3 retirements" "1 round" "1 hole" "4 holes"; do
		test "$(grep -c "\\b$c\\b" plain.txt)" = 1 || { echo "not one \"$c\"" >&2; return 1; }
	done
}
# dated: the six games' rows, each with its date
dated() {
	test "$(grep -c "^  #[1-6] .* [0-9]\{4\}-[0-9][0-9]-[0-9][0-9]" plain.txt)" = 6
}
test_expect_success 'history on 40 columns: every game with its count, date and winner' '
	tmux new-session -d -s "$T" "sleep 600" &&
	at 40 history && counts && dated && grep -q "^  #2    chase-ace  [0-9-]*   5 rounds$" plain.txt &&
	grep -q "^          Christabel Featherstone$" plain.txt && grep -q "winner: Halvard$" plain.txt
'
for w in 45 60; do
test_expect_success "history on $w columns: every game with its count, date and winner" "
	at $w history && counts && dated &&
	grep -q 'winner: Christabel Featherstone\$' plain.txt && grep -q 'winner: Halvard\$' plain.txt
"
done
test_expect_success 'history on 80 columns: every game with its count and date, the winners beside' '
	at 80 history && counts && dated && grep -q "  9 holes   C.*winner: Christabel Feathe.*$" plain.txt &&
	grep -q "  5 rounds  H.*  winner: Halvard$" plain.txt
'
test_done
