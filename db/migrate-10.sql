-- SPDX-License-Identifier: ISC
-- Substitutes: `tally sub OLD NEW` lets NEW play a seat of a
-- game from the next hand on, where the game allows it.  The seat stays
-- its first player's in table seat, and with it the game's result (place,
-- win, statistics); each row here says who played the seat from which hand
-- on, so that entries, `show` and history name the one at the table.
CREATE TABLE seat_sub (
  game_id   INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL,   -- 0-based, as in seat
  hand      INTEGER NOT NULL,   -- the first hand (1-based) player_id plays in that seat
  player_id INTEGER NOT NULL REFERENCES player(id),
  PRIMARY KEY (game_id, seat, hand)
) WITHOUT ROWID;
CREATE INDEX seat_sub_player ON seat_sub(player_id);
