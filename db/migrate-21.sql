-- SPDX-License-Identifier: ISC
-- Schema 21: a free-text note on a game or a night (`tally note`): one
-- line a person typed, checked as a night's name is (core/names.h
-- names_text_check), shown, exported and printed.  NULL: no note.  A
-- game's note is part of the game (a change bumps its revision and
-- travels through the import merge); a night's travels with its games.
ALTER TABLE game ADD COLUMN note TEXT;
ALTER TABLE night ADD COLUMN note TEXT;
