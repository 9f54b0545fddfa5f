/* patience.c: the shared part of the patience games (see patience.h). */
#include "patience.h"

#include <stdio.h>
#include <string.h>

#include "../core/util.h"

void
patience_setup(struct game_state *st)
{
	st->lower_wins = 0;
	st->has_plays = 1;
	st->table_shows_detail = 1;
}

void
patience_record(struct game_state *st, struct hand_record *hr, int seat, int won, char *detail)
{
	st->p[seat].plays++;
	st->p[seat].wins += won;
	st->p[seat].total += won;
	hr->points[seat] = won;
	hr->detail[seat] = detail;
}

void
patience_print(const struct game_state *st, FILE *f, const char *odds)
{
	for (int i = 0; i < st->nplayers; i++) {
		const struct player_state *p = &st->p[i];
		if (p->plays == 0)
			fprintf(f, "%s: no plays yet\n", p->name);
		else
			fprintf(f, "%s: %d play%s, %d win%s, win rate %d.%d%%\n", p->name, p->plays,
			    p->plays == 1 ? "" : "s", p->wins, p->wins == 1 ? "" : "s",
			    p->wins * 100 / p->plays, p->wins * 1000 / p->plays % 10);
	}
	fprintf(f, "published odds of a win: %s\n", odds ? odds : "not published in the rules tally follows");
}

void
patience_describe_next(const struct game_state *st, char *buf, size_t size)
{
	if (st->over || st->closed)
		snprintf(buf, size, "session over");
	else
		snprintf(buf, size, "round %d", st->nhands + 1);
}

void
patience_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Deal %d", n);
}

int
patience_sheet_rows(const struct optset *o)
{
	(void)o;
	return 20;
}

int
patience_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	(void)answers;
	if (k >= st->nplayers)
		return 0;
	guide_set(g, k, GUIDE_VALUE, 1, st->p[k].name, "%s: what was left (Enter: did not play)", st->p[k].name);
	return 1;
}

void
patience_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const char *n = st->rules->name;
	if (strcmp(n, "push-pin") == 0)
		snprintf(buf, size, "two packs shuffled together, 104 cards dealt in one line");
	else if (strcmp(n, "royal-marriage") == 0)
		snprintf(buf, size, "one pack: Q♥ first, the other 50, K♥ last, in one line");
	else if (strcmp(n, "cribbage-solitaire") == 0)
		snprintf(buf, size, "one pack, dealt one card at a time in a line, scoring as you go");
	else
		snprintf(buf, size, "one pack of 52 dealt in one line (each player their own pack)");
}
