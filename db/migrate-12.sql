-- SPDX-License-Identifier: ISC
-- Schema 12: games recorded before the rules corrections of that version replay as
-- they were played.
--
-- Spite and Malice: one game to a played-out stockpile is now the default
-- (the seed); before, a game with no match_target played on as a match
-- that never ended.  Those games keep playing so, with the highest target.
UPDATE game_option SET value = '100000', is_set = 1
  WHERE key = 'match_target' AND value = 'none'
    AND game_id IN (SELECT id FROM game WHERE kind = 'spite-malice');
INSERT INTO game_option (game_id, key, value, is_set)
  SELECT id, 'match_target', '100000', 1 FROM game g
  WHERE kind = 'spite-malice'
    AND NOT EXISTS (SELECT 1 FROM game_option o WHERE o.game_id = g.id AND o.key = 'match_target');

-- The derived rows of the kinds whose scoring was corrected (Chase the Ace:
-- the pot apart from the lives; Cribbage Solitaire: a deal's score;
-- Gin: a zero knock is gin, Hollywood bonuses) are written again from a
-- replay of their hands.  That needs the rules, so it is done in C after
-- the upgrade (store_rederive_pending), in its own transaction; a kind
-- stays here until its games are done, so a crash only delays it.
CREATE TABLE rederive (
  kind TEXT PRIMARY KEY   -- a game kind whose derived rows are out of date
) WITHOUT ROWID;
INSERT INTO rederive (kind)
  SELECT DISTINCT kind FROM game WHERE kind IN ('chase-ace', 'cribbage-solitaire', 'gin');
