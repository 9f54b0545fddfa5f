/*
 * cmd-import.c: `tally import FILE` (- for stdin): read a `tally export`
 * JSON file into this database.  Every game is replayed through its rules
 * before anything is written, and the whole import is one transaction: a
 * game that does not replay stops it with nothing written.  A game whose uid
 * is already here is skipped, so importing the same file twice changes
 * nothing.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/names.h"
#include "../core/rules.h"
#include "../core/util.h"
#include "../db/report.h"
#include "cmd.h"

/* Games an import keeps the statistics for one by one; after that they are
 * refilled once before the commit (db/store.h). */
#define IMPORT_KEEP_STATS 500

struct import_counts {
	long games, skipped, hands;
};

static const char *
str_field(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The substitutes of game uid (export's "subs"), into game id of np seats. */
static enum status
import_subs(struct store *s, json_t *gj, long id, const char *uid, int np, struct diag *d)
{
	json_t *subs = json_object_get(gj, "subs"), *v;
	size_t k;
	enum status rc = ST_OK;
	json_array_foreach(subs, k, v) {
		json_int_t seat = json_integer_value(json_object_get(v, "seat"));
		json_int_t hand = json_integer_value(json_object_get(v, "hand"));
		const char *who = str_field(v, "player");
		char *nfc = NULL;
		if (seat < 1 || seat > np || hand < 1 || who == NULL || names_check(who, &nfc, d) != ST_OK)
			return diag_set(d, ST_USAGE, NULL, NULL, "import", "game %s: substitute %zu is malformed", uid, k + 1);
		rc = store_sub_add(s, id, (int)seat - 1, (int)hand, nfc, d);
		free(nfc);
		if (rc != ST_OK)
			return rc;
	}
	return rc;
}

static enum status
import_one(struct store *s, json_t *gj, struct import_counts *c, struct diag *d)
{
	const char *uid = str_field(gj, "uid"), *kind = str_field(gj, "kind");
	const char *started = str_field(gj, "started"), *ended = str_field(gj, "ended");
	json_t *players = json_object_get(gj, "players"), *opts = json_object_get(gj, "options");
	json_t *hands = json_object_get(gj, "hands"), *night = json_object_get(gj, "night");
	const struct game_rules *r;
	struct optset os = {0};
	enum status rc = ST_OK;
	int exists, np = 0, nh = 0, nu = 0;
	char **names = NULL, **entries = NULL, **rec = NULL, **undone = NULL, **urec = NULL;
	struct game_state *st = NULL;

	if (!uid || !kind || !started || !json_is_array(players) || !json_is_array(hands))
		return diag_set(d, ST_USAGE, NULL, uid, "import", "a game in the file lacks uid, kind, started, players or hands");
	if (strlen(uid) > 64)
		return diag_set(d, ST_USAGE, NULL, NULL, "import", "a game uid is longer than 64 characters");
	if ((rc = report_uid_exists(s, uid, &exists, d)) != ST_OK)
		return rc;
	if (exists) {
		c->skipped++;
		return ST_OK;
	}
	if ((r = rules_find(kind)) == NULL || strcmp(r->name, kind) != 0)
		return diag_set(d, ST_NOINPUT, NULL, kind, "import", "game %s: no game '%s' in this tally", uid, kind);
	np = (int)json_array_size(players);
	if (np < r->min_players || np > r->max_players) {
		char range[64];
		rules_player_range(r, range, sizeof range);
		return diag_set(d, ST_RULE, NULL, NULL, "import", "game %s: %s is for %s, not %d", uid,
		    r->title, range, np);
	}
	names = xcalloc((size_t)np, sizeof *names);
	for (int i = 0; i < np; i++) {
		json_t *n = json_array_get(players, (size_t)i);
		if (!json_is_string(n)) {
			rc = diag_set(d, ST_USAGE, NULL, NULL, "import", "game %s: player %d has no name", uid, i + 1);
			goto out;
		}
		/* the one name check of `tally new` (core/names.h) */
		if ((rc = names_check(json_string_value(n), &names[i], d)) != ST_OK) {
			char *msg = xasprintf("game %s: player %d: %s", uid, i + 1, d->message);
			diag_set(d, rc, NULL, NULL, "import", "%s; nothing was imported", msg);
			free(msg);
			goto out;
		}
	}
	/* the options chosen at the table go through the same checks as at
	 * `tally new`; the file's defaults are then kept as they were */
	size_t k;
	json_t *ov;
	char **args = xcalloc(json_array_size(opts) + 1, sizeof *args);
	int nargs = 0;
	json_array_foreach(opts, k, ov) {
		const char *key = json_string_value(json_array_get(ov, 0));
		const char *val = json_string_value(json_array_get(ov, 1));
		if (!key || !val || strchr(key, '=')) {
			rc = diag_set(d, ST_USAGE, NULL, key, "import", "game %s: a malformed option", uid);
			break;
		}
		if (json_is_true(json_array_get(ov, 2)) || strcmp(key, "preset") == 0)
			args[nargs++] = xasprintf("%s=%s", key, val);
	}
	if (rc == ST_OK)
		rc = options_build(r, np, args, nargs, &os, d);
	for (int i = 0; i < nargs; i++)
		free(args[i]);
	free(args);
	if (rc != ST_OK) {
		char *msg = xasprintf("game %s: %s", uid, d->message);
		diag_set(d, rc, NULL, NULL, "import", "%s", msg);
		free(msg);
		goto out;
	}
	json_array_foreach(opts, k, ov) {
		const char *key = json_string_value(json_array_get(ov, 0));
		const char *val = json_string_value(json_array_get(ov, 1));
		const struct option_def *od = options_find(r, key);
		if (json_is_true(json_array_get(ov, 2)) || strcmp(key, "preset") == 0)
			continue;
		if (!od || !option_value_ok(od, val)) {
			rc = diag_set(d, ST_USAGE, NULL, key, "import", "game %s: option %s=%s is not allowed", uid, key, val);
			goto out;
		}
		options_put(&os, od->key, val, 0);
	}
	json_t *hv;
	json_array_foreach(hands, k, hv) {
		const char *e = str_field(hv, "entry"), *when = str_field(hv, "recorded");
		if (e == NULL) {
			rc = diag_set(d, ST_USAGE, NULL, NULL, "import", "game %s: hand %zu has no entry", uid, k + 1);
			goto out;
		}
		if (json_is_true(json_object_get(hv, "undone"))) {
			undone = xrealloc(undone, sizeof *undone * (size_t)(nu + 1));
			urec = xrealloc(urec, sizeof *urec * (size_t)(nu + 1));
			undone[nu] = (char *)e;
			urec[nu++] = (char *)when;
		} else {
			entries = xrealloc(entries, sizeof *entries * (size_t)(nh + 1));
			rec = xrealloc(rec, sizeof *rec * (size_t)(nh + 1));
			entries[nh] = (char *)e;
			rec[nh++] = (char *)when;
		}
	}
	long dealer = json_integer_value(json_object_get(gj, "dealer"));
	/* every hand is checked again by the rules */
	st = rules_replay(r, names, np, &os, (int)dealer, entries, nh, d);
	if (st == NULL) {
		char *msg = xasprintf("game %s (%s): %s", uid, kind, d->message);
		rc = diag_set(d, ST_RULE, NULL, NULL, "import", "%s; nothing was imported", msg);
		free(msg);
		goto out;
	}
	int closed = json_is_true(json_object_get(gj, "closed"));
	if (closed)
		rules_close(st);
	long night_id = 0;
	if (json_is_object(night) && str_field(night, "name") && str_field(night, "started") &&
	    (rc = report_import_night(s, str_field(night, "name"), str_field(night, "started"),
	    str_field(night, "ended"), &night_id, d)) != ST_OK)
		goto out;
	struct import_game ig = { uid, kind, started, ended, closed, (int)dealer, night_id, names, np, &os,
		entries, rec, nh, undone, urec, nu };
	long id;
	if ((rc = store_import_game(s, &ig, st, &id, d)) == ST_OK && (rc = import_subs(s, gj, id, uid, np, d)) == ST_OK) {
		c->games++;
		c->hands += nh;
		/* past a few hundred games, refilling the statistics once at the
		 * end is cheaper than keeping them game by game */
		if (c->games == IMPORT_KEEP_STATS)
			store_stats_defer(s);
	}
out:
	state_free(st);
	options_free(&os);
	for (int i = 0; names && i < np; i++)
		free(names[i]);
	free(names);
	free(entries);
	free(rec);
	free(undone);
	free(urec);
	return rc;
}

static enum status
import_stream(struct store *s, FILE *f, const char *path, struct import_counts *c, struct diag *d)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	enum status rc = ST_OK;
	int header = 0;
	while ((n = getline(&line, &cap, f)) > 0 && rc == ST_OK) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
			line[--n] = '\0';
		if (n > 0 && line[n - 1] == ',')
			line[--n] = '\0';
		if (lineno == 1) {
			if (strncmp(line, "{\"tally_export\"", 15) != 0) {
				rc = diag_set(d, ST_USAGE, NULL, path, "import", "%s is not a tally export", path);
				break;
			}
			header = 1;
			continue;
		}
		char *start = line;
		while (*start == ',' || *start == ' ')
			start++;
		if (*start == '\0' || strcmp(start, "]}") == 0)
			continue;
		json_error_t err;
		json_t *g = json_loads(start, 0, &err);
		if (g == NULL) {
			rc = diag_set(d, ST_USAGE, NULL, path, "import", "%s line %ld: %s", path, lineno, err.text);
			break;
		}
		rc = import_one(s, g, c, d);
		json_decref(g);
	}
	free(line);
	if (rc == ST_OK && !header)
		rc = diag_set(d, ST_USAGE, NULL, path, "import", "%s is empty", path);
	return rc;
}

static enum status
cmd_import_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct store *s;
	struct import_counts c = {0, 0, 0};
	enum status rc;
	FILE *f;

	if (argc != 1) {
		fprintf(stderr, "tally: usage: tally import FILE (a tally export; - for stdin)\n");
		return ST_USAGE;
	}
	f = strcmp(argv[0], "-") == 0 ? stdin : fopen(argv[0], "r");
	if (f == NULL) {
		fprintf(stderr, "tally: cannot read %s\n", argv[0]);
		return ST_NOINPUT;
	}
	if ((rc = cmd_store(ctx, &s, &d)) == ST_OK && (rc = store_begin(s, 1, &d)) == ST_OK) {
		/* one game a line (as tally writes it); anything else as one document */
		int ch = fgetc(f);
		ungetc(ch, f);
		char first[32] = "";
		if (f != stdin) {
			size_t got = fread(first, 1, sizeof first - 1, f);
			first[got] = '\0';
			rewind(f);
		}
		if (f == stdin || strncmp(first, "{\"tally_export\": 1, \"schema\"", 28) == 0)
			rc = import_stream(s, f, argv[0], &c, &d);
		else {
			json_error_t err;
			json_t *doc = json_loadf(f, 0, &err);
			json_t *games = doc ? json_object_get(doc, "games") : NULL;
			if (!json_is_array(games))
				rc = diag_set(&d, ST_USAGE, NULL, argv[0], "import", "%s is not a tally export%s%s", argv[0],
				    doc ? "" : ": ", doc ? "" : err.text);
			size_t k;
			json_t *g;
			json_array_foreach(games, k, g) {
				if ((rc = import_one(s, g, &c, &d)) != ST_OK)
					break;
			}
			json_decref(doc);
		}
		if (rc == ST_OK && (rc = store_stats_resume(s, &d)) == ST_OK)
			rc = store_commit(s, &d);
		else
			store_rollback(s);
	}
	if (f != stdin)
		fclose(f);
	if (rc == ST_OK && ctx->json)
		printf("{\"imported\":%ld,\"hands\":%ld,\"skipped\":%ld}\n", c.games, c.hands, c.skipped);
	else if (rc == ST_OK)
		printf("imported %ld game%s (%ld hand%s), %ld already here\n", c.games, plural_s(c.games),
		    c.hands, plural_s(c.hands), c.skipped);
	else
		cmd_error(&d);
	diag_clear(&d);
	return rc;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "FILE",
	.summary = "read a tally export; every hand is checked by replay, games already here are skipped",
	.exec = cmd_import_exec,
};
