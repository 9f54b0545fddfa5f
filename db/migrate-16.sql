-- SPDX-License-Identifier: ISC
-- Schema 16: substitutes count in the ratings.  A seat a substitute took
-- over (seat_sub) is now rated as one team of the players who sat in it,
-- each by their share of the game's hands (core/rating.h, partial play),
-- where before only the seat's own player was rated, for the whole game.
-- The ratings kept are worked out again when the file is opened.
DELETE FROM rating_state;
