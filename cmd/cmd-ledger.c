/* SPDX-License-Identifier: ISC */
/* cmd-ledger.c: `tally ledger [ID]`, the register of chip moves with a
 * running balance per player, like a plain-text accounting register. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fit.h"
#include "../core/json.h"
#include "../core/ledger.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* "Ann bank", "Ann pile", the pot's name ("centre"), "start" */
static void
account_name(const struct game_state *st, int acct, char *buf, size_t size)
{
	if (acct == LEDGER_OUTSIDE)
		snprintf(buf, size, "start");
	else if (acct == LEDGER_POT)
		snprintf(buf, size, "%s", rules_pot_name(st->rules));
	else if (rules_has_column(st->rules, "pile"))
		snprintf(buf, size, "%s %s", st->p[LEDGER_SEAT(acct)].name, LEDGER_IS_PILE(acct) ? "pile" : "bank");
	else
		snprintf(buf, size, "%s", st->p[LEDGER_SEAT(acct)].name);
}

static enum status
cmd_ledger_exec(struct cmd_run *r, struct diag *d)
{
	const struct cmd_ctx *ctx = r->ctx;
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	(void)d;
	const struct ledger *l = st->ledger;
	int n = st->nplayers;
	long *bal = xcalloc((size_t)n + 1, sizeof *bal); /* wealth per player, then the pot */
	struct jv *arr = ctx->json ? jv_array() : NULL;

	/* a terminal narrower than the register's line: the table in
	 * blocks of whole columns, each under the hand and the reason */
	int width = ctx->json ? 0 : cmd_columns();
	const char **head = xcalloc((size_t)n + 6, sizeof *head);
	int *right = xcalloc((size_t)n + 6, sizeof *right);
	struct fit_table t = { n + 6, 2, head, right, NULL, NULL, 0, 0 }, *fit = NULL;
	if (l && width > 0 && 5 + 1 + 17 + 1 + 12 + 1 + 12 + 1 + 6 + 9 * (n + 1) > width) {
		static const char *const cols[] = { "hand", "reason", "from", "to", "amount" };
		for (int c = 0; c < 5; c++)
			head[c] = cols[c];
		for (int i = 0; i < n; i++)
			head[5 + i] = st->p[i].name;
		head[5 + n] = rules_pot_name(st->rules);
		for (int c = 0; c < n + 6; c++)
			right[c] = c == 0 || c >= 4;
		fit = &t;
	}
	if (l == NULL && !ctx->json)
		cmd_say(stdout, "", "%s #%ld moves no chips.", rules_title(st->rules, &st->opts), g->id);
	if (l && !ctx->json) {
		cmd_say(stdout, "", "%s #%ld: chip register (balances are each player's chips, bank + pile)",
		    rules_title(st->rules, &st->opts), g->id);
		if (!fit) {
			printf("%-5s %-17s %-12s %-12s %6s", "hand", "reason", "from", "to", "amount");
			for (int i = 0; i < n; i++)
				printf(" %8.8s", st->p[i].name);
			printf(" %8.8s\n", rules_pot_name(st->rules));
		}
	}
	for (int m = 0; l && m < l->nmoves; m++) {
		const struct ledger_move *mv = &l->moves[m];
		char from[96], to[96];
		if (mv->from >= 0)
			bal[LEDGER_SEAT(mv->from)] -= mv->amount;
		else if (mv->from == LEDGER_POT)
			bal[n] -= mv->amount;
		if (mv->to >= 0)
			bal[LEDGER_SEAT(mv->to)] += mv->amount;
		else if (mv->to == LEDGER_POT)
			bal[n] += mv->amount;
		account_name(st, mv->from, from, sizeof from);
		account_name(st, mv->to, to, sizeof to);
		if (arr) {
			struct jv *o = jv_object(), *b = jv_object();
			jv_set(o, "hand", jv_int(mv->hand));
			jv_set(o, "reason", jv_str(mv->reason));
			jv_set(o, "from", jv_str(from));
			jv_set(o, "to", jv_str(to));
			jv_set(o, "amount", jv_int(mv->amount));
			for (int i = 0; i < n; i++)
				jv_set(b, st->p[i].name, jv_int(bal[i]));
			jv_set(o, "balances", b);
			jv_set(o, "pot", jv_int(bal[n]));
			jv_push(arr, o);
		} else if (fit) {
			char **cells = xcalloc((size_t)n + 6, sizeof *cells);
			cells[0] = xasprintf("%d", mv->hand);
			cells[1] = xstrdup(mv->reason);
			cells[2] = xstrdup(from);
			cells[3] = xstrdup(to);
			cells[4] = xstrdup(GROUPED(mv->amount));
			for (int i = 0; i <= n; i++)
				cells[5 + i] = xstrdup(GROUPED(bal[i]));
			fit_table_row(fit, (const char *const *)cells);
			for (int c = 0; c < n + 6; c++)
				free(cells[c]);
			free(cells);
		} else {
			char *pf = cmd_padded(from, 12), *pt = cmd_padded(to, 12);
			printf("%-5d %-17s %s %s %6s", mv->hand, mv->reason, pf, pt, GROUPED(mv->amount));
			free(pf);
			free(pt);
			for (int i = 0; i <= n; i++)
				printf(" %8s", GROUPED(bal[i]));
			printf("\n");
		}
	}
	if (fit)
		fit_table_print(stdout, fit, width);
	free(head);
	free(right);
	if (arr) {
		struct jv *o = jv_object();
		jv_set(o, "id", jv_int(g->id));
		jv_set(o, "game", jv_str(st->rules->name));
		jv_set(o, "moves", arr);
		jv_print(stdout, o);
		jv_free(o);
	}
	free(bal);
	return ST_OK;
}

const struct cmd_entry cmd_ledger_entry = {
	.name = "ledger",
	.usage = "[ID]",
	.summary = "the register of chip moves with each player's running balance",
	.help = "  On a terminal narrower than the register's line, it comes in blocks of\n"
	    "  whole columns, each under the hand and the reason.",
	.game = CMD_GAME_READ | CMD_GAME_ARG,
	.run = cmd_ledger_exec,
};
