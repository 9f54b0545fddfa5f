/* cmd-night.c: `tally night [start [NAME] | end]`: group the games played
 * together.  Every game belongs to a night; a game started with no night
 * open, or after the open night's day has passed (06:00 local the next
 * morning, core/when.h), opens one named by the local date. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/standings.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_night_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct store *s;
	enum status rc;
	struct night_info n = {0};
	int found = 0;

	if ((rc = cmd_store(ctx, &s, &d)) != ST_OK)
		goto out;
	if (argc >= 1 && strcmp(argv[0], "start") == 0) {
		char *name = NULL;
		long id;
		for (int i = 1; i < argc; i++) {
			char *old = name;
			name = xasprintf("%s%s%s", old ? old : "", old ? " " : "", argv[i]);
			free(old);
		}
		if (name && !utf8_clean(name)) {
			rc = diag_set(&d, ST_USAGE, NULL, NULL, "night", "the night's name is not valid UTF-8 text");
			free(name);
			goto out;
		}
		if ((rc = store_begin(s, 1, &d)) != ST_OK)
			goto out;
		if ((rc = store_night_start(s, name, &id, &d)) != ST_OK || (rc = store_commit(s, &d)) != ST_OK) {
			store_rollback(s);
			free(name);
			goto out;
		}
		free(name);
		if (!ctx->json)
			printf("night #%ld started; the games started now belong to it\n", id);
	} else if (argc == 1 && strcmp(argv[0], "end") == 0) {
		if ((rc = store_begin(s, 1, &d)) != ST_OK)
			goto out;
		if ((rc = store_night_end(s, &d)) != ST_OK || (rc = store_commit(s, &d)) != ST_OK) {
			store_rollback(s);
			goto out;
		}
		if (!ctx->json)
			printf("night ended\n");
	} else if (argc == 0) {
		if ((rc = store_night_current(s, &n, &found, &d)) != ST_OK)
			goto out;
		if (ctx->json)
			;
		else if (!found)
			printf("no night is open; 'tally night start [NAME]' opens one (a new game opens one too)\n");
		else {
			char when[WHEN_BUF];
			printf("night #%ld \"%s\", started %.32s, %d game%s\n", n.id, n.name,
			    when_show(n.started, when_human, when), n.ngames, plural_s(n.ngames));
		}
		night_info_free(&n);
	} else
		rc = diag_set(&d, ST_USAGE, NULL, argv[0], "usage", "usage: tally night [start [NAME] | end]");
	/* --json: the open night after the command, or null */
	if (rc == ST_OK && ctx->json) {
		night_info_free(&n);
		if ((rc = store_night_current(s, &n, &found, &d)) != ST_OK)
			goto out;
		json_t *j = json_object();
		if (found) {
			char when[WHEN_BUF];
			json_t *o = json_pack("{s:I, s:s, s:s, s:i}", "id", (json_int_t)n.id, "name", n.name,
			    "started", when_show(n.started, when_iso_local, when), "games", n.ngames);
			json_object_set_new(j, "night", o ? o : json_null());
		} else
			json_object_set_new(j, "night", json_null());
		standings_print_json(stdout, j);
		json_decref(j);
		night_info_free(&n);
	}
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	night_info_free(&n);
	return rc;
}

const struct cmd_entry cmd_night_entry = {
	.name = "night",
	.usage = "[start [NAME] | end]",
	.summary = "start or end a game night (the games played together), or show it",
	.help = "  A night is named by the local date ($TZ) of its evening and runs past\n"
	    "  midnight: games started before 06:00 the next morning join it.",
	.exec = cmd_night_exec,
};
