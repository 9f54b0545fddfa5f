-- SPDX-License-Identifier: ISC
-- Schema 24: a game's standings as the export writes them (each player's
-- total, points per hand, the game's own columns, out and place: what
-- `show --json` calls "players"), kept with a finished game and with each
-- game an import writes, so that an export of a decade need not replay
-- every game to write them.  Like the checkpoint (schemas 19 and 20) it is
-- a cache of the replay, never its truth: made from the replay by the one
-- writer (db/write.c, derive), trusted only at the game's revision and
-- from the same build (core/ and games/, checkpoint_build()), written
-- again when a rename or an upgrade rewrites the game without a new
-- revision, and compared with the replay by `tally check`.  A game without
-- one, or with a stale one, is replayed.
CREATE TABLE IF NOT EXISTS standings (
  game_id  INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,  -- game.revision it holds for
  build    TEXT NOT NULL,     -- the code that made it (checkpoint_build())
  players  TEXT NOT NULL      -- the "players" array, compact JSON
);
