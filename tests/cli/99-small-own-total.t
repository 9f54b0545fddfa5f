#!/bin/sh
# SPDX-License-Identifier: ISC
# A partnership pad's last lines: each player's own total on "Own total"
# (what the round's "total" lines run up to), the side's on "Total" in
# one box across its partners.  The players' line was once "Partner
# totals", which reads as the sides' and was not.
. "$(dirname "$0")/lib.sh"

# Round 1, common preset: Ann 500 + 600 + 100 + 100 + 335 = 1,635, Cid
# 100 - 5 = 95 (side 1,730); Bob 300 + 140 - 60 = 380, Dee 90 - 10 = 80
# (side 460)
test_expect_success 'the filled Hand & Foot pad: own totals, then the sides'"'"' Total' '
	tally new hand-foot -o preset=common Ann+Cid Bob+Dee > /dev/null &&
	tally hand --out Ann Ann.clean=1 Ann.dirty=2 Ann.red3=1 Ann.meld=335 Ann.opening=90 Bob.dirty=1 \
	    Bob.meld=140 Bob.opening=70 Bob.left=60 Cid.meld=100 Cid.opening=90 Cid.left=5 Dee.meld=90 \
	    Dee.opening=90 Dee.left=10 > /dev/null &&
	tally sheet -o hf.pdf > /dev/null &&
	pdftotext -layout hf.pdf - > t &&
	grep -q "^ *Own total  *1,635  *95  *380  *80$" t &&
	grep -q "^ *Total  *1,730  *460$" t &&
	! grep -q "Partner total" t
'
test_expect_success 'the blank partnership pad and the Gin pad say the same' '
	tally sheet hand-foot Ann+Dee Bob+Eve -o blank.pdf > /dev/null &&
	pdftotext -layout blank.pdf - > b &&
	grep -q "^ *Own total *$" b && grep -q "^ *Total *$" b && ! grep -q "Partner total" b &&
	tally new gin Ann+Cid Bob+Dee -o target=50 > /dev/null &&
	tally hand --knock Ann Ann=7 Bob=22 --knock Dee Cid=22 Dee=7 > /dev/null &&
	tally sheet -o gin.pdf > /dev/null && pdftotext -layout gin.pdf - > g &&
	grep -q "^ *Own total  *15  *0  *0  *15$" g && ! grep -q "Partner total" g
'
test_done
