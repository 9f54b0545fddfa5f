#!/bin/sh
# SPDX-License-Identifier: ISC
# Hollywood's games are the game's columns now, not fields of the
# core's state, and `show --json` keeps SPEC section 4's top-level
# "hollywood" and "hollywood_final" from them (0 where a game has no score
# or is still open).  Numbers worked from RULES 6.2/6.4 and 3.5.
. "$(dirname "$0")/lib.sh"

test_expect_success 'Gin Hollywood: hollywood and hollywood_final while games close' '
	tally new gin Ann Bob -o hollywood=true > /dev/null &&
	tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.hollywood")" = "[[38,0],[0,0],[0,0]]" &&
	test "$(json_get "$j" "\$.hollywood_final")" = "[[0,0],[0,0],[0,0]]" &&
	tally hand --knock Bob Ann=20 Bob=5 > /dev/null && tally hand --gin Ann Bob=50 > /dev/null &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.hollywood")" = "[[113,15],[75,0],[0,0]]" &&
	test "$(json_get "$j" "\$.hollywood_final")" = "[[263,40],[0,0],[0,0]]" &&
	test "$(json_get "$j" "\$.players[1].game_1")" = "[null,15,15]" &&
	test "$(json_get "$j" "\$.players[0].game_2")" = "[null,null,75]" &&
	test "$(json_get "$j" "\$.players[0].game_3")" = "[null,null,null]" &&
	tally hand --gin Ann Bob=50 > /dev/null && tally hand --gin Ann Bob=50 > /dev/null &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.hollywood")" = "[[113,15],[150,0],[150,0]]" &&
	test "$(json_get "$j" "\$.hollywood_final")" = "[[263,40],[400,0],[400,0]]" &&
	test "$(json_get "$j" "\$.players[0].final")" = 1063 &&
	test "$(json_get "$j" "\$.status")" = over
'
test_expect_success 'plain Gin and Spite and Malice soft scoring: no hollywood keys' '
	tally new gin Ann Bob > /dev/null && tally hand --knock Ann Ann=2 Bob=40 > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.hollywood")" = "" &&
	test "$(json_get "$j" "\$.hollywood_final")" = "" &&
	tally new spite-malice Ann Bob > /dev/null && tally hand --out Ann Bob=9 > /dev/null &&
	j=$(tally show --json) && test "$(json_get "$j" "\$.hollywood")" = ""
'
test_expect_success 'Spite and Malice Hollywood: hollywood, and no hollywood_final' '
	tally new spite-malice Ann Bob -o scoring=hollywood -o match_target=20 > /dev/null &&
	tally hand --out Ann Bob=9 > /dev/null && tally hand --out Bob Ann=14 > /dev/null &&
	tally hand --out Ann Bob=12 > /dev/null && tally hand --out Ann Bob=5 > /dev/null &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.hollywood")" = "[[21,14],[17,0],[5,0]]" &&
	test "$(json_get "$j" "\$.hollywood_final")" = ""
'
test_expect_success 'Gin marks in show --json: gin (a knock with no deadwood), undercut, wash' '
	tally new gin Ann Bob -o target=500 > /dev/null &&
	tally hand --knock Ann Ann="7C 8C 9C AS 2S 3S 5H 6H 7H 8H" Bob="10C JC 4S 5S KH KD QH 2H 6D 8S" > /dev/null &&
	tally hand --knock Ann Ann=8 Bob=5 > /dev/null && tally hand --wash > /dev/null &&
	j=$(tally show --json) &&
	test "$(json_get "$j" "\$.players[0].gin")" = "[true,false,false]" &&
	test "$(json_get "$j" "\$.players[1].undercut")" = "[false,true,false]" &&
	test "$(json_get "$j" "\$.players[1].wash")" = "[false,false,true]" &&
	test "$(json_get "$j" "\$.players[0].final")" = ""
'
test_done
