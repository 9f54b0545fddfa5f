/* SPDX-License-Identifier: ISC */
/* cmd.c: the command table and shared helpers (see cmd.h). */
#include "cmd.h"
#include "maintain.h"


#include <getopt.h>
#include <stdarg.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/merge.h"
#include "../core/afile.h"
#include "../core/fit.h"
#include "../core/names.h"
#include "../core/checkpoint.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/suggest.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/store.h"

extern const struct cmd_entry cmd_games_entry, cmd_rules_entry, cmd_new_entry,
    cmd_hand_entry, cmd_show_entry, cmd_undo_entry, cmd_redo_entry,
    cmd_edit_entry, cmd_end_entry, cmd_list_entry, cmd_ledger_entry, cmd_sheet_entry,
    cmd_help_entry, cmd_shell_entry, cmd_night_entry, cmd_deal_entry, cmd_seats_entry,
    cmd_history_entry, cmd_stats_entry, cmd_export_entry, cmd_import_entry, cmd_check_entry,
    cmd_use_entry, cmd_delete_entry, cmd_restore_entry,
    cmd_pad_entry, cmd_ratings_entry, cmd_settle_entry, cmd_insert_entry;
extern const struct cmd_entry cmd_player_entry, cmd_sub_entry, cmd_join_entry, cmd_season_entry, cmd_club_entry, cmd_completion_entry,
    cmd_note_entry;

const struct cmd_entry *const cmd_table[] = {
	&cmd_games_entry,
	&cmd_rules_entry,
	&cmd_new_entry,
	&cmd_hand_entry,
	&cmd_show_entry,
	&cmd_undo_entry,
	&cmd_redo_entry,
	&cmd_edit_entry,
	&cmd_insert_entry,
	&cmd_end_entry,
	&cmd_use_entry,
	&cmd_list_entry,
	&cmd_delete_entry,
	&cmd_restore_entry,
	&cmd_ledger_entry,
	&cmd_sheet_entry,
	&cmd_shell_entry,
	&cmd_night_entry,
	&cmd_settle_entry,
	&cmd_deal_entry,
	&cmd_seats_entry,
	&cmd_history_entry,
	&cmd_stats_entry,
	&cmd_ratings_entry,
	&cmd_season_entry,
	&cmd_club_entry,
	&cmd_export_entry,
	&cmd_import_entry,
	&cmd_check_entry,
	&cmd_player_entry,
	&cmd_sub_entry,
	&cmd_join_entry,
	&cmd_note_entry,
	&cmd_pad_entry,
	&cmd_completion_entry,
	&cmd_help_entry,
	NULL
};

const struct cmd_entry *
cmd_find(const char *name, struct diag *d)
{
	const struct cmd_entry *found = NULL;
	int count = 0;
	for (int i = 0; cmd_table[i]; i++)
		if (strcmp(cmd_table[i]->name, name) == 0 ||
		    (cmd_table[i]->alias && strcmp(cmd_table[i]->alias, name) == 0))
			return cmd_table[i];
	for (int i = 0; cmd_table[i]; i++)
		if (*name && strncmp(cmd_table[i]->name, name, strlen(name)) == 0) {
			found = cmd_table[i];
			count++;
		}
	if (count == 1)
		return found;
	if (count > 1) {
		struct strbuf sb = {0};
		for (int i = 0; cmd_table[i]; i++)
			if (strncmp(cmd_table[i]->name, name, strlen(name)) == 0)
				sb_printf(&sb, "%s%s", sb.len ? ", " : "", cmd_table[i]->name);
		diag_set(d, ST_USAGE, NULL, name, "command", "'%s' is ambiguous: %s", name, sb.s);
		sb_release(&sb);
		return NULL;
	}
	const char *cands[64];
	int n = 0;
	for (int i = 0; cmd_table[i] && n < (int)ARRAY_LEN(cands); i++)
		cands[n++] = cmd_table[i]->name;
	const char *near = suggest_nearest(name, cands, n);
	if (near)
		diag_set(d, ST_USAGE, NULL, name, "command", "unknown command '%s'; did you mean %s?", name, near);
	else
		diag_set(d, ST_USAGE, NULL, name, "command", "unknown command '%s'; 'tally help' lists them", name);
	return NULL;
}

enum status
cmd_near_misses(struct store *s, char *const *names, int n, const char *then, char **warn, struct diag *d)
{
	char **known;
	int nknown;
	struct strbuf sb = {0};
	if (store_player_names(s, &known, &nknown, d) != ST_OK)
		return d->status;
	for (int i = 0; i < n; i++) {
		int is_known = 0;
		for (int k = 0; k < nknown && !is_known; k++)
			is_known = names_eq(known[k], names[i]);
		const char *near = is_known ? NULL : suggest_near_name(names[i], (const char *const *)known, nknown);
		if (near)
			sb_printf(&sb, "%s%s: not known; did you mean %s? (%s)", sb.len ? "\n" : "", names[i], near, then);
	}
	store_names_free(known, nknown);
	*warn = sb.len ? sb_take(&sb) : NULL;
	return ST_OK;
}

static int table_words;

void
cmd_table_words(int on)
{
	table_words = on;
}

char *
cmd_said(const char *msg)
{
	struct strbuf sb = {0};
	const char *s = msg, *q;
	if (!table_words)
		return xstrdup(msg);
	/* a quoted command: 'tally use 2' is typed 'use 2' in table mode */
	while ((q = strstr(s, "'tally ")) != NULL) {
		sb_printf(&sb, "%.*s'", (int)(q - s), s);
		s = q + strlen("'tally ");
	}
	sb_printf(&sb, "%s", s);
	return sb_take(&sb);
}

void
cmd_say(FILE *f, const char *indent, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *made = xvasprintf(fmt, ap);
	va_end(ap);
	char *text = cmd_said(made);
	int width = f == stdout ? cmd_columns() : text_columns(f);
	/* made whole, then written at once: stderr is unbuffered, and the
	 * words of two tallies writing to one log (four terminals at once)
	 * must not interleave inside a line */
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (m != NULL) {
		fit_prose(m, text, width, indent);
		if (fclose(m) == 0)
			fwrite(buf, 1, len, f);
		free(buf);
	} else
		fit_prose(f, text, width, indent);
	free(text);
	free(made);
}

FILE *
cmd_text_open(struct cmd_text *t)
{
	t->buf = NULL;
	t->size = 0;
	t->width = cmd_columns();
	t->f = t->width > 0 ? open_memstream(&t->buf, &t->size) : NULL;
	if (t->f == NULL)
		t->width = 0;
	return t->f ? t->f : stdout;
}

void
cmd_text_close(struct cmd_text *t)
{
	if (t->f == NULL)
		return;
	fclose(t->f);
	if (t->size > 0 && t->buf[t->size - 1] == '\n')  /* fit_text ends the last line */
		t->buf[--t->size] = '\0';
	if (t->size > 0)
		fit_text(stdout, t->buf, t->width);
	free(t->buf);
	t->f = NULL;
}

void
cmd_error(const struct diag *d)
{
	cmd_say(stderr, "", "tally: %s", d->message ? d->message : "error");
}

enum status
cmd_fail(struct diag *d)
{
	enum status rc = d->status;
	cmd_error(d);
	diag_clear(d);
	return rc;
}

void
cmd_warn(const char *msg)
{
	cmd_say(stderr, "", "tally: warning: %s", msg);
}

void
cmd_usage(const struct cmd_entry *c)
{
	struct cmd_text t;
	FILE *o = cmd_text_open(&t);
	fprintf(o, "usage: tally %s%s%s\n  %s\n", c->name, *c->usage ? " " : "", c->usage, c->summary);
	if (c->help)
		fprintf(o, "%s\n", c->help);
	cmd_text_close(&t);
}

static int entry_options(const struct cmd_entry *c, const struct cmd_option **v);

static struct jv *
usage_object(const struct cmd_entry *c)
{
	struct jv *o = jv_pack("{s:s, s:s, s:s}", "name", c->name, "usage", c->usage, "summary", c->summary);
	if (c->help)
		jv_set(o, "help", jv_str(c->help));
	if (c->run) {
		/* the options the dispatcher parses: what completion and a
		 * script may rely on */
		const struct cmd_option *v[32];
		int n = entry_options(c, v);
		struct jv *a = jv_array();
		for (int i = 0; i < n; i++) {
			struct jv *opt = jv_pack("{s:s}", "name", v[i]->name);
			if (v[i]->letter) {
				char letter[2] = { (char)v[i]->letter, '\0' };
				jv_set(opt, "letter", jv_str(letter));
			}
			if (v[i]->arg)
				jv_set(opt, "arg", jv_str(v[i]->arg));
			jv_push(a, opt);
		}
		jv_set(o, "options", a);
	}
	return o;
}

enum status
cmd_players_refused(const struct game_rules *rules, int n, struct diag *d)
{
	char *why = rules_players_refused(rules, n);
	diag_set(d, ST_USAGE, NULL, NULL, "players", "%s", why);
	free(why);
	return d->status;
}

void
cmd_print_game_json(const struct stored_game *g, const struct game_state *st, const char *key,
    const char *what)
{
	struct game_ref ref = { g->id, g->started };
	struct jv *j = standings_show_json(st, &ref);
	jv_set(j, key, jv_str(what));
	jv_print(stdout, j);
	jv_free(j);
}

void
cmd_wrote(const struct cmd_ctx *ctx, const char *path)
{
	/* a file written to standard output is followed by nothing there */
	FILE *f = afile_is_stdout(path) ? stderr : stdout;
	if (!ctx->json) {
		fprintf(f, "wrote %s\n", path);
		return;
	}
	struct jv *j = jv_pack("{s:s}", "wrote", path);
	char *s = j ? jv_dumps(j, 0) : NULL;
	fprintf(f, "%s\n", s ? s : "{}");
	free(s);
	jv_free(j);
}

void
cmd_usage_json(const struct cmd_entry *c)
{
	struct jv *j;
	if (c)
		j = usage_object(c);
	else {
		struct jv *a = jv_array();
		for (int i = 0; cmd_table[i]; i++)
			jv_push(a, usage_object(cmd_table[i]));
		j = jv_pack("{s:s, s:o}", "usage", "tally [--db PATH] [--json] COMMAND [ARGS]", "commands", a);
	}
	char *s = jv_dumps(j, 0);
	if (s)
		printf("%s\n", s);
	free(s);
	jv_free(j);
}

enum status
cmd_store(struct cmd_ctx *ctx, struct store **s, struct diag *d)
{
	/* the test clock is checked before anything can be stored with it */
	time_t now;
	enum status r = when_now(&now, d);
	*s = NULL;
	if (r != ST_OK)
		return r;
	if (ctx->store == NULL) {
		/* nothing is made by a command that only reads: the file
		 * is made by the first write (STORE_LAZY), with its
		 * directory (SPEC 2: "created on first use, with its
		 * directory"), whichever path names it */
		if ((r = store_open_as(ctx->db_path, STORE_LAZY | STORE_MAKE_DIR, &ctx->store, d)) != ST_OK)
			return r;
		/* a finished game keeps the standings the export writes of
		 * it, made as the export makes them (core/json.h) */
		store_standings_maker(ctx->store, view_players_text, checkpoint_build());
		/* what an upgrade or a killed import left to redo */
		if ((r = maintain_store(ctx->store, d)) != ST_OK)
			return r;
		const struct warnings *w = store_warnings(ctx->store);
		for (int i = 0; i < w->n; i++)
			cmd_warn(w->msg[i]);
	}
	store_keep_whole(ctx->store, ctx->table);
	*s = ctx->store;
	return ST_OK;
}

enum status
cmd_game_id(const char *s, long *id, struct diag *d)
{
	if (*s == '#')
		s++;
	if (!parse_long(s, 1, 1000000000000L, id))
		return diag_set(d, ST_USAGE, NULL, s, "game id", "'%s' is not a game id (a number, see 'tally list')", s);
	return ST_OK;
}

struct game_record
cmd_game_record(const struct stored_game *g, const struct game_rules *rules)
{
	struct game_record rec = { rules, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands,
		g->closed, g->joined, g->join_total, g->subs, g->nsubs };
	return rec;
}

struct game_state *
cmd_replay_joined(const struct stored_game *g, const struct game_rules *rules, const char *name, int hand,
    long total, struct diag *d)
{
	int n = g->nplayers;
	char **names = xcalloc((size_t)n + 1, sizeof *names);
	int *joined = xcalloc((size_t)n + 1, sizeof *joined);
	long *totals = xcalloc((size_t)n + 1, sizeof *totals);
	for (int i = 0; i < n; i++) {
		names[i] = g->names[i];
		joined[i] = g->joined ? g->joined[i] : 0;
		totals[i] = g->join_total ? g->join_total[i] : JOIN_BY_RULE;
	}
	names[n] = (char *)name;
	joined[n] = hand;
	totals[n] = total;
	struct game_record rec = cmd_game_record(g, rules);
	rec.names = names;
	rec.nplayers = n + 1;
	rec.joined = joined;
	rec.join_total = totals;
	struct game_state *st = rules_replay(&rec, REPLAY_ALL, d);
	free(names);
	free(joined);
	free(totals);
	return st;
}

/* The last checkpoint this process decoded, kept to be copied: table
 * mode reads the same game line after line, and a game makes a new
 * checkpoint once in CHECKPOINT_EVERY hands.  Its game and stamp say
 * which it is (store_checkpoint_get); rows are the rows it kept.  Kept
 * only where `keep` (cmd_keep_checkpoints): a command run once has the
 * state decoded itself, with no copy of it, of its hands or of its rows. */
static struct {
	int keep;
	long id;
	long long stamp;
	struct game_state *base;
	char *rows;
	size_t nrows;
} decoded;

void
cmd_keep_checkpoints(void)
{
	decoded.keep = 1;
}

void
cmd_forget_checkpoint(void)
{
	int keep = decoded.keep;
	state_free(decoded.base);
	free(decoded.rows);
	memset(&decoded, 0, sizeof decoded);
	decoded.keep = keep;
}

/*
 * Game id as stored, and where it has a checkpoint that holds (core/
 * checkpoint.h) the state it keeps, for rules_replay_on(); else *st is
 * NULL and *g the whole game, read from its hands (never from a
 * checkpoint's rows that did not hold).  The checkpoint this process
 * decoded last is copied, not decoded again.
 */
static enum status
load_checkpointed(struct store *s, long id, struct stored_game **g, struct game_state **st, struct diag *d)
{
	struct store_checkpoint ck;
	enum status r = store_checkpoint_get(s, id, checkpoint_build(), 0, &ck, d);
	int kept = r == ST_OK && ck.hands > 0 && decoded.base && decoded.id == id && decoded.stamp == ck.stamp;
	const struct game_rules *rules;
	*g = NULL;
	*st = NULL;
	if (kept) {
		ck.rows = xmemdup(decoded.rows, decoded.nrows);
		ck.nrows = decoded.nrows;
	} else if (r == ST_OK && ck.hands > 0) {
		r = store_checkpoint_get(s, id, checkpoint_build(), 1, &ck, d);
	}
	size_t nrows = ck.nrows;
	if (r == ST_OK && ck.hands > 0 && (r = store_game_load_rows(s, id, &ck, g, d)) == ST_OK && *g &&
	    (rules = rules_find((*g)->kind)) != NULL) {
		struct game_record rec = cmd_game_record(*g, rules);
		/* a command run once: the state takes the rows, and g keeps a
		 * share of its pool, where they are now */
		char *rows = decoded.keep ? NULL : (*g)->rows;
		struct game_state *base = kept ? NULL : checkpoint_adopt(&rec, ck.state, ck.len, rows);
		if (base)
			ck.state = NULL; /* the state's now */
		if (base && !decoded.keep) {
			*st = base;
			(*g)->rows_pool = pool_share(base->pool);
		} else if (base) {
			cmd_forget_checkpoint();
			decoded.id = id;
			decoded.stamp = ck.stamp;
			decoded.base = base;
			decoded.rows = xmemdup((*g)->rows, nrows);
			decoded.nrows = nrows;
		}
		if (kept || (base && decoded.keep))
			*st = checkpoint_copy(decoded.base, &rec);
	}
	store_checkpoint_release(&ck);
	if (r == ST_OK && *st == NULL) {
		/* none, or one that does not hold: the game as stored */
		stored_game_free(*g);
		*g = NULL;
		r = store_game_load(s, id, g, d);
	}
	return r;
}

/* Load and replay game id (0 or -1: the current game) from s, within the
 * caller's transaction (see cmd_read_game). */
static enum status
load_game(struct store *s, long id, struct stored_game **g, struct game_state **st, struct diag *d)
{
	enum status r;
	*g = NULL;
	*st = NULL;
	if (id <= 0 && (r = store_current_game(s, &id, d)) != ST_OK)
		return r;
	struct game_state *from = NULL;
	if ((r = load_checkpointed(s, id, g, &from, d)) != ST_OK)
		return r;
	const struct game_rules *rules = rules_find((*g)->kind);
	if ((*g)->deleted || rules == NULL) {
		state_free(from);
		if ((*g)->deleted)
			return diag_set(d, ST_NOINPUT, NULL, NULL, "game", "%s #%ld is deleted; 'tally restore %ld' brings it back",
			    rules ? rules_title(rules, &(*g)->opts) : (*g)->kind, id, id);
		return diag_set(d, ST_INTERNAL, NULL, (*g)->kind, "game",
		    "game %ld is a '%s' game, which this tally does not know", id, (*g)->kind);
	}
	struct game_record rec = cmd_game_record(*g, rules);
	*st = from ? rules_replay_on(from, &rec, d) : rules_replay(&rec, REPLAY_ALL, d);
	if (*st == NULL) {
		char *msg = xasprintf("internal error: game %ld no longer replays: %s", id, d->message);
		r = diag_set(d, ST_INTERNAL, NULL, NULL, "replay", "%s", msg);
		free(msg);
		return r;
	}
	/* who plays each seat now (`tally sub`): the latest change up to the
	 * next hand */
	cmd_subs_at(*st, *g, (*g)->nhands + 1);
	return ST_OK;
}

void
cmd_subs_at(struct game_state *st, const struct stored_game *g, int hand)
{
	for (int i = 0; i < g->nsubs; i++) {
		const struct seat_change *c = &g->subs[i];
		if (c->hand <= hand && c->seat < g->nplayers && c->seat < st->nplayers)
			state_set_sub(st, c->seat, strcmp(c->name, g->names[c->seat]) == 0 ? NULL : c->name);
	}
}

struct seat_change *
cmd_subs_moved(const struct stored_game *g, int from, int by)
{
	struct seat_change *subs = xcalloc((size_t)g->nsubs + 1, sizeof *subs);
	for (int i = 0; i < g->nsubs; i++) {
		subs[i] = g->subs[i];
		subs[i].hand += subs[i].hand >= from ? by : 0;
	}
	return subs;
}

char *
cmd_sub_words(const struct game_state *st, int seat, const char *name, int hand)
{
	if (names_eq(name, st->p[seat].name))
		return xasprintf("%s plays their own seat again from %s %d", st->p[seat].name, st->rules->words.hand_word,
		    hand);
	return xasprintf("%s plays %s's seat from %s %d", name, st->p[seat].name, st->rules->words.hand_word, hand);
}

/* Load game id (0 or -1: the current game) and replay it, in a
 * transaction begun here: a write one (write 1) or a read one, left open
 * for the caller on success; rolled back after an error. */
static enum status
cmd_load_game(struct cmd_ctx *ctx, long id, int write, struct stored_game **g,
    struct game_state **st, struct diag *d)
{
	struct store *s;
	enum status r;

	*g = NULL;
	*st = NULL;
	if ((r = cmd_store(ctx, &s, d)) != ST_OK || (r = store_begin(s, write, d)) != ST_OK)
		return r;
	if ((r = load_game(s, id, g, st, d)) != ST_OK) {
		store_end(s, 0, d);
		stored_game_free(*g);
		*g = NULL;
	}
	return r;
}

enum status
cmd_read_game(struct cmd_ctx *ctx, long id, struct stored_game **g, struct game_state **st, struct diag *d)
{
	enum status r = cmd_load_game(ctx, id, 0, g, st, d);
	if (r == ST_OK)
		store_end(ctx->store, 0, d);
	return r;
}

enum status
cmd_read_head(struct cmd_ctx *ctx, long id, struct stored_game **g, struct diag *d)
{
	struct store *s;
	enum status r;
	*g = NULL;
	if ((r = cmd_store(ctx, &s, d)) != ST_OK || (r = store_begin(s, 0, d)) != ST_OK)
		return r;
	if ((id > 0 || (r = store_current_game(s, &id, d)) == ST_OK) && (r = store_game_head(s, id, g, d)) == ST_OK &&
	    (*g)->deleted) {
		r = diag_set(d, ST_NOINPUT, NULL, NULL, "game", "game %ld is deleted", id);
		stored_game_free(*g);
		*g = NULL;
	}
	store_end(s, 0, d);
	return r;
}

enum status
cmd_load_other(struct store *s, long id, struct stored_game **g, struct game_state **st, struct diag *d)
{
	enum status r = load_game(s, id, g, st, d);
	if (r != ST_OK) {
		stored_game_free(*g);
		*g = NULL;
	}
	return r;
}

enum status
cmd_run_game(struct cmd_run *r, long id, struct diag *d)
{
	return load_game(r->store, id, &r->g, &r->st, d);
}

/* -g ID of every command that declares a game. */
static const struct cmd_option game_option = { "game", 'g', "ID" };

/* The options of c: its own, then -g ID when it declares a game; *n of them
 * into v (room for 32). */
static int
entry_options(const struct cmd_entry *c, const struct cmd_option **v)
{
	int n = 0;
	for (const struct cmd_option *o = c->options; o && o->name && n < 31; o++)
		v[n++] = o;
	if (c->game & CMD_GAME)
		v[n++] = &game_option;
	return n;
}

/* How many of the n options in v have a name that starts with the
 * len bytes of word. */
static int
prefix_matches(const struct cmd_option *const *v, int n, const char *word, size_t len)
{
	int count = 0;
	for (int i = 0; i < n; i++)
		count += strncmp(v[i]->name, word, len) == 0;
	return count;
}

/* Why getopt_long refused word ('?' or ':' in c, optopt its optopt) for
 * command e: a usage error. */
static enum status
option_error(const struct cmd_entry *e, const struct cmd_option *const *v, int n, int c, int opt,
    const char *word, struct diag *d)
{
	if (c == ':') {
		for (int i = 0; i < n; i++)
			if (opt == v[i]->letter || opt == 256 + i)
				return diag_set(d, ST_USAGE, NULL, word, "usage", "%s needs %s (tally %s %s)", word,
				    v[i]->arg, e->name, e->usage);
	}
	if (opt != 0 && opt < 256)
		return diag_set(d, ST_USAGE, NULL, word, "usage", "unknown option '-%c' for %s; 'tally help %s' lists them",
		    opt, e->name, e->name);
	if (strncmp(word, "--", 2) == 0) {
		size_t len = strcspn(word + 2, "=");
		if (prefix_matches(v, n, word + 2, len) > 1) {
			struct strbuf sb = {0};
			for (int i = 0; i < n; i++)
				if (strncmp(v[i]->name, word + 2, len) == 0)
					sb_printf(&sb, "%s--%s", sb.len ? ", " : "", v[i]->name);
			diag_set(d, ST_USAGE, NULL, word, "usage", "'%s' is ambiguous for %s: %s", word, e->name, sb.s);
			sb_release(&sb);
			return d->status;
		}
		for (int i = 0; i < n; i++)
			if (strncmp(v[i]->name, word + 2, len) == 0 && v[i]->arg == NULL && word[2 + len] == '=')
				return diag_set(d, ST_USAGE, NULL, word, "usage", "--%s takes no value ('%s')", v[i]->name, word);
	}
	return diag_set(d, ST_USAGE, NULL, word, "usage", "unknown option '%s' for %s; 'tally help %s' lists them", word,
	    e->name, e->name);
}

/*
 * Sort argv[0..argc-1] into r's options and operands with getopt_long(3)
 * (so --key=value, unique prefixes and "--" work the same for every
 * command).  In order, not permuted: the '-' mode of glibc's getopt hands
 * each operand back as it comes, whatever POSIXLY_CORRECT says.  With
 * CMD_GAME_ROLES an unknown --word is the game's role: it is kept among the
 * operands (--word=value as "--word" "value") for the entry's own parser,
 * which knows the game's roles and says what is wrong with one.
 */
static enum status
parse_options(struct cmd_run *r, int argc, char **argv, int tolerant, struct diag *d)
{
	const struct cmd_entry *e = r->entry;
	const struct cmd_option *v[32];
	int n = entry_options(e, v);
	struct option lo[33];
	char shorts[3 + 2 * 32] = "-:", *p = shorts + 2;
	for (int i = 0; i < n; i++) {
		lo[i] = (struct option){ v[i]->name, v[i]->arg ? required_argument : no_argument, NULL, 256 + i };
		if (v[i]->letter) {
			*p++ = (char)v[i]->letter;
			if (v[i]->arg)
				*p++ = ':';
		}
	}
	*p = '\0';
	lo[n] = (struct option){ 0 };
	char **av = xcalloc((size_t)argc + 2, sizeof *av);
	av[0] = (char *)e->name;
	memcpy(av + 1, argv, sizeof *argv * (size_t)argc);
	r->argv = xcalloc((size_t)2 * argc + 1, sizeof *r->argv);
	r->opts = xcalloc((size_t)argc + 1, sizeof *r->opts);
	optind = 0;  /* glibc: start afresh (table mode parses again and again) */
	opterr = 0;
	enum status rc = ST_OK;
	int c;
	while (rc == ST_OK && (c = getopt_long(argc + 1, av, shorts, lo, NULL)) != -1) {
		const char *word = av[optind - 1];
		if (c == 1) {
			r->argv[r->argc++] = optarg;
		} else if (c == '?' && optopt == 0 && (e->game & CMD_GAME_ROLES) && strncmp(word, "--", 2) == 0) {
			char *eq = strchr(word, '=');
			if (eq) {
				char *name = xstrndup(word, (size_t)(eq - word));
				r->owned = xrealloc(r->owned, sizeof *r->owned * (size_t)(r->nowned + 1));
				r->owned[r->nowned++] = name;
				r->argv[r->argc++] = name;
				r->argv[r->argc++] = eq + 1;
			} else
				r->argv[r->argc++] = (char *)word;
		} else if ((c == '?' || c == ':') && !tolerant) {
			rc = option_error(e, v, n, c, optopt, word, d);
		} else if (c == '?' || c == ':') {
			continue;
		} else {
			int i = c >= 256 ? c - 256 : 0;
			if (c < 256)
				while (i < n && v[i]->letter != c)
					i++;
			r->opts[r->nopts++] = (struct cmd_optval){ v[i], optarg };
		}
	}
	while (rc == ST_OK && optind <= argc)
		r->argv[r->argc++] = av[optind++];
	free(av);
	return rc;
}
/* The game id of r: -g ID, or with CMD_GAME_ARG the one operand. */
static enum status
take_game_id(struct cmd_run *r, struct diag *d)
{
	const char *given = cmd_opt(r, "game");
	if ((r->entry->game & CMD_GAME_ARG) && r->argc == 1 && given == NULL) {
		given = r->argv[0];
		r->argc = 0;
	}
	return given ? cmd_game_id(given, &r->id, d) : ST_OK;
}

/* Steps 1 to 5 of cmd_dispatch (cmd.h) for r. */
static enum status
run_declared(struct cmd_run *r, int argc, char **argv, struct diag *d)
{
	const struct cmd_entry *e = r->entry;
	enum status rc;
	if ((rc = parse_options(r, argc, argv, 0, d)) != ST_OK)
		return rc;
	if ((e->game & CMD_GAME) && (rc = take_game_id(r, d)) != ST_OK)
		return rc;
	if (r->argc < e->nargs[0] || (e->nargs[1] >= 0 && r->argc > e->nargs[1]))
		return diag_set(d, ST_USAGE, NULL, r->argc ? r->argv[r->argc - 1] : NULL, "usage", "usage: tally %s%s%s",
		    e->name, *e->usage ? " " : "", e->usage);
	int need = e->store | e->game;
	if ((need & (CMD_STORE_READ | CMD_STORE_WRITE | CMD_STORE_OPEN)) &&
	    (rc = cmd_store(r->ctx, &r->store, d)) != ST_OK)
		return rc;
	/* only a command that really writes makes the file (SPEC 2) */
	if (r->store && (need & (CMD_GAME | CMD_STORE_HELD)) && (rc = store_held(r->store, d)) != ST_OK)
		return rc;
	if ((need & (CMD_STORE_READ | CMD_STORE_WRITE)) &&
	    (rc = store_begin(r->store, (need & CMD_STORE_WRITE) != 0, d)) != ST_OK)
		return rc;
	/* the write lock is taken before the game is read, so the state an
	 * exec checks is the state it stores on */
	if ((e->game & CMD_GAME) && (rc = cmd_run_game(r, r->id, d)) != ST_OK)
		return rc;
	return e->run(r, d);
}

/* Empty r: what the dispatcher and run hold. */
static void
run_release(struct cmd_run *r)
{
	warnings_release(&r->w);
	state_free(r->st);
	stored_game_free(r->g);
	for (int i = 0; i < r->nowned; i++)
		free(r->owned[i]);
	free(r->owned);
	free(r->opts);
	free(r->argv);
}

enum status
cmd_game_among(const struct cmd_entry *c, int argc, char **argv, long *id, struct diag *d)
{
	struct cmd_run r = { .entry = c };
	enum status rc = parse_options(&r, argc, argv, 1, d);
	if (rc == ST_OK)
		rc = take_game_id(&r, d);
	*id = rc == ST_OK ? r.id : 0;
	run_release(&r);
	return rc;
}

enum status
cmd_dispatch(struct cmd_ctx *ctx, const struct cmd_entry *c, int argc, char **argv)
{
	if (c->run == NULL)
		return c->exec(ctx, argc, argv);
	struct diag d = {0};
	struct cmd_run r = { .ctx = ctx, .entry = c };
	enum status rc = run_declared(&r, argc, argv, &d);
	/* ctx->store: also the store an exec opened itself (cmd_store) */
	if (store_end(ctx->store, rc == ST_OK && ((c->store | c->game) & CMD_STORE_WRITE), &d) != ST_OK && rc == ST_OK)
		rc = d.status;
	if (rc == ST_OK)
		for (int i = 0; i < r.w.n; i++)
			cmd_warn(r.w.msg[i]);
	else if (d.message)  /* none: the exec said it (table mode's commands) */
		cmd_error(&d);
	diag_clear(&d);
	run_release(&r);
	return rc;
}

const char *
cmd_opt(const struct cmd_run *r, const char *name)
{
	for (int i = r->nopts - 1; i >= 0; i--)
		if (strcmp(r->opts[i].o->name, name) == 0)
			return r->opts[i].value ? r->opts[i].value : r->opts[i].o->name;
	return NULL;
}

char **
cmd_opt_all(const struct cmd_run *r, const char *name, int *n)
{
	char **v = xcalloc((size_t)r->nopts + 1, sizeof *v);
	*n = 0;
	for (int i = 0; i < r->nopts; i++)
		if (strcmp(r->opts[i].o->name, name) == 0)
			v[(*n)++] = (char *)r->opts[i].value;
	return v;
}

void
cmd_warn_set_aside(const struct stored_game *g, const struct game_state *st, struct warnings *w)
{
	char name[160];
	if (g->nundone == 0)
		return;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	if (g->nundone == 1)
		warnings_add(w, "%s: the undone %s %d is set aside: kept in the database, but 'tally redo'"
		    " no longer brings it back", name, st->rules->words.hand_word, g->nhands + 1);
	else
		warnings_add(w, "%s: the undone %ss %d to %d are set aside: kept in the database, but"
		    " 'tally redo' no longer brings them back", name, st->rules->words.hand_word, g->nhands + 1,
		    g->nhands + g->nundone);
}

int
cmd_wants_help(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return 1;
	return 0;
}

struct jv *
cmd_name_array(const char *s)
{
	struct jv *a = jv_array();
	while (s && *s) {
		size_t len = strcspn(s, "\x1f");
		struct jv *j = jv_strn(s, len);
		jv_push(a, j ? j : jv_str("?"));
		s += len + (s[len] != '\0');
	}
	return a;
}

enum status
cmd_find_game(struct cmd_ctx *ctx, const char *name, const struct game_rules **rules,
    struct saved_pad *pad, struct diag *d)
{
	struct store *s;
	enum status rc;
	int found = 0;
	memset(pad, 0, sizeof *pad);
	if ((*rules = rules_find(name)) != NULL)
		return ST_OK;
	if ((rc = cmd_store(ctx, &s, d)) != ST_OK || (rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	rc = store_pad_find(s, name, pad, &found, d);
	store_end(s, 0, d);
	if (rc != ST_OK)
		return rc;
	if (!found) {
		rules_lookup(name, d);  /* no game: say so, with a did-you-mean */
		return d->status;
	}
	*rules = rules_club_pad();
	return ST_OK;
}

char **
cmd_pad_settings(const struct saved_pad *pad, char *const *opts, int nopts, int *n)
{
	char **v = xcalloc((size_t)(pad->nsettings + nopts) + 1, sizeof *v);
	*n = 0;
	for (int i = 0; i < pad->nsettings; i++)
		v[(*n)++] = pad->settings[i];
	for (int i = 0; i < nopts; i++)
		v[(*n)++] = opts[i];
	return v;
}

char *
cmd_names_joined(const char *s, const char *sep)
{
	struct strbuf sb = {0};
	sb_add(&sb, "");
	while (s && *s) {
		size_t len = strcspn(s, "\x1f");
		sb_addn(&sb, s, len);
		s += len;
		if (*s) {
			sb_add(&sb, sep);
			s++;
		}
	}
	return sb_take(&sb);
}

static void night_write(struct jw *w, const struct stored_night *n);

/* s cut or padded to width terminal columns (see utf8_fit). */
char *
cmd_padded(const char *s, int width)
{
	return utf8_fit(s, width);
}

static struct jv *
jstr(const char *s)
{
	struct jv *j = s ? jv_str(s) : jv_null();
	return j ? j : jv_null();
}

char *
cmd_export_header(struct store *s, struct diag *d)
{
	char *source = NULL;
	struct saved_pad *pads = NULL;
	int npads = 0;
	if (store_file_uid(s, &source, d) != ST_OK || store_pad_list(s, &pads, &npads, d) != ST_OK) {
		free(source);
		return NULL;
	}
	struct strbuf sb = {0};
	sb_printf(&sb, "{\"tally_export\": 1, \"schema\": %d", STORE_SCHEMA_VERSION);
	if (source) {
		struct jv *j = jv_str(source);
		char *q = j ? jv_dumps(j, JV_ANY) : NULL;
		sb_printf(&sb, ", \"source\": %s", q ? q : "null");
		free(q);
		jv_free(j);
	}
	if (npads > 0) {
		struct jv *a = jv_array();
		for (int i = 0; i < npads; i++) {
			struct jv *set = jv_array();
			for (int k = 0; k < pads[i].nsettings; k++)
				jv_push(set, jstr(pads[i].settings[k]));
			jv_push(a, jv_pack("{s:o, s:o}", "name", jstr(pads[i].name), "settings", set));
			saved_pad_release(&pads[i]);
		}
		char *q = jv_dumps(a, 0);
		sb_printf(&sb, ", \"pads\": %s", q ? q : "[]");
		free(q);
		jv_free(a);
	}
	free(pads);
	free(source);
	/* the club's settings it has set (the defaults travel as nothing) */
	int nkeys;
	const char *const *keys = store_setting_keys(&nkeys);
	struct jv *set = jv_object();
	for (int i = 0; i < nkeys; i++) {
		char *v = NULL;
		int is_set = 0;
		if (store_setting(s, keys[i], &v, &is_set, d) != ST_OK) {
			jv_free(set);
			sb_release(&sb);
			return NULL;
		}
		if (is_set)
			jv_set(set, keys[i], jstr(v));
		free(v);
	}
	if (jv_size(set) > 0) {
		char *q = jv_dumps(set, 0);
		sb_printf(&sb, ", \"settings\": %s", q ? q : "{}");
		free(q);
	}
	jv_free(set);
	/* the nights on which no game started, which no game carries (a
	 * game continued from an earlier night): their notes travel too */
	struct stored_night *nights = NULL;
	long nnights = 0;
	if (store_gameless_nights(s, &nights, &nnights, d) != ST_OK) {
		sb_release(&sb);
		return NULL;
	}
	if (nnights > 0) {
		struct jw w;
		sb_add(&sb, ", \"nights\": ");
		jw_start_text(&w, &sb);
		jw_array(&w, NULL);
		for (long i = 0; i < nnights; i++) {
			jw_object(&w, NULL);
			night_write(&w, &nights[i]);
			jw_end(&w);
		}
		jw_end(&w);
	}
	stored_nights_free(nights, nnights);
	sb_add(&sb, ", \"games\": [");
	return sb_take(&sb);
}

/* Clock text as stored (NULL: none; unreadable, as never written so:
 * none) written as key, as merge_clock_text writes it. */
static void
cmd_clock_write(struct jw *w, const char *key, const char *text)
{
	struct merge_clock c;
	merge_clock_parse(text, &c);
	char *norm = merge_clock_text(&c);
	jw_raw(w, key, norm);
	free(norm);
	merge_clock_release(&c);
}

/* Night n's members, in the object w has open: as a game carries its
 * night, and as an export carries a night on which no game started. */
static void
night_write(struct jw *w, const struct stored_night *n)
{
	jw_str(w, "name", n->name);
	jw_str(w, "started", n->started);
	jw_str(w, "ended", n->ended);
	jw_str(w, "uid", n->uid);
	if (n->note)  /* `tally note night`: only when there is one */
		jw_str(w, "note", n->note);
	/* what the merge remembers of taking the night from another
	 * file, so that a restore of this export remembers it too */
	if (n->taken_from) {
		jw_object(w, "taken");
		jw_str(w, "from", n->taken_from);
		if (n->taken_note)
			jw_str(w, "note", n->taken_note);
		/* that note's clock there, and this file's right after
		 * (core/merge.h merge_decide_note_clock) */
		if (n->taken_seen && n->taken_here) {
			cmd_clock_write(w, "versions", n->taken_seen);
			cmd_clock_write(w, "here", n->taken_here);
		}
		jw_end(w);
	}
	/* and what its note holds of each file's changes (core/merge.h
	 * merge_decide_note_clock), as a game's "versions" */
	cmd_clock_write(w, "versions", n->versions);
}

void
cmd_game_write(struct jw *w, const struct stored_game *g)
{
	jw_str(w, "uid", g->uid);
	jw_str(w, "kind", g->kind);
	jw_str(w, "started", g->started);
	jw_str(w, "ended", g->ended);
	jw_bool(w, "closed", g->closed);
	if (g->closed == GAME_ABANDONED)
		jw_bool(w, "abandoned", 1);
	jw_int(w, "dealer", g->dealer);
	/* the revision the export's source file is at, and whether it was
	 * deleted there (import's merge rules) */
	jw_int(w, "revision", g->revision);
	/* what the merge remembers of taking it from another file, so that a
	 * restore of this export remembers it too */
	if (g->taken_from) {
		jw_object(w, "taken");
		jw_str(w, "from", g->taken_from);
		jw_int(w, "revision", g->taken_revision);
		jw_int(w, "here", g->taken_here);
		jw_end(w);
	}
	/* and what this version holds of each file's changes (core/merge.h),
	 * so that a file that takes it from here can tell it from a game
	 * changed on both sides, whichever file it passed through */
	struct merge_clock clock;
	merge_clock_here(&clock, g->base_seen, g->base_found, g->base_source, g->base_source_revision, g->base_here,
	    g->file_uid, g->revision);
	char *versions = merge_clock_text(&clock);
	jw_raw(w, "versions", versions);
	free(versions);
	merge_clock_release(&clock);
	if (g->deleted)
		jw_str(w, "deleted", g->deleted);
	if (g->night_name) {
		jw_object(w, "night");
		const struct stored_night n = { g->night_uid, g->night_name, g->night_started, g->night_ended,
			g->night_note, g->night_versions, g->night_taken_from, g->night_taken_note, g->night_taken_seen,
			g->night_taken_here };
		night_write(w, &n);
		jw_end(w);
	} else
		jw_str(w, "night", NULL);
	if (g->note)  /* `tally note`, part of the game and its revision */
		jw_str(w, "note", g->note);
	jw_array(w, "players");
	for (int i = 0; i < g->nplayers; i++)
		jw_str(w, NULL, g->names[i]);
	jw_end(w);
	jw_array(w, "options");
	for (int i = 0; i < g->opts.n; i++) {
		jw_array(w, NULL);
		jw_str(w, NULL, g->opts.kv[i].key);
		jw_str(w, NULL, g->opts.kv[i].value);
		jw_bool(w, NULL, g->opts.kv[i].set);
		jw_end(w);
	}
	jw_end(w);
	jw_array(w, "hands");
	for (int h = 0; h < g->nhands + g->nundone; h++) {
		int undone = h >= g->nhands;
		jw_object(w, NULL);
		jw_str(w, "entry", undone ? g->undone[h - g->nhands] : g->entries[h]);
		jw_str(w, "recorded", undone ? g->undone_recorded[h - g->nhands] : g->recorded[h]);
		if (undone)
			jw_bool(w, "undone", 1);
		jw_end(w);
	}
	jw_end(w);
	if (g->nsubs > 0) {
		/* who played a seat from which hand on (`tally sub`) */
		jw_array(w, "subs");
		for (int i = 0; i < g->nsubs; i++) {
			jw_object(w, NULL);
			jw_int(w, "seat", g->subs[i].seat + 1);
			jw_int(w, "hand", g->subs[i].hand);
			jw_str(w, "player", g->subs[i].name);
			jw_end(w);
		}
		jw_end(w);
	}
	if (g->joined) {
		/* who sat down late, from which hand, with what total (`tally
		 * join`); total left out: the rules gave it */
		jw_array(w, "joins");
		for (int i = 0; i < g->nplayers; i++) {
			if (g->joined[i] <= 0)
				continue;
			jw_object(w, NULL);
			jw_int(w, "seat", i + 1);
			jw_int(w, "hand", g->joined[i]);
			jw_str(w, "player", g->names[i]);
			if (g->join_total[i] != JOIN_BY_RULE)
				jw_int(w, "total", g->join_total[i]);
			jw_end(w);
		}
		jw_end(w);
	}
}
