-- SPDX-License-Identifier: ISC
-- Schema 14: import is a merge.  A game has one home table and a revision
-- that every change to it bumps; a file that takes a game from another
-- file remembers which revision it took and what its own revision was
-- right after, so that the next import can tell who changed the game
-- since: the table only (its newer version replaces this one), this file
-- only (kept), both (a conflict, refused with nothing lost) or neither.
-- The rules are written out in cmd/cmd-import.c.
ALTER TABLE game ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;  -- bumped by every change of the game
CREATE TABLE merge_base (
  game_id         INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
  source          TEXT NOT NULL,     -- the uid of the file the game was last taken from
  source_revision INTEGER NOT NULL,  -- the game's revision there
  revision        INTEGER NOT NULL   -- this file's revision of it right after
);
-- What this file is: its uid names it as the source of what it exports.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO meta (key, value) VALUES ('uid', lower(hex(randomblob(16))));
-- The ratings' nights become club nights (every night of one evening is
-- one), so the ratings kept are worked out again when the file is opened.
DELETE FROM rating_state;
-- A season: a named range of local days for league tables (`tally season`,
-- season:NAME in a query).  Its bounds are UTC instants: the start of its
-- first local day, and the start of the day after its last (NULL: open).
CREATE TABLE season (
  name    TEXT PRIMARY KEY COLLATE NOCASE,
  start   TEXT NOT NULL,   -- UTC, inclusive
  "end"   TEXT             -- UTC, exclusive; NULL while it runs
);
-- Members and guests: a guest is listed apart and left out of league tables.
ALTER TABLE player ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;
