-- SPDX-License-Identifier: ISC
-- Schema 26: what a file took of a game is the whole clock of the version
-- it took (core/merge.h struct merge_clock: per file, the last change of
-- that file the version holds), not only which file it came from, so that
-- a game that passed through a second file (a laptop's game that the club
-- file took and corrected, then a league file, or the laptop again) is
-- told apart from a game changed on both sides.  A record from before
-- holds no clock (seen NULL) and is read as {source: source_revision},
-- what it said.
ALTER TABLE merge_base ADD COLUMN seen TEXT;  -- the clock taken, JSON text
