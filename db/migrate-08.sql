-- SPDX-License-Identifier: ISC
-- Schema version 8: the current game, deleted games and an undoable `end`
--
-- The current game is what `hand`, `undo`, `show` ... act on when no game
-- is named: the one last started with `new` or chosen with `use`.  A
-- database from before this version makes its newest open game current
-- (the game those commands used to pick), else its newest game.
CREATE TABLE current_game (
  one     INTEGER PRIMARY KEY CHECK (one = 1),  -- a single row
  game_id INTEGER REFERENCES game(id)           -- NULL: no current game
);
INSERT INTO current_game (one, game_id)
  SELECT 1, id FROM game ORDER BY status = 'open' DESC, started DESC, id DESC LIMIT 1;

-- `tally delete` takes a game out of list, history, stats, nights and
-- exports and keeps every row of it; `tally restore` clears this again.
ALTER TABLE game ADD COLUMN deleted TEXT;     -- UTC, ISO 8601; NULL: counted
-- An `end` taken back by `undo` waits here for `redo`: the number of live
-- hands the game had when it was ended (redo closes it again once the live
-- hands are back to that many).  NULL: no undone end.
ALTER TABLE game ADD COLUMN end_undone INTEGER;
-- hand.undone = 2: an undone hand set aside when a new hand took its place
-- (its number is then minus its id, out of the way); it is never redone or
-- replayed, but it is never destroyed either.
