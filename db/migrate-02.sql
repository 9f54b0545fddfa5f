-- SPDX-License-Identifier: ISC
-- Schema version 2: the chip ledger.  Every movement of chips, quarters or
-- dimes in a hand, in order, between accounts encoded as in core/ledger.h:
-- -1 the pot (centre, jar), seat * 2 a player's bank, seat * 2 + 1 a
-- player's ante pile.  Derived by replay like hand_score.

CREATE TABLE chip_move (
  hand_id INTEGER NOT NULL REFERENCES hand(id) ON DELETE CASCADE,
  seq     INTEGER NOT NULL,      -- order within the hand, from 1
  from_account INTEGER NOT NULL,
  to_account   INTEGER NOT NULL,
  amount  INTEGER NOT NULL CHECK (amount > 0),
  reason  TEXT NOT NULL,         -- ante, top-up, offer, payment, ...
  PRIMARY KEY (hand_id, seq)
) WITHOUT ROWID;
