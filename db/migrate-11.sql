-- SPDX-License-Identifier: ISC
-- Schema: score pads a club keeps under a name of its own
-- (`tally pad save NAME -o ...`).  A game started from one is an ordinary
-- game of kind 'pad' with the complete options copied in, so nothing else
-- refers to this table and changing or dropping a saved pad changes no game.
CREATE TABLE pad (
  name    TEXT PRIMARY KEY COLLATE NOCASE,  -- what `tally new NAME` takes
  options TEXT NOT NULL,   -- the settings as given, one KEY=VALUE a line
  saved   TEXT NOT NULL    -- UTC, ISO 8601, when last saved
);

-- The ratings (`tally ratings`, core/rating.h), derived from every
-- finished game in time order and kept by the writer in the same
-- transaction as the seats, so that `tally stats` and `ratings` need not
-- work them out from the games each time: a game that finishes after every
-- game rated so far is added to its players' lines; any other change to a
-- finished game works them all out again.  `tally check` compares them with
-- the games.  Until rating_state has its row (right after this migration)
-- nothing is kept and the readers work the ratings out themselves.
CREATE TABLE rating (
  player_id    INTEGER NOT NULL REFERENCES player(id),
  kind         TEXT NOT NULL,     -- as the statistics group it (pads: pad:DIRECTION:TITLE)
  mu           REAL NOT NULL,
  sigma        REAL NOT NULL,
  games        INTEGER NOT NULL,  -- games rated
  night        INTEGER NOT NULL,  -- the last night this line was rated on (0: none)
  before_mu    REAL NOT NULL,     -- the rating when that night began ...
  before_sigma REAL NOT NULL,
  after_mu     REAL NOT NULL,     -- ... and after its last game
  after_sigma  REAL NOT NULL,
  PRIMARY KEY (player_id, kind)
) WITHOUT ROWID;

-- One row once the ratings are kept: the last game rated, in time order.
CREATE TABLE rating_state (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  started TEXT NOT NULL,          -- game.started of the last game rated
  uid     TEXT NOT NULL,          -- and its uid (ties in started go by uid)
  night   INTEGER NOT NULL,       -- and its night
  seats   INTEGER NOT NULL        -- places rated in all
);
