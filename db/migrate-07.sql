-- SPDX-License-Identifier: ISC
-- Schema version 7: statistics kept by the writer, so that `tally stats`
-- and `tally history` over a club's decade read a few thousand rows instead
-- of every seat.  Each hand write (and undo, redo, edit, end, import) updates
-- them in the same transaction as the seats; `tally check` compares them
-- with the seats.  The store fills stat_line, stat_count and stat_pair right
-- after this script (the streaks need the games in time order).

-- Per player and kind of game: the sums of core/statbook.h's stat_line.
CREATE TABLE stat_line (
  player_id    INTEGER NOT NULL REFERENCES player(id),
  kind         TEXT NOT NULL,
  games        INTEGER NOT NULL DEFAULT 0,
  finished     INTEGER NOT NULL DEFAULT 0,  -- games over
  wins         INTEGER NOT NULL DEFAULT 0,
  sum_rank     INTEGER NOT NULL DEFAULT 0,  -- places, summed over finished games
  sum_score    INTEGER NOT NULL DEFAULT 0,
  best         INTEGER NOT NULL DEFAULT 0,  -- valid when scored = 1
  worst        INTEGER NOT NULL DEFAULT 0,
  scored       INTEGER NOT NULL DEFAULT 0,
  streak       INTEGER NOT NULL DEFAULT 0,  -- wins in a row, now
  longest      INTEGER NOT NULL DEFAULT 0,
  eliminated   INTEGER NOT NULL DEFAULT 0,  -- times put out
  eliminations INTEGER NOT NULL DEFAULT 0,  -- players put out
  chip_games   INTEGER NOT NULL DEFAULT 0,
  chips_net    INTEGER NOT NULL DEFAULT 0,
  chips_won    INTEGER NOT NULL DEFAULT 0,
  chips_lost   INTEGER NOT NULL DEFAULT 0,
  last_game    INTEGER NOT NULL DEFAULT 0,  -- last finished game in the streaks
  PRIMARY KEY (player_id, kind)
) WITHOUT ROWID;

-- Per player, kind of game and number of players: games and wins.
CREATE TABLE stat_count (
  player_id INTEGER NOT NULL REFERENCES player(id),
  kind      TEXT NOT NULL,
  players   INTEGER NOT NULL,
  games     INTEGER NOT NULL DEFAULT 0,
  wins      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player_id, kind, players)
) WITHOUT ROWID;

-- How many finished games ahead_id ended placed better than behind_id.
CREATE TABLE stat_pair (
  ahead_id  INTEGER NOT NULL REFERENCES player(id),
  behind_id INTEGER NOT NULL REFERENCES player(id),
  times     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (ahead_id, behind_id)
) WITHOUT ROWID;

-- What a line of `tally history` shows, kept with the game: its live
-- hands and its seats in order, each "1Name" for a winner or "0Name",
-- separated by char(31).
ALTER TABLE game ADD COLUMN hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN seats TEXT NOT NULL DEFAULT '';
UPDATE game SET
  hands = (SELECT count(*) FROM hand h WHERE h.game_id = game.id AND h.undone = 0),
  seats = coalesce((SELECT group_concat(w || name, char(31)) FROM (SELECT x.winner AS w, p.name
    FROM seat x JOIN player p ON p.id = x.player_id WHERE x.game_id = game.id ORDER BY x.seat)), '');
