/* SPDX-License-Identifier: ISC */
/*
 * export-apps.h: a game as the play loggers players already use read it.
 *
 * BG Stats (Apps by Eerko) takes a play pushed from another app as one
 * JSON object, "Push plays to BG Stats from other apps or websites"
 * (bgstatsapp.com/support): game {name, highestWins, noPoints,
 * sourceGameId, bggId}, playDate "YYYY-MM-DD HH:MM:SS" (local), durationMin,
 * comments, and players [{name, score, winner, rank, startPlayer}]
 * (startPlayer: the seat after the first dealer, who plays first).
 * `export --format bgstats` writes a JSON array of them, one per game.
 *
 * BoardGameGeek's play records are its XML API 2 "plays" document
 * (boardgamegeek.com/wiki/page/BGG_XML_API2, Plays): <plays> holding a
 * <play date length incomplete quantity location> per game, its <item
 * name objecttype="thing" objectid>, <comments> and <players> with a
 * <player name startposition score win new rating> per seat.  tally knows
 * no BGG ids for its card games: objectid is 0 and bggId left out, for
 * the play to be matched to a game when it is imported.
 */
#ifndef TALLY_EXPORT_APPS_H
#define TALLY_EXPORT_APPS_H

#include <stdio.h>

struct stored_game;
struct game_state;

/* One play object of game g (st: its replay) to f, after a comma unless
 * first; a game with no hand writes nothing and returns 0, else 1. */
int export_bgstats_play(FILE *f, const struct stored_game *g, const struct game_state *st, int first);

/* The <play> record of game g (st: its replay) to f; a game with no hand
 * writes nothing and returns 0, else 1. */
int export_bgg_play(FILE *f, const struct stored_game *g, const struct game_state *st);

/* What opens and closes each format's file. */
#define EXPORT_BGSTATS_HEAD "["
#define EXPORT_BGSTATS_TAIL "]"
#define EXPORT_BGG_HEAD "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" \
	"<plays username=\"\" userid=\"0\" page=\"1\" termsofuse=\"https://boardgamegeek.com/xmlapi/termsofuse\">"
#define EXPORT_BGG_TAIL "</plays>"

#endif
