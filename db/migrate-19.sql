-- SPDX-License-Identifier: ISC
-- Schema 19: a checkpoint per game (core/checkpoint.h): the replayed
-- state after its first `hands` live hands, so that a command replays
-- only the hands after them.  It is a cache of the replay, never its
-- truth.  It is keyed by the game's revision: every change of a game
-- bumps that, and only the writer (db/write.c, derive) carries the
-- checkpoint on to the new revision, when the change leaves hands
-- 1..hands as they were (a hand appended, an end); a change of one of
-- them drops it.  tally trusts it only when, besides, its checksum, its
-- build and the game's seats, options and entries still match, and
-- `tally check` replays each game and compares.
CREATE TABLE IF NOT EXISTS checkpoint (
  game_id  INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL, -- game.revision it holds for
  hands    INTEGER NOT NULL, -- the live hands 1..hands it holds the state after
  build    TEXT NOT NULL,    -- the rules code that made it (checkpoint_build())
  state    BLOB NOT NULL,    -- the replayed state (core/checkpoint.c)
  rows     BLOB NOT NULL     -- those hands' entry and recorded as stored, a NUL after each
);
