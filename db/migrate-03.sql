-- SPDX-License-Identifier: ISC
-- Schema version 3: game nights.  Every game belongs to a night: the games
-- played together at one sitting.  Games from before this version are put
-- in one night per day they were started.

CREATE TABLE night (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,         -- "Friday at Ann's", or the date
  started TEXT NOT NULL,         -- UTC, ISO 8601
  ended   TEXT                   -- NULL while the night goes on
);

ALTER TABLE game ADD COLUMN night_id INTEGER REFERENCES night(id);

INSERT INTO night (name, started, ended)
  SELECT substr(started, 1, 10), min(started), max(coalesce(ended, started))
  FROM game GROUP BY substr(started, 1, 10);
UPDATE game SET night_id =
  (SELECT id FROM night WHERE night.name = substr(game.started, 1, 10));
CREATE INDEX game_night ON game(night_id);
