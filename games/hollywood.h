/* SPDX-License-Identifier: ISC */
/*
 * hollywood.h: Hollywood scoring, shared by Gin Rummy (RULES 6.4, from
 * http://www.rummy-games.com/rules/hollywood-gin.html) and Spite and
 * Malice (RULES 3.5): two players keep three games at once.  A player's
 * k-th win scores in games 1..min(k, 3) that are still open; a game closes
 * when a score in it reaches the target.  What a win is worth, and what a
 * closed game adds (Gin's end bonuses), stays with each game.
 *
 * The state is flat (no heap), so a game's priv that embeds it is copied
 * whole to check a hand (core/rules.h, "Checking a hand").
 */
#ifndef TALLY_HOLLYWOOD_H
#define TALLY_HOLLYWOOD_H

struct hollywood {
	int wins[2];        /* wins so far per seat */
	long score[3][2];   /* each game's score per seat, points */
	int boxes[3][2];    /* hands won in each game per seat (Gin's boxes) */
	int closed[3];      /* -1 open, else the seat that closed the game */
	int closed_at[3];   /* the hand (1-based) that closed it */
};

/* Three open games, no wins. */
void hollywood_init(struct hollywood *h);

/*
 * Seat's next win, worth score points, at hand `hand` (1-based): scored in
 * games 1..min(wins, 3) still open; with target > 0 a game whose score
 * reaches it closes.  Returns a bit (1 << c) per game scored in, and sets
 * *closed (may be NULL) to a bit per game this win closed.
 */
unsigned hollywood_credit(struct hollywood *h, int seat, long score, long target, int hand,
    unsigned *closed);

/* Game c's (0-based) running score of seat after hand `nhands` (the last
 * recorded): COLUMN_NONE before the seat's (c+1)-th win opens it, and
 * after the hand that closed it. */
long hollywood_cell(const struct hollywood *h, int c, int seat, int nhands);

/* 1 when all three games have closed; then winner[seat] says who won more
 * of them (both on a tie, which two closed games cannot make). */
int hollywood_over(const struct hollywood *h, int winner[2]);

#endif
