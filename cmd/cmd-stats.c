/*
 * cmd-stats.c: `tally stats [QUERY] [--csv]`: per player and game: games,
 * wins, win rate, average, best and worst score, current and longest
 * winning streak, average finishing place, eliminations suffered and caused,
 * chips won and lost; head to head (vs:NAME), nemesis and favourite victim,
 * and breakdowns by player count and by night.  One pass over the seats of
 * the matching games, in time order; memory grows with players, not hands.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/query.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/report.h"
#include "cmd.h"

/* A small open-addressing map from a 64-bit key to a record index. */
struct map {
	unsigned long long *keys;
	long *vals;
	long cap, n;
};

/* splitmix64's finalizer: every bit of the key moves every bit of the hash
 * (pair keys differ in their high half only). */
static unsigned long long
mix(unsigned long long x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

static long
map_get(struct map *m, unsigned long long key, long *count, size_t recsize, void **recs)
{
	if (m->n * 2 >= m->cap) {
		long nc = m->cap ? m->cap * 2 : 1024;
		unsigned long long *nk = xmalloc(sizeof *nk * (size_t)nc);
		long *nv = xmalloc(sizeof *nv * (size_t)nc);
		for (long i = 0; i < nc; i++)
			nv[i] = -1;
		for (long i = 0; i < m->cap; i++)
			if (m->vals[i] >= 0) {
				unsigned long long h = mix(m->keys[i]);
				long j = (long)(h % (unsigned long long)nc);
				while (nv[j] >= 0)
					j = (j + 1) % nc;
				nk[j] = m->keys[i];
				nv[j] = m->vals[i];
			}
		free(m->keys);
		free(m->vals);
		m->keys = nk;
		m->vals = nv;
		m->cap = nc;
	}
	unsigned long long h = mix(key);
	long j = (long)(h % (unsigned long long)m->cap);
	while (m->vals[j] >= 0) {
		if (m->keys[j] == key)
			return m->vals[j];
		j = (j + 1) % m->cap;
	}
	m->keys[j] = key;
	m->vals[j] = *count;
	m->n++;
	*recs = xrealloc(*recs, recsize * (size_t)(*count + 1));
	memset((char *)*recs + recsize * (size_t)*count, 0, recsize);
	return (*count)++;
}

static void
map_free(struct map *m)
{
	free(m->keys);
	free(m->vals);
}

struct agg {
	long player;
	int kind;
	long games, finished, wins, sum_rank;
	long sum_score, best, worst;
	int scored;
	long streak, longest;
	long eliminated, eliminations;
	long chips_net, chips_won, chips_lost;
	int has_chips;
};

struct small {
	long player, key2;
	int kind;
	long games, wins;
};

struct pair {
	long a, b, ahead;
};

struct stats {
	int per_night;   /* keep the breakdown by night (one player or one night asked) */
	int nkinds;
	const struct game_rules **kinds;
	struct map m_agg, m_np, m_night, m_pair;
	struct agg *agg;
	struct small *np, *night;
	struct pair *pair;
	long n_agg, n_np, n_night, n_pair;
	/* the seats of the game being read */
	struct seat_row buf[64];
	char kind_buf[64];
	int nbuf;
};

static int
kind_index(struct stats *x, const char *kind)
{
	for (int i = 0; i < x->nkinds; i++)
		if (strcmp(x->kinds[i]->name, kind) == 0)
			return i;
	return -1;
}

static struct agg *
agg_for(struct stats *x, long player, int kind)
{
	long i = map_get(&x->m_agg, (unsigned long long)player * 64 + (unsigned long long)kind, &x->n_agg,
	    sizeof *x->agg, (void **)&x->agg);
	x->agg[i].player = player;
	x->agg[i].kind = kind;
	return &x->agg[i];
}

static struct small *
small_for(struct map *m, struct small **recs, long *n, long player, int kind, long key2)
{
	unsigned long long key = ((unsigned long long)player << 32) ^ ((unsigned long long)key2 << 6) ^ (unsigned long long)kind;
	long i = map_get(m, key, n, sizeof **recs, (void **)recs);
	(*recs)[i].player = player;
	(*recs)[i].kind = kind;
	(*recs)[i].key2 = key2;
	return &(*recs)[i];
}

static void
finish_game(struct stats *x)
{
	int n = x->nbuf, k = kind_index(x, x->kind_buf);
	if (n == 0 || k < 0)
		return;
	const struct game_rules *r = x->kinds[k];
	for (int i = 0; i < n; i++) {
		const struct seat_row *s = &x->buf[i];
		struct agg *a = agg_for(x, s->player, k);
		long score = r->scored_by_chips ? s->chips : s->total;
		a->games++;
		if (s->over) {
			a->finished++;
			a->wins += s->winner;
			a->sum_rank += s->rank;
			a->streak = s->winner ? a->streak + 1 : 0;
			if (a->streak > a->longest)
				a->longest = a->streak;
			a->sum_score += score;
			int better = r->higher_wins || r->scored_by_chips ? score > a->best : score < a->best;
			int worse = r->higher_wins || r->scored_by_chips ? score < a->worst : score > a->worst;
			if (!a->scored || better)
				a->best = score;
			if (!a->scored || worse)
				a->worst = score;
			a->scored = 1;
		}
		a->eliminated += s->out;
		if (s->out_by >= 0 && s->out_by < n)
			agg_for(x, x->buf[s->out_by].player, k)->eliminations++;
		if (s->has_chips) {
			long delta = s->chips - s->start_chips;
			a->has_chips = 1;
			a->chips_net += delta;
			if (delta > 0)
				a->chips_won += delta;
			else
				a->chips_lost -= delta;
		}
		struct small *p = small_for(&x->m_np, &x->np, &x->n_np, s->player, k, n);
		p->games++;
		p->wins += s->over && s->winner;
		if (x->per_night) {
			struct small *nt = small_for(&x->m_night, &x->night, &x->n_night, s->player, -1 & 63, s->night);
			nt->games++;
			nt->wins += s->over && s->winner;
		}
	}
	/* who finished ahead of whom */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (i == j || !x->buf[i].over || x->buf[i].rank <= 0 || x->buf[i].rank >= x->buf[j].rank)
				continue;
			unsigned long long key = ((unsigned long long)x->buf[i].player << 32) | (unsigned long long)x->buf[j].player;
			long idx = map_get(&x->m_pair, key, &x->n_pair, sizeof *x->pair, (void **)&x->pair);
			x->pair[idx].a = x->buf[i].player;
			x->pair[idx].b = x->buf[j].player;
			x->pair[idx].ahead++;
		}
}

static int
on_seat(const struct seat_row *r, void *ctx)
{
	struct stats *x = ctx;
	if (x->nbuf > 0 && x->buf[0].game != r->game) {
		finish_game(x);
		x->nbuf = 0;
	}
	if (x->nbuf == 0)
		snprintf(x->kind_buf, sizeof x->kind_buf, "%s", r->kind);
	if (x->nbuf < 64) {
		x->buf[x->nbuf] = *r;
		x->buf[x->nbuf].kind = x->kind_buf;
		x->buf[x->nbuf].started = NULL;
		x->nbuf++;
	}
	return 0;
}

/* s cut or padded to width terminal columns (UTF-8 aware). */
static char *
padded(const char *s, int width)
{
	struct strbuf sb = {0};
	const unsigned char *p = (const unsigned char *)s;
	int w = 0;
	while (*p) {
		size_t len = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 1;
		char ch[5] = "";
		memcpy(ch, p, len);
		int cw = utf8_width(ch);
		if (w + cw > width)
			break;
		sb_addn(&sb, (const char *)p, len);
		w += cw;
		p += len;
	}
	while (w++ < width)
		sb_addc(&sb, ' ');
	return sb_take(&sb);
}

static const char *
name_of(char **names, long nnames, long id)
{
	return id >= 0 && id < nnames && names[id] ? names[id] : "?";
}

static int
cmp_agg(const void *a, const void *b, void *names)
{
	(void)names;
	const struct agg *x = a, *y = b;
	if (x->player != y->player)
		return x->player < y->player ? -1 : 1;
	return x->kind - y->kind;
}

static char **sort_names;
static int
cmp_agg_names(const void *a, const void *b)
{
	const struct agg *x = a, *y = b;
	int c = strcasecmp(sort_names[x->player] ? sort_names[x->player] : "",
	    sort_names[y->player] ? sort_names[y->player] : "");
	return c ? c : cmp_agg(a, b, NULL);
}

static enum status
cmd_stats_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct query q = {0};
	struct store *s;
	struct stats *x = xcalloc(1, sizeof *x);
	char **terms = xcalloc((size_t)argc + 1, sizeof *terms), **names = NULL;
	long nnames = 0, only = -1, vs = -1;
	int nterms = 0, csv = 0;
	enum status rc;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0)
			csv = 1;
		else
			terms[nterms++] = argv[i];
	}
	for (int i = 0; rules_registry[i]; i++)
		x->nkinds++;
	x->kinds = xcalloc((size_t)x->nkinds, sizeof *x->kinds);
	for (int i = 0; rules_registry[i]; i++)
		x->kinds[i] = rules_registry[i];
	if ((rc = query_parse(nterms, terms, &q, &d)) != ST_OK || (rc = cmd_store(ctx, &s, &d)) != ST_OK ||
	    (rc = store_begin(s, 0, &d)) != ST_OK)
		goto out;
	if (query_value(&q, Q_PLAYER) && (rc = report_player_id(s, query_value(&q, Q_PLAYER), &only, NULL, &d)) != ST_OK)
		goto rollback;
	if (query_value(&q, Q_VS) && (rc = report_player_id(s, query_value(&q, Q_VS), &vs, NULL, &d)) != ST_OK)
		goto rollback;
	x->per_night = only >= 0;
	for (int i = 0; i < q.n; i++)
		x->per_night |= q.t[i].kind == Q_NIGHT && !q.t[i].negate;
	if ((rc = report_player_names(s, &names, &nnames, &d)) != ST_OK ||
	    (rc = report_seats(s, &q, on_seat, x, &d)) != ST_OK)
		goto rollback;
	finish_game(x);
	store_rollback(s);

	sort_names = names;
	qsort(x->agg, (size_t)x->n_agg, sizeof *x->agg, cmp_agg_names);
	json_t *root = ctx->json ? json_object() : NULL, *rows = ctx->json ? json_array() : NULL;
	if (csv)
		printf("player,game,games,finished,wins,win_rate,average,best,worst,streak,longest_streak,"
		    "average_place,eliminated,eliminations,chips_net,chips_won,chips_lost\n");
	else if (!ctx->json)
		printf("%-14s %-18s %5s %5s %6s %8s %6s %6s %6s %7s %6s %4s %5s %7s\n", "player", "game", "games",
		    "wins", "win%", "average", "best", "worst", "streak", "longest", "place", "out", "outs", "chips");
	int shown = 0;
	for (long i = 0; i < x->n_agg; i++) {
		const struct agg *a = &x->agg[i];
		if (only >= 0 && a->player != only)
			continue;
		shown++;
		const char *pn = name_of(names, nnames, a->player), *kn = x->kinds[a->kind]->name;
		double rate = a->finished ? 100.0 * (double)a->wins / (double)a->finished : 0;
		double avg = a->finished ? (double)a->sum_score / (double)a->finished : 0;
		double place = a->finished ? (double)a->sum_rank / (double)a->finished : 0;
		if (rows) {
			json_t *o = json_object();
			json_object_set_new(o, "player", json_string(pn));
			json_object_set_new(o, "game", json_string(kn));
			json_object_set_new(o, "games", json_integer(a->games));
			json_object_set_new(o, "finished", json_integer(a->finished));
			json_object_set_new(o, "wins", json_integer(a->wins));
			json_object_set_new(o, "win_rate", json_real(rate / 100.0));
			json_object_set_new(o, "average", json_real(avg));
			json_object_set_new(o, "best", a->scored ? json_integer(a->best) : json_null());
			json_object_set_new(o, "worst", a->scored ? json_integer(a->worst) : json_null());
			json_object_set_new(o, "streak", json_integer(a->streak));
			json_object_set_new(o, "longest_streak", json_integer(a->longest));
			json_object_set_new(o, "average_place", json_real(place));
			json_object_set_new(o, "eliminated", json_integer(a->eliminated));
			json_object_set_new(o, "eliminations", json_integer(a->eliminations));
			if (a->has_chips) {
				json_object_set_new(o, "chips_net", json_integer(a->chips_net));
				json_object_set_new(o, "chips_won", json_integer(a->chips_won));
				json_object_set_new(o, "chips_lost", json_integer(a->chips_lost));
			}
			json_array_append_new(rows, o);
		} else if (csv) {
			printf("\"%s\",%s,%ld,%ld,%ld,%.3f,%.2f,%ld,%ld,%ld,%ld,%.2f,%ld,%ld,%ld,%ld,%ld\n", pn, kn,
			    a->games, a->finished, a->wins, rate / 100.0, avg, a->best, a->worst, a->streak,
			    a->longest, place, a->eliminated, a->eliminations, a->chips_net, a->chips_won,
			    a->chips_lost);
		} else {
			char chips[32] = "", best[24] = "-", worst[24] = "-";
			if (a->has_chips)
				snprintf(chips, sizeof chips, "%+ld", a->chips_net);
			if (a->scored) {
				snprintf(best, sizeof best, "%ld", a->best);
				snprintf(worst, sizeof worst, "%ld", a->worst);
			}
			char *pp = padded(pn, 14);
			printf("%s %-18s %5ld %5ld %6.1f %8.1f %6s %6s %6ld %7ld %6.2f %4ld %5ld %7s\n", pp, kn,
			    a->games, a->wins, rate, avg, best, worst, a->streak, a->longest, place, a->eliminated,
			    a->eliminations, chips);
			free(pp);
		}
	}
	if (csv)
		goto done;

	/* nemesis and favourite victim, and head to head */
	json_t *nem = root ? json_array() : NULL, *h2h = root ? json_array() : NULL;
	if (!root && shown)
		printf("\n");
	/* one pass over the pairs: each player's nemesis and favourite victim */
	long *nem_of = xmalloc(sizeof *nem_of * (size_t)(nnames + 1)), *nem_cnt = xcalloc((size_t)nnames + 1, sizeof *nem_cnt);
	long *vic_of = xmalloc(sizeof *vic_of * (size_t)(nnames + 1)), *vic_cnt = xcalloc((size_t)nnames + 1, sizeof *vic_cnt);
	for (long p = 0; p < nnames; p++)
		nem_of[p] = vic_of[p] = -1;
	for (long i = 0; i < x->n_pair; i++) {
		const struct pair *pr = &x->pair[i];
		if (pr->a < 0 || pr->a >= nnames || pr->b < 0 || pr->b >= nnames)
			continue;
		/* ties go to the name first in the alphabet, so the answer is stable */
		long *n1 = &nem_of[pr->b], *c1 = &nem_cnt[pr->b];
		if (pr->ahead > *c1 || (pr->ahead == *c1 && *n1 >= 0 && strcasecmp(names[pr->a], names[*n1]) < 0))
			*n1 = pr->a, *c1 = pr->ahead;
		long *n2 = &vic_of[pr->a], *c2 = &vic_cnt[pr->a];
		if (pr->ahead > *c2 || (pr->ahead == *c2 && *n2 >= 0 && strcasecmp(names[pr->b], names[*n2]) < 0))
			*n2 = pr->b, *c2 = pr->ahead;
	}
	long h2h_ahead = 0, h2h_behind = 0;
	for (long i = 0; vs >= 0 && i < x->n_pair; i++) {
		if (x->pair[i].a == only && x->pair[i].b == vs)
			h2h_ahead = x->pair[i].ahead;
		if (x->pair[i].a == vs && x->pair[i].b == only)
			h2h_behind = x->pair[i].ahead;
	}
	for (long p = 0; p < nnames; p++) {
		if (!names[p] || (only >= 0 && p != only))
			continue;
		long nemesis = nem_of[p], nem_n = nem_cnt[p], victim = vic_of[p], vic_n = vic_cnt[p];
		if (nemesis >= 0 || victim >= 0) {
			if (nem) {
				json_t *o = json_object();
				json_object_set_new(o, "player", json_string(names[p]));
				json_object_set_new(o, "nemesis", nemesis >= 0 ? json_string(names[nemesis]) : json_null());
				json_object_set_new(o, "nemesis_ahead", json_integer(nem_n));
				json_object_set_new(o, "favourite_victim", victim >= 0 ? json_string(names[victim]) : json_null());
				json_object_set_new(o, "victim_behind", json_integer(vic_n));
				json_array_append_new(nem, o);
			} else
				printf("%s: nemesis %s (finished ahead %ld time%s), favourite victim %s (behind %ld time%s)\n",
				    names[p], nemesis >= 0 ? names[nemesis] : "-", nem_n, nem_n == 1 ? "" : "s",
				    victim >= 0 ? names[victim] : "-", vic_n, vic_n == 1 ? "" : "s");
		}
	}
	if (vs >= 0 && only >= 0 && only != vs) {
		if (h2h) {
			json_t *o = json_object();
			json_object_set_new(o, "player", json_string(names[only]));
			json_object_set_new(o, "vs", json_string(names[vs]));
			json_object_set_new(o, "ahead", json_integer(h2h_ahead));
			json_object_set_new(o, "behind", json_integer(h2h_behind));
			json_array_append_new(h2h, o);
		} else
			printf("  head to head with %s: %s finished ahead %ld times, behind %ld times\n",
			    names[vs], names[only], h2h_ahead, h2h_behind);
	} else if (vs >= 0) {
		/* everyone against the one named */
		for (long i = 0; i < x->n_pair; i++) {
			const struct pair *pr = &x->pair[i];
			if (pr->b != vs || pr->a == vs)
				continue;
			long back = 0;
			for (long j = 0; j < x->n_pair; j++)
				if (x->pair[j].a == vs && x->pair[j].b == pr->a)
					back = x->pair[j].ahead;
			if (h2h)
				json_array_append_new(h2h, json_pack("{s:s, s:s, s:I, s:I}", "player", names[pr->a],
				    "vs", names[vs], "ahead", (json_int_t)pr->ahead, "behind", (json_int_t)back));
			else
				printf("  head to head with %s: %s finished ahead %ld times, behind %ld times\n",
				    names[vs], names[pr->a], pr->ahead, back);
		}
	}
	free(nem_of);
	free(nem_cnt);
	free(vic_of);
	free(vic_cnt);
	/* breakdowns */
	json_t *bnp = root ? json_array() : NULL, *bnight = root ? json_array() : NULL;
	if (!root && x->n_np)
		printf("\nby player count:\n");
	for (long i = 0; i < x->n_np; i++) {
		const struct small *b = &x->np[i];
		if (only >= 0 && b->player != only)
			continue;
		if (bnp) {
			json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:I}", "player", name_of(names, nnames, b->player),
			    "game", x->kinds[b->kind]->name, "players", (json_int_t)b->key2, "games", (json_int_t)b->games,
			    "wins", (json_int_t)b->wins);
			json_array_append_new(bnp, o);
		} else
		{
			char *pp = padded(name_of(names, nnames, b->player), 14);
			printf("  %s %-18s %2ld players: %ld game%s, %ld win%s\n", pp, x->kinds[b->kind]->name, b->key2,
			    b->games, b->games == 1 ? "" : "s", b->wins, b->wins == 1 ? "" : "s");
			free(pp);
		}
	}
	/* by night only for one player or one night: over a decade it would be
	 * every player times every night */
	int per_night = x->per_night;
	if (!root && x->n_night && per_night)
		printf("\nby night:\n");
	for (long i = 0; per_night && i < x->n_night; i++) {
		const struct small *b = &x->night[i];
		if (only >= 0 && b->player != only)
			continue;
		if (bnight) {
			json_t *o = json_pack("{s:s, s:I, s:I, s:I}", "player", name_of(names, nnames, b->player),
			    "night", (json_int_t)b->key2, "games", (json_int_t)b->games, "wins", (json_int_t)b->wins);
			json_array_append_new(bnight, o);
		} else
		{
			char *pp = padded(name_of(names, nnames, b->player), 14);
			printf("  %s night #%ld: %ld game%s, %ld win%s\n", pp, b->key2, b->games,
			    b->games == 1 ? "" : "s", b->wins, b->wins == 1 ? "" : "s");
			free(pp);
		}
	}
	if (root) {
		json_object_set_new(root, "stats", rows);
		json_object_set_new(root, "nemesis", nem);
		if (vs >= 0)
			json_object_set_new(root, "head_to_head", h2h);
		else
			json_decref(h2h);
		json_object_set_new(root, "by_players", bnp);
		json_object_set_new(root, "by_night", bnight);
		standings_print_json(stdout, root);
		json_decref(root);
		root = NULL;
		rows = NULL;
	} else if (shown == 0)
		printf("no games match\n");
done:
	if (root)
		json_decref(root);
	else if (rows)
		json_decref(rows);
	goto out;
rollback:
	store_rollback(s);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	query_free(&q);
	free(terms);
	if (names)
		report_names_free(names, nnames);
	map_free(&x->m_agg);
	map_free(&x->m_np);
	map_free(&x->m_night);
	map_free(&x->m_pair);
	free(x->agg);
	free(x->np);
	free(x->night);
	free(x->pair);
	free(x->kinds);
	free(x);
	return rc;
}

const struct cmd_entry cmd_stats_entry = {
	.name = "stats",
	.usage = "[QUERY] [--csv]",
	.summary = "per player and game: wins, averages, streaks, places, eliminations, chips; nemesis",
	.help = "  QUERY terms as for history, and vs:NAME for head to head.",
	.exec = cmd_stats_exec,
};
