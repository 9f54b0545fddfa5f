#!/bin/sh
# SPDX-License-Identifier: ISC
# The hledger export maps player names to accounts one-to-one: Bob:x and Bob_x in one Bankrupt game are two accounts, and each
# account holds what `show` says the player owns.  Read by the real hledger.
. "$(dirname "$0")/lib.sh"

# balance NAME-AS-ACCOUNT: the chips hledger sums under bankrupt:1:NAME.
balance() {
	hledger -f j.journal balance --flat -N --depth 3 > bal &&
	awk -v a="bankrupt:1:$1" '$3 == a { print $1 }' bal
}
test_expect_success 'Bob:x and Bob_x are two accounts, each with their own chips' '
	tally new bankrupt "Bob:x" "Bob_x" Cid "Dee (2)" > /dev/null &&
	tally hand "Bob:x=K 7" "Bob_x=A 3" "Cid=8 3" "Dee=A 5" > /dev/null &&
	tally export --format ledger -o j.journal &&
	hledger -f j.journal accounts --depth 3 > acc &&
	test "$(grep -c "^bankrupt:1:" acc)" = 4 &&
	j=$(tally --json show) &&
	test "$(balance "Bob%3Ax")" = "$(json_get "$j" "\$.players[0].chips")" &&
	test "$(balance "Bob_x")" = "$(json_get "$j" "\$.players[1].chips")" &&
	test "$(balance "Bob_x")" = 48 &&
	test "$(balance "Bob%3Ax")" = 49
'
test_expect_success 'brackets, semicolons and double spaces stay in one account, and the journal balances' '
	tally new bankrupt "(Ann)" "Eve;x" "Mo  Li" "Mo Li" > /dev/null &&
	tally hand "(Ann)=K 7" "Eve;x=A 3" "Mo  Li=8 3" "Mo Li=A 5" > /dev/null &&
	tally export --format ledger -o all.journal &&
	hledger -f all.journal accounts --depth 3 > acc &&
	test "$(grep -c "^bankrupt:2:" acc)" = 4 &&
	hledger -f all.journal balance > bal && tail -1 bal | grep -q "^ *0 *$" &&
	hledger -f all.journal balance --flat -N --depth 3 "bankrupt:2" > b2 &&
	j=$(tally --json show 2) &&
	test "$(awk "{ s += \$1 } END { print s }" b2)" = 200 &&
	test "$(grep -c "Mo Li$" b2)" = 1 &&
	grep -q "^ *$(json_get "$j" "\$.players[3].chips") chips  *bankrupt:2:Mo Li$" b2
'
test_done
