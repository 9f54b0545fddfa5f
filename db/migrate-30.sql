-- SPDX-License-Identifier: ISC
-- Schema 30: what the version of a game this file last took was
-- (core/merge.h merge_content_digest: its players, seats, options,
-- substitutes, live hands, end, deletion and note), as this file held it
-- right after (merge_base.revision).  A change made here and then taken
-- back (undo) leaves the game as it was taken: its own changes net to
-- nothing, and the other file's newer version is taken rather than
-- reported as a conflict (cmd/cmd-import.c rule 2).  NULL: not known (a
-- record from before, or made by a restore), and the clocks decide alone.
ALTER TABLE merge_base ADD COLUMN taken TEXT;
