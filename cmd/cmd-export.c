/* SPDX-License-Identifier: ISC */
/*
 * cmd-export.c: `tally export [QUERY] [--format json|csv|ledger] [-o FILE]`.
 *
 * json keeps everything (games with their uid, options, players, seats,
 * every entry as entered and when, nights; a night on which no game
 * started in the header's "nights"), one game per line so that an
 * export of a decade streams in and out; `tally import` reads it back.  Its
 * times are the stored ones (UTC, "Z"), so an import restores them exactly.
 * csv is one row per game and player, its times local with their offset;
 * hands (CSV too) one row per hand, player and value: points and every
 * hand column the game declares, then each player's total and game
 * columns;
 * the ledger's dates are local dates.  ledger writes the chip moves as a
 * plain-text accounting journal that hledger reads.  bgstats and bgg are
 * the played games as BG Stats and BoardGameGeek take plays
 * (export-apps.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/json.h"
#include "../core/afile.h"
#include "../core/checkpoint.h"
#include "../core/csv.h"
#include "../core/ledger.h"
#include "../core/names.h"
#include "../core/progress.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../core/when.h"
#include "../db/report.h"
#include "cmd.h"
#include "export-apps.h"

/* A player's name as one hledger account name component, one-to-one (so
 * that Bob:x and Bob_x stay two accounts): what hledger would read
 * otherwise is written %XX (hex of the byte), and so is '%' itself: ':'
 * (the component separator), ';' (a comment), every space but a lone
 * ASCII space between two other characters (two spaces end the account
 * name, and hledger counts Unicode spaces too), and brackets and
 * parentheses (a virtual posting). */
static char *
account_part(const char *s)
{
	struct strbuf sb = {0};
	sb_add(&sb, "");
	for (const char *p = s; *p;) {
		/* every space but a lone ASCII one between two other characters
		 * (U+00A0, U+3000, tabs ...: hledger may read any of them) */
		int space = names_space_at(p);
		int space_ok = *p == ' ' && p != s && p[1] != '\0' && p[-1] != ' ' && p[1] != ' ';
		if (strchr("%:;()[]", *p) || (space && !space_ok)) {
			for (int k = 0; k < (space ? space : 1); k++)
				sb_printf(&sb, "%%%02X", (unsigned char)p[k]);
			p += space ? space : 1;
		} else
			sb_addc(&sb, *p++);
	}
	return sb_take(&sb);
}

static void
ledger_account(FILE *f, const struct game_state *st, long id, int acct)
{
	if (acct == LEDGER_OUTSIDE) {
		fprintf(f, "equity:opening");
		return;
	}
	fprintf(f, "%s:%ld:", st->rules->name, id);
	if (acct == LEDGER_POT)
		fputs(rules_pot_name(st->rules), f);
	else {
		char *n = account_part(st->p[LEDGER_SEAT(acct)].name);
		fprintf(f, "%s:%s", n, LEDGER_IS_PILE(acct) ? "pile" : "bank");
		free(n);
	}
}

static void
write_ledger(FILE *f, const struct stored_game *g, const struct game_state *st)
{
	const struct ledger *l = st->ledger;
	const char *unit = rules_ledger_unit(st->rules);
	for (int h = 0; h <= st->nhands; h++) {
		int any = 0;
		for (int m = 0; m < l->nmoves; m++) {
			const struct ledger_move *mv = &l->moves[m];
			if (mv->hand != h)
				continue;
			if (!any) {
				const char *date = h == 0 || h > g->nhands ? g->started : g->recorded[h - 1];
				char day[WHEN_BUF];
				fprintf(f, "\n%.10s * %s #%ld %s\n", when_show(date, when_local_date, day), st->rules->name,
				    g->id,
				    h == 0 ? "start" : st->hands[h - 1].label);
				any = 1;
			}
			fputs("    ", f);
			ledger_account(f, st, g->id, mv->to);
			fprintf(f, "  %ld %s  ; %s\n    ", mv->amount, unit, mv->reason);
			ledger_account(f, st, g->id, mv->from);
			fprintf(f, "  -%ld %s\n", mv->amount, unit);
		}
	}
}

/* Column col of seat (empty where the game has no such column, or no
 * value yet: a Gin final before the game is over). */
static void
csv_column(struct csv *c, const struct game_state *st, const struct column *col, int seat)
{
	long v = col ? col->value(st, seat) : COLUMN_NONE;
	if (v == COLUMN_NONE)
		csv_empty(c);
	else
		csv_long(c, v);
}

/* One CSV record per seat of g (st: its replay). */
static void
csv_game(FILE *f, const struct stored_game *g, const struct game_state *st)
{
	struct csv c;
	const struct column *counters = state_column(st, "chips");
	if (counters == NULL)
		counters = state_column(st, "lives");
	/* the pot won (Chase the Ace's dimes, apart from the lives) and the
	 * final with the end bonuses (Gin), where the game declares them */
	const struct column *won = state_column(st, "won"), *final = state_column(st, "final");
	csv_start(&c, f);
	for (int p = 0; p < st->nplayers; p++) {
		char when[WHEN_BUF];
		csv_word(&c, g->uid);
		csv_long(&c, g->id);
		const char *name = rules_table_name(st->rules, &st->opts);
		if (name == st->rules->name)  /* a rules name is a plain word, a title text */
			csv_word(&c, name);
		else
			csv_text(&c, name);
		csv_word(&c, when_show(g->started, when_iso_local, when));
		csv_word(&c, standings_status(st));
		csv_text(&c, g->night_name);
		csv_text(&c, st->p[p].name);
		csv_long(&c, p + 1);
		csv_long(&c, st->p[p].total);
		if (counters)  /* the game's declared chips (or lives) column */
			csv_long(&c, counters->value(st, p));
		else
			csv_empty(&c);
		csv_long(&c, st->p[p].rank);
		csv_long(&c, st->p[p].winner);
		csv_long(&c, st->p[p].out);
		csv_column(&c, st, won, p);
		csv_column(&c, st, final, p);
		csv_end(&c);
	}
}

/* Game g in format (json: its record, with its standings as kept (kept,
 * NULL: none that hold) or replayed, `last` says whether a comma follows;
 * csv and ledger: from its replay; bgstats after a comma unless *written
 * is 0, counting the plays written there). */
static enum status
export_game(FILE *f, const char *format, const struct stored_game *g, const char *kept, int last, long *written,
    struct diag *d)
{
	const struct game_rules *r = rules_find(g->kind);
	struct game_record rec = cmd_game_record(g, r);
	if (strcmp(format, "json") == 0) {
		struct jw w;
		struct diag d2 = {0};
		jw_start(&w, f);
		jw_object(&w, NULL);
		cmd_game_write(&w, g);
		/* what its replay shows of each player, as `show --json`'s
		 * "players" (every column it declares): as the store keeps
		 * them for this revision, made by this build, else from the
		 * replay; import reads only the record, so a game that no
		 * longer replays still exports */
		struct game_state *st = kept == NULL && r ? rules_replay(&rec, REPLAY_ALL, &d2) : NULL;
		if (kept)
			jw_raw(&w, "standings", kept);
		else if (st) {
			struct view *v = cmd_game_view(g, st);
			view_write_players(&w, "standings", v);
			view_free(v);
		}
		state_free(st);
		diag_clear(&d2);
		jw_end(&w);
		fputs(last ? "\n" : ",\n", f);
		return ST_OK;
	}
	struct game_state *st = r ? rules_replay(&rec, REPLAY_ALL, d) : NULL;
	if (st == NULL)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "export", "internal error: game %ld does not replay", g->id);
	if (strcmp(format, "csv") == 0)
		csv_game(f, g, st);
	else if (strcmp(format, "hands") == 0) {
		struct view *v = cmd_game_view(g, st);
		view_print_csv(f, v);
		view_free(v);
	} else if (strcmp(format, "bgstats") == 0)
		*written += export_bgstats_play(f, g, st, *written == 0);
	else if (strcmp(format, "bgg") == 0)
		*written += export_bgg_play(f, g, st);
	else if (st->ledger)
		write_ledger(f, g, st);
	state_free(st);
	return ST_OK;
}

/* The opening lines of an export in format. */
static void
export_head(FILE *f, const char *format, const char *json_head)
{
	if (strcmp(format, "json") == 0)
		fprintf(f, "%s\n", json_head);
	else if (strcmp(format, "csv") == 0) {
		struct csv c = {0};
		csv_start(&c, f);
		csv_header(&c, "uid,id,game,started,status,night,player,seat,total,chips,rank,winner,out,pot_won,final");
	} else if (strcmp(format, "hands") == 0) {
		struct csv c = {0};
		csv_start(&c, f);
		csv_header(&c, STANDINGS_HANDS_CSV_HEADER);
	} else if (strcmp(format, "bgstats") == 0)
		fprintf(f, "%s\n", EXPORT_BGSTATS_HEAD);
	else if (strcmp(format, "bgg") == 0)
		fprintf(f, "%s\n", EXPORT_BGG_HEAD);
	else
		fprintf(f, "; tally chip ledger: each hand's moves between banks, ante piles and the pot\n");
}

/* Every game of ids[0..nids-1] to f, in format, from one read
 * transaction on s. */
static enum status
export_games(struct store *s, FILE *f, const char *format, const long *ids, long nids, struct diag *d)
{
	/* the header names this file and carries the club's saved pads */
	char *head = strcmp(format, "json") == 0 ? cmd_export_header(s, d) : NULL;
	enum status rc = ST_OK;
	if (strcmp(format, "json") == 0 && head == NULL)
		return d->status;
	export_head(f, format, head);
	free(head);
	long written = 0;
	struct progress *pr = f == stdout && isatty(STDOUT_FILENO) ? NULL
	    : progress_start("export:", "games", nids);
	/* ids ascend: when they are most of the games between the first and
	 * the last, each table is read once in game order (a club's decade),
	 * else each game is looked up */
	struct store_games *gs = NULL;
	if (nids > 1 && ids[nids - 1] - ids[0] < 2 * nids)
		rc = store_games_open(s, ids[0], ids[nids - 1], checkpoint_build(), &gs, d);
	for (long i = 0; i < nids && rc == ST_OK; i++) {
		struct stored_game *g = NULL;
		char *kept = NULL;
		if (gs)
			rc = store_games_next(gs, ids[i], &g, &kept, d);
		else if ((rc = store_game_load(s, ids[i], &g, d)) == ST_OK && strcmp(format, "json") == 0)
			rc = store_standings_get(s, ids[i], checkpoint_build(), &kept, d);
		if (rc == ST_OK)
			rc = export_game(f, format, g, kept, i + 1 == nids, &written, d);
		free(kept);
		stored_game_free(g);
		progress_add(pr, 1);
	}
	store_games_close(gs);
	progress_done(pr);
	if (rc == ST_OK && strcmp(format, "json") == 0)
		fprintf(f, "]}\n");
	else if (rc == ST_OK && strcmp(format, "bgstats") == 0)
		fprintf(f, "%s\n", EXPORT_BGSTATS_TAIL);
	else if (rc == ST_OK && strcmp(format, "bgg") == 0)
		fprintf(f, "%s\n", EXPORT_BGG_TAIL);
	return rc;
}

/* The export's --format, checked: json unless said. */
static enum status
export_format(const struct cmd_run *r, const char **format, struct diag *d)
{
	const char *path = cmd_opt(r, "output");
	*format = cmd_opt(r, "format") ? cmd_opt(r, "format") : "json";
	if (r->ctx->json && path == NULL && strcmp(*format, "json") != 0)
		/* --json promises JSON on stdout */
		return diag_set(d, ST_USAGE, NULL, *format, "export",
		    "--json prints JSON; --format %s needs -o FILE (or leave out --json)", *format);
	static const char *const formats[] = { "json", "csv", "hands", "ledger", "bgstats", "bgg" };
	size_t k = 0;
	while (k < ARRAY_LEN(formats) && strcmp(*format, formats[k]) != 0)
		k++;
	if (k == ARRAY_LEN(formats))
		return diag_set(d, ST_USAGE, NULL, *format, "export",
		    "--format is json, csv, hands, ledger, bgstats or bgg, not '%s'", *format);
	return ST_OK;
}

static enum status
cmd_export_exec(struct cmd_run *r, struct diag *d)
{
	struct query q = {0};
	const char *format, *path = cmd_opt(r, "output");
	long *ids = NULL, nids = 0;
	struct afile af = {0};
	enum status rc;
	if ((rc = export_format(r, &format, d)) != ST_OK || (rc = query_parse(r->argc, r->argv, &q, d)) != ST_OK)
		goto out;
	/* the json export carries deleted games too, marked, so that a file
	 * that imports it deletes them as well (the merge rules,
	 * cmd/cmd-import.c); the tables and the journal leave them out */
	if (strcmp(format, "json") == 0 && q.deleted == 0)
		q.deleted = 2;
	/* a file is written whole or not at all: the old one stays until the
	 * new one is complete */
	if ((rc = report_game_ids(r->store, &q, &ids, &nids, d)) != ST_OK ||
	    (path && (rc = afile_open(&af, path, d)) != ST_OK))
		goto out;
	rc = export_games(r->store, path ? af.f : stdout, format, ids, nids, d);
	if (path && rc == ST_OK) {
		/* said as sheet says it: "wrote PATH" (stderr for -o -) */
		if ((rc = afile_commit(&af, d)) == ST_OK)
			cmd_wrote(r->ctx, path);
	} else if (path)
		afile_abort(&af);
	else
		fflush(stdout);
out:
	query_release(&q);
	free(ids);
	return rc;
}

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.usage = "[QUERY] [--format json|csv|hands|ledger|bgstats|bgg] [-o|--output FILE]",
	.summary = "write the games that match: everything (json), a table (csv), every hand's values (hands), the chip journal (ledger), or the plays for BG Stats (bgstats) or BoardGameGeek (bgg)",
	.options = (const struct cmd_option[]){ { "format", 0, "FORMAT" }, { "output", 'o', "FILE" }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_export_exec,
};
