/* cmd-new.c: `tally new GAME PLAYER... [-o KEY=VALUE]... [--dealer PLAYER]`. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/names.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_new_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	char **names = xcalloc((size_t)argc + 1, sizeof *names);
	char **opts = xcalloc((size_t)argc + 1, sizeof *opts);
	int nnames = 0, nopts = 0;
	const char *dealer_name = NULL;
	const struct game_rules *rules;
	struct optset os = {0};
	struct game_state *st = NULL;
	struct stored_game *g = NULL;
	struct saved_pad pad = {0};
	char **settings = NULL;
	int nsettings = 0;
	struct store *s;
	enum status rc;
	long id = 0;
	int dealer = 0;
	char *warn = NULL;

	if (argc < 1) {
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage", "usage: tally new GAME PLAYER... [-o KEY=VALUE]... [--dealer PLAYER]");
		goto out;
	}
	if ((rc = cmd_find_game(ctx, argv[0], &rules, &pad, &d)) != ST_OK)
		goto out;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--option") == 0) {
			if (i + 1 >= argc) {
				rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage", "-o needs KEY=VALUE");
				goto out;
			}
			opts[nopts++] = argv[++i];
		} else if (strncmp(argv[i], "-o", 2) == 0 && argv[i][2] != '\0') {
			opts[nopts++] = argv[i] + 2;
		} else if (strcmp(argv[i], "--dealer") == 0) {
			if (i + 1 >= argc) {
				rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage", "--dealer needs a player");
				goto out;
			}
			dealer_name = argv[++i];
		} else if (strncmp(argv[i], "--dealer=", 9) == 0) {
			dealer_name = argv[i] + 9;
		} else if (argv[i][0] == '-') {
			rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage", "unknown option '%s' for new", argv[i]);
			goto out;
		} else {
			char *name;
			if ((rc = names_check(argv[i], &name, &d)) != ST_OK)
				goto out;
			for (int k = 0; k < nnames; k++)
				if (names_eq(names[k], name)) {
					rc = diag_set(&d, ST_USAGE, name, name, "player",
					    "%s is seated twice (as '%s' and '%s')", name, names[k], name);
					free(name);
					goto out;
				}
			names[nnames++] = name;
		}
	}
	if (nnames < rules->min_players || nnames > rules->max_players) {
		char range[64];
		rules_player_range(rules, range, sizeof range);
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "players",
		    "%s is for %s, not %d", rules->title, range, nnames);
		goto out;
	}
	if (dealer_name && (dealer = entry_find_player(dealer_name, names, nnames, &d)) < 0) {
		rc = d.status;
		goto out;
	}
	/* a saved pad's settings first, then the command line's */
	settings = cmd_pad_settings(&pad, opts, nopts, &nsettings);
	if ((rc = options_build(rules, nnames, settings, nsettings, &os, &d)) != ST_OK)
		goto out;
	if ((st = state_new(rules, names, nnames, &os, dealer, &d)) == NULL) {
		rc = d.status;
		goto out;
	}
	if ((rc = cmd_store(ctx, &s, &d)) != ST_OK || (rc = store_begin(s, 1, &d)) != ST_OK)
		goto out;
	rules_rank(st);
	if ((rc = cmd_near_misses(s, names, nnames, "the game starts anyway", &warn, &d)) != ST_OK) {
		store_rollback(s);
		goto out;
	}
	if ((rc = store_game_create(s, rules->name, names, nnames, &os, dealer, st, &id, &d)) != ST_OK) {
		store_rollback(s);
		goto out;
	}
	if ((rc = store_commit(s, &d)) != ST_OK)
		goto out;
	for (char *line = warn, *nl; line && *line; line = nl ? nl + 1 : NULL) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl = '\0';
		cmd_warn(line);
	}
	state_free(st);
	st = NULL;
	/* Show the names as stored: a returning player keeps their spelling. */
	if ((rc = cmd_load_game(ctx, id, 0, &g, &st, &d)) != ST_OK)
		goto out;
	store_rollback(s);
	char next[160] = "";
	rules->describe_next(st, next, sizeof next);
	if (ctx->json) {
		struct game_ref ref = { id, g->started };
		json_t *j = standings_show_json(st, &ref);
		standings_print_json(stdout, j);
		json_decref(j);
	} else {
		printf("%s #%ld:", rules_title(rules, &os), id);
		for (int i = 0; i < st->nplayers; i++)
			printf("%s %s", i ? "," : "", st->p[i].name);
		printf("\n%s deals first; next: %s\n", st->p[st->dealer].name, next);
		for (int i = 0; i < os.n; i++)
			if (os.kv[i].set)
				printf("option %s = %s\n", os.kv[i].key, os.kv[i].value);
		if (rules->start_message) {
			char msg[512] = "";
			rules->start_message(st, msg, sizeof msg);
			if (*msg)
				printf("%s\n", msg);
		}
	}
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	options_free(&os);
	state_free(st);
	stored_game_free(g);
	for (int i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	free(opts);
	free(warn);
	free(settings);
	saved_pad_free(&pad);
	return rc;
}

const struct cmd_entry cmd_new_entry = {
	.name = "new",
	.usage = "GAME PLAYER... [-o KEY=VALUE]... [--dealer PLAYER]",
	.summary = "start a game; seats in the order given, clockwise",
	.help = "  PLAYER         any UTF-8 name without '=', a leading '-', outer spaces, control or\n"
	    "                 invisible characters, up to 200 bytes; kept in NFC, matched case-folded\n"
	    "  -o KEY=VALUE   a house rule (see 'tally rules GAME'); -o preset=NAME first\n"
	    "  --dealer P     who deals first (default: the first player)",
	.exec = cmd_new_exec,
};
