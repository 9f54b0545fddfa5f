-- SPDX-License-Identifier: ISC
-- Schema 22: `redo` puts back the end that `undo` took back as it was: the
-- game ended early (the leaders win) or abandoned (no result).  Beside
-- game.end_undone (the live hands it had then): how it was closed, 1 ended
-- early or 2 abandoned (core/rules.h GAME_*); NULL with an undone end kept
-- by an older tally, which knew only the first.
ALTER TABLE game ADD COLUMN end_undone_closed INTEGER;
-- Chase the Ace carried forward with new stakes (carry_stake, seed 004's
-- remedy 4): each player's stake is now a dime of their own put into the
-- pot at the start, as a late arrival's is, where it came from outside,
-- so that settling up counts it as the player's.  Those games' derived
-- rows are written again from a replay (store_rederive_pending).
CREATE TABLE IF NOT EXISTS rederive (
  kind TEXT PRIMARY KEY   -- a game kind whose derived rows are out of date
) WITHOUT ROWID;
INSERT OR IGNORE INTO rederive (kind)
  SELECT DISTINCT g.kind FROM game g JOIN game_option o ON o.game_id = g.id
  WHERE g.kind = 'chase-ace' AND o.key = 'carry_stake' AND o.value <> '0';
