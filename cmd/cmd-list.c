/* cmd-list.c: `tally list`, the games in the database, newest first. */
#include <jansson.h>
#include <stdio.h>

#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_list_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct game_summary *v = NULL;
	struct store *s;
	int n = 0;
	enum status rc;

	(void)argv;
	if (argc > 0)
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage", "usage: tally list");
	else if ((rc = cmd_store(ctx, &s, &d)) == ST_OK)
		rc = store_list(s, &v, &n, &d);
	if (rc != ST_OK) {
		cmd_error(&d);
		diag_clear(&d);
		return rc;
	}
	if (ctx->json) {
		json_t *arr = json_array();
		for (int i = 0; i < n; i++) {
			json_t *o = json_object(), *p = json_array(), *w = json_array();
			json_object_set_new(o, "id", json_integer(v[i].id));
			json_object_set_new(o, "game", json_string(v[i].kind));
			for (int k = 0; k < v[i].nplayers; k++)
				json_array_append_new(p, json_string(v[i].players[k]));
			json_object_set_new(o, "players", p);
			json_object_set_new(o, "started", json_string(v[i].started));
			json_object_set_new(o, "status", json_string(v[i].status));
			json_object_set_new(o, "hands", json_integer(v[i].hands));
			for (int k = 0; k < v[i].nwinners; k++)
				json_array_append_new(w, json_string(v[i].winners[k]));
			json_object_set_new(o, "winners", w);
			json_array_append_new(arr, o);
		}
		standings_print_json(stdout, arr);
		json_decref(arr);
	} else {
		if (n == 0)
			printf("no games yet; start one with 'tally new GAME PLAYER...'\n");
		for (int i = 0; i < n; i++) {
			struct strbuf sb = {0};
			for (int k = 0; k < v[i].nplayers; k++)
				sb_printf(&sb, "%s%s", k ? ", " : "", v[i].players[k]);
			printf("#%-5ld %-18s %.16s  %-4s %3d hand%s  %s", v[i].id, v[i].kind, v[i].started,
			    v[i].status, v[i].hands, v[i].hands == 1 ? " " : "s", sb.s);
			for (int k = 0; k < v[i].nwinners; k++)
				printf("%s%s", k ? ", " : "  winner: ", v[i].winners[k]);
			putchar('\n');
			sb_free(&sb);
		}
	}
	store_summaries_free(v, n);
	return ST_OK;
}

const struct cmd_entry cmd_list_entry = {
	.name = "list",
	.usage = "",
	.summary = "the games in the database, newest first",
	.exec = cmd_list_exec,
};
