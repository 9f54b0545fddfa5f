/* SPDX-License-Identifier: ISC */
/* sheet-night.c: a night's view loaded from the store (its games
 * replayed, their settle-up), for `tally night ID` and the night report
 * `tally sheet night:ID`; core/view_night.c builds it, the renderers
 * draw it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/settle.h"
#include "../core/sheet_night.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "settle-up.h"
#include "sheet-night.h"

long *
sheet_start_measures(const struct game_state *st)
{
	struct diag d = {0};
	long *v = xcalloc((size_t)st->nplayers + 1, sizeof *v);
	char **names = xcalloc((size_t)st->nplayers + 1, sizeof *names);
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	struct game_state *fresh = state_new(st->rules, names, st->nplayers, &st->opts, st->first_dealer, &d);
	for (int i = 0; fresh && i < st->nplayers; i++)
		v[i] = state_measure(fresh, i);
	state_free(fresh);
	diag_clear(&d);
	free(names);
	return v;
}

/* The settle-up su moved into the night's view (its strings copied). */
static void
settle_into(const struct settle_up *su, struct view_night_settle *out)
{
	out->ngames = su->ngames;
	out->games = xcalloc((size_t)su->ngames + 1, sizeof *out->games);
	for (int i = 0; i < su->ngames; i++) {
		char m[32];
		settle_money(su->games[i].cents, m, sizeof m);
		out->games[i] = xasprintf("%s (%s at %s)", su->games[i].title, su->games[i].unit, m);
	}
	out->nparties = su->nparties;
	out->party = xcalloc((size_t)su->nparties + 1, sizeof *out->party);
	out->cents = xcalloc((size_t)su->nparties + 1, sizeof *out->cents);
	for (int i = 0; i < su->nparties; i++) {
		out->party[i] = xstrdup(su->party[i]);
		out->cents[i] = su->cents[i];
	}
	out->npay = su->npay;
	out->pay = xcalloc((size_t)su->npay + 1, sizeof *out->pay);
	for (int i = 0; i < su->npay; i++)
		out->pay[i] = (struct view_night_payment){ xstrdup(su->party[su->pay[i].from]),
			xstrdup(su->party[su->pay[i].to]), su->pay[i].cents };
	out->skipped = su->skipped.len ? xstrdup(su->skipped.s) : NULL;
	out->carried = su->carried.len ? xstrdup(su->carried.s) : NULL;
}

enum status
night_view_load(struct cmd_ctx *ctx, long night, struct view_night **out, struct diag *d)
{
	struct store *s;
	struct night_info info = {0};
	struct settle_up su = {0};
	long *ids = NULL;
	int n = 0, built = 0;
	enum status rc;

	*out = NULL;
	if ((rc = cmd_store(ctx, &s, d)) != ST_OK || (rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	rc = report_night(s, night, &info, &ids, &n, d);
	/* where each game was played: a game of two nights counts once */
	struct night_sitting *sit = xcalloc((size_t)n + 1, sizeof *sit);
	struct view_night_sitting *vs = xcalloc((size_t)n + 1, sizeof *vs);
	for (int i = 0; rc == ST_OK && i < n; i++)
		if ((rc = report_night_sitting(s, night, ids[i], &sit[i], d)) == ST_OK)
			vs[i] = (struct view_night_sitting){ sit[i].home, sit[i].home_name, sit[i].here, sit[i].last,
				sit[i].last_name, sit[i].first_hand, sit[i].last_hand };
	store_end(s, 0, d);  /* each game is read in a transaction of its own */
	struct view **views = xcalloc((size_t)n + 1, sizeof *views);
	long **start = xcalloc((size_t)n + 1, sizeof *start);
	for (int i = 0; rc == ST_OK && i < n; i++, built++) {
		struct stored_game *g = NULL;
		struct game_state *st = NULL;
		if ((rc = cmd_read_game(ctx, ids[i], &g, &st, d)) != ST_OK)
			break;
		views[i] = cmd_game_view(g, st);
		start[i] = sheet_start_measures(st);
		settle_up_add(&su, g->id, st);
		state_free(st);
		stored_game_free(g);
	}
	if (rc == ST_OK) {
		settle_up_finish(&su);
		struct view_night_ref ref = { info.id, info.name, info.started, info.ended, info.note, info.first, info.last,
			info.hands, vs };
		*out = view_night_build(&ref, views, start, n);
		settle_into(&su, &(*out)->settle);
	} else
		for (int i = 0; i < built; i++)
			view_free(views[i]);
	for (int i = 0; i < built; i++)
		free(start[i]);
	free(start);
	free(views);
	for (int i = 0; i < n; i++)
		report_sitting_release(&sit[i]);
	free(sit);
	free(vs);
	settle_up_release(&su);
	free(ids);
	night_info_release(&info);
	return rc;
}

enum status
sheet_night_report(struct cmd_ctx *ctx, long night, const char *out, int a4, struct diag *d)
{
	struct view_night *n;
	char *outbuf = NULL;
	enum status rc = night_view_load(ctx, night, &n, d);
	if (rc != ST_OK)
		return rc;
	if (out == NULL)
		out = outbuf = xasprintf("night-%ld.pdf", night);
	if ((rc = sheet_night_render(n, a4, out, d)) == ST_OK)
		cmd_wrote(ctx, out);
	view_night_free(n);
	free(outbuf);
	return rc;
}
