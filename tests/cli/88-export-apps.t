#!/bin/sh
# SPDX-License-Identifier: ISC
# export --format bgstats and --format bgg: the played games as BG Stats
# (its documented push-plays JSON, checked by tests/tools/bgstats-check.pl)
# and BoardGameGeek (its XML API 2 play records, checked against
# tests/fixtures/bgg-plays.xsd with xmllint) take them; make demo's night
# exports a file that passes.
TOOLS="$(cd "$(dirname "$0")/../tools" && pwd)"
XSD="$(cd "$(dirname "$0")/../fixtures" && pwd)/bgg-plays.xsd"
DEMO="$(cd "$(dirname "$0")/.." && pwd)/demo.sh"
. "$(dirname "$0")/lib.sh"

test_expect_success 'a night: golf won by Ann in 45 minutes, gin open, one game never played' '
	TALLY_NOW=2026-11-20T20:00:00Z tally new golf Ann Bob "Zoë <Z>" -o holes=9 > /dev/null &&
	for h in 1 2 3 4 5 6 7 8; do
		TALLY_NOW=2026-11-20T20:10:00Z tally hand Ann=1 Bob=5 "Zoë <Z>=3" > /dev/null || exit 1
	done &&
	TALLY_NOW=2026-11-20T20:45:00Z tally hand Ann=1 Bob=5 "Zoë <Z>=3" > /dev/null &&
	TALLY_NOW=2026-11-20T21:00:00Z tally new gin Ann Bob > /dev/null &&
	TALLY_NOW=2026-11-20T21:20:00Z tally hand Ann=5 Bob=20 --knock Ann > /dev/null &&
	TALLY_NOW=2026-11-20T21:30:00Z tally new golf Cid Dee > /dev/null
'
# The Gin game has one hand: no play time (core/when.h when_played), which
# BG Stats' durationMin says as 0.
test_expect_success 'bgstats: two plays as BG Stats documents them, winner, scores and length' '
	TZ=UTC tally export --format bgstats -o plays.json > /dev/null &&
	perl "$TOOLS/bgstats-check.pl" plays.json > out && grep -q "^2 plays$" out &&
	test "$(json_get "$(cat plays.json)" "\$[0].game.name")" = Golf &&
	test "$(json_get "$(cat plays.json)" "\$[0].durationMin")" = 45 &&
	test "$(json_get "$(cat plays.json)" "\$[0].playDate")" = "2026-11-20 20:00:00" &&
	test "$(json_get "$(cat plays.json)" "\$[0].game.highestWins")" = 0 &&
	test "$(json_get "$(cat plays.json)" "\$[0].players[0].winner")" = 1 &&
	test "$(json_get "$(cat plays.json)" "\$[0].players[0].score")" = 9 &&
	test "$(json_get "$(cat plays.json)" "\$[0].players[2].name")" = "Zoë <Z>" &&
	test "$(json_get "$(cat plays.json)" "\$[0].players[1].winner")" = 0 &&
	test "$(json_get "$(cat plays.json)" "\$[1].game.name")" = "Gin Rummy" &&
	test "$(json_get "$(cat plays.json)" "\$[1].durationMin")" = 0
'
test_expect_success 'bgg: play records valid against the XML API 2 plays schema' '
	TZ=UTC tally export --format bgg -o plays.xml > /dev/null &&
	xmllint --noout --schema "$XSD" plays.xml &&
	test "$(grep -c "<play " plays.xml)" = 2 &&
	grep -q "<play id=\"0\" date=\"2026-11-20\" quantity=\"1\" length=\"45\" incomplete=\"0\"" plays.xml &&
	grep -q "name=\"Ann\" startposition=\"1\" color=\"\" score=\"9\" new=\"0\" rating=\"0\" win=\"1\"" plays.xml &&
	grep -q "name=\"Zoë &lt;Z&gt;\"" plays.xml
'
test_expect_success 'the checks refuse what the formats do not allow' '
	sed "s/\"winner\":true/\"winner\":1/" plays.json > bad.json &&
	! perl "$TOOLS/bgstats-check.pl" bad.json > out && grep -q "winner of Ann" out &&
	sed "s/\"durationMin\":45/\"minutes\":45/" plays.json > bad.json &&
	! perl "$TOOLS/bgstats-check.pl" bad.json > out &&
	sed "s/win=\"1\"/win=\"yes\"/" plays.xml > bad.xml &&
	! xmllint --noout --schema "$XSD" bad.xml 2> /dev/null &&
	sed "s/ date=\"2026-11-20\"/ date=\"20.11.2026\"/" plays.xml > bad.xml &&
	! xmllint --noout --schema "$XSD" bad.xml 2> /dev/null
'
test_expect_success 'unknown formats are refused, naming the choices' '
	expect_status 64 tally export --format bgstat 2> err && grep_msg "bgstats or bgg" err
'
test_expect_success 'make demo: the night exports a BG Stats file that passes' '
	mkdir -p d/tests && cp "$DEMO" d/tests/demo.sh &&
	TALLY_INSTALLED=1 sh d/tests/demo.sh > demo.log 2>&1 || { tail -20 demo.log; false; } &&
	perl "$TOOLS/bgstats-check.pl" d/demo/night-bgstats.json > out && cat out &&
	test "$(sed -n "s/ plays$//p" out)" -ge 3
'
test_done
