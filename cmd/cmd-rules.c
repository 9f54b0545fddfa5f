/* SPDX-License-Identifier: ISC */
/* cmd-rules.c: `tally rules GAME`, a game's rules in brief and its options. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

/* The players an example `tally hand` line names, in name order: each
 * word (double quotes keep a value's spaces in its word) that is a
 * capitalised name alone ("--out Bob") or before '=' or '.' ("Ann=4",
 * "Ann.meld=335", "--up Bob=3:Cid").  The examples name their seats
 * Ann, Bob, Cid... so name order is seat order, and a game that cares who
 * deals first (Bankrupt: the first seat deals) is shown with the `new` the
 * example was written for.  Writes "Ann Bob Cid" into buf (size bytes,
 * cut if short); an example naming nobody gives "". */
static int
name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void
example_players(const char *example, char *buf, size_t size)
{
	enum { MAX_NAMES = 16, NAME_LEN = 16 };
	char names[MAX_NAMES][NAME_LEN];
	int n = 0;
	for (const char *p = example; *p;) {
		while (*p == ' ')
			p++;
		const char *w = p;
		for (int quoted = 0; *p && (quoted || *p != ' '); p++)
			if (*p == '"')
				quoted = !quoted;
		size_t len = 0;
		while (w + len < p && isalpha((unsigned char)w[len]))
			len++;
		int named = len > 0 && len < NAME_LEN && isupper((unsigned char)w[0]) &&
		    (w + len == p || w[len] == '=' || w[len] == '.');
		for (int i = 0; named && i < n; i++)
			named = strncmp(names[i], w, len) != 0 || names[i][len] != '\0';
		if (named && n < MAX_NAMES) {
			memcpy(names[n], w, len);
			names[n++][len] = '\0';
		}
	}
	qsort(names, (size_t)n, sizeof names[0], name_cmp);
	buf[0] = '\0';
	for (int i = 0, used = 0; i < n && used >= 0 && (size_t)used < size; i++)
		used += snprintf(buf + used, size - (size_t)used, "%s%s", i ? " " : "", names[i]);
}

/* --json: the same as the text, as one object. */
static enum status
rules_json(const struct game_rules *r, const char *new_players)
{
	struct jv *presets = jv_array(), *opts = jv_array();
	for (const struct preset_def *p = r->presets; p && p->name; p++)
		jv_push(presets, jv_pack("{s:s, s:s?}", "name", p->name, "help", p->help));
	for (const struct option_def *od = r->options; od && od->key; od++) {
		struct jv *o = jv_pack("{s:s, s:s?, s:s?, s:b}", "key", od->key,
		    "values", od->type == OPT_BOOL ? "true|false" : od->values, "help", od->help,
		    "play_only", od->play_only);
		jv_set(o, "default", od->def ? jv_str(od->def) : jv_null());
		jv_push(opts, o);
	}
	struct jv *j = jv_pack("{s:s, s:s, s:i, s:i, s:s?, s:s, s:s?, s:s?, s:s, s:o, s:o}", "name", r->name,
	    "title", r->title, "min_players", r->min_players, "max_players", r->max_players,
	    "summary", r->words.summary, "hand_word", r->words.hand_word, "entry", r->words.entry_help, "example", r->words.example,
	    "example_players", new_players, "presets", presets, "options", opts);
	int bad = j == NULL || jv_print(stdout, j) != 0;
	jv_free(j);
	return bad ? ST_IO : ST_OK;
}

static enum status
cmd_rules_exec(struct cmd_run *r, struct diag *d)
{
	const struct cmd_ctx *ctx = r->ctx;
	struct saved_pad pad;
	const struct game_rules *rules;
	enum status rc;
	if ((rc = cmd_find_game(r->ctx, r->argv[0], &rules, &pad, d)) != ST_OK)
		return rc;
	struct cmd_text t;
	FILE *o = ctx->json ? stdout : cmd_text_open(&t);
	if (pad.name) {
		fprintf(o, "%s: the club's own score pad, saved with", pad.name);
		for (int i = 0; i < pad.nsettings; i++)
			fprintf(o, " -o %s", pad.settings[i]);
		fprintf(o, "\n\n");
		saved_pad_release(&pad);
	}
	char players[256];
	example_players(rules->words.example ? rules->words.example : "", players, sizeof players);
	if (ctx->json)
		return rules_json(rules, players);
	char range[64];
	rules_player_range(rules, range, sizeof range);
	fprintf(o, "%s (%s), for %s\n\n%s\n\nEntering a %s:\n%s\nExample, in a new game:\n  tally new %s %s\n  %s\n",
	    rules->title, rules->name, range, rules->words.summary, rules->words.hand_word,
	    rules->words.entry_help, rules->name, players, rules->words.example);
	if (rules->presets) {
		fprintf(o, "\nPresets (-o preset=NAME; the first is the default):\n");
		for (const struct preset_def *p = rules->presets; p->name; p++)
			fprintf(o, "  %-10s %s\n", p->name, p->help);
	}
	fprintf(o, "\nSubstitutes: %s\n", rules->substitutes
	    ? "allowed: 'tally sub OLD NEW' lets NEW play OLD's seat from the next hand on"
	    : "not allowed in this game (each score is one person's own play or stake)");
	const char *reason;
	enum join_kind join = rules_join(rules, NULL, &reason);
	fprintf(o, "\nLate arrivals: %s\n", join == JOIN_BUY_IN
	    ? "'tally join PLAYER' buys in with the lives and stake the table set, from the next hand on, sitting"
	      " after the last seat"
	    : join == JOIN_TOTAL ? "'tally join PLAYER' starts from the worst total now (the highest where low wins,"
	      " the lowest where high wins), or --total N, from the next hand on, sitting after the last seat, where the"
	      " options allow it"
	    : reason);
	fprintf(o, "\nOptions (-o KEY=VALUE; default first in brackets; * = play only, not scored):\n");
	for (const struct option_def *od = rules->options; od && od->key; od++) {
		fprintf(o, "  %s%s [%s] %s\n      %s\n", od->key, od->play_only ? "*" : "",
		    od->def ? od->def : "depends", od->type == OPT_BOOL ? "true|false" : od->values,
		    od->help);
	}
	cmd_text_close(&t);
	return ST_OK;
}

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.usage = "GAME",
	.summary = "a game's rules in brief, its options, presets and an entry example",
	.help = "  The example is a `tally new` and a `tally hand` that work as typed.\n"
	    "  On a terminal narrower than 80 columns the text is broken again between\n"
	    "  words, a list's items under their second column.",
	.nargs = { 1, 1 },
	.run = cmd_rules_exec,
};
