-- SPDX-License-Identifier: ISC
-- Schema 28: a night's note merges by clocks, as a game does (schema 26;
-- core/merge.h merge_decide_note_clock, cmd/cmd-import.c rule 6).  Per
-- night, versions: what its note holds of each file's changes, {"UID": n,
-- ...} as merge_clock_text writes it (NULL: none, the note it was made
-- with or last took before clocks, unless its night_base note differs:
-- a change made before clocks, which the record then decides).  A file's
-- own part goes up with each change of the note made there; a file that
-- takes a version of the night takes its clock with it.  seen and here go
-- with the night_base record: the clock of the version taken from that
-- file, and this file's clock right after (NULL: a record from before).
CREATE TABLE IF NOT EXISTS night_clock (
  night_id INTEGER PRIMARY KEY REFERENCES night(id) ON DELETE CASCADE,
  versions TEXT,  -- the night's clock, JSON text
  seen     TEXT,  -- the clock of the note night_base.note (JSON text)
  here     TEXT   -- this file's clock of the night right after it took that
);
