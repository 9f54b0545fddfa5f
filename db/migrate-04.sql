-- SPDX-License-Identifier: ISC
-- Schema version 4: what history and statistics read without a replay.
-- The chips (or lives) each player started with, who put a player out, and
-- indexes for the queries by game and date.

ALTER TABLE seat ADD COLUMN start_chips INTEGER;  -- chips or lives at the start
ALTER TABLE seat ADD COLUMN out_by INTEGER;       -- seat (0-based) of who put this player out
CREATE INDEX game_kind_started ON game(kind, started);
CREATE INDEX game_started ON game(started);
