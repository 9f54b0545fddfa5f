-- SPDX-License-Identifier: ISC
-- Schema 13: an import of many games is written in batches of whole games,
-- each its own short transaction, with the statistics
-- and ratings refilled once at its end.  Every batch notes here, in its own
-- transaction, that the kept statistics lack games; the refill clears it
-- in the transaction that makes them whole.  An import killed between
-- batches leaves the note, and the next tally to open the file does the
-- refill (store_rederive_pending), so the statistics never stay short.
CREATE TABLE restat (
  why   TEXT PRIMARY KEY,  -- 'import': games written without their statistics
  owner TEXT               -- the import at work ("BOOT-ID PID START"): while
                           -- it runs, others leave the refill to it
) WITHOUT ROWID;
