/* SPDX-License-Identifier: ISC */
/* query.c: the history/stats query language (see query.h). */
#include "query.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "state.h"
#include "suggest.h"
#include "util.h"
#include "when.h"

static const struct {
	const char *word;
	enum query_kind kind;
} words[] = {
	{ "player", Q_PLAYER }, { "game", Q_GAME }, { "night", Q_NIGHT }, { "with", Q_WITH },
	{ "since", Q_SINCE }, { "until", Q_UNTIL }, { "players", Q_PLAYERS }, { "option", Q_OPTION },
	{ "vs", Q_VS }, { "season", Q_SEASON },
};

static enum status
parse_term(const char *word, struct query_term *t, struct diag *d)
{
	const char *w = word;
	memset(t, 0, sizeof *t);
	while (strncmp(w, "not:", 4) == 0) {
		t->negate = !t->negate;
		w += 4;
	}
	const char *colon = strchr(w, ':');
	if (colon == NULL || colon[1] == '\0')
		return diag_set(d, ST_USAGE, NULL, word, "query",
		    "'%s' is not a query term; terms: player:NAME game:GAME night:ID|last|current with:NAME since:DATE "
		    "until:DATE players:N option:KEY=VALUE vs:NAME season:NAME not:TERM", word);
	size_t len = (size_t)(colon - w);
	int found = 0;
	for (size_t i = 0; i < ARRAY_LEN(words); i++)
		if (strlen(words[i].word) == len && strncmp(w, words[i].word, len) == 0) {
			t->kind = words[i].kind;
			found = 1;
		}
	if (!found) {
		const char *cands[ARRAY_LEN(words)];
		char *typed = xstrndup(w, len);
		for (size_t i = 0; i < ARRAY_LEN(words); i++)
			cands[i] = words[i].word;
		const char *near = suggest_nearest(typed, cands, (int)ARRAY_LEN(words));
		free(typed);
		if (near)
			return diag_set(d, ST_USAGE, NULL, word, "query", "'%.*s' is not a query term; did you mean %s:?",
			    (int)len, w, near);
	}
	if (!found)
		return diag_set(d, ST_USAGE, NULL, word, "query",
		    "'%.*s' is not a query term; terms: player game night with since until players option vs season not",
		    (int)len, w);
	const char *v = colon + 1;
	switch (t->kind) {
	case Q_GAME: {
		const struct game_rules *r = rules_lookup(v, d);
		if (r == NULL) {
			if (d->status != ST_NOINPUT || *v == '\0')
				return d->status;
			/* perhaps a score pad's title: the store knows */
			t->a = xstrdup(v);
			t->b = xstrdup(d->message);
			t->n = 1;
			diag_clear(d);
			break;
		}
		t->a = xstrdup(r->name);
		break;
	}
	case Q_NIGHT:
		/* night:last (the newest night) and night:current (the open one)
		 * are looked up by the store: QUERY_NIGHT_LAST, QUERY_NIGHT_CURRENT */
		if (str_ieq(v, "last"))
			t->n = QUERY_NIGHT_LAST;
		else if (str_ieq(v, "current"))
			t->n = QUERY_NIGHT_CURRENT;
		else if (!parse_long(v, 1, 1000000000L, &t->n))
			return diag_set(d, ST_USAGE, NULL, v, "query",
			    "night:%s: a night is a number (see 'tally history'), last or current", v);
		break;
	case Q_PLAYERS:
		if (!parse_long(v, 1, 1000, &t->n))
			return diag_set(d, ST_USAGE, NULL, v, "query", "players:%s: a number of players", v);
		break;
	case Q_SINCE:
	case Q_UNTIL: {
		/* a local date is that day in $TZ, midnight to midnight; the
		 * store compares UTC, so keep the bound in UTC */
		time_t from, to, now;
		char bound[WHEN_BUF], day[WHEN_BUF];
		/* today and yesterday: local days too */
		if (str_ieq(v, "today") || str_ieq(v, "yesterday")) {
			enum status r = when_now(&now, d);
			if (r != ST_OK)
				return r;
			when_local_date(now, day);
			if (str_ieq(v, "yesterday") && when_local_day(day, &from, &to))
				when_local_date(from - 1, day);
			v = day;
		}
		if (!when_local_day(v, &from, &to))
			return diag_set(d, ST_USAGE, NULL, v, "query",
			    "%.80s: '%.40s' is not a date; write a local date YYYY-MM-DD that exists", word, v);
		when_utc(t->kind == Q_SINCE ? from : to, bound);
		t->a = xstrdup(bound);
		break;
	}
	case Q_OPTION: {
		const char *eq = strchr(v, '=');
		if (eq == NULL || eq == v)
			return diag_set(d, ST_USAGE, NULL, v, "query", "option:%s: write option:KEY=VALUE", v);
		t->a = xstrndup(v, (size_t)(eq - v));
		/* options are stored canonical: a number in plain decimal */
		long num;
		t->b = parse_long(eq + 1, -1000000000L, 1000000000L, &num) ? xasprintf("%ld", num) : xstrdup(eq + 1);
		break;
	}
	default:
		t->a = xstrdup(v);
	}
	return ST_OK;
}

enum status
query_parse(int argc, char *const *argv, struct query *q, struct diag *d)
{
	memset(q, 0, sizeof *q);
	for (int i = 0; i < argc; i++) {
		q->t = xrealloc(q->t, sizeof *q->t * (size_t)(q->n + 1));
		enum status rc = parse_term(argv[i], &q->t[q->n], d);
		if (rc != ST_OK) {
			free(q->t[q->n].a);
			free(q->t[q->n].b);
			return rc;
		}
		q->n++;
	}
	return ST_OK;
}

void
query_release(struct query *q)
{
	for (int i = 0; i < q->n; i++) {
		free(q->t[i].a);
		free(q->t[i].b);
	}
	free(q->t);
	memset(q, 0, sizeof *q);
}

const char *
query_value(const struct query *q, enum query_kind kind)
{
	for (int i = 0; i < q->n; i++)
		if (q->t[i].kind == kind && !q->t[i].negate)
			return q->t[i].a;
	return NULL;
}
