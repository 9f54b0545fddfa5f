/* SPDX-License-Identifier: ISC */
/*
 * cmd-note.c: `tally note [-g ID] [TEXT...]` and `tally note night [ID]
 * [TEXT...]`: a free-text note on a game or a night ("Bob left early",
 * "at Ann's, the new table"): kept, shown by `show`, `night`, the pad and
 * the night report, marked in history, and exported.
 *
 * The words of TEXT are joined by one space.  No TEXT shows the note; an
 * empty TEXT ("") clears it.  A game's TEXT that begins with the word
 * "night" needs -g ID.  A game's note is the current game's, or
 * game ID's with -g; a night's is the open night's, or night ID's (ids as
 * `tally history` and `tally night` show them: a table's night merged into a
 * club night keeps a note of its own, and the message names the club
 * night's id, the one history shows).  A text is checked as a
 * night's name is (core/names.h names_text_check, the same check import
 * makes): at most NAMES_NOTE_MAX_BYTES, no control, bidi or zero-width
 * character, no space at either end; a refused text is a usage error (64)
 * and nothing is stored.  A game's note is a change of the game: its
 * revision goes up, so a note written at a table travels through the
 * import merge like its hands (cmd/cmd-import.c).  A night's note travels
 * through the merge too: each change of it here is counted in its clock
 * (rule 6 there), as a game's revision counts the game's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/merge.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

/* The text of words argv[0..argc-1], checked: *text (heap, NFC; NULL for
 * "" that clears the note).  ST_USAGE for a text names_text_check refuses. */
static enum status
note_text(int argc, char **argv, char **text, struct diag *d)
{
	struct strbuf sb = {0};
	*text = NULL;
	for (int i = 0; i < argc; i++)
		sb_printf(&sb, "%s%s", i ? " " : "", argv[i]);
	char *all = sb_take(&sb);
	enum status rc = ST_OK;
	if (*all)
		rc = names_text_check("note", all, NAMES_NOTE_MAX_BYTES, text, d);
	free(all);
	return rc;
}

/* Say what the note of what ("Golf #3", "night #2 \"Chips\"") is now:
 * was is the note before, now after (NULL: none); set says whether the
 * command set one (else it only shows it).  A note that replaces another
 * says the one it replaced ("was: ..."; JSON "was"), so none is lost
 * unseen. */
static void
note_say(const struct cmd_ctx *ctx, const char *key, long id, const char *what, const char *was, const char *now,
    int set)
{
	int replaced = set && was && now && strcmp(was, now) != 0;
	if (ctx->json) {
		struct jv *j = jv_object();
		jv_set(j, key, jv_int(id));
		jv_set(j, "note", now ? jv_str(now) : jv_null());
		if (set)
			jv_set(j, "was", was ? jv_str(was) : jv_null());
		char *t = jv_dumps(j, 0);
		printf("%s\n", t ? t : "{}");
		free(t);
		jv_free(j);
	} else if (replaced)
		cmd_say(stdout, "  ", "note on %s: %s (was: %s)", what, now, was);
	else if (now)
		cmd_say(stdout, "  ", "note on %s: %s", what, now);
	else if (set && was)
		cmd_say(stdout, "", "note on %s cleared (was: %s)", what, was);
	else
		cmd_say(stdout, "", "%s has no note; 'tally note %sTEXT' adds one", what, strcmp(key, "night") == 0 ? "night " : "");
}

/* A change of night's note made here: this file's part of the night's
 * clock one more (core/merge.h merge_clock_tick), so the change travels
 * through the import merge, whichever files it passes through, as a
 * game's revision does.  In the caller's write transaction; the store's
 * errors (ST_IO). */
static enum status
night_changed(struct store *s, long night, struct diag *d)
{
	struct night_base b;
	struct merge_clock c;
	char *self = NULL;
	enum status rc = store_night_base(s, night, &b, d);
	if (rc == ST_OK && (rc = store_file_uid(s, &self, d)) == ST_OK && self) {
		merge_clock_parse(b.clock, &c);  /* unreadable: none */
		merge_clock_tick(&c, self);
		char *text = merge_clock_text(&c);
		rc = store_night_clock_set(s, night, text, d);
		free(text);
		merge_clock_release(&c);
	}
	free(self);
	night_base_release(&b);
	return rc;
}

/* `note night [ID] [TEXT...]`. */
static enum status
note_night(struct cmd_run *r, int argc, char **argv, struct diag *d)
{
	long id = 0;
	char *text = NULL;
	enum status rc;
	if (argc > 0 && argv[0][0] >= '0' && argv[0][0] <= '9') {
		if (!parse_long(argv[0], 1, 1000000000L, &id))
			return diag_set(d, ST_USAGE, NULL, argv[0], "usage", "note night %s: a night is a number", argv[0]);
		argc--, argv++;
	}
	if (id == 0) {  /* the open night */
		struct night_info open = {0};
		int found = 0;
		if ((rc = store_night_current(r->store, &open, &found, d)) != ST_OK)
			return rc;
		id = found ? open.id : 0;
		night_info_release(&open);
		if (!found)
			return diag_set(d, ST_NOINPUT, NULL, NULL, "night",
			    "no night is open; name one: tally note night ID TEXT (ids as 'tally history' shows them)");
	}
	struct night_info n = {0};
	long *games = NULL;
	int ngames = 0;
	if ((rc = report_night(r->store, id, &n, &games, &ngames, d)) != ST_OK) {
		night_info_release(&n);
		return rc;
	}
	free(games);
	/* the night asked for: its note is its own, which merges by its
	 * table's (cmd/cmd-import.c rule 6), though history, `tally night`
	 * and the report show its club night as one, by the id of its first
	 * (n.id, db/report.h report_club_night): a table's night merged into
	 * one is named with the club night's id the user sees */
	char *what = n.id != id ? xasprintf("night #%ld \"%s\" (a table's night of club night #%ld, as history"
	    " shows it)", id, n.name, n.id) : xasprintf("night #%ld \"%s\"", id, n.name);
	if (argc > 0 && (rc = note_text(argc, argv, &text, d)) == ST_OK &&
	    (rc = store_night_note_set(r->store, id, text, d)) == ST_OK && (rc = night_changed(r->store, id, d)) == ST_OK)
		rc = store_commit(r->store, d);
	if (rc == ST_OK)
		note_say(r->ctx, "night", id, what, n.note, argc > 0 ? text : n.note, argc > 0);
	free(what);
	free(text);
	night_info_release(&n);
	return rc;
}

static enum status
cmd_note_exec(struct cmd_run *r, struct diag *d)
{
	const char *g = cmd_opt(r, "game");
	/* -g names a game: its text may then begin with "night" */
	if (g == NULL && r->argc > 0 && strcmp(r->argv[0], "night") == 0)
		return note_night(r, r->argc - 1, r->argv + 1, d);
	long id = -1;
	if (g && !parse_long(g, 1, 1000000000L, &id))
		return diag_set(d, ST_USAGE, NULL, g, "usage", "note -g %s: a game is a number", g);
	char *text = NULL;
	enum status rc = cmd_run_game(r, id, d);
	if (rc != ST_OK)
		return rc;
	char *what = xasprintf("%s #%ld", rules_title(r->st->rules, &r->st->opts), r->g->id);
	if (r->argc > 0 && (rc = note_text(r->argc, r->argv, &text, d)) == ST_OK &&
	    (rc = store_game_note_set(r->store, r->g->id, text, d)) == ST_OK)
		rc = store_commit(r->store, d);
	if (rc == ST_OK)
		note_say(r->ctx, "game", r->g->id, what, r->g->note, r->argc > 0 ? text : r->g->note, r->argc > 0);
	free(what);
	free(text);
	return rc;
}

const struct cmd_entry cmd_note_entry = {
	.name = "note",
	.usage = "[-g ID] [TEXT...] | night [ID] [TEXT...]",
	.summary = "a free-text note on a game or a night: keep it, show it, or clear it",
	.help = "  Without TEXT: the note.  TEXT (its words joined by a space) keeps a note on the\n"
	    "  current game, or game ID with -g; an empty TEXT (\"\") clears it.  'note night'\n"
	    "  does the same for the open night, or night ID (a table's night merged into a\n"
	    "  club night keeps its own note; the message names the club night's id, as\n"
	    "  history shows it).  A note that replaces one says what it was.  At most 300 bytes, one line,\n"
	    "  no control or bidi characters, no space at either end.  Shown by show, night,\n"
	    "  the pad and the night report; history marks it; export carries it.",
	.options = (const struct cmd_option[]){ { "game", 'g', "ID" }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_WRITE | CMD_STORE_HELD,
	.run = cmd_note_exec,
};
