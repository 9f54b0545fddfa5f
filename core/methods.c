/* SPDX-License-Identifier: ISC */
/*
 * methods.c: the core's wrappers of a game's optional methods (rules.h),
 * as SQLite wraps its VFS: every caller goes through these, and each one
 * says in one place what a game that leaves the method NULL gets.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "state.h"
#include "util.h"

enum status
rules_resolve_options(const struct game_rules *r, struct optset *o, int nplayers, struct diag *d)
{
	return r->methods.resolve_options ? r->methods.resolve_options(o, nplayers, d) : ST_OK;
}

enum status
rules_init(struct game_state *st, struct diag *d)
{
	return st->rules->methods.init ? st->rules->methods.init(st, d) : ST_OK;
}

void
rules_free_priv(struct game_state *st)
{
	rules_free_clone(st->rules, st->priv);
	st->priv = NULL;
}

void
rules_describe_next(const struct game_state *st, char *buf, size_t size)
{
	if (size == 0)
		return;
	*buf = '\0';
	if (st->rules->methods.describe_next)
		st->rules->methods.describe_next(st, buf, size);
	else if (st->over || st->closed)
		snprintf(buf, size, "game over");
	else
		snprintf(buf, size, "%s %d (dealer %s)", st->rules->words.hand_word, st->nhands + 1,
		    st->p[st->dealer].name);
	utf8_cut_tail(buf);  /* snprintf cuts at a byte, not a character */
}

char *
rules_next_text(const struct game_state *st)
{
	/* the text names seats' players (a dealer, who opens, who leads):
	 * room for each of them a few times over the words around them */
	size_t size = 512;
	for (int i = 0; i < st->nplayers; i++)
		size += 3 * (strlen(st->p[i].name) + (st->sub && st->sub[i] ? strlen(st->sub[i]) : 0));
	char *buf = xmalloc(size);
	rules_describe_next(st, buf, size);
	return buf;
}

void
rules_hand_label(const struct game_rules *r, const struct optset *o, int n, char *buf, size_t size)
{
	if (r->sheet.hand_label)
		r->sheet.hand_label(o, n, buf, size);
	else
		snprintf(buf, size, "%d", n);
}

int
rules_layout_shape(const struct game_rules *r, const struct optset *o, int *cols)
{
	int rows = r->sheet.layout_shape ? r->sheet.layout_shape(o, cols) : 0;
	if (rows <= 0)
		*cols = 0;
	return rows > 0 ? rows : 0;
}

const char *
rules_note_label(const struct game_rules *r, const struct optset *o)
{
	return r->sheet.note_label ? r->sheet.note_label(o) : r->sheet.sheet_note_label;
}

int
rules_sheet_rows(const struct game_rules *r, const struct optset *o, int nplayers)
{
	if (r->sheet.sheet_rows)
		return r->sheet.sheet_rows(o, nplayers);
	int n = rules_length(r, o);
	return n > 0 ? n : 10;
}

int
rules_length(const struct game_rules *r, const struct optset *o)
{
	return r->score.length ? r->score.length(o) : 0;
}

void
rules_notes(const struct game_state *st, struct strbuf *sb)
{
	if (st->rules->view.notes)
		st->rules->view.notes(st, sb);
}

int
rules_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *step)
{
	return st->rules->table.guide ? st->rules->table.guide(st, k, answers, step) : 0;
}

void
rules_deal_help(const struct game_state *st, char *buf, size_t size)
{
	if (size == 0)
		return;
	*buf = '\0';
	if (st->rules->table.deal_help)
		st->rules->table.deal_help(st, buf, size);
}

void
rules_start_message(const struct game_state *st, char *buf, size_t size)
{
	if (size == 0)
		return;
	*buf = '\0';
	if (st->rules->table.start_message)
		st->rules->table.start_message(st, buf, size);
}

enum join_kind
rules_join(const struct game_rules *r, const struct optset *o, const char **reason)
{
	const char *why = r->join.kind != JOIN_REFUSED && r->join.refuses && o ? r->join.refuses(o) : NULL;
	*reason = NULL;
	if (r->join.kind != JOIN_REFUSED && why == NULL)
		return r->join.kind;
	*reason = why ? why : r->join.reason ? r->join.reason : "its rules take no newcomer once play has begun";
	return JOIN_REFUSED;
}

enum status
rules_seat_newcomer(struct game_state *st, int seat, int hand, struct diag *d)
{
	if (st->rules->methods.seat_newcomer == NULL)
		return ST_OK;
	return st->rules->methods.seat_newcomer(st, seat, hand, d);
}

long
rules_stake_cents(const struct game_rules *r, const struct optset *o)
{
	return r->score.stake_cents ? r->score.stake_cents(o) : 0;
}

void *
rules_clone_priv(const struct game_state *st)
{
	if (st->priv == NULL)
		return NULL;
	if (st->rules->methods.clone_priv)
		return st->rules->methods.clone_priv(st->priv, st->nplayers);
	return xmemdup(st->priv, st->rules->methods.priv_size);
}

void
rules_free_clone(const struct game_rules *r, void *priv)
{
	if (priv && r->methods.free_priv)
		r->methods.free_priv(priv);
	else
		free(priv);
}

char *
rules_rename_value(const struct game_rules *r, const char *role, const char *value, char *const *names,
    char *const *new_names, int n)
{
	return r->methods.rename_value ? r->methods.rename_value(role, value, names, new_names, n) : NULL;
}

void
rules_resume_priv(struct game_state *st)
{
	if (st->rules->methods.resume_priv)
		st->rules->methods.resume_priv(st);
}
