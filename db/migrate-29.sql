-- SPDX-License-Identifier: ISC
-- Schema 29: undo and redo go by one stack of changes per game, in the
-- order they were made: hands, inserts, edits, ends, subs and joins
-- (db/steps.c).  Before, each kind kept its own: hands an undone flag,
-- subs and joins seat_change rows (schema 27), an end game.end_undone,
-- and an edit or an insert only a meta line ("last_edit", "last_insert",
-- "last_unedit", "last_uninsert") that any later change made stale, so
-- an insert or an edit taken back was lost after one more undo and two
-- redos, and redo brought back the kinds in a fixed order, not the one
-- they were undone in.  A step holds only what the live tables do not:
--   hand, end, sub, join: nothing (the hand rows, game.end_undone and
--                 seat_change hold them; the stack gives the order);
--   insert:       hand, the hand number it put in; entry, the entry
--                 (which redo puts in again);
--   edit:         hand, the hand number; entry, while live the entry the
--                 edit replaced (undo puts it back), while undone the
--                 entry the edit put in (redo makes it again).
-- Undo takes back the live step of highest seq, redo makes again the
-- undone step of lowest seq (the one undone last); a new change deletes
-- the undone steps, as it sets aside the hands kept for redo.  A change
-- made before this schema, or brought by an import, has no step: undo
-- then takes back what the game shows last (an end, a sub or join for
-- the next hand, the last hand) and keeps a step for it below the others.
CREATE TABLE IF NOT EXISTS undo_step (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  seq     INTEGER NOT NULL,   -- its place in the game's stack, the newest highest
  kind    TEXT NOT NULL CHECK (kind IN ('hand', 'insert', 'edit', 'end', 'sub', 'join')),
  hand    INTEGER,            -- insert, edit: the hand number (1-based)
  entry   TEXT,               -- insert, edit: see above
  undone  INTEGER NOT NULL DEFAULT 0  -- 1: taken back by `undo`, kept for `redo`
);
CREATE INDEX IF NOT EXISTS undo_step_game ON undo_step(game_id, undone, seq);

-- The meta line still current (its mark is the file's as it is now, as
-- db/club.c change_mark reads it) becomes the game's one step: "GAME
-- NUMBER ENTRY", or for "last_unedit" also "GAME NUMBER DEPTH ENTRY" (the
-- hands kept for redo when the edit was undone: the stack's order now).
INSERT INTO undo_step (game_id, seq, kind, hand, entry, undone)
SELECT game_id, 1, CASE WHEN key LIKE '%edit' THEN 'edit' ELSE 'insert' END, number,
       CASE WHEN key = 'last_unedit' AND instr(rest, ' ') > 1 AND substr(rest, 1, instr(rest, ' ') - 1) NOT GLOB '*[^0-9]*'
            THEN substr(rest, instr(rest, ' ') + 1) ELSE rest END,
       key LIKE 'last_un%'
  FROM (SELECT m.key, CAST(substr(m.value, 1, instr(m.value, ' ') - 1) AS INTEGER) AS game_id,
               CAST(substr(r, 1, instr(r, ' ') - 1) AS INTEGER) AS number, substr(r, instr(r, ' ') + 1) AS rest
          FROM (SELECT key, value, substr(value, instr(value, ' ') + 1) AS r FROM meta
                 WHERE key IN ('last_edit', 'last_insert', 'last_unedit', 'last_uninsert')) m
         WHERE (SELECT value FROM meta WHERE key = m.key || '_mark') =
               (SELECT coalesce(sum(revision), 0) || ':' || count(*) FROM game) || ':' ||
               (SELECT coalesce(max(id), 0) FROM hand) || ':' || (SELECT count(*) FROM seat_sub))
 WHERE number > 0 AND game_id IN (SELECT id FROM game);

DELETE FROM meta WHERE key IN ('last_edit', 'last_insert', 'last_unedit', 'last_uninsert', 'last_edit_mark',
  'last_insert_mark', 'last_unedit_mark', 'last_uninsert_mark');
