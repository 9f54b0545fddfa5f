#!/bin/sh
# SPDX-License-Identifier: ISC
# The club's settings: tau, the ratings' dynamics factor.  0 by default
# (Weng and Lin's static model); set, every rating is worked out again with
# each player's sigma widened to sqrt(sigma^2 + tau^2) before each game, as
# OpenSkill does.  The settings travel with an export: a file that has not
# set one takes it, one set otherwise refuses the import.
. "$(dirname "$0")/lib.sh"

test_expect_success 'tau is 0 by default, and a two-player game moves as the paper says' '
	tally club > out && grep_msg "tau=0 (the default)" out &&
	tally new pad Ann Bob -o hands=1 > /dev/null && tally hand Ann=1 Bob=2 > /dev/null &&
	test "$(json_get "$(tally --json ratings player:Ann)" "\$[0].mu")" = 27.635231
'

test_expect_success 'tau=2 widens sigma first: the closed form of a two-player game' '
	tally club tau=2 > out && grep_msg "worked out again" out &&
	# sigma^2 = (25/3)^2 + 4; c = sqrt(2 beta^2 + 2 sigma^2); Ann wins:
	# mu = 25 + sigma^2 / c / 2, the new sigma^2 = sigma^2 (1 - gamma sigma^2 / c^2 / 4)
	# with the damping gamma = sigma / c (Algorithm 4)
	want=$(awk "BEGIN { s2 = (25/3)^2 + 4; c = sqrt(2 * (25/6)^2 + 2 * s2);
	    printf \"%.6f %.6f\", 25 + s2 / c / 2, sqrt(s2 * (1 - sqrt(s2) / c * s2 / (c * c) / 4)) }") &&
	j=$(tally --json ratings player:Ann) &&
	test "$(json_get "$j" "\$[0].mu") $(json_get "$j" "\$[0].sigma")" = "$want" &&
	tally check > out && grep_msg "ratings recompute" out
'

test_expect_success 'tau must be a number from 0 to 10' '
	expect_status 64 tally club tau=x 2> err && grep_msg "tau is a number" err &&
	expect_status 64 tally club sigma=1 2> err && grep_msg "KEY one of: tau" err
'

test_expect_success 'the setting travels: taken where unset, refused where set otherwise' '
	tally export -o club.json > /dev/null &&
	head -1 club.json | grep -q "\"settings\": {\"tau\":\"2\"}" &&
	TALLY_DB=$SCRATCH/b.db tally import club.json > out && grep_msg "took 1 club setting" out &&
	TALLY_DB=$SCRATCH/b.db tally club > out && grep_msg "tau=2" out &&
	test "$(TALLY_DB=$SCRATCH/b.db tally --json ratings player:Ann)" = "$(tally --json ratings player:Ann)" &&
	TALLY_DB=$SCRATCH/c.db tally club tau=0.0833 > /dev/null &&
	expect_status 65 env TALLY_DB="$SCRATCH/c.db" "$TALLY" import club.json 2> err &&
	grep_msg "the club'\''s tau is 0.0833 here and 2 in club.json" err &&
	test "$(sqlite3 c.db "SELECT count(*) FROM game")" = 0
'

test_done
