-- SPDX-License-Identifier: ISC
-- Schema 25: a night's note travels through the import merge as a game's
-- does (the rules: cmd/cmd-import.c, rule 6).  A file that takes a night
-- from another file remembers whose it was and what its note was then: a
-- note changed since on one side only is taken from that side, on both
-- sides otherwise, a conflict.  A night has no revision (its note is all
-- of it that changes after its games), so the note taken is the record.
CREATE TABLE IF NOT EXISTS night_base (
  night_id INTEGER PRIMARY KEY REFERENCES night(id) ON DELETE CASCADE,
  source   TEXT NOT NULL,  -- the uid of the file the night was last taken from
  note     TEXT            -- its note in that file then (NULL: none)
);
