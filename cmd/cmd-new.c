/* SPDX-License-Identifier: ISC */
/* cmd-new.c: `tally new GAME PLAYER... [-o KEY=VALUE]... [--dealer PLAYER]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* What `tally new` was given after the game. */
struct new_args {
	char **names;       /* the players, names_check()ed (heap) */
	char **opts;        /* the -o settings (argv's, or rules->sides_option) */
	int nnames, nopts;
	const char *dealer; /* --dealer, or NULL */
	int nsides;         /* partners given as Ann+Cid: how many sides, else 0 */
};

/* Check and keep one player's name (a player named twice is a usage
 * error, as in `seats`). */
static enum status
add_name(struct new_args *a, const char *word, struct diag *d)
{
	char *name;
	enum status rc;
	if ((rc = names_check(word, &name, d)) != ST_OK)
		return rc;
	for (int k = 0; k < a->nnames; k++)
		if (names_eq(a->names[k], name)) {
			rc = diag_set(d, ST_USAGE, name, name, "player",
			    "%s is seated twice (as '%s' and '%s')", name, a->names[k], name);
			free(name);
			return rc;
		}
	a->names[a->nnames++] = name;
	return ST_OK;
}

/*
 * Sides given as partners joined by '+' (`new hand-foot Ann+Cid
 * Bob+Dee`), for a game that declares partnership play
 * (rules->sides_option, core/sides.h): every player word is a side of
 * SIDE_SIZE, and partners sit opposite, so side g's k-th partner takes
 * seat k * sides + g: Ann, Bob, Cid, Dee.  The game's option setting is
 * added to the -o settings; an -o that says otherwise is refused.
 */
static enum status
seat_sides(const struct game_rules *rules, char **words, int nwords, struct new_args *a, struct diag *d)
{
	char **sorted;
	enum status rc = sides_seat_words(words, nwords, &sorted, d);
	if (rc != ST_OK)
		return rc;
	for (int i = 0; i < nwords * SIDE_SIZE; i++) {
		if (rc == ST_OK)
			rc = add_name(a, sorted[i], d);
		free(sorted[i]);
	}
	free(sorted);
	if (rc != ST_OK)
		return rc;
	const char *want = rules->score.sides_option, *eq = strchr(want, '=');
	for (int i = 0; i < a->nopts; i++)
		if (strncmp(a->opts[i], want, (size_t)(eq - want + 1)) == 0 && !str_ieq(a->opts[i] + (eq - want + 1), eq + 1))
			return diag_set(d, ST_USAGE, NULL, a->opts[i], "players",
			    "partners joined by '+' play in sides (%s); -o %s says otherwise", want, a->opts[i]);
	a->opts[a->nopts++] = (char *)want;
	a->nsides = nwords;
	return ST_OK;
}

/* The players of `new` (the operands after GAME; a player named twice is
 * a usage error, as in `seats`), with the -o settings and --dealer. */
static enum status
parse_new_args(const struct game_rules *rules, const struct cmd_run *r, struct new_args *a, struct diag *d)
{
	char **words = xcalloc((size_t)r->argc + 1, sizeof *words), **opts;
	int nwords = 0, joined = 0, nopts;
	enum status rc = ST_OK;
	opts = cmd_opt_all(r, "option", &nopts);
	for (int i = 0; i < nopts; i++)
		a->opts[a->nopts++] = opts[i];
	free(opts);
	a->dealer = cmd_opt(r, "dealer");
	for (int i = 1; i < r->argc; i++) {
		/* a '+' joins partners where the game plays in sides;
		 * elsewhere it is part of a name */
		joined |= sides_word(rules, r->argv[i]);
		words[nwords++] = r->argv[i];
	}
	for (int i = 0; i < nwords && rc == ST_OK && !joined; i++)
		rc = add_name(a, words[i], d);
	if (rc == ST_OK && joined)
		rc = seat_sides(rules, words, nwords, a, d);
	free(words);
	return rc;
}

/* What becomes of the current game when a new one starts, if it is still
 * open: "Golf #1 stays open (3 holes played); 'tally use 1' returns to
 * it, 'tally end -g 1' ends it" (heap), else NULL.  Read in the caller's
 * transaction; a current game that cannot be read says nothing. */
static char *
open_game_note(struct store *s)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	char *note = NULL;
	long id;
	if (store_current_game(s, &id, &d) == ST_OK && store_game_load(s, id, &g, &d) == ST_OK && !g->over &&
	    !g->closed && g->deleted == NULL) {
		const struct game_rules *r = rules_find(g->kind);
		const char *hw = r ? r->words.hand_word : "hand";
		char played[64];
		if (g->nhands)
			snprintf(played, sizeof played, "%d %s%s", g->nhands, hw, plural_s(g->nhands));
		else
			snprintf(played, sizeof played, "no %ss", hw);
		note = xasprintf("%s #%ld stays open (%s played); 'tally use %ld' returns to it, 'tally end -g %ld' ends it",
		    r ? rules_title(r, &g->opts) : g->kind, id, played, id, id);
	}
	stored_game_free(g);
	diag_clear(&d);
	return note;
}

/* Store the new game st in one transaction, then say any near-miss names
 * (core/suggest.h) as warnings; *id receives it. */
static enum status
create_game(struct store *s, const struct game_rules *rules, const struct new_args *a,
    const struct optset *os, int dealer, struct game_state *st, long *id, struct diag *d)
{
	char *warn = NULL, *left;
	enum status rc;
	if ((rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	left = open_game_note(s);
	rules_rank(st);
	if ((rc = cmd_near_misses(s, a->names, a->nnames, "the game starts anyway", &warn, d)) != ST_OK ||
	    (rc = store_game_create(s, rules->name, a->names, a->nnames, os, dealer, st, id, d)) != ST_OK) {
		free(warn);
		free(left);
		return rc;
	}
	if ((rc = store_commit(s, d)) == ST_OK) {
		for (char *line = warn, *nl; line && *line; line = nl ? nl + 1 : NULL) {
			if ((nl = strchr(line, '\n')) != NULL)
				*nl = '\0';
			cmd_warn(line);
		}
		/* not an error: a note of where the game left open is */
		if (left)
			cmd_say(stderr, "", "tally: %s", left);
	}
	free(warn);
	free(left);
	return rc;
}

/* Say the game as stored (a returning player keeps their spelling): its
 * seats, first dealer and next hand, the options set and the game's own
 * start message; or its standings in JSON. */
static void
print_new_game(const struct cmd_ctx *ctx, const struct game_rules *rules, const struct optset *os,
    const struct stored_game *g, struct game_state *st)
{
	if (ctx->json) {
		struct game_ref ref = { g->id, g->started };
		struct jv *j = standings_show_json(st, &ref);
		jv_print(stdout, j);
		jv_free(j);
		return;
	}
	/* on a terminal each line breaks between words (cmd_say), the
	 * players' list going on indented */
	char *next = rules_next_text(st);
	struct strbuf sb = {0};
	sb_printf(&sb, "%s #%ld:", rules_title(rules, os), g->id);
	for (int i = 0; i < st->nplayers; i++)
		sb_printf(&sb, "%s %s", i ? "," : "", st->p[i].name);
	cmd_say(stdout, "  ", "%s", sb.s);
	sb_release(&sb);
	char sides[1024] = "";
	if (state_nsides(st) > 0) {
		/* partnership play: who partners whom, said back with the
		 * first dealer, once */
		sides_say(st, sides, sizeof sides - 2);
		strcat(sides, "; ");
	}
	cmd_say(stdout, "", "%s%s deals first; next: %s", sides, st->p[st->dealer].name, next);
	free(next);
	for (int i = 0; i < os->n; i++)
		if (os->kv[i].set)
			printf("option %s = %s\n", os->kv[i].key, os->kv[i].value);
	char msg[512];
	rules_start_message(st, msg, sizeof msg);
	if (*msg)
		cmd_say(stdout, "", "%s", msg);
}

/* Where a game played in sides refused as many players as would make
 * sides (Gin for four: two_player is for two), say how partners are
 * given, opposite each other as they sit: "; partners play as 'tally new
 * gin Ann+Cid Bob+Dee'".  Appended to d's message. */
static void
say_partners(const struct game_rules *rules, const struct new_args *a, struct diag *d)
{
	if (rules->score.sides_option == NULL || a->nsides > 0 || a->nnames < 2 * SIDE_SIZE ||
	    a->nnames % SIDE_SIZE != 0 || d->message == NULL)
		return;
	/* only for a refused count of players, and never to a table that
	 * already set the sides option (a typo elsewhere is not about sides) */
	const char *eq = strchr(rules->score.sides_option, '=');
	size_t klen = (size_t)(eq - rules->score.sides_option);
	if (d->rule == NULL || (strcmp(d->rule, "players") != 0 &&
	    (strlen(d->rule) != klen || strncmp(d->rule, rules->score.sides_option, klen) != 0)))
		return;
	for (int i = 0; i < a->nopts; i++)
		if (strncmp(a->opts[i], rules->score.sides_option, klen + 1) == 0)
			return;
	struct strbuf sb = {0};
	int k = a->nnames / SIDE_SIZE;
	sb_printf(&sb, "%s; partners play as 'tally new %s", d->message, rules->name);
	for (int g = 0; g < k; g++) {
		sb_add(&sb, " ");
		for (int p = 0; p < SIDE_SIZE; p++)
			sb_printf(&sb, "%s%s", p ? "+" : "", a->names[p * k + g]);
	}
	sb_add(&sb, "', partners opposite");
	free(d->message);
	d->message = sb_take(&sb);
}

/* The game of `new`, its players and options, as a fresh state in *st (the
 * caller's to free); *os its options. */
static enum status
new_state(struct cmd_run *r, const struct game_rules *rules, const struct saved_pad *pad, struct new_args *a,
    struct optset *os, int *dealer, struct game_state **st, struct diag *d)
{
	char **settings = NULL;
	int nsettings = 0;
	enum status rc;
	if ((rc = parse_new_args(rules, r, a, d)) != ST_OK)
		return rc;
	if (a->nnames < rules->min_players || a->nnames > rules->max_players)
		return cmd_players_refused(rules, a->nnames, d);
	if (a->dealer && (*dealer = entry_find_player(a->dealer, a->names, a->nnames, d)) < 0)
		return d->status;
	/* a saved pad's settings first, then the command line's */
	settings = cmd_pad_settings(pad, a->opts, a->nopts, &nsettings);
	if ((rc = options_build(rules, a->nnames, settings, nsettings, os, d)) == ST_OK &&
	    (*st = state_new(rules, a->names, a->nnames, os, *dealer, d)) == NULL)
		rc = d->status;
	free(settings);
	if (rc == ST_USAGE)
		say_partners(rules, a, d);
	return rc;
}

static enum status
cmd_new_exec(struct cmd_run *r, struct diag *d)
{
	struct new_args a = { xcalloc((size_t)r->argc * SIDE_SIZE + 1, sizeof *a.names),
		xcalloc((size_t)r->nopts + 2, sizeof *a.opts), 0, 0, NULL, 0 };
	const struct game_rules *rules;
	struct optset os = {0};
	struct game_state *st = NULL;
	struct saved_pad pad = {0};
	enum status rc;
	long id = 0;
	int dealer = 0;
	/* the game as stored (a returning player keeps their spelling) is
	 * what is said */
	if ((rc = cmd_find_game(r->ctx, r->argv[0], &rules, &pad, d)) == ST_OK &&
	    (rc = new_state(r, rules, &pad, &a, &os, &dealer, &st, d)) == ST_OK &&
	    (rc = create_game(r->store, rules, &a, &os, dealer, st, &id, d)) == ST_OK &&
	    (rc = store_begin(r->store, 0, d)) == ST_OK && (rc = cmd_run_game(r, id, d)) == ST_OK)
		print_new_game(r->ctx, rules, &os, r->g, r->st);
	options_release(&os);
	state_free(st);
	for (int i = 0; i < a.nnames; i++)
		free(a.names[i]);
	free(a.names);
	free(a.opts);
	saved_pad_release(&pad);
	return rc;
}

const struct cmd_entry cmd_new_entry = {
	.name = "new",
	.usage = "GAME PLAYER... | GAME PLAYER+PARTNER... [-o KEY=VALUE]... [--dealer PLAYER]",
	.summary = "start a game; seats in the order given, clockwise",
	.help = "  PLAYER         any UTF-8 name without '=', a leading '-', outer spaces, control or\n"
	    "                 invisible characters, up to 200 bytes; kept in NFC, matched case-folded\n"
	    "  P+PARTNER      partners, one side, in a game played in sides (hand-foot, gin):\n"
	    "                 'new hand-foot Ann+Cid Bob+Dee' seats Ann, Bob, Cid, Dee, partners\n"
	    "                 opposite (as -o partnerships=true seats them); four names without\n"
	    "                 '+' in Gin are refused with the partner form to type\n"
	    "  -o KEY=VALUE   a house rule (see 'tally rules GAME'); -o preset=NAME first\n"
	    "  --dealer P     who deals first (default: the first player)\n"
	    "  The new game becomes current; one left open is said on stderr (a note)",
	.options = (const struct cmd_option[]){ { "option", 'o', "KEY=VALUE" }, { "dealer", 0, "PLAYER" }, { 0 } },
	.nargs = { 1, -1 },
	.store = CMD_STORE_OPEN,
	.run = cmd_new_exec,
};
