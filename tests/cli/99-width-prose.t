#!/bin/sh
# SPDX-License-Identifier: ISC
# Prose on a terminal breaks between words at its width, never inside a
# word, a name or an amount, lists going on to an indented line: `tally:`
# warnings, a hand's report sentence, `join`'s sentence, show's options:
# line, `new`'s lines and `settle`'s lines, on 60 and 80 columns (at: no line the
# terminal wraps, none wider than it); table mode's own messages and
# import's warnings and new players too.  A pipe gets the lines whole.
. "$(dirname "$0")/lib.sh"

tmux_harness
A=Alexandra-Katharina
B=Bartholomew-Smythe
E=Eve-Maximiliana-Long

test_expect_success 'a Chase the Ace of long names, options set' '
	tmux new-session -d -s "$T" "sleep 600" &&
	tally new chase-ace $A $B Cid Dee -o lives=2 -o jack_block=true -o final_tie_rule=split_pot \
	    -o dealer_cut_king_kept_out=true > /dev/null 2>&1 &&
	tally hand $A=9 $B=2 Cid=Q Dee=J > /dev/null &&
	tally hand $A=9 $B=2 Cid=Q Dee=J > /dev/null 2>&1
'
test_expect_success 'join on 60 columns: the sentence broken between words' '
	at 60 join $E &&
	grep -q "^Chase the Ace #1: $E joins from round 3$" plain.txt &&
	grep -q "^with 2 lives, sitting between Dee and $A;$" plain.txt && grep -q "^next: round 3 (dealer Cid)$" plain.txt
'
test_expect_success 'a repeated hand on 60 columns: the warning broken between words' '
	tally hand $A=9 Cid=3 Dee=J $E=5 > /dev/null &&
	at 60 hand $A=9 Cid=3 Dee=J $E=5 &&
	grep -q "^tally: warning: Chase the Ace #1, round 4 repeats round" plain.txt &&
	grep -q "^entry exactly, [0-9] s after it; stored anyway (.tally undo.$" plain.txt
'
test_expect_success 'show on 60 columns: the options line broken between options, the join line' '
	at 60 show &&
	grep -q "^options: lives=2 jack_block=true final_tie_rule=split_pot$" plain.txt &&
	grep -q "^  dealer_cut_king_kept_out=true$" plain.txt &&
	grep -q "^$E joins at round 3, 2 lives$" plain.txt
'
test_expect_success 'the last hand on 60 columns: the report sentence broken between words' '
	tally hand $A=9 Dee=3 $E=5 > /dev/null 2>&1 && tally hand $A=9 Dee=3 $E=4 > /dev/null 2>&1 &&
	tally hand $A=9 $E=4 > /dev/null 2>&1 &&
	at 60 hand $A=9 $E=4 &&
	grep -q "^  $E loses a life with 4 and is out;$" plain.txt &&
	grep -q "^  $A takes the pot of 8 and wins$" plain.txt
'
test_expect_success 'new on 60 columns: its lines broken between words' '
	at 60 new hand-foot Ann Bob Cid Dee -o partnerships=true -o preset=common &&
	grep -q "^Ann & Cid against Bob & Dee; Ann deals first; next: round 1$" plain.txt &&
	grep -q "^of 4 (first meld at least 60, dealer Ann)$" plain.txt &&
	grep -q "^book bonuses in force: clean 500, dirty 300; going out 100,$" plain.txt &&
	tally use 1 > /dev/null
'
for w in 60 80; do
test_expect_success "settle on $w columns: a name kept with its amount" "
	at $w settle &&
	grep -q '^  Chase the Ace #1, dimes at \\\$0.10: $A +8,' plain.txt &&
	grep -q '^    .*$E -2$' plain.txt && grep -q '^  .*$E -\\\$0.20$' plain.txt &&
	grep -q '^  $E pays $A \\\$0.20$' plain.txt
"
done
test_expect_success 'a pipe: the lines whole' '
	tally settle > pipe.txt && tally show 1 >> pipe.txt &&
	grep -q "^net: $A +\\\$0.80, $B -\\\$0.20, Cid -\\\$0.20, Dee -\\\$0.20, $E -\\\$0.20$" pipe.txt &&
	grep -q "^  Chase the Ace #1, dimes at \\\$0.10: $A +8, $B -2, Cid -2, Dee -2, $E -2$" pipe.txt &&
	grep -q "^options: lives=2 jack_block=true final_tie_rule=split_pot dealer_cut_king_kept_out=true$" pipe.txt
'
test_expect_success 'table mode on 60 columns: its own messages broken between words' '
	tally new golf $A $B Cid Dee > /dev/null &&
	printf "5 3\n5 3 4 6\nhand\n4\n" > in.txt &&
	at 60 shell "<" "$PWD/in.txt" &&
	grep -q "^tally: 2 values for 4 players; values by position go to the$" plain.txt &&
	grep -q "^players from the dealer.s left: $B Cid Dee$" plain.txt &&
	grep -q "^$A$" plain.txt &&
	grep -q "^values from the dealer.s left: $B=5 Cid=3$" plain.txt &&
	grep -q "^  Dee=4 $A=6$" plain.txt &&
	grep -q "^tally: the input ended in the middle of Golf #3 hole 2;$" plain.txt
'
test_expect_success 'import on 60 columns: its warning and its list of new players broken between words' '
	tally export -o all.json > /dev/null &&
	TALLY_DB=$SCRATCH/club.db tally new golf Alexandra-Katharine Bob > /dev/null &&
	TALLY_DB=$SCRATCH/club.db at 60 import all.json &&
	grep -q "^tally: warning: $A is new here; did you$" plain.txt &&
	grep -q "^mean Alexandra-Katharine? (.tally player merge$" plain.txt &&
	grep -q "^new players: $A, $B, Cid,$" plain.txt && grep -q "^  Dee, $E, Ann$" plain.txt
'
test_done
