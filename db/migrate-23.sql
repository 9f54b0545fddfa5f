-- SPDX-License-Identifier: ISC
-- Schema 23: stats' counts by player count (stat_count) are of games
-- played, the finished ones, as its games and wins are (core/statbook.c):
-- an older tally counted a game still open there too.  The counts are
-- summed again from the seats, in C, when the file is opened
-- (stats_counts_fill in db/stats.c).
DELETE FROM stat_count;
