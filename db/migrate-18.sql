-- SPDX-License-Identifier: ISC
-- Schema 18: the order the statistics fold.  Best, worst and the streaks
-- of a player at a kind of game fold that player's finished games in time
-- order (db/stats.c); a game that lands before the last one folded (an
-- import of another table's evening, an edit of a finished game) makes
-- them be folded again.  stat_fold keeps, per player and kind, the score
-- and the win of each counted finished game in that order, so that a
-- refold reads the few rows of one player in one place, not the player's
-- seats and games all over the file.  It is derived from the seats and
-- filled in C when the file is opened (the score is the rules' reading of
-- the seat: points, or chips or lives), and `tally check` compares it with
-- them.
CREATE TABLE IF NOT EXISTS stat_fold (
  player_id INTEGER NOT NULL,
  kind      TEXT NOT NULL,     -- as stat_line's: the kind, or pad:DIRECTION:TITLE
  started   TEXT NOT NULL,     -- the game's start, UTC: the fold order
  game_id   INTEGER NOT NULL,
  score     INTEGER NOT NULL,  -- the seat's score as the statistics read it
  winner    INTEGER NOT NULL,
  PRIMARY KEY (player_id, kind, started, game_id)
) WITHOUT ROWID;
-- Snapshots of the ratings.  The ratings fold every finished game in time
-- order (core/rating.h), so a game that lands before the newest one rated
-- (another table's evening) made them all be worked out again from the
-- first game.  A snapshot is the whole book of ratings after every game
-- that started before `started`; a change to a game that started at or
-- after it works them out again from there (db/ratings.c).  The newest few
-- are kept, a couple of thousand games apart; they are derived, taken
-- again by every full rebuild, and `tally check` compares them with the
-- games.  The ratings kept are worked out again when the file is opened,
-- which takes the first ones.
CREATE TABLE IF NOT EXISTS rating_snap (
  started TEXT PRIMARY KEY,  -- UTC: the book holds every game that started before this
  seats   INTEGER NOT NULL,  -- places rated before it
  night   INTEGER NOT NULL,  -- the book's last night (club night key)
  last_started TEXT NOT NULL, -- when the last game before it started
  last_uid TEXT NOT NULL,    -- and its uid
  book    BLOB NOT NULL      -- every line: db/ratings.c snap_take
) WITHOUT ROWID;
DELETE FROM rating_snap;
DELETE FROM rating_state;
