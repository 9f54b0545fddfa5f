-- SPDX-License-Identifier: ISC
-- Schema 31: an Account game ended in the middle of a deal now has its
-- leader as winner, though that player retired from the deal (RULES.md
-- 1.3: a retiree leaves the deal, not the game); it used to have none.
-- Those games' derived rows, and the statistics and ratings that count
-- winners, are written again from a replay (store_rederive_pending).
CREATE TABLE IF NOT EXISTS rederive (
  kind TEXT PRIMARY KEY   -- a game kind whose derived rows are out of date
) WITHOUT ROWID;
INSERT OR IGNORE INTO rederive (kind)
  SELECT DISTINCT kind FROM game WHERE kind = 'account';
