-- SPDX-License-Identifier: ISC
-- Schema 17: late arrivals.  `tally join PLAYER` seats a newcomer in a
-- game under way, where its rules allow one (core/rules.h, game_join): a
-- seat after the last, played from a later hand on.  The seat row says
-- from which hand, and the total the table gave; replay seats the
-- newcomer there (core/rules.h, game_record.joined), so undo, edit,
-- insert, check and export all see the join where it was made.
ALTER TABLE seat ADD COLUMN joined INTEGER;     -- the first hand (1-based) a late arrival plays; NULL: from the start
ALTER TABLE seat ADD COLUMN join_total INTEGER; -- the points the table gave them (join --total N); NULL: the rules'
