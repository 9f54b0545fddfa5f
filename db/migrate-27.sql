-- SPDX-License-Identifier: ISC
-- Schema 27: the seat changes `undo` takes back and `redo` makes again
-- (a substitution, `tally sub`; a late arrival, `tally join`) are rows,
-- as hands are, with an undone flag, where they were text lines in meta
-- rows ("subbed GAME", "unsubbed GAME", "unjoined GAME") that named
-- players by an id or a name of their time: a `player merge` or a hand
-- `insert` left such a line behind, and the change could no longer be
-- taken back.  A row follows the player id (merge rewrites it) and the
-- hand (insert moves it).
--
-- A row holds only what the live tables do not (db/subs.c, db/write.c):
--   sub, live:    player_id who played the seat from that hand before
--                 (NULL: nobody, the seat went on as it was); the
--                 substitute is seat_sub's row (game_id, seat, hand).
--   sub, undone:  player_id the substitute redo puts back; who plays
--                 meanwhile is seat_sub's row, or nobody.
--   join, live:   nothing more; the newcomer, the hand and the total
--                 are the seat row's (seat.player_id, joined, join_total).
--   join, undone: player_id the newcomer and total the points the table
--                 gave (NULL: the rules'); the seat row is gone.
-- Undo takes back the newest live row (id), redo makes again the oldest
-- undone one: a new change after an undo deletes the undone ones, as a
-- new hand sets aside the hands kept for redo.
CREATE TABLE seat_change (
  id        INTEGER PRIMARY KEY,  -- the order the changes were made in
  game_id   INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  kind      TEXT NOT NULL CHECK (kind IN ('sub', 'join')),
  seat      INTEGER NOT NULL,     -- 0-based, as in seat
  hand      INTEGER NOT NULL,     -- the first hand (1-based) the change plays
  player_id INTEGER REFERENCES player(id),  -- see above
  total     INTEGER,              -- see above
  undone    INTEGER NOT NULL DEFAULT 0      -- 1: taken back by `undo`, kept for `redo`
);
CREATE INDEX seat_change_game ON seat_change(game_id, undone);
CREATE INDEX seat_change_player ON seat_change(player_id);

-- The old lines, one row each.  A meta value's lines become a JSON array
-- of strings (json_each numbers them): "HAND SEAT SEATS WAS ID" for a
-- sub, "HAND<tab>TOTAL<tab>NAME" for an undone join.  "subbed" lists the
-- newest first, "unsubbed" and "unjoined" the last undone first.
CREATE TEMP TABLE old_line AS
SELECT substr(m.key, 1, instr(m.key, ' ') - 1) AS list,
       CAST(substr(m.key, instr(m.key, ' ') + 1) AS INTEGER) AS game_id,
       CAST(l.key AS INTEGER) AS at, l.value AS line
  FROM meta m, json_each('["' || replace(replace(replace(replace(m.value, '\', '\\'), '"', '\"'), char(9), '\t'),
       char(10), '","') || '"]') l
 WHERE (m.key LIKE 'subbed %' OR m.key LIKE 'unsubbed %' OR m.key LIKE 'unjoined %') AND l.value <> '';

-- Each change with the key that puts them in the order they were made:
-- the live ones before the undone ones; then by hand; then by the seats
-- the game had after it (a sub line says how many; a join makes seat+1),
-- a join before the subs made with its seat there; then by their place
-- in their list.  A sub line is kept only where seat_sub still reads as
-- it left it (live) or found it (undone), as the old undo required; an
-- undone join only where its player is still known by that name.
CREATE TEMP TABLE old_change AS
SELECT s.game_id, 'sub' AS kind, s.seat, s.hand,
       CASE WHEN s.list = 'subbed' THEN nullif(s.was, 0) ELSE s.id END AS player_id, NULL AS total,
       s.list = 'unsubbed' AS undone, s.seats AS seats_after, 1 AS phase,
       CASE WHEN s.list = 'subbed' THEN -s.at ELSE s.at END AS age
  FROM (SELECT list, game_id, at,
               CAST(json_extract(a, '$[0]') AS INTEGER) AS hand, CAST(json_extract(a, '$[1]') AS INTEGER) AS seat,
               CAST(json_extract(a, '$[2]') AS INTEGER) AS seats, CAST(json_extract(a, '$[3]') AS INTEGER) AS was,
               CAST(json_extract(a, '$[4]') AS INTEGER) AS id
          FROM (SELECT list, game_id, at, '[' || replace(trim(line), ' ', ',') || ']' AS a FROM old_line
                 WHERE list IN ('subbed', 'unsubbed') AND json_valid('[' || replace(trim(line), ' ', ',') || ']'))) s
 WHERE s.id IN (SELECT id FROM player) AND (s.was = 0 OR s.was IN (SELECT id FROM player))
   AND EXISTS (SELECT 1 FROM game WHERE id = s.game_id)
   AND (SELECT player_id FROM seat_sub x WHERE x.game_id = s.game_id AND x.seat = s.seat AND x.hand = s.hand)
       IS (CASE WHEN s.list = 'subbed' THEN s.id ELSE nullif(s.was, 0) END)
UNION ALL
SELECT game_id, 'join', seat, joined, NULL, NULL, 0, seat + 1, 0, 0
  FROM seat WHERE joined IS NOT NULL
UNION ALL
SELECT j.game_id, 'join', j.seats + j.at, j.hand, p.id, j.total, 1, j.seats + j.at + 1, 0, j.at
  FROM (SELECT game_id, at, CAST(substr(line, 1, instr(line, char(9)) - 1) AS INTEGER) AS hand,
               CAST(nullif(substr(r, 1, instr(r, char(9)) - 1), '') AS INTEGER) AS total,
               substr(r, instr(r, char(9)) + 1) AS name,
               (SELECT count(*) FROM seat s WHERE s.game_id = o.game_id) AS seats
          FROM (SELECT *, substr(line, instr(line, char(9)) + 1) AS r FROM old_line WHERE list = 'unjoined') o) j
  JOIN player p ON p.name = j.name
 WHERE EXISTS (SELECT 1 FROM game WHERE id = j.game_id);

INSERT INTO seat_change (game_id, kind, seat, hand, player_id, total, undone)
SELECT game_id, kind, seat, hand, player_id, total, undone FROM old_change
 ORDER BY game_id, undone, hand, seats_after, phase, age;

DROP TABLE old_change;
DROP TABLE old_line;
DELETE FROM meta WHERE key LIKE 'subbed %' OR key LIKE 'unsubbed %' OR key LIKE 'unjoined %';
