/* SPDX-License-Identifier: ISC */
/* cmd-edit.c: `tally edit HAND [-g ID] ENTRY...`, replace one hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/ledger.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/store.h"
#include "cmd.h"

enum status
cmd_replay_changed(const struct stored_game *g, const struct game_state *st, int number, int insert,
    const char *name, int argc, char **argv, struct game_state **re, char **canon, struct warnings *w,
    struct diag *d)
{
	enum status rc;
	struct game_record rec = cmd_game_record(g, st->rules);
	const char *hw = st->rules->words.hand_word;
	int failed = 0;
	/* an insertion: the stored hands with the new one in its place, and
	 * a late arrival who sat down before a later hand still before it */
	char **all = NULL;
	int *joined = NULL;
	struct seat_change *subs = NULL;
	if (insert && g->joined) {
		joined = xmemdup(g->joined, sizeof *joined * (size_t)g->nplayers);
		for (int i = 0; i < g->nplayers; i++)
			joined[i] += joined[i] >= number;
		rec.joined = joined;
	}
	if (insert)  /* and a substitute from a later hand still from it */
		rec.subs = subs = cmd_subs_moved(g, number, 1);
	*re = rules_replay(&rec, number - 1, d);
	if (*re == NULL) {
		free(joined);
		free(subs);
		return ST_INTERNAL;
	}
	/* the entry names the players of its own hand: who sat in each seat
	 * then, not now (an inserted hand comes before every substitute from
	 * its number on, which insert moves one on; an edited one after those
	 * from its number) */
	cmd_subs_at(*re, g, insert ? number - 1 : number);
	if ((rc = rules_apply_argv(*re, argc, argv, w, d)) != ST_OK) {
		free(joined);
		free(subs);
		if (insert)
			return diag_wrap(d, NULL, "%s, the %s put in as %s %d: ", name, hw, hw, number);
		/* an edit that names only the player to correct leaves the
		 * others out: it is a whole new entry for the hand */
		if (rules_entry_left_out(*re, argc, argv) >= 0)
			return diag_wrap(d, "; 'edit' replaces the whole hand: name every player (table mode also takes"
			    " the bare values in order)", "%s, %s %d: ", name, hw, number);
		return diag_wrap(d, NULL, "%s, %s %d: ", name, hw, number);
	}
	/* parsed once: the canonical text is the one the state kept */
	*canon = xstrdup((*re)->entries[(*re)->nentries - 1]);
	if (insert) {
		all = xcalloc((size_t)g->nhands + 2, sizeof *all);
		for (int i = 0; i < g->nhands; i++)
			all[i < number - 1 ? i : i + 1] = g->entries[i];
		all[number - 1] = *canon;
		rec.entries = all;
		rec.nentries = g->nhands + 1;
	}
	rc = rules_replay_rest(*re, &rec, &failed, d);
	free(all);
	free(joined);
	free(subs);
	if (rc != ST_OK && insert)
		return diag_wrap(d, "; nothing changed", "%s: with a %s put in before %s %d, %s %d (was %d) no longer holds: ",
		    name, hw, hw, number, hw, failed, failed - 1);
	if (rc != ST_OK)
		return diag_wrap(d, "; nothing changed", "%s: with %s %d changed, %s %d no longer holds: ",
		    name, hw, number, hw, failed);
	return ST_OK;
}

/* Counters seat won (+) or paid (-) in hand h of st: what it held after
 * the hand less what it held before (0 without a ledger). */
static long
hand_counters(const struct game_state *st, int h, int seat)
{
	if (st->ledger == NULL || st->hands[h].held == NULL)
		return 0;
	long before = h > 0 ? st->hands[h - 1].held[seat] : 0;
	if (h + 1 == st->p[seat].joined)  /* a late arrival's first hand: from what they sat down with */
		before = state_measure_points(st) ? 0 : st->p[seat].joined_with;
	if (h == 0) {
		/* before hand 1: the opening balance (the ledger's hand 0) */
		for (int m = 0; m < st->ledger->nmoves && st->ledger->moves[m].hand == 0; m++)
			if (st->ledger->moves[m].to == LEDGER_BANK(seat))
				before += st->ledger->moves[m].amount;
	}
	return st->hands[h].held[seat] - before;
}

/* A late arrival whose total the rules gave (the worst total before the
 * hand they joined at, core/rules.h JOIN_TOTAL) sits down with another
 * one once an earlier hand is corrected: said, as the points are, so the
 * moved total after it has its reason.  A total the table gave (--total)
 * and a buy-in's lives never move. */
void
cmd_joins_moved(const struct game_state *old, const struct game_state *re)
{
	struct view *v = NULL;
	char with[80], was[GROUPED_MAX];
	for (int i = 0; i < re->nplayers && i < old->nplayers; i++) {
		if (!re->p[i].joined || re->p[i].joined_with == old->p[i].joined_with)
			continue;
		if (v == NULL)
			v = view_build(re, NULL);
		cmd_say(stdout, "  ", "%s joins at %s %d with %s (was %s), the worst total before it",
		    re->p[i].name, re->rules->words.hand_word, re->p[i].joined, view_joined_with(v, i, with, sizeof with),
		    grouped_number(old->p[i].joined_with, 0, was, sizeof was));
	}
	view_free(v);
}

/* What the edit of hand `number` moved, old against re: each player
 * whose points or counters in that hand changed, and whose total did
 * ("moved: hole 3: Al 12 (was 3), quarters -1 (was 0); Bea quarters 0
 * (was -1)"). */
static void
print_moved(const struct game_state *old, const struct game_state *re, int number)
{
	struct strbuf sb = {0};
	int h = number - 1;
	const char *unit = rules_chips_name(re->rules);
	char now[GROUPED_MAX], was[GROUPED_MAX];
	for (int i = 0; i < re->nplayers && h < old->nhands && h < re->nhands; i++) {
		long po = old->hands[h].points[i], pn = re->hands[h].points[i];
		long co = hand_counters(old, h, i), cn = hand_counters(re, h, i);
		if (po == pn && co == cn)
			continue;
		sb_printf(&sb, "%s %s", sb.len ? ";" : "", re->p[i].name);
		if (po != pn)
			sb_printf(&sb, " %s (was %s)", GROUPED(pn), GROUPED(po));
		if (co != cn)
			sb_printf(&sb, "%s %s %s (was %s)", po != pn ? "," : "", unit, grouped_number(cn, 2, now, sizeof now),
			    grouped_number(co, 2, was, sizeof was));
	}
	if (sb.len)
		cmd_say(stdout, "  ", "moved in %s %d:%s", re->rules->words.hand_word, number, sb.s);
	sb_release(&sb);
	cmd_joins_moved(old, re);
	sb = (struct strbuf){0};
	for (int i = 0; i < re->nplayers; i++)
		if (state_measure(old, i) != state_measure(re, i))
			sb_printf(&sb, "%s %s %s (was %s)", sb.len ? "," : "", re->p[i].name, GROUPED(state_measure(re, i)),
			    GROUPED(state_measure(old, i)));
	if (sb.len)
		cmd_say(stdout, "  ", "%s now:%s", state_measure_name(re), sb.s);
	sb_release(&sb);
}

/* The roles of an entry's text, as typed there ("--knock Ann --wash"): a
 * heap string, "" when none. */
static char *
entry_roles(const char *entry)
{
	struct strbuf sb = {0};
	int argc;
	char **argv;
	struct diag d = {0};
	if (entry_split(entry, &argc, &argv, &d) == ST_OK) {
		for (int i = 0; i < argc; i++) {
			if (strncmp(argv[i], "--", 2) != 0)
				continue;
			sb_printf(&sb, "%s%s", sb.len ? " " : "", argv[i]);
			if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0 && strchr(argv[i + 1], '=') == NULL)
				sb_printf(&sb, " %s", argv[++i]);
		}
		entry_argv_free(argc, argv);
	}
	diag_clear(&d);
	return sb.len ? sb_take(&sb) : xstrdup("");
}

/* A change of the roles of hand `number` (who knocked, went out...), said
 * as the points moved are: every change an edit makes is said. */
static void
print_roles(const struct game_state *re, int number, const char *was, const char *now)
{
	char *o = entry_roles(was), *n = entry_roles(now);
	if (strcmp(o, n) != 0)
		cmd_say(stdout, "", "roles in %s %d: %s (was %s)", re->rules->words.hand_word, number, *n ? n : "none",
		    *o ? o : "none");
	free(o);
	free(n);
}

void
cmd_edit_moved(const struct game_state *old, const struct game_state *re, int number, const char *was,
    const char *now)
{
	print_roles(re, number, was, now);
	print_moved(old, re, number);
}

/* Say what hand `number` (called name) of g is now, with the standings
 * of re and the warnings w in JSON. */
static void
print_edited(const struct cmd_ctx *ctx, const struct stored_game *g, struct game_state *re, int number,
    const char *name, const char *canon, const struct warnings *w)
{
	if (ctx->json) {
		struct game_ref ref = { g->id, g->started };
		struct jv *j = standings_show_json(re, &ref);
		jv_set(j, "edited", jv_int(number));
		struct jv *wa = jv_array();
		for (int i = 0; i < w->n; i++)
			jv_push(wa, jv_str(w->msg[i]));
		jv_set(j, "warnings", wa);
		jv_print(stdout, j);
		jv_free(j);
	} else
		cmd_say(stdout, "  ", "%s is now: %s", name, canon);
}

enum status
cmd_hand_number(const struct cmd_run *r, int insert, long *number, char *name, size_t size, struct diag *d)
{
	const char *word = r->st->rules->words.hand_word;
	if (!parse_long(r->argv[0], 1, 1000000, number))
		return diag_set(d, ST_USAGE, NULL, r->argv[0], "usage", "%s", insert
		    ? "usage: tally insert HAND [-g ID] ENTRY... (the new hand goes in before hand HAND)"
		    : "usage: tally edit HAND [-g ID] ENTRY... (HAND is the hand number)");
	standings_hand_name(r->st, r->g->id, 0, name, size);
	if (insert && *number > r->g->nhands + 1)
		return diag_set(d, ST_NOINPUT, NULL, r->argv[0], "hand", "%s has no %s %ld to put a %s in before (it has %d)",
		    name, word, *number, word, r->g->nhands);
	if (!insert && *number > r->g->nhands)
		return diag_set(d, ST_NOINPUT, NULL, r->argv[0], "hand", "%s has no %s %ld (it has %d)", name, word,
		    *number, r->g->nhands);
	return ST_OK;
}

enum status
cmd_edit_store(struct cmd_run *r, int number, int argc, char **argv, const struct undo_step *redo, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *re = NULL;
	char *canon = NULL, name[160];
	enum status rc;
	standings_hand_name(r->st, g->id, 0, name, sizeof name);
	/* the entry replaced is kept in the step, for undo to put back */
	if ((rc = cmd_replay_changed(g, r->st, number, 0, name, argc, argv, &re, &canon, &r->w, d)) == ST_OK &&
	    (rc = redo ? ST_OK : store_step_push(r->store, g->id, "edit", number, g->entries[number - 1], d)) == ST_OK &&
	    (rc = store_hand_replace(r->store, g->id, number, canon, re, d)) == ST_OK &&
	    (rc = redo ? store_step_turn(r->store, g->id, redo, 0, "edit", number, g->entries[number - 1], d) : ST_OK) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		standings_hand_name(r->st, g->id, number, name, sizeof name);
		if (redo && r->ctx->json)
			cmd_print_game_json(g, re, "redid", "edit");
		else if (redo)
			cmd_say(stdout, "  ", "%s: redid the edit; it is now: %s", name, canon);
		else
			print_edited(r->ctx, g, re, number, name, canon, &r->w);
		if (!r->ctx->json)
			cmd_edit_moved(r->st, re, number, g->entries[number - 1], canon);
	}
	free(canon);
	state_free(re);
	return rc;
}

static enum status
cmd_edit_exec(struct cmd_run *r, struct diag *d)
{
	long number;
	char name[160];
	enum status rc = cmd_hand_number(r, 0, &number, name, sizeof name, d);
	if (rc != ST_OK)
		return rc;
	return cmd_edit_store(r, (int)number, r->argc - 1, r->argv + 1, NULL, d);
}

const struct cmd_entry cmd_edit_entry = {
	.name = "edit",
	.usage = "HAND [-g ID] ENTRY...",
	.summary = "replace hand number HAND with a whole new entry (every player); later hands are checked again;"
	    " says every change: roles, points, totals",
	.help = "  A late arrival's total the rules gave (the worst before the hand they\n"
	    "  joined at) moves with the corrected scores, and edit says so.",
	.game = CMD_GAME_WRITE | CMD_GAME_ROLES,
	.nargs = { 2, -1 },
	.run = cmd_edit_exec,
};
