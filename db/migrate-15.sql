-- SPDX-License-Identifier: ISC
-- Schema 15: partnership play.  A game played in sides (core/sides.h:
-- Hand & Foot with partnerships=true, Gin with players_mode=partnership)
-- keeps each seat's side, partners sitting opposite: with n seats, seat
-- i is in side i % (n / 2).  Before, partners were individuals who
-- shared a score (each held the side's total); now each holds their own
-- part and the side's total is the partners' parts added (Hand & Foot)
-- or the net of the two duels (Gin), which is what each of them held, so
-- no side's score, rank or winner changes.  The seats' derived rows of
-- those games are written again from a replay (store_rederive_pending).
ALTER TABLE seat ADD COLUMN side INTEGER;  -- 0-based side in partnership play, else NULL
CREATE TEMP TABLE sides_games AS
  SELECT g.id AS id, g.kind AS kind FROM game g JOIN game_option o ON o.game_id = g.id
  WHERE (g.kind = 'hand-foot' AND o.key = 'partnerships' AND o.value = 'true')
     OR (g.kind = 'gin' AND o.key = 'players_mode' AND o.value = 'partnership');
UPDATE seat SET side = seat % ((SELECT count(*) FROM seat t WHERE t.game_id = seat.game_id) / 2)
  WHERE game_id IN (SELECT id FROM sides_games);
CREATE TABLE IF NOT EXISTS rederive (
  kind TEXT PRIMARY KEY   -- a game kind whose derived rows are out of date
) WITHOUT ROWID;
INSERT OR IGNORE INTO rederive (kind) SELECT DISTINCT kind FROM sides_games;
DROP TABLE sides_games;
-- A side is now rated as a team (core/rating.h), so the ratings kept are
-- worked out again when the file is opened.
DELETE FROM rating_state;
