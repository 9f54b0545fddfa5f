/* SPDX-License-Identifier: ISC */
/*
 * cmd-player.c: `tally player rename OLD NEW` and `tally player merge FROM
 * INTO`: fix a name everywhere, or make two names one person.
 *
 * A player's name is also in the text of every hand they played (entries
 * name players), so both rewrite each of the player's games: every entry,
 * live or kept for redo, is parsed with the old names and written with the
 * new ones, the game is replayed, and the scores, notes, seats and history
 * line are written again from that replay.  The statistics of the players
 * concerned are counted afresh from their games.  All of it is one
 * transaction: if any game no longer replays, nothing changes.
 *
 * A merge of two players who sat in one game is refused: one person cannot
 * have held two seats, and their hands cannot become one column.
 *
 * A late arrival's join that `undo` took back waits for `redo` by the
 * player's id (db/store.h store_unjoined), so redo seats them under the
 * name they have now; a rename or merge rewrites the hands kept for redo
 * after it, and a merge that would seat one person twice on redo is
 * refused as one of two who sat together.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/json.h"
#include "../core/names.h"
#include "../core/progress.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/suggest.h"
#include "../core/testhook.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

#define PLAYER_USAGE "usage: tally player rename OLD NEW | merge FROM INTO | guest NAME | member NAME"

/* entry, kept for redo (a hand undone, an edit's or an insert's entry),
 * with the names old[i] made now[i] (a heap string): played by the seats
 * of its time, with the n - nplayers late arrivals waiting for redo, or
 * (one from before they sat down) without; as it was when neither
 * reads. */
static char *
rename_kept(const struct game_rules *rules, char **old, char **now, int n, int nplayers, const char *entry)
{
	struct diag d = {0};
	char *out = NULL;
	if (rules_rename_entry(rules, old, now, n, entry, &out, &d) == ST_OK)
		return out;
	diag_clear(&d);
	if (n != nplayers && rules_rename_entry(rules, old, now, nplayers, entry, &out, &d) == ST_OK)
		return out;
	diag_clear(&d);
	return xstrdup(entry);
}

/* Rewrite game id, where the seat of player `to` (named to_name now) was
 * named from_name in the stored entries, and a join of from_name that
 * `undo` took back waits for `redo` as to_name's. */
static enum status
rewrite_game(struct store *s, long id, const char *from_name, const char *to_name, struct diag *d)
{
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	char **old = NULL, **now = NULL, **live = NULL, **undone = NULL, **waiting = NULL, **kept = NULL;
	long *steps = NULL;
	int nwaiting = 0, nkept = 0;
	enum status rc;

	if ((rc = store_game_load(s, id, &g, d)) != ST_OK)
		return rc;
	const struct game_rules *rules = rules_find(g->kind);
	if (rules == NULL) {
		rc = diag_set(d, ST_INTERNAL, NULL, g->kind, "game", "game %ld is a '%s' game, which this tally does not know",
		    id, g->kind);
		goto out;
	}
	/* the seats, then the late arrivals waiting for redo in the order
	 * they sat down: the hands kept for redo may name them */
	if ((rc = store_unjoined_names(s, id, &waiting, &nwaiting, d)) != ST_OK)
		goto out;
	int n = g->nplayers + nwaiting;
	old = xcalloc((size_t)n, sizeof *old);
	now = xcalloc((size_t)n, sizeof *now);
	for (int i = 0; i < g->nplayers; i++) {
		old[i] = strcmp(g->names[i], to_name) == 0 ? (char *)from_name : g->names[i];
		now[i] = g->names[i];
	}
	/* they wait by id: their names are the new ones already, as the
	 * seats' are */
	for (int k = 0; k < nwaiting; k++) {
		old[g->nplayers + k] = strcmp(waiting[k], to_name) == 0 ? (char *)from_name : waiting[k];
		now[g->nplayers + k] = waiting[k];
	}
	live = xcalloc((size_t)g->nhands + 1, sizeof *live);
	undone = xcalloc((size_t)g->nundone + 1, sizeof *undone);
	for (int h = 0; rc == ST_OK && h < g->nhands; h++)
		rc = rules_rename_entry(rules, old, now, g->nplayers, g->entries[h], &live[h], d);
	for (int h = 0; rc == ST_OK && h < g->nundone; h++)
		undone[h] = rename_kept(rules, old, now, n, g->nplayers, g->undone[h]);
	struct game_record rec = cmd_game_record(g, rules);
	rec.entries = live;
	if (rc == ST_OK && (st = rules_replay(&rec, REPLAY_ALL, d)) == NULL)
		rc = d->status;
	if (rc != ST_OK) {
		char *msg = xasprintf("%s #%ld cannot take the new name: %s; nothing was changed", rules_title(rules, &g->opts), id,
		    d->message);
		diag_set(d, ST_RULE, NULL, NULL, "player", "%s", msg);
		free(msg);
		rc = ST_RULE;
		goto out;
	}
	rc = store_game_rewrite(s, id, live, g->nhands, undone, g->nundone, st, d);
	/* the entries undo and redo keep for an edit or an insert too */
	if (rc == ST_OK && (rc = store_step_entries(s, id, &steps, &kept, &nkept, d)) == ST_OK)
		for (int k = 0; rc == ST_OK && k < nkept; k++) {
			char *e = rename_kept(rules, old, now, n, g->nplayers, kept[k]);
			rc = store_step_entry_put(s, steps[k], e, d);
			free(e);
		}
out:
	for (int k = 0; k < nkept; k++)
		free(kept[k]);
	free(kept);
	free(steps);
	for (int h = 0; live && h < g->nhands; h++)
		free(live[h]);
	for (int h = 0; undone && h < g->nundone; h++)
		free(undone[h]);
	free(live);
	free(undone);
	free(old);
	free(now);
	store_names_free(waiting, nwaiting);
	state_free(st);
	stored_game_free(g);
	return rc;
}

/* Rewrite every game of games[0..n-1] and count the statistics of ids
 * afresh, with a progress line headed what ("player merge") on a terminal
 * (a player of years sits in thousands of games); the transaction is the
 * caller's. */
static enum status
rewrite_all(struct store *s, const char *what, const long *games, int n, const char *from_name,
    const char *to_name, const long *ids, int nids, struct diag *d)
{
	enum status rc = ST_OK;
	char *head = xasprintf("%s: rewriting", what);
	struct progress *pr = progress_start(head, "games", n);
	free(head);
	store_stats_defer(s);
	for (int i = 0; rc == ST_OK && i < n; i++) {
		rc = rewrite_game(s, games[i], from_name, to_name, d);
		progress_add(pr, 1);
		testhook_sleep(TESTHOOK_REWRITE_DELAY_MS);
	}
	if (rc == ST_OK)
		rc = store_stats_players(s, ids, nids, d);
	progress_done(pr);
	return rc;
}

/* The games of player id (named name): those they sat in or played as a
 * substitute, then those where a join of theirs that `undo` took back
 * waits for `redo` (*games heap). */
static enum status
player_games(struct store *s, long id, long **games, int *n, struct diag *d)
{
	long *waits = NULL;
	int nwaits = 0;
	enum status rc = store_player_games(s, id, games, n, d);
	if (rc == ST_OK)
		rc = store_unjoined_games(s, id, &waits, &nwaits, d);
	for (int k = 0; rc == ST_OK && k < nwaits; k++) {
		int had = 0;
		for (int i = 0; i < *n && !had; i++)
			had = (*games)[i] == waits[k];
		if (had)
			continue;
		*games = xrealloc(*games, sizeof **games * (size_t)(*n + 1));
		(*games)[(*n)++] = waits[k];
	}
	free(waits);
	return rc;
}

/* A game where player waiting waits to sit down again (a join `undo`
 * took back) and player other sits or waits too: after a merge of the
 * two, redo would seat one person twice.  *game 0: none. */
static enum status
waits_beside(struct store *s, long waiting, long other, long *game, struct diag *d)
{
	long *waits = NULL, *games = NULL;
	int nwaits = 0, n = 0;
	enum status rc = store_unjoined_games(s, waiting, &waits, &nwaits, d);
	*game = 0;
	if (rc == ST_OK && nwaits > 0)
		rc = player_games(s, other, &games, &n, d);
	for (int k = 0; rc == ST_OK && k < nwaits && *game == 0; k++)
		for (int i = 0; i < n && *game == 0; i++)
			if (games[i] == waits[k])
				*game = waits[k];
	free(waits);
	free(games);
	return rc;
}

/* The games ids[0..n-1] as "#4, #7 and #9", or "#4, #7, ... #30 and 12 more"
 * (heap). */
static char *
game_list(const long *ids, int n)
{
	/* a player of years sits in hundreds of games: the first few name
	 * them, a count says the rest */
	enum { SHOWN = 8 };
	struct strbuf sb = {0};
	int shown = n > SHOWN + 1 ? SHOWN : n;
	sb_add(&sb, "");
	for (int i = 0; i < shown; i++)
		sb_printf(&sb, "%s#%ld", i == 0 ? "" : i + 1 == n ? " and " : ", ", ids[i]);
	if (shown < n)
		sb_printf(&sb, " and %d more", n - shown);
	return sb_take(&sb);
}

/*
 * Say what a rename or merge will change and, on a terminal, ask first
 * (--yes answers for the user; --json and a pipe never ask: a script
 * asked for it).  With --dry-run say it and change nothing.  Returns 1 to
 * go ahead, 0 when nothing is to change (said on stdout).
 */
static int
confirm(const struct cmd_run *r, const char *plan, const char *question)
{
	int dry = cmd_opt(r, "dry-run") != NULL;
	if (!r->ctx->json || dry)
		cmd_say(stdout, "", "%s", plan);  /* broken between words on a terminal */
	if (dry) {
		printf("(--dry-run: nothing changed)\n");
		return 0;
	}
	if (cmd_opt(r, "yes") || r->ctx->json || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return 1;
	printf("%s [y/N] ", question);
	fflush(stdout);
	char line[32];
	if (fgets(line, sizeof line, stdin) != NULL && (line[0] == 'y' || line[0] == 'Y'))
		return 1;
	printf("nothing changed\n");
	return 0;
}

/* What a rename or merge did: text, or with --json {"player": NAME,
 * "was": OLD, "games": N}. */
static void
report(int json, const char *now, const char *was, int games, int merged)
{
	if (json) {
		struct jv *j = jv_pack("{s:s, s:s, s:i}", "player", now, "was", was, "games", games);
		char *t = jv_dumps(j, 0);
		printf("%s\n", t);
		free(t);
		jv_free(j);
	} else if (merged)
		cmd_say(stdout, "", "%s is now part of %s (%d game%s moved)", was, now, games, games == 1 ? "" : "s");
	else
		cmd_say(stdout, "", "%s is now %s (%d game%s)", was, now, games, games == 1 ? "" : "s");
}

static enum status
player_rename(const struct cmd_run *r, const char *from, const char *to, struct diag *d)
{
	struct store *s = r->store;
	int json = r->ctx->json;
	long id, other;
	char *full = NULL, *name = NULL, *taken = NULL;
	long *games = NULL;
	int n = 0;
	enum status rc;

	if ((rc = names_check(to, &name, d)) != ST_OK)
		return rc;
	if ((rc = store_player_find(s, from, &id, &full, d)) != ST_OK)
		goto out;
	struct diag none = {0};
	if (store_player_find(s, name, &other, &taken, &none) == ST_OK && other != id) {
		rc = diag_set(d, ST_USAGE, taken, name, "player",
		    "%s is already a player; 'tally player merge %s %s' makes them one", taken, full, taken);
		diag_clear(&none);
		goto out;
	}
	diag_clear(&none);
	if (strcmp(full, name) == 0) {
		rc = diag_set(d, ST_USAGE, full, name, "player", "%s is already called %s", full, name);
		goto out;
	}
	if ((rc = player_games(s, id, &games, &n, d)) != ST_OK)
		goto out;
	char *list = game_list(games, n), *plan = xasprintf("%s will be called %s in %d game%s%s%s", full, name, n,
	    plural_s(n), n ? ": " : "", list);
	int go = confirm(r, plan, "Rename?");
	/* remembered as a merge is: a bare undo right after would take back
	 * a game's last change made before the rename (cmd-undo.c) */
	char *what = xasprintf("player rename %s %s (%d game%s: %s)", full, name, n, plural_s(n), n ? list : "none");
	free(list);
	free(plan);
	if (!go) {
		free(what);
		goto out;
	}
	if ((rc = store_player_rename(s, id, name, d)) == ST_OK &&
	    (rc = rewrite_all(s, "player rename", games, n, full, name, &id, 1, d)) == ST_OK)
		rc = store_last_merge_put(s, what, d);
	free(what);
	if (rc != ST_OK || (rc = store_commit(s, d)) != ST_OK)
		goto out;
	report(json, name, full, n, 0);
out:
	free(games);
	free(full);
	free(name);
	free(taken);
	return rc;
}

static enum status
player_merge(const struct cmd_run *r, const char *from, const char *into, struct diag *d)
{
	struct store *s = r->store;
	int json = r->ctx->json;
	long ids[2], shared;
	char *fname = NULL, *iname = NULL;
	long *games = NULL;
	int n = 0;
	enum status rc;

	if ((rc = store_player_find(s, from, &ids[0], &fname, d)) != ST_OK ||
	    (rc = store_player_find(s, into, &ids[1], &iname, d)) != ST_OK)
		goto out;
	if (ids[0] == ids[1]) {
		rc = diag_set(d, ST_USAGE, fname, into, "player", "'%s' and '%s' are both %s; nothing to merge", from,
		    into, fname);
		goto out;
	}
	if ((rc = store_player_shared_game(s, ids[0], ids[1], &shared, d)) != ST_OK ||
	    (!shared && (rc = waits_beside(s, ids[0], ids[1], &shared, d)) != ST_OK) ||
	    (!shared && (rc = waits_beside(s, ids[1], ids[0], &shared, d)) != ST_OK))
		goto out;
	if (shared) {
		rc = diag_set(d, ST_RULE, fname, iname, "player",
		    "%s and %s both sat in game %ld, so they are two people; nothing was merged", fname, iname,
		    shared);
		goto out;
	}
	if ((rc = player_games(s, ids[0], &games, &n, d)) != ST_OK)
		goto out;
	/* undo cannot take a merge back (the two players' seats are one
	 * now): say so before, and remember it for undo to say after */
	char *list = game_list(games, n);
	char *plan = n ? xasprintf("%s's %d game%s (%s) will become %s's, and %s will be no more; undo cannot take"
	    " a merge back", fname, n, plural_s(n), list, iname, fname)
	    : xasprintf("%s, who has no games, will be no more; undo cannot take a merge back", fname);
	int go = confirm(r, plan, "Merge?");
	free(plan);
	char *what = xasprintf("player merge %s %s (%d game%s: %s)", fname, iname, n, plural_s(n), n ? list : "none");
	free(list);
	if (!go) {
		free(what);
		goto out;
	}
	rc = store_player_merge(s, ids[0], ids[1], d);
	if (rc == ST_OK)
		rc = rewrite_all(s, "player merge", games, n, fname, iname, &ids[1], 1, d);
	if (rc == ST_OK)
		rc = store_last_merge_put(s, what, d);
	free(what);
	if (rc != ST_OK || (rc = store_commit(s, d)) != ST_OK)
		goto out;
	report(json, iname, fname, n, 1);
out:
	free(games);
	free(fname);
	free(iname);
	return rc;
}

/* `player guest NAME` (guest 1) or `player member NAME` (guest 0): a
 * guest is listed apart and left out of league tables (`tally season`). */
static enum status
player_guest(struct store *s, int json, const char *name, int guest, struct diag *d)
{
	long id;
	char *real = NULL;
	enum status rc;
	if ((rc = report_player_id(s, name, &id, &real, d)) == ST_OK &&
	    (rc = store_player_guest(s, id, guest, d)) == ST_OK)
		rc = store_commit(s, d);
	if (rc == ST_OK && json) {
		struct jv *o = jv_pack("{s:s, s:b}", "player", real ? real : name, "guest", guest);
		char *text = o ? jv_dumps(o, 0) : NULL;
		printf("%s\n", text ? text : "{}");
		free(text);
		jv_free(o);
	} else if (rc == ST_OK)
		cmd_say(stdout, "", "%s is a %s", real ? real : name, guest ? "guest (left out of league tables)" : "member");
	free(real);
	return rc;
}

static enum status
cmd_player_exec(struct cmd_run *r, struct diag *d)
{
	static const char *const subs[] = { "rename", "merge", "guest", "member" };
	int argc = r->argc, json = r->ctx->json;
	char **argv = r->argv;
	int guest = strcmp(argv[0], "guest") == 0, member = strcmp(argv[0], "member") == 0;
	if ((guest || member) && argc == 2)
		return player_guest(r->store, json, argv[1], guest, d);
	if (strcmp(argv[0], "rename") != 0 && strcmp(argv[0], "merge") != 0 && !guest && !member) {
		const char *near = suggest_nearest(argv[0], subs, 4);
		return near ? diag_set(d, ST_USAGE, NULL, argv[0], "usage", "no 'player %s'; did you mean player %s?",
		    argv[0], near)
		    : diag_set(d, ST_USAGE, NULL, argv[0], "usage", "no 'player %s'; %s", argv[0], PLAYER_USAGE);
	}
	if (argc != 3)
		return diag_set(d, ST_USAGE, NULL, NULL, "usage", PLAYER_USAGE);
	return strcmp(argv[0], "rename") == 0 ? player_rename(r, argv[1], argv[2], d)
	    : player_merge(r, argv[1], argv[2], d);
}

const struct cmd_entry cmd_player_entry = {
	.name = "player",
	.usage = "rename OLD NEW | merge FROM INTO | guest NAME | member NAME [--dry-run] [--yes]",
	.summary = "fix a player's name everywhere, or make two names one person",
	.help = "  rename OLD NEW   OLD is called NEW in every game, hand, history line and statistic,\n"
	    "                   and in a join undo took back (redo seats them as NEW);\n"
	    "                   NEW may not be another player's name (merge them instead)\n"
	    "  merge FROM INTO  FROM's games become INTO's, with history and statistics counted\n"
	    "                   again; refused when the two sat in one game (two people)\n"
	    "  guest NAME       NAME is a guest: listed apart, left out of league tables\n"
	    "  member NAME      NAME is a member again (every player is one at first)\n"
	    "  rename and merge say what they will change and, on a terminal, ask first;\n"
	    "  --yes does not ask, --dry-run only says.  undo cannot take a merge back.",
	.options = (const struct cmd_option[]){ { "dry-run", 0, NULL }, { "yes", 'y', NULL }, { 0 } },
	.nargs = { 1, 3 },
	.store = CMD_STORE_WRITE | CMD_STORE_HELD,
	.run = cmd_player_exec,
};
