#!/bin/sh
# SPDX-License-Identifier: ISC
# A sheet's footer says the rules in force as a player would write them:
# a yes/no rule as a sentence (not "...: yes."), an option with its own
# words in them ("Partners sit opposite ..."), never "Who plays:
# partnership.".
. "$(dirname "$0")/lib.sh"

test_expect_success 'Hand & Foot in partnership: partners sit opposite, no ": yes."' '
	tally sheet hand-foot --option partnerships=true -o hf.pdf > /dev/null && pdftotext hf.pdf hf &&
	grep -q "^Partners sit opposite and play as one side" hf && ! grep -q ": yes\.\|: no\." hf
'
test_expect_success 'Gin in partnership: said in words, not "Who plays: partnership."' '
	tally sheet gin --option players_mode=partnership -o gin.pdf > /dev/null && pdftotext gin.pdf gin &&
	grep -q "^Partners sit opposite: two duels a hand" gin && ! grep -qi "who plays" gin
'
test_expect_success 'a yes/no rule turned off is a sentence too' '
	tally sheet golf --option knocker_tie_counts_as_lowest=false -o golf.pdf > /dev/null && pdftotext golf.pdf golf &&
	grep -q "^Not at this table: a knocker tied for lowest counts as lowest\.\$" golf && ! grep -q ": no\." golf &&
	tally sheet chase-ace --option jack_block=true -o ca.pdf > /dev/null && pdftotext ca.pdf ca &&
	grep -q "^A jack refuses the exchange\.\$" ca
'
test_done
