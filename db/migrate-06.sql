-- SPDX-License-Identifier: ISC
-- Schema version 6: counting a game's live hands (history, show) from an
-- index instead of reading every hand's entry text.  At a million hands
-- this takes `history game:golf` from about 0.40 s to 0.28 s in bare sqlite3.
CREATE INDEX hand_live ON hand(game_id, undone);
