-- SPDX-License-Identifier: ISC
-- Schema 20: a checkpoint's bytes apart from its key.  The writer carries
-- a checkpoint on to each new revision of its game (schema 19), and
-- SQLite writes a row whole when one column of it changes: with the
-- bytes in the same row each hand wrote them again, a write that grew
-- with the game.  Now `checkpoint` holds the key (a few numbers, and a
-- stamp that tells a process which checkpoint it decoded already) and
-- `checkpoint_bytes` the state and the rows, written once when the
-- checkpoint is made.  A checkpoint is a cache: the old ones are dropped,
-- and the next hand of a long game makes a new one.
DROP TABLE IF EXISTS checkpoint_bytes;
DROP TABLE IF EXISTS checkpoint;
CREATE TABLE checkpoint (
  game_id  INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL, -- game.revision it holds for
  hands    INTEGER NOT NULL, -- the live hands 1..hands it holds the state after
  build    TEXT NOT NULL,    -- the rules code that made it (checkpoint_build())
  stamp    INTEGER NOT NULL  -- random, new for each checkpoint made: which one it is
);
CREATE TABLE checkpoint_bytes (
  game_id INTEGER PRIMARY KEY REFERENCES checkpoint(game_id) ON DELETE CASCADE,
  state   BLOB NOT NULL,     -- the replayed state (core/checkpoint.c)
  rows    BLOB NOT NULL      -- those hands' entry and recorded as stored, a NUL after each
);
