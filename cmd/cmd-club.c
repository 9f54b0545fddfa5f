/* SPDX-License-Identifier: ISC */
/*
 * cmd-club.c: `tally club [KEY=VALUE]`: the club's settings, which travel
 * with an export (import takes one this file has not set, and refuses one
 * set otherwise).  Today one: tau, the ratings' dynamics factor
 * (core/rating.h: 0 by default; 0.0833, OpenSkill's 25/300, for a club
 * that plays for years).  Setting it works every rating out again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* A value for key, checked: tau is a number from 0 to 10.  ST_USAGE. */
static enum status
check_setting(const char *key, const char *value, struct diag *d)
{
	char *end;
	double v = strtod(value, &end);
	if (strcmp(key, "tau") == 0 && (end == value || *end != '\0' || !(v >= 0 && v <= 10)))
		return diag_set(d, ST_USAGE, NULL, value, "club", "tau is a number from 0 to 10 (0.0833 is OpenSkill's"
		    " 25/300), not '%s'", value);
	return ST_OK;
}

static enum status
club_show(const struct cmd_ctx *ctx, struct store *s, struct diag *d)
{
	int n, set;
	const char *const *keys = store_setting_keys(&n);
	struct jv *o = ctx->json ? jv_object() : NULL;
	enum status rc = store_begin(s, 0, d);
	for (int i = 0; rc == ST_OK && i < n; i++) {
		char *v = NULL;
		if ((rc = store_setting(s, keys[i], &v, &set, d)) == ST_OK) {
			if (o)
				jv_set(o, keys[i], jv_str(v));
			else
				printf("%s=%s%s\n", keys[i], v, set ? "" : " (the default)");
		}
		free(v);
	}
	if (o && rc == ST_OK) {
		char *text = jv_dumps(o, 0);
		printf("%s\n", text ? text : "{}");
		free(text);
	}
	jv_free(o);
	return rc;
}

static enum status
club_set(const struct cmd_ctx *ctx, struct store *s, const char *kv, struct diag *d)
{
	const char *eq = strchr(kv, '=');
	int n, known = 0;
	const char *const *keys = store_setting_keys(&n);
	char *key = eq ? xstrndup(kv, (size_t)(eq - kv)) : xstrdup(kv);
	enum status rc = ST_OK;
	for (int i = 0; i < n; i++)
		known |= strcmp(keys[i], key) == 0;
	if (!known || eq == NULL)
		rc = diag_set(d, ST_USAGE, NULL, kv, "club", "'%s': the club's settings are KEY=VALUE, KEY one of: tau", kv);
	if (rc == ST_OK && (rc = check_setting(key, eq + 1, d)) == ST_OK && (rc = store_begin(s, 1, d)) == ST_OK) {
		if ((rc = store_setting_put(s, key, eq + 1, d)) == ST_OK && (rc = store_ratings_again(s, d)) == ST_OK)
			rc = store_commit(s, d);
	}
	if (rc == ST_OK && ctx->json)
		printf("{\"%s\":\"%s\"}\n", key, eq + 1);
	else if (rc == ST_OK)
		cmd_say(stdout, "", "%s=%s; the ratings are worked out again with it", key, eq + 1);
	free(key);
	return rc;
}

static enum status
cmd_club_exec(struct cmd_run *r, struct diag *d)
{
	return r->argc == 0 ? club_show(r->ctx, r->store, d) : club_set(r->ctx, r->store, r->argv[0], d);
}

const struct cmd_entry cmd_club_entry = {
	.name = "club",
	.usage = "[KEY=VALUE]",
	.summary = "the club's settings (tau, the ratings' dynamics factor)",
	.help = "  tau=X   before each game a player's rating uncertainty sigma becomes\n"
	    "          sqrt(sigma^2 + X^2), so that ratings keep moving over the years;\n"
	    "          0 by default (Weng and Lin's static model), 0.0833 is OpenSkill's\n"
	    "          25/300.  Setting it works every rating out again.  The settings\n"
	    "          travel with an export; import takes one this file has not set.",
	.nargs = { 0, 1 },
	.store = CMD_STORE_OPEN,
	.run = cmd_club_exec,
};
