-- Schema (issue 16): score pads a club keeps under a name of its own
-- (`tally pad save NAME -o ...`).  A game started from one is an ordinary
-- game of kind 'pad' with the complete options copied in, so nothing else
-- refers to this table and changing or dropping a saved pad changes no game.
CREATE TABLE pad (
  name    TEXT PRIMARY KEY COLLATE NOCASE,  -- what `tally new NAME` takes
  options TEXT NOT NULL,   -- the settings as given, one KEY=VALUE a line
  saved   TEXT NOT NULL    -- UTC, ISO 8601, when last saved
);
