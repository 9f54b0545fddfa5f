/* SPDX-License-Identifier: ISC */
/* cmd.c: the command table and shared helpers (see cmd.h). */
#include "cmd.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/afile.h"
#include "../core/names.h"
#include "../core/rules.h"
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
    cmd_pad_entry, cmd_ratings_entry;
extern const struct cmd_entry cmd_player_entry, cmd_sub_entry, cmd_season_entry, cmd_club_entry, cmd_completion_entry;

const struct cmd_entry *const cmd_table[] = {
	&cmd_games_entry,
	&cmd_rules_entry,
	&cmd_new_entry,
	&cmd_hand_entry,
	&cmd_show_entry,
	&cmd_undo_entry,
	&cmd_redo_entry,
	&cmd_edit_entry,
	&cmd_end_entry,
	&cmd_use_entry,
	&cmd_list_entry,
	&cmd_delete_entry,
	&cmd_restore_entry,
	&cmd_ledger_entry,
	&cmd_sheet_entry,
	&cmd_shell_entry,
	&cmd_night_entry,
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
		sb_free(&sb);
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

void
cmd_error(const struct diag *d)
{
	fprintf(stderr, "tally: %s\n", d->message ? d->message : "error");
}

void
cmd_warn(const char *msg)
{
	fprintf(stderr, "tally: warning: %s\n", msg);
}

void
cmd_usage(const struct cmd_entry *c)
{
	printf("usage: tally %s%s%s\n  %s\n", c->name, *c->usage ? " " : "", c->usage, c->summary);
	if (c->help)
		printf("%s\n", c->help);
}

static struct jv *
usage_object(const struct cmd_entry *c)
{
	struct jv *o = jv_pack("{s:s, s:s, s:s}", "name", c->name, "usage", c->usage, "summary", c->summary);
	if (c->help)
		jv_set(o, "help", jv_str(c->help));
	return o;
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
		if ((r = store_open(ctx->db_path, &ctx->store, d)) != ST_OK)
			return r;
		/* what an upgrade left for the rules to redo (schema 12) */
		if ((r = store_rederive_pending(ctx->store, d)) != ST_OK)
			return r;
		const struct warnings *w = store_warnings(ctx->store);
		for (int i = 0; i < w->n; i++)
			cmd_warn(w->msg[i]);
	}
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

enum status
cmd_optional_game_id(int argc, char **argv, const char *usage, long *id, struct diag *d)
{
	if (argc > 1)
		return diag_set(d, ST_USAGE, NULL, NULL, "usage", "%s", usage);
	return argc == 1 ? cmd_game_id(argv[0], id, d) : ST_OK;
}

struct game_record
cmd_game_record(const struct stored_game *g, const struct game_rules *rules)
{
	struct game_record rec = { rules, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands,
		g->closed };
	return rec;
}

enum status
cmd_load_game(struct cmd_ctx *ctx, long id, int write, struct stored_game **g,
    struct game_state **st, struct diag *d)
{
	struct store *s;
	enum status r;

	*g = NULL;
	*st = NULL;
	if ((r = cmd_store(ctx, &s, d)) != ST_OK)
		return r;
	if ((r = store_begin(s, write, d)) != ST_OK)
		return r;
	if (id <= 0 && (r = store_current_game(s, &id, d)) != ST_OK)
		goto fail;
	if ((r = store_game_load(s, id, g, d)) != ST_OK)
		goto fail;
	const struct game_rules *rules = rules_find((*g)->kind);
	if ((*g)->deleted) {
		r = diag_set(d, ST_NOINPUT, NULL, NULL, "game",
		    "%s #%ld is deleted; 'tally restore %ld' brings it back", rules ? rules_title(rules, &(*g)->opts) : (*g)->kind,
		    id, id);
		goto fail;
	}
	if (rules == NULL) {
		r = diag_set(d, ST_INTERNAL, NULL, (*g)->kind, "game",
		    "game %ld is a '%s' game, which this tally does not know", id, (*g)->kind);
		goto fail;
	}
	struct game_record rec = cmd_game_record(*g, rules);
	*st = rules_replay(&rec, REPLAY_ALL, d);
	if (*st == NULL) {
		char *msg = xasprintf("internal error: game %ld no longer replays: %s", id, d->message);
		r = diag_set(d, ST_INTERNAL, NULL, NULL, "replay", "%s", msg);
		free(msg);
		goto fail;
	}
	/* who plays each seat now (`tally sub`): the latest change up to the
	 * next hand */
	for (int i = 0; i < (*g)->nsubs; i++) {
		const struct seat_change *c = &(*g)->subs[i];
		if (c->hand <= (*g)->nhands + 1 && c->seat < (*g)->nplayers)
			state_set_sub(*st, c->seat, strcmp(c->name, (*g)->names[c->seat]) == 0 ? NULL : c->name);
	}
	return ST_OK;
fail:
	store_rollback(s);
	stored_game_free(*g);
	*g = NULL;
	return r;
}

enum status
cmd_take_game_opt(int *argc, char **argv, long *id, struct diag *d)
{
	*id = 0;
	for (int i = 0; i < *argc; i++) {
		const char *val = NULL;
		int used = 0;
		if (strcmp(argv[i], "-g") == 0 || strcmp(argv[i], "--game") == 0) {
			if (i + 1 >= *argc)
				return diag_set(d, ST_USAGE, NULL, argv[i], "usage", "%s needs a game id", argv[i]);
			val = argv[i + 1];
			used = 2;
		} else if (strncmp(argv[i], "-g", 2) == 0 && argv[i][2] != '\0' && argv[i][2] != '-') {
			val = argv[i] + 2;
			used = 1;
		} else if (strncmp(argv[i], "--game=", 7) == 0) {
			val = argv[i] + 7;
			used = 1;
		}
		if (val == NULL)
			continue;
		enum status r = cmd_game_id(val, id, d);
		if (r != ST_OK)
			return r;
		memmove(&argv[i], &argv[i + used], sizeof *argv * (size_t)(*argc - i - used + 1));
		*argc -= used;
		i--;
	}
	return ST_OK;
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
		    " no longer brings it back", name, st->rules->hand_word, g->nhands + 1);
	else
		warnings_add(w, "%s: the undone %ss %d to %d are set aside: kept in the database, but"
		    " 'tally redo' no longer brings them back", name, st->rules->hand_word, g->nhands + 1,
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
	store_rollback(s);
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
			saved_pad_free(&pads[i]);
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
			sb_free(&sb);
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
	sb_add(&sb, ", \"games\": [");
	return sb_take(&sb);
}

struct jv *
cmd_game_json(const struct stored_game *g)
{
	struct jv *o = jv_object(), *players = jv_array(), *opts = jv_array(), *hands = jv_array();
	jv_set(o, "uid", jstr(g->uid));
	jv_set(o, "kind", jstr(g->kind));
	jv_set(o, "started", jstr(g->started));
	jv_set(o, "ended", jstr(g->ended));
	jv_set(o, "closed", jv_bool(g->closed));
	if (g->closed == GAME_ABANDONED)
		jv_set(o, "abandoned", jv_bool(1));
	jv_set(o, "dealer", jv_int(g->dealer));
	/* the revision the export's source file is at, and whether it was
	 * deleted there (import's merge rules) */
	jv_set(o, "revision", jv_int(g->revision));
	if (g->deleted)
		jv_set(o, "deleted", jstr(g->deleted));
	if (g->night_name)
		jv_set(o, "night", jv_pack("{s:o, s:o, s:o, s:o}", "name", jstr(g->night_name),
		    "started", jstr(g->night_started), "ended", jstr(g->night_ended), "uid", jstr(g->night_uid)));
	else
		jv_set(o, "night", jv_null());
	for (int i = 0; i < g->nplayers; i++)
		jv_push(players, jstr(g->names[i]));
	jv_set(o, "players", players);
	for (int i = 0; i < g->opts.n; i++)
		jv_push(opts, jv_pack("[s, s, b]", g->opts.kv[i].key, g->opts.kv[i].value,
		    g->opts.kv[i].set));
	jv_set(o, "options", opts);
	for (int h = 0; h < g->nhands; h++)
		jv_push(hands, jv_pack("{s:o, s:o}", "entry", jstr(g->entries[h]),
		    "recorded", jstr(g->recorded[h])));
	for (int h = 0; h < g->nundone; h++)
		jv_push(hands, jv_pack("{s:o, s:o, s:b}", "entry", jstr(g->undone[h]),
		    "recorded", jstr(g->undone_recorded[h]), "undone", 1));
	jv_set(o, "hands", hands);
	if (g->nsubs > 0) {
		/* who played a seat from which hand on (`tally sub`) */
		struct jv *subs = jv_array();
		for (int i = 0; i < g->nsubs; i++)
			jv_push(subs, jv_pack("{s:i, s:i, s:o}", "seat", g->subs[i].seat + 1, "hand",
			    g->subs[i].hand, "player", jstr(g->subs[i].name)));
		jv_set(o, "subs", subs);
	}
	return o;
}
