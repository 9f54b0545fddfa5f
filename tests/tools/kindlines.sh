#!/bin/sh
# SPDX-License-Identifier: ISC
# kindlines.sh: the lines outside games/ that know what kind of game they
# handle: they read one of the kind flags or game-only fields of
# a struct game_state or player_state, a rules struct's scoring flags, or
# name a game, or ask one of the core's kind queries (state_has_chips ...,
# which a printer still branches on until games state their columns).
# Prints them; count with `| wc -l`.
F='lower_wins|has_chips|has_lives|has_pot|rank_by_chips|has_piles|chips_only|rank_ignores_out|table_shows_detail|has_plays|has_final|out_scope|chips_name|hollywood|hollywood_final'
P='last_legs|plays|wins|final|lives'
grep -nE "(st|rank_st|re|prev|now|\(\*now\))->($F)\b|\.p\[[^]]*\]\.($P)\b|\bp->($P)\b|(->|\.)(higher_wins|scored_by_chips|scoring)\b|state_(has_pot|has_chips|has_lives|no_points)\(|\"(golf|trash|gin|hand-foot|account|bankrupt|chase-ace|spite-malice|accordion|royal-marriage|push-pin|double-jump|french-solitaire|concertina|cribbage-solitaire|pad)\"" \
    core/*.c core/*.h cmd/*.c cmd/*.h db/*.c db/*.h | grep -v '^core/rules.h:' | grep -v '^core/state.h:' | grep -v '^core/replay.c:[0-9]*:state_' |
    # not kind knowledge: rules_scoring(), the one reader of a game's
    # declared scoring that every other line goes through; and a command's
    # own name (`tally pad` is a command as well as a game)
    grep -v '^core/replay.c:[0-9]*:	return rules->score.scoring; /\* the one reader of the declaration \*/$' |
    grep -v '^cmd/cmd-[a-z]*\.c:[0-9]*:	\.name = "[a-z]*",$'
