-- SPDX-License-Identifier: ISC
-- Player names in Unicode NFC, found by their folded key, and nights with
-- a uid as games have.  The store fills player.fold right after
-- this script, in C (core/names.h: normalization and full case folding are
-- utf8proc's, not SQL's), normalizing every name to NFC; two players whose
-- names become one are merged with a warning, or the upgrade is refused
-- when they sat in the same game (see store.c, names_upgrade).  Integer
-- options stored as typed ("+5", "0005") are made canonical in the same
-- step (options_upgrade), so that option:KEY=VALUE finds them.
ALTER TABLE player ADD COLUMN fold TEXT;  -- names_fold(name): the key a player is found by
CREATE UNIQUE INDEX player_fold ON player(fold);

ALTER TABLE night ADD COLUMN uid TEXT;    -- stable id across databases (export/import)
UPDATE night SET uid = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX night_uid ON night(uid);
