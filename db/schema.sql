-- SPDX-License-Identifier: ISC
-- tally database schema, version 1 (PRAGMA user_version = 1).
-- The stored truth of a game is its options and its ordered hand entries;
-- everything in seat and hand_score is derived by replay and kept so that
-- history queries are plain SQL.  Later versions append migrations in
-- db/store.c; this file is never edited once released.

CREATE TABLE player (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE COLLATE NOCASE,  -- as first typed; one identity across games
  created TEXT NOT NULL          -- UTC, ISO 8601
);

CREATE TABLE game (
  id      INTEGER PRIMARY KEY,
  uid     TEXT NOT NULL UNIQUE,  -- stable id across databases (export/import)
  kind    TEXT NOT NULL,         -- rules name: golf, trash, ...
  started TEXT NOT NULL,         -- UTC, ISO 8601
  ended   TEXT,                  -- when it ended by rule or by `tally end`
  status  TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'over')),
  closed  INTEGER NOT NULL DEFAULT 0,  -- 1: ended early by `tally end`, 2: abandoned (`end --abandon`)
  dealer  INTEGER NOT NULL DEFAULT 0,  -- seat (0-based) of the first dealer
  next    TEXT                   -- what the next hand is, as `show` says it
);

CREATE TABLE game_option (
  game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  key     TEXT NOT NULL,         -- option key without the game prefix
  value   TEXT NOT NULL,
  is_set  INTEGER NOT NULL,      -- 1: chosen by the table, 0: the default
  PRIMARY KEY (game_id, key)
);

CREATE TABLE seat (
  game_id   INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL,    -- 0-based, clockwise
  player_id INTEGER NOT NULL REFERENCES player(id),
  total     INTEGER NOT NULL DEFAULT 0,  -- points after the last hand
  chips     INTEGER,             -- chips/quarters held, where the game has them
  lives     INTEGER,             -- lives left, where the game has them
  out       INTEGER NOT NULL DEFAULT 0,  -- eliminated, bankrupt or retired
  rank      INTEGER,             -- 1 = best, ties share a rank
  winner    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, player_id)
);
CREATE INDEX seat_player ON seat(player_id);

CREATE TABLE hand (
  id       INTEGER PRIMARY KEY,
  game_id  INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  number   INTEGER NOT NULL,     -- 1-based order within the game
  entry    TEXT NOT NULL,        -- canonical entry text, replayed by the rules
  undone   INTEGER NOT NULL DEFAULT 0,  -- 1: removed by `undo`, kept for `redo`
  recorded TEXT NOT NULL,        -- UTC, ISO 8601
  note     TEXT,                 -- what happened, as the rules told it
  UNIQUE (game_id, number)
);

CREATE TABLE hand_score (
  hand_id INTEGER NOT NULL REFERENCES hand(id) ON DELETE CASCADE,
  seat    INTEGER NOT NULL,
  points  INTEGER NOT NULL,      -- scored in this hand
  total   INTEGER NOT NULL,      -- running total after this hand
  chips   INTEGER,               -- chips held after this hand
  lives   INTEGER,               -- lives left after this hand
  out     INTEGER NOT NULL DEFAULT 0,
  detail  TEXT,                  -- cards or roles as entered, for sheets
  PRIMARY KEY (hand_id, seat)
) WITHOUT ROWID;
