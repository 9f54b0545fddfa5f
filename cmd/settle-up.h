/* SPDX-License-Identifier: ISC */
/*
 * settle-up.h: the money of a night's games, netted per player, and the
 * fewest payments that settle it: `tally settle` prints it, the night
 * report has it as a section.  The sums come from core/settle.h.
 */
#ifndef TALLY_SETTLE_UP_H
#define TALLY_SETTLE_UP_H

#include "../core/settle.h"
#include "../core/util.h"
#include "cmd.h"

/* One game that carried money. */
struct settle_game_line {
	char *title;        /* "Golf #3" */
	const char *unit;   /* "quarters", "dimes", "chips", "points" */
	long cents;         /* one unit's worth */
	int n;
	char **names;       /* the seats' players (borrowed from nothing: owned) */
	long *net;          /* per seat, units won (+) or lost (-) */
	long pot;           /* units nobody won, left in the pot (struct
	                     * settle_left): not settled */
	const char *pot_name; /* rules_pot_name: "pot", "jar", "centre" */
};

struct settle_up {
	int ngames;
	struct settle_game_line *games;
	int nparties;
	char **party;       /* players by name */
	long *cents;        /* per party, net cents won (+) or lost (-) */
	int npay;
	struct settle_payment *pay;  /* indices into party */
	struct strbuf skipped;       /* "Gin Rummy #6 is still going; ...", and
	                              * what a pot keeps (core/settle.h) */
	int ncarry;                  /* units paid into a pot nobody won, oldest
	                              * first, for a later game's carried pot */
	struct settle_carry {
		const struct game_rules *rules;
		long cents;              /* one unit's worth */
		int party;               /* who paid them in */
		long units;              /* still not won */
		char *title;             /* the game: "Chase the Ace #3" */
	} *carry;
	struct strbuf carried;       /* where such units were won later on */
};

/*
 * Work out the settle-up of games ids[0..n-1]: every one that is over
 * and carried money (rules_stake_cents); an abandoned game owes nothing
 * and one still going is named in skipped, not counted, as is what a pot
 * keeps or brought in from another game (settle_game_net).  Fills *out
 * (empty it with settle_up_release()).  Errors: loading a game (as
 * cmd_read_game).
 */
enum status settle_up_build(struct cmd_ctx *ctx, const long *ids, int n, struct settle_up *out,
    struct diag *d);
void settle_up_release(struct settle_up *su);

/* settle_up_build one game at a time, for a caller that has the games
 * replayed already (the night's view): settle_up_add adds game id's
 * state st when it carried money and has a result (else names it in
 * skipped); settle_up_finish works out the payments.  Start from a
 * zeroed *su. */
void settle_up_add(struct settle_up *su, long id, const struct game_state *st);
void settle_up_finish(struct settle_up *su);

/* "Al pays Renée $1.75" for payment i (heap; the caller frees it). */
char *settle_up_payment_text(const struct settle_up *su, int i);

#endif
