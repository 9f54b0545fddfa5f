-- SPDX-License-Identifier: ISC
-- Schema 18: `redo` puts back the end that `undo` took back as it was: the
-- game ended early (the leaders win) or abandoned (no result).  Beside
-- game.end_undone (the live hands it had then): how it was closed, 1 ended
-- early or 2 abandoned (core/rules.h GAME_*); NULL with an undone end kept
-- by an older tally, which knew only the first.
ALTER TABLE game ADD COLUMN end_undone_closed INTEGER;
