/* SPDX-License-Identifier: ISC */
/*
 * cmd-shell.c: `tally shell`, table mode.  A prompt that knows the game and
 * what comes next ("golf #12 hole 4> "); every command without the `tally`
 * prefix and without shell quoting; `hand` with no arguments asks for the
 * hand field by field in the game's own terms, checking each answer as it is
 * given; tab completion; history.  Without a terminal it reads the same
 * commands from stdin with no prompts, so a night can be piped in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/entry.h"
#include "../core/fit.h"
#include "../core/lineedit.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "shell.h"

extern const struct cmd_entry cmd_hand_entry, cmd_shell_entry;

struct shell {
	struct cmd_ctx *ctx;
	struct lineedit *le;
	int guided;       /* answering a guided entry: complete names and cards */
	int quit;         /* `quit`, or the input ended inside a guided hand */
	int cut_short;    /* the input ended inside a guided hand */
	enum status first_failure;
	long shown_id, shown_rev; /* the game the prompt shows (0: none, or no prompt) */
	int shown_hands;
	/* and what it was then, to say what another terminal changed: its
	 * entries (shown_hands of them), seats, substitutes, over or not */
	char **shown_entries;
	char *shown_subs;
	int shown_players, shown_over;
};

/* The substitutes of g in one string, to tell whether they changed. */
static char *
subs_text(const struct stored_game *g)
{
	struct strbuf sb = {0};
	for (int i = 0; i < g->nsubs; i++)
		sb_printf(&sb, "%d %d %s\n", g->subs[i].seat, g->subs[i].hand, g->subs[i].name);
	return sb.s ? sb_take(&sb) : xstrdup("");
}

/* Forget the game the prompt showed. */
static void
shown_forget(struct shell *sh)
{
	for (int i = 0; sh->shown_entries && i < sh->shown_hands; i++)
		free(sh->shown_entries[i]);
	free(sh->shown_entries);
	free(sh->shown_subs);
	sh->shown_entries = NULL;
	sh->shown_subs = NULL;
	sh->shown_id = 0;
}

/* Remember game g (st its replay) as the prompt shows it. */
static void
shown_keep(struct shell *sh, const struct stored_game *g, const struct game_state *st)
{
	shown_forget(sh);
	sh->shown_id = g->id;
	sh->shown_rev = g->revision;
	sh->shown_hands = g->nhands;
	sh->shown_entries = xcalloc((size_t)g->nhands + 1, sizeof *sh->shown_entries);
	for (int i = 0; i < g->nhands; i++)
		sh->shown_entries[i] = xstrdup(g->entries[i]);
	sh->shown_subs = subs_text(g);
	sh->shown_players = g->nplayers;
	sh->shown_over = st->over || st->closed;
}

/* What another terminal changed in game g (st its replay) since the
 * prompt showed it, in words ("it had 1 round, it has 2 now; round 1 is
 * not what it was"), or "" when nothing the table sees (a note, say);
 * a heap string. */
static char *
shown_changes(const struct shell *sh, const struct stored_game *g, const struct game_state *st)
{
	struct strbuf sb = {0};
	const char *hw = st->rules->words.hand_word;
	int over = st->over || st->closed, edited = 0, nedited = 0;
	if (g->nhands != sh->shown_hands)
		sb_printf(&sb, "it had %d %s%s, it has %d now", sh->shown_hands, hw, plural_s(sh->shown_hands),
		    g->nhands);
	for (int i = 0; i < g->nhands && i < sh->shown_hands; i++)
		if (strcmp(g->entries[i], sh->shown_entries[i]) != 0 && nedited++ == 0)
			edited = i + 1;
	if (nedited == 1)
		sb_printf(&sb, "%s%s %d is not what it was", sb.len ? "; " : "", hw, edited);
	else if (nedited > 1)
		sb_printf(&sb, "%s%d %ss from %s %d on are not what they were", sb.len ? "; " : "", nedited, hw, hw,
		    edited);
	if (g->nplayers != sh->shown_players)
		sb_printf(&sb, "%sit had %d players, it has %d now", sb.len ? "; " : "", sh->shown_players, g->nplayers);
	char *subs = subs_text(g);
	if (strcmp(subs, sh->shown_subs) != 0)
		sb_printf(&sb, "%sa seat has another player ('sub')", sb.len ? "; " : "");
	free(subs);
	if (over != sh->shown_over)
		sb_printf(&sb, "%s%s", sb.len ? "; " : "", over ? "it is over now" : "it is open again");
	return sb.s ? sb_take(&sb) : xstrdup("");
}

/* Game id's state (0: the current game), or NULL when there is none
 * (read only). */
static struct game_state *
game_by_id(struct shell *sh, long id, struct stored_game **g)
{
	struct diag d = {0};
	struct game_state *st = NULL;
	if (cmd_read_game(sh->ctx, id, g, &st, &d) != ST_OK) {
		diag_clear(&d);
		return NULL;
	}
	diag_clear(&d);
	return st;
}

/* The current game's state, or NULL when there is none (read only). */
static struct game_state *
current_game(struct shell *sh, struct stored_game **g)
{
	return game_by_id(sh, 0, g);
}

/* "hole 4 of 9 (dealer Cid)" -> "hole 4"; "hand 7 of 12: domino (...)" ->
 * "hand 7 domino". */
static void
short_next(const char *next, char *out, size_t size)
{
	struct strbuf sb = {0};
	const char *p = next;
	while (*p && *p != '(') {
		if (strncmp(p, " of ", 4) == 0 && p[4] >= '0' && p[4] <= '9') {
			p += 4;
			while (*p >= '0' && *p <= '9')
				p++;
			continue;
		}
		if (*p != ':' && *p != ',')
			sb_addc(&sb, *p);
		p++;
	}
	while (sb.len && sb.s[sb.len - 1] == ' ')
		sb.s[--sb.len] = '\0';
	snprintf(out, size, "%s", sb.len ? sb.s : "");
	utf8_cut_tail(out);
	sb_release(&sb);
}

static char *
make_prompt(struct shell *sh)
{
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	char brief[160] = "", *next;
	char *p;
	if (st == NULL)
		return xstrdup("tally> ");
	next = rules_next_text(st);
	short_next(next, brief, sizeof brief);
	free(next);
	shown_keep(sh, g, st);
	/* the prompt names the current game, over or not */
	p = xasprintf("%s #%ld %s> ", st->rules->name, g->id, st->over || st->closed ? "over" : brief);
	state_free(st);
	stored_game_free(g);
	return p;
}

/* ---- completion ---- */

static void
add_candidate(char ***v, int *n, const char *word, const char *cand)
{
	if (strncmp(cand, word, strlen(word)) != 0)
		return;
	*v = xrealloc(*v, sizeof **v * (size_t)(*n + 2));
	(*v)[(*n)++] = xstrdup(cand);
	(*v)[*n] = NULL;
}

static const char *const card_ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk" };

static void
add_ranks(char ***v, int *n, const char *word)
{
	for (size_t i = 0; i < ARRAY_LEN(card_ranks); i++)
		add_candidate(v, n, word, card_ranks[i]);
}

/* The role named by a word "--ROLE" (or a unique prefix) in rules, or NULL. */
static const struct role_def *
role_of(const struct game_rules *rules, const char *word)
{
	struct diag d = {0};
	const struct role_def *r = NULL;
	if (rules && strncmp(word, "--", 2) == 0 && word[2])
		r = entry_find_role(rules, word, &d);
	diag_clear(&d);
	return r;
}

/* After `-o`: KEY= for every option (no space follows), or once the key is
 * typed (word is what follows "KEY="), that option's values. */
/* The pads the club saved (`tally pad save`), as games to complete. */
static void
complete_saved_pads(struct shell *sh, char ***v, int *n, const char *word)
{
	struct saved_pad *pads = NULL;
	struct store *s;
	struct diag d = {0};
	int npads = 0;
	if (cmd_store(sh->ctx, &s, &d) == ST_OK && store_begin(s, 0, &d) == ST_OK) {
		if (store_pad_list(s, &pads, &npads, &d) == ST_OK)
			for (int i = 0; i < npads; i++)
				add_candidate(v, n, word, pads[i].name);
		store_end(s, 0, &d);
	}
	for (int i = 0; i < npads; i++)
		saved_pad_release(&pads[i]);
	free(pads);
	diag_clear(&d);
}

static void
complete_option(char ***v, int *n, const struct game_rules *rules, const char *key, const char *word)
{
	if (key == NULL) {
		if (rules->presets)
			add_candidate(v, n, word, "preset=");
		for (const struct option_def *od = rules->options; od && od->key; od++) {
			char *k = xasprintf("%s=", od->key);
			add_candidate(v, n, word, k);
			free(k);
		}
		return;
	}
	if (strcmp(key, "preset") == 0) {
		for (const struct preset_def *p = rules->presets; p && p->name; p++)
			add_candidate(v, n, word, p->name);
		return;
	}
	const struct option_def *od = options_find(rules, key);
	const char *vals = od ? (od->type == OPT_BOOL ? "true|false" : od->values) : NULL;
	for (const char *p = vals; p && *p;) {
		size_t len = strcspn(p, "|");
		char *c = xstrndup(p, len);
		if (strstr(c, "..") == NULL) /* a range, not a value */
			add_candidate(v, n, word, c);
		free(c);
		p += len + (p[len] == '|');
	}
}

/* Known players of the database not yet on the line (argv[from..]). */
static void
complete_known_players(struct shell *sh, char ***v, int *n, const char *word, int argc, char **argv, int from)
{
	struct store *s;
	struct diag d = {0};
	char **names = NULL;
	long nnames = 0;
	if (cmd_store(sh->ctx, &s, &d) == ST_OK && store_begin(s, 0, &d) == ST_OK) {
		if (report_player_names(s, &names, &nnames, &d) == ST_OK) {
			for (long i = 0; i < nnames; i++) {
				int typed = names[i] == NULL;
				for (int j = from; !typed && j < argc; j++)
					typed = str_ieq(argv[j], names[i]);
				if (!typed && str_iprefix(word, names[i]))
					add_candidate(v, n, names[i], names[i]);
			}
			report_names_free(names, nnames);
		}
		store_end(s, 0, &d);
	}
	diag_clear(&d);
}

/* A partner after '+' in `new GAME Ann+C` (a game played in sides,
 * core/sides.h): each known player whose name starts with what follows
 * the '+', not already on the word, offered as the whole word
 * "Ann+Cid". */
static void
complete_partner(struct shell *sh, char ***v, int *n, const char *word, const char *plus)
{
	char **cands = NULL, *head = xstrndup(word, (size_t)(plus - word));
	int ncands = 0;
	char *argv1[] = { head };
	complete_known_players(sh, &cands, &ncands, plus + 1, 1, argv1, 0);
	for (int i = 0; i < ncands; i++) {
		char *whole = xasprintf("%s+%s", head, cands[i]);
		add_candidate(v, n, whole, whole); /* matched case-folded above */
		free(whole);
		free(cands[i]);
	}
	free(cands);
	free(head);
}

/* In a hand: NAME= for each player, NAME.FIELD= once a dot is typed,
 * --ROLE, a player after a role that names one, cards in a value. */
static void
complete_entry(struct shell *sh, char ***v, int *n, const char *word, const char *last, int after_eq)
{
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	if (st == NULL)
		return;
	const struct role_def *role = last ? role_of(st->rules, last) : NULL;
	if (after_eq) {
		add_ranks(v, n, word);
	} else if (strncmp(word, "--", 2) == 0) {
		for (const struct role_def *r = st->rules->roles; r && r->name; r++) {
			char *c = xasprintf("--%s", r->name);
			add_candidate(v, n, word, c);
			free(c);
		}
	} else if (role && role->kind == ROLE_PLAYER) {
		for (int i = 0; i < st->nplayers; i++)
			if (str_iprefix(word, st->p[i].name))
				add_candidate(v, n, st->p[i].name, st->p[i].name);
	} else {
		const char *dot = strchr(word, '.');
		char *who = dot ? xstrndup(word, (size_t)(dot - word)) : NULL;
		for (int i = 0; i < st->nplayers; i++) {
			const char *name = st->p[i].name;
			if (who && str_ieq(who, name)) {
				for (const char *f = st->rules->fields; f && *f;) {
					size_t len = strcspn(f, " ");
					char *c = xasprintf("%s.%.*s=", name, (int)len, f);
					add_candidate(v, n, word, c);
					free(c);
					f += len + (f[len] == ' ');
				}
			} else if (dot == NULL && str_iprefix(word, name)) {
				char *c = xasprintf("%s=", name);
				add_candidate(v, n, c, c);
				free(c);
			}
		}
		free(who);
		/* a card list goes on after NAME=A with no quotes */
		if (dot == NULL && last && strchr(last, '=') && !role_of(st->rules, last))
			add_ranks(v, n, word);
	}
	state_free(st);
	stored_game_free(g);
}

static char **
complete(const char *word, const char *line, void *ctx)
{
	struct shell *sh = ctx;
	char **v = NULL;
	int n = 0, argc = 0;
	char **argv = NULL;
	struct diag d = {0};
	/* the words before the one being completed */
	size_t upto = strlen(line) >= strlen(word) ? strlen(line) - strlen(word) : 0;
	char *head = xstrndup(line, upto);
	if (entry_split(head, &argc, &argv, &d) != ST_OK) {
		/* inside an open quote: a card list */
		add_ranks(&v, &n, word);
		diag_clear(&d);
		free(head);
		return v;
	}
	free(head);
	/* the word follows "KEY=" or "NAME=" directly: '=' breaks words */
	int after_eq = upto > 0 && line[upto - 1] == '=';
	const char *last = argc ? argv[argc - 1] : NULL;
	const struct cmd_entry *c = NULL;
	if (argc > 0 && strchr(argv[0], '=') == NULL && strncmp(argv[0], "--", 2) != 0) {
		c = cmd_find(argv[0], &d);
		diag_clear(&d);
	}
	const struct game_rules *rules = NULL;
	if (argc >= 2 && c && (strcmp(c->name, "new") == 0 || strcmp(c->name, "rules") == 0 ||
	    strcmp(c->name, "sheet") == 0)) {
		/* a built-in game, or a pad the club saved (its options are the pad's) */
		struct saved_pad pad;
		struct diag dp = {0};
		if (cmd_find_game(sh->ctx, argv[1], &rules, &pad, &dp) != ST_OK)
			rules = NULL;
		saved_pad_release(&pad);
		diag_clear(&dp);
	}

	if (sh->guided) {
		/* an answer: a player's name, or cards */
		struct stored_game *g = NULL;
		struct game_state *st = current_game(sh, &g);
		for (int i = 0; st && i < st->nplayers; i++)
			add_candidate(&v, &n, word, st->p[i].name);
		if (*word) {
			add_ranks(&v, &n, word);
			add_candidate(&v, &n, word, "throw");
		}
		state_free(st);
		stored_game_free(g);
	} else if (argc == 0) {
		for (int i = 0; cmd_table[i]; i++)
			add_candidate(&v, &n, word, cmd_table[i]->name);
		add_candidate(&v, &n, word, "quit");
		/* an entry typed straight in is a hand */
		if (*word)
			complete_entry(sh, &v, &n, word, NULL, 0);
	} else if (rules && after_eq && argc >= 3 && strcmp(argv[argc - 2], "-o") == 0) {
		char *key = xstrndup(last, strlen(last) - 1);
		complete_option(&v, &n, rules, key, word);
		free(key);
	} else if (rules && strcmp(last, "-o") == 0) {
		complete_option(&v, &n, rules, NULL, word);
	} else if (argc == 1 && c && (strcmp(c->name, "new") == 0 || strcmp(c->name, "rules") == 0 ||
	    strcmp(c->name, "sheet") == 0 || strcmp(c->name, "deal") == 0)) {
		for (int i = 0; rules_registry[i]; i++)
			add_candidate(&v, &n, word, rules_registry[i]->name);
		if (strcmp(c->name, "deal") != 0)
			complete_saved_pads(sh, &v, &n, word);
	} else if (c && strcmp(c->name, "new") == 0 && !after_eq) {
		const char *plus = rules && rules->score.sides_option ? strrchr(word, '+') : NULL;
		if (strcmp(word, "-") == 0)
			add_candidate(&v, &n, word, "-o");
		else if (plus)
			complete_partner(sh, &v, &n, word, plus);
		else
			complete_known_players(sh, &v, &n, word, argc, argv, 2);
	} else if (c == NULL || c == &cmd_hand_entry || strcmp(c->name, "edit") == 0) {
		complete_entry(sh, &v, &n, word, last, after_eq);
	}
	entry_argv_free(argc, argv);
	return v;
}

/* ---- running a command line ---- */

static enum status
run_command(struct shell *sh, int argc, char **argv);
static enum status
run_words(struct shell *sh, int argc, char **argv);

/*
 * Table mode spares shell quoting: `Ann=A 2 3 4 Bob=7` is two tokens.  A
 * new token starts at a word NAME=... or NAME.FIELD=... whose NAME is a
 * player of the game, at --ROLE (and its argument, for a role that takes
 * one) and at -g ID; any other word goes on the value before it, after a
 * space.  argv[from..argc-1] is rewritten in place (heap strings); returns
 * the new argc.  Without a game the words are left as they are.
 */
/* 1 when name is a player of g (its head: cmd_read_head), or the
 * substitute playing a seat now (`tally sub`: the latest change up to
 * the next hand), by full name or unique prefix, as the entry parser
 * reads it. */
static int
names_a_seat(const struct stored_game *g, const char *name)
{
	struct diag d = {0};
	char **now = xcalloc((size_t)g->nplayers + 1, sizeof *now);
	int n = 0, found;
	found = entry_find_player(name, g->names, g->nplayers, &d) >= 0;
	diag_clear(&d);
	for (int i = 0; i < g->nsubs; i++) {
		const struct seat_change *c = &g->subs[i];
		if (c->hand <= g->live + 1 && c->seat < g->nplayers)
			now[c->seat] = strcmp(c->name, g->names[c->seat]) == 0 ? NULL : c->name;
	}
	for (int j = 0; !found && j < g->nplayers; j++)
		if (now[j])
			now[n++] = now[j];
	if (!found && n > 0) {
		found = entry_find_player(name, now, n, &d) >= 0;
		diag_clear(&d);
	}
	free(now);
	return found;
}

static int
join_values(struct shell *sh, int argc, char **argv, int from)
{
	struct stored_game *g = NULL;
	long id = 0;
	struct diag d = {0};
	cmd_game_among(&cmd_hand_entry, argc - from, argv + from, &id, &d);
	diag_clear(&d);
	/* the seats only: the line's command loads the game once, itself */
	const struct game_rules *rules = NULL;
	if (cmd_read_head(sh->ctx, id, &g, &d) != ST_OK || (rules = rules_find(g->kind)) == NULL) {
		diag_clear(&d);
		stored_game_free(g);
		return argc;
	}
	int n = from, value = -1;
	for (int i = from; i < argc; i++) {
		char *w = argv[i];
		const struct role_def *r = role_of(rules, w);
		int starts = 0;
		if (r || strcmp(w, "-g") == 0 || strncmp(w, "--", 2) == 0) {
			argv[n++] = w;
			if ((strcmp(w, "-g") == 0 || (r && r->kind != ROLE_FLAG)) && i + 1 < argc)
				argv[n++] = argv[++i];
			value = -1;
			continue;
		}
		const char *eq = strchr(w, '=');
		if (eq && eq != w) {
			char *left = xstrndup(w, (size_t)(eq - w));
			char *dot = strrchr(left, '.');
			starts = names_a_seat(g, left);
			if (!starts && dot) {
				*dot = '\0';
				starts = names_a_seat(g, left);
			}
			free(left);
		}
		/* a word with NAME= is never part of a value (cards have no
		 * '='): a name that is no seat is left for the entry to refuse
		 * with its suggestion, not glued to the value before it */
		if (starts || value < 0 || (eq && eq != w)) {
			value = starts ? n : -1;
			argv[n++] = w;
		} else {
			char *joined = xasprintf("%s %s", argv[value], w);
			free(argv[value]);
			free(w);
			argv[value] = joined;
		}
	}
	argv[n] = NULL;
	stored_game_free(g);
	return n;
}

/* Build the tokens of answers[0..k-1]; returns argc, the argv is heap. */
static int
tokens_of(struct game_state *st, int k, char **answers, char ***out)
{
	char **v = xcalloc((size_t)(4 * k + 4), sizeof *v);
	int n = 0;
	for (int j = 0; j < k; j++) {
		struct guide_step g;
		if (!rules_guide(st, j, answers, &g) || answers[j][0] == '\0')
			continue;
		switch (g.kind) {
		case GUIDE_VALUE:
			v[n++] = xasprintf("%s=%s", g.token, answers[j]);
			break;
		case GUIDE_ROLE:
			v[n++] = xasprintf("--%s", g.token);
			v[n++] = xstrdup(answers[j]);
			break;
		case GUIDE_ROLE_LIST: {
			char *copy = xstrdup(answers[j]), *save = NULL;
			for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
				v = xrealloc(v, sizeof *v * (size_t)(n + 4 * k + 4));
				v[n++] = xasprintf("--%s", g.token);
				v[n++] = xstrdup(t);
			}
			free(copy);
			break;
		}
		case GUIDE_VALUES: {
			/* one word per field; words past the last field stay on it,
			 * where the game refuses them */
			char *toks = xstrdup(g.token), *words = xstrdup(answers[j]);
			char *ts = NULL, *ws = NULL, *t = strtok_r(toks, " ", &ts);
			int last = -1;
			v = xrealloc(v, sizeof *v * (size_t)(n + 4 * k + 8));
			for (char *w = strtok_r(words, ENTRY_BLANKS, &ws); w; w = strtok_r(NULL, ENTRY_BLANKS, &ws)) {
				if (t) {
					last = n;
					v[n++] = xasprintf("%s.%s=%s", st->p[g.seat].name, t, w);
					t = strtok_r(NULL, " ", &ts);
				} else if (last >= 0) {
					char *more = xasprintf("%s %s", v[last], w);
					free(v[last]);
					v[last] = more;
				}
			}
			free(toks);
			free(words);
			break;
		}
		case GUIDE_FLAG:
			if (answers[j][0] == 'y' || answers[j][0] == 'Y')
				v[n++] = xasprintf("--%s", g.token);
			break;
		}
	}
	v[n] = NULL;
	*out = v;
	return n;
}

/* Does this refusal concern the answer just given? */
static int
blames(const struct diag *d, const struct game_state *st, const struct guide_step *g, const char *answer)
{
	if (d->value && (strcmp(d->value, answer) == 0 || strstr(answer, d->value)))
		return d->status == ST_USAGE || d->status == ST_NOINPUT || g->seat < 0 ||
		    (d->player && strcmp(d->player, st->p[g->seat].name) == 0);
	if (g->seat >= 0 && d->player && strcmp(d->player, st->p[g->seat].name) == 0)
		return d->status != ST_RULE || g->last_for_seat;
	return 0;
}

/* Does question g ask for field ("opening", "clean") of its player, or
 * for the role field ("out")? */
static int
asks_field(const struct game_state *st, const struct guide_step *g, const char *field)
{
	if (g->seat < 0)
		return (g->kind == GUIDE_ROLE || g->kind == GUIDE_ROLE_LIST || g->kind == GUIDE_FLAG) &&
		    strcmp(g->token, field) == 0;
	if (g->kind == GUIDE_VALUES) {
		char *words = xstrdup(g->token), *save = NULL;
		int found = 0;
		for (char *w = strtok_r(words, " ", &save); w && !found; w = strtok_r(NULL, " ", &save))
			found = strcmp(w, field) == 0;
		free(words);
		return found;
	}
	const char *name = st->p[g->seat].name;
	size_t n = strlen(name);
	return g->kind == GUIDE_VALUE && strncmp(g->token, name, n) == 0 && g->token[n] == '.' &&
	    strcmp(g->token + n + 1, field) == 0;
}

/*
 * Which question a refusal met at question k (step) is about, the
 * answers 0..n-1 checked: the question of the field the game names
 * (diag_field), k or before, once its player has answered every question,
 * even one asked about another player; else k
 * when the refusal blames the answer just given; else -1 (nobody's fault
 * yet: the answers still to come may settle it).  So a refusal never asks
 * again a question whose answer cannot fix it.
 */
static int
fault_question(struct game_state *st, int k, int n, char *const *answers, const struct guide_step *step,
    const struct diag *d)
{
	if (d->field && d->player) {
		int at = -1, done = 0;
		for (int j = 0; j < n; j++) {
			struct guide_step g;
			if (!rules_guide(st, j, answers, &g))
				break;
			if (g.seat < 0 && asks_field(st, &g, d->field))
				at = j;
			if (g.seat >= 0 && strcmp(st->p[g.seat].name, d->player) == 0) {
				if (asks_field(st, &g, d->field))
					at = j;
				done = g.last_for_seat;
			}
		}
		if (at >= 0 && at <= k && done)
			return at;
	}
	return blames(d, st, step, answers[k]) ? k : -1;
}

/* Question g's key: which question it is, whatever its words say (they
 * may change with the answers around it). */
static char *
question_key(const struct guide_step *g)
{
	return xasprintf("%d %d %s", g->seat, (int)g->kind, g->token);
}

/* The input ended inside a guided hand of game id.  At a terminal that
 * is Ctrl-D: the hand is abandoned and the prompt comes back (Ctrl-D at
 * the prompt leaves), ST_OK.  Piped input that ends there: say so; the
 * shell stops with ST_USAGE. */
static enum status
cut_short(struct shell *sh, const struct game_state *st, long id)
{
	if (lineedit_interactive(sh->le)) {
		printf("  (hand abandoned; nothing stored)\n");
		return ST_OK;
	}
	cmd_say(stderr, "", "tally: the input ended in the middle of %s #%ld %s %d; nothing stored",
	    rules_title(st->rules, &st->opts), id, st->rules->words.hand_word, st->nhands + 1);
	sh->quit = 1;
	sh->cut_short = 1;
	return ST_USAGE;
}

/* Are two replays of a game the same hands? */
static int
same_hands(const struct game_state *a, const struct game_state *b)
{
	if (a->nentries != b->nentries)
		return 0;
	return a->nentries == 0 || strcmp(a->entries[a->nentries - 1], b->entries[b->nentries - 1]) == 0;
}

/*
 * Before a guided hand is stored: read game id again.  Unchanged since the
 * questions began (st): *now is that state.  Changed (another terminal
 * recorded, undid or ended something): say so, check the answers
 * (argv) against the new state, and ask whether to store them as the next
 * hand there; *now is the new state when the player says yes, NULL when
 * not.  Returns a refusal's status (the hand breaks a rule now, or the game
 * is gone), ST_USAGE when the input ended, else ST_OK.
 */
static enum status
recheck(struct shell *sh, long id, struct game_state *st, int argc, char **argv,
    struct game_state **now, struct stored_game **gnow)
{
	struct diag d = {0};
	enum status rc;
	*now = NULL;
	*gnow = NULL;
	if (cmd_read_game(sh->ctx, id, gnow, now, &d) != ST_OK)
		return cmd_fail(&d);
	if (same_hands(st, *now))
		return ST_OK;
	char brief[160] = "", *next = rules_next_text(*now);
	short_next(next, brief, sizeof brief);
	free(next);
	cmd_say(stderr, "", "tally: %s #%ld changed while this hand was answered: it has %d %s%s now%s",
	    rules_title((*now)->rules, &(*now)->opts), id, (*now)->nhands, (*now)->rules->words.hand_word, (*now)->nhands == 1 ? "" : "s",
	    (*now)->over || (*now)->closed ? " and is over" : "");
	if ((rc = rules_trial(*now, argc, argv, &d)) != ST_OK) {
		cmd_say(stderr, "", "tally: against the game as it is now: %s; nothing stored", d.message);
		diag_clear(&d);
		goto no;
	}
	char *prompt = xasprintf("  store these answers as %s? [y/N]: ", brief);
	char *line = NULL;
	enum lineedit_result r = lineedit_read(sh->le, prompt, NULL, &line);
	free(prompt);
	if (r == LE_EOF) {
		free(line);
		rc = cut_short(sh, st, id);
		goto no;
	}
	int yes = r == LE_LINE && line && (line[strspn(line, ENTRY_BLANKS)] == 'y' ||
	    line[strspn(line, ENTRY_BLANKS)] == 'Y');
	free(line);
	if (yes)
		return ST_OK;
	rc = ST_OK;
no:
	state_free(*now);
	stored_game_free(*gnow);
	*now = NULL;
	*gnow = NULL;
	return rc;
}

/* `hand` with no entry, for a game with no guide: one line for the whole
 * entry, run as `hand ENTRY`. */
static enum status
one_line_hand(struct shell *sh, struct game_state *st, long id)
{
	char *line = NULL, *prompt = xasprintf("  entry (e.g. %s): ", st->rules->words.example + strlen("tally hand "));
	enum lineedit_result r = lineedit_read(sh->le, prompt, NULL, &line);
	enum status rc = ST_OK;
	free(prompt);
	if (r == LE_EOF)
		rc = cut_short(sh, st, id);
	if (r == LE_LINE) {
		int argc;
		char **argv;
		struct diag d = {0};
		if (entry_split(line, &argc, &argv, &d) == ST_OK) {
			argc = join_values(sh, argc, argv, 0);
			char **v = xcalloc((size_t)argc + 4, sizeof *v);
			v[0] = "hand";
			for (int i = 0; i < argc; i++)
				v[i + 1] = argv[i];
			rc = run_command(sh, argc + 1, v);
			free(v);
			entry_argv_free(argc, argv);
		} else {
			cmd_error(&d);
			rc = d.status;
		}
		diag_clear(&d);
	}
	free(line);
	return rc;
}

/*
 * The answers given so far in a guided hand: v[0..n-1], then a NULL
 * (rules_guide reads up to it).  After a go-back to an earlier question,
 * the answers to the questions after it wait in pool, each under its
 * question's key, until that question comes again: kept if it still
 * holds, else asked again.
 */
struct answers {
	char **v;
	int n;
	struct pooled {
		char *key, *answer;
	} *pool;
	int npool;
};

/* Answer k is answer (taken); v grows as needed, a NULL after its last. */
static void
answers_set(struct answers *a, int k, char *answer)
{
	if (k >= a->n) {
		a->v = xrealloc(a->v, sizeof *a->v * (size_t)(k + 2));
		for (int j = a->n; j <= k + 1; j++)
			a->v[j] = NULL;
		a->n = k + 1;
	}
	free(a->v[k]);
	a->v[k] = answer;
}

/* Only answers 0..n-1 left. */
static void
answers_cut(struct answers *a, int n)
{
	for (; a->n > n; a->n--) {
		free(a->v[a->n - 1]);
		a->v[a->n - 1] = NULL;
	}
}

/* The pool's entry for question g, or -1. */
static int
pooled_at(const struct answers *a, const struct guide_step *g)
{
	char *key = question_key(g);
	int at = -1;
	for (int i = 0; i < a->npool && at < 0; i++)
		if (strcmp(a->pool[i].key, key) == 0)
			at = i;
	free(key);
	return at;
}

/* A go-back to question k: the answers after it go to the pool (an
 * answer pooled before for the same question replaced). */
static void
answers_pool(struct game_state *st, struct answers *a, int k)
{
	int n = a->n;
	struct guide_step *g = xcalloc((size_t)n + 1, sizeof *g);
	for (int j = k + 1; j < n; j++)   /* every key first: v stays whole */
		if (!rules_guide(st, j, a->v, &g[j]))
			n = j;
	for (int j = k + 1; j < n; j++) {
		int at = pooled_at(a, &g[j]);
		if (at < 0) {
			a->pool = xrealloc(a->pool, sizeof *a->pool * (size_t)(a->npool + 1));
			at = a->npool++;
			a->pool[at].key = question_key(&g[j]);
		} else
			free(a->pool[at].answer);
		a->pool[at].answer = a->v[j];
		a->v[j] = NULL;
	}
	free(g);
	answers_cut(a, k + 1);
}

/* The pooled answer to question g, taken from the pool, or NULL. */
static char *
answers_unpool(struct answers *a, const struct guide_step *g)
{
	int at = pooled_at(a, g);
	if (at < 0)
		return NULL;
	char *answer = a->pool[at].answer;
	free(a->pool[at].key);
	a->pool[at] = a->pool[--a->npool];
	return answer;
}

static void
answers_unpool_all(struct answers *a)
{
	while (a->npool > 0) {
		a->npool--;
		free(a->pool[a->npool].key);
		free(a->pool[a->npool].answer);
	}
}

/*
 * Question k's words (step) as every answer known makes them: after a
 * go-back, the answers given before to the questions after it (the
 * pool's, laid out as the questions come), so that a hint such as "Enter:
 * Ann opened" is said only while Ann's answers allow it.
 */
static void
words_ahead(struct game_state *st, const struct answers *a, int k, struct guide_step *step)
{
	if (a->npool == 0)
		return;
	int n = 0;
	char **v = xcalloc((size_t)(k + a->npool) + 2, sizeof *v);
	for (; n < k || (n == k && k < a->n); n++)
		v[n] = a->v[n];
	struct guide_step g;
	for (int at; n < k + a->npool + 1 && rules_guide(st, n, v, &g) && (at = pooled_at(a, &g)) >= 0; n++)
		v[n] = a->pool[at].answer;
	rules_guide(st, k, v, step);
	free(v);
}

/* What became of one question. */
enum asked { ASKED_OK, ASKED_AGAIN, ASKED_STOP };

/* Check answer k (a->v[k]) with the answers before it: ASKED_OK, or
 * ASKED_AGAIN / ASKED_STOP as ask_field() says. */
static enum asked
check_field(struct shell *sh, struct game_state *st, int k, const struct guide_step *step,
    struct answers *a, int *retry, int *again, enum status *rc)
{
	char **argv;
	int argc = tokens_of(st, k + 1, a->v, &argv);
	struct diag d = {0};
	enum status t = rules_trial(st, argc, argv, &d);
	entry_argv_free(argc, argv);
	enum asked res = ASKED_OK;
	int fault = t != ST_OK ? fault_question(st, k, k + 1, a->v, step, &d) : -1;
	*again = k;
	if (fault >= 0) {
		cmd_error(&d);
		*rc = t;
		*retry = 1; /* ask again, with the answer to correct */
		*again = fault;
		res = lineedit_interactive(sh->le) ? ASKED_AGAIN : ASKED_STOP;
	}
	diag_clear(&d);
	return res;
}

/* An empty answer to question step, which needs one: said on stderr. */
static void
say_needed(const struct guide_step *step)
{
	cmd_say(stderr, "", "tally: %s (Ctrl-C abandons the hand)", step->needed[0] ? step->needed :
	    "an answer is needed");
}

/* The prompt of a question when correcting the hand: the answer kept
 * shown in brackets, glued whole (a too-narrow terminal breaks before
 * the bracket, not inside it); an empty one, a skipped question's, not
 * shown, as Enter then stands for the default the question names. */
static char *
kept_prompt(const struct guide_step *step, const char *kept)
{
	if (kept[0] == '\0')
		return xasprintf("  %s: ", step->question);
	char *prompt = xasprintf("  %s [%s]: ", step->question, kept);
	char *b = prompt + strlen(prompt) - strlen(kept) - strlen("[]: ");
	for (; *b != '\0'; b++)   /* from the bracket on */
		if (*b == ' ' && b[1] != '\0')
			*b = FIT_GLUE[0];
	return prompt;
}

/* Ask question k of step and keep the answer as a->v[k]: ASKED_OK, or
 * ASKED_AGAIN (no answer, or one the game refuses: said on stderr; *retry
 * set to offer for correcting the answer of question *again, k or an
 * earlier one whose answer the refusal is about), or ASKED_STOP with *rc
 * (end of input, Ctrl-C, or a bad answer when not at a terminal).  keep:
 * correcting answers given before, where Enter keeps an answer and -
 * clears it; a retry recalls what was typed. */
static enum asked
ask_field(struct shell *sh, struct game_state *st, long id, int k, const struct guide_step *step,
    struct answers *a, int keep, int *retry, int *again, enum status *rc)
{
	int interactive = lineedit_interactive(sh->le);
	char *prompt = keep ? kept_prompt(step, a->v[k]) : xasprintf("  %s: ", step->question);
	char *line = NULL;
	enum lineedit_result r = lineedit_read(sh->le, prompt, *retry && k < a->n ? a->v[k] : NULL, &line);
	free(prompt);
	*retry = 0;
	if (r != LE_LINE) {
		free(line);
		if (r == LE_EOF) {
			*rc = cut_short(sh, st, id);
			return ASKED_STOP;
		}
		if (interactive)
			printf("  (hand abandoned; nothing stored)\n");
		*rc = ST_OK; /* abandoned on purpose: nothing stored, no failure */
		return ASKED_STOP;
	}
	char *s = line;
	while (*s == ' ')
		s++;
	size_t len = strlen(s);
	while (len && s[len - 1] == ' ')
		s[--len] = '\0';
	if (keep && *s == '\0')
		s = a->v[k];
	else if (keep && strcmp(s, "-") == 0)
		s = "";
	*again = k;
	if (*s == '\0' && !step->optional) {
		say_needed(step);
		free(line);
		*rc = ST_USAGE;
		return interactive ? ASKED_AGAIN : ASKED_STOP;
	}
	char *answer = xstrdup(s);
	free(line);
	answers_set(a, k, answer);
	return check_field(sh, st, k, step, a, retry, again, rc);
}

/*
 * Question k after a go-back, answered before as had (taken): kept, and
 * shown as if typed, while it still holds with the answers before it;
 * else said why, for ask_field to ask it again (ASKED_AGAIN, *again k,
 * or an earlier question the refusal is about).
 */
static enum asked
keep_field(struct shell *sh, struct game_state *st, int k, const struct guide_step *step,
    struct answers *a, char *had, int *retry, int *again, enum status *rc)
{
	answers_set(a, k, had);
	*again = k;
	if (*had == '\0' && !step->optional) {
		say_needed(step);
		return ASKED_AGAIN;
	}
	enum asked r = check_field(sh, st, k, step, a, retry, again, rc);
	if (r == ASKED_OK)
		printf("  %s: %s\n", step->question, had);
	return r;
}

/* The whole guided hand (answers 0..k-1), for real: checked again on the
 * game as it is now, then run as `hand -g ID ...`.  *again is set when the
 * player may correct it (refused, at a terminal, and the game unchanged). */
static enum status
store_guided(struct shell *sh, long id, struct game_state *st, int k, char **answers, int *again)
{
	char **argv;
	int argc = tokens_of(st, k, answers, &argv);
	struct cmd_expect expect;
	struct game_state *now = NULL;
	struct stored_game *gnow = NULL;
	enum status rc = recheck(sh, id, st, argc, argv, &now, &gnow);
	*again = 0;
	if (rc != ST_OK || now == NULL) {
		/* refused on the new state, or the player said no */
		entry_argv_free(argc, argv);
		state_free(now);
		stored_game_free(gnow);
		if (rc == ST_OK)
			cmd_say(stderr, "", "tally: nothing stored");
		return rc;
	}
	expect.nhands = now->nentries;
	expect.last = now->nentries ? now->entries[now->nentries - 1] : NULL;
	sh->ctx->expect = &expect;
	char **v = xcalloc((size_t)argc + 4, sizeof *v);
	char idbuf[32];
	snprintf(idbuf, sizeof idbuf, "%ld", id);
	v[0] = "hand";
	v[1] = "-g";
	v[2] = idbuf;
	for (int i = 0; i < argc; i++)
		v[i + 3] = argv[i];
	rc = run_command(sh, argc + 3, v);
	sh->ctx->expect = NULL;
	free(v);
	entry_argv_free(argc, argv);
	/* answered against the old state: no going back to it */
	*again = now->nentries == st->nentries && (rc == ST_RULE || rc == ST_USAGE || rc == ST_NOINPUT) &&
	    lineedit_interactive(sh->le);
	state_free(now);
	stored_game_free(gnow);
	return rc;
}

/* `hand` with no entry: ask for it field by field. */
static enum status
guided_hand(struct shell *sh)
{
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	enum status rc = ST_OK;
	struct answers a = {0};
	struct guide_step step;

	if (st == NULL) {
		cmd_say(stderr, "", "tally: no open game; start one with 'new GAME PLAYER...'");
		return ST_NOINPUT;
	}
	long id = g->id;
	if (!rules_guide(st, 0, a.v, &step)) {
		rc = one_line_hand(sh, st, id);
		goto out;
	}
	if (lineedit_interactive(sh->le))
		cmd_say(stdout, "", "%s #%ld: enter the hand (Ctrl-C abandons it)", rules_title(st->rules, &st->opts), id);
	sh->guided = 1;
	for (int pass = 0, retry = 0, again = 1, told = 0; again; pass++) {
		/* back_to: the refusal was about an earlier answer; that question
		 * is asked again, and the answers after it are kept where they
		 * still hold (the pool), asked again where they do not */
		int k = 0, back_to = 0, kept = pass > 0;
		while (rules_guide(st, k, a.v, &step)) {
			char *had = k >= a.n ? answers_unpool(&a, &step) : NULL;
			enum asked r;
			if (had)
				r = keep_field(sh, st, k, &step, &a, had, &retry, &back_to, &rc);
			else {
				words_ahead(st, &a, k, &step);
				r = ask_field(sh, st, id, k, &step, &a, kept && !retry && k < a.n, &retry, &back_to, &rc);
			}
			if (r == ASKED_STOP)
				goto out;
			if (r == ASKED_OK)
				k++;
			else if (back_to < k) {
				if (!told++)
					cmd_say(stdout, "  ", "  back to that question; the later answers are kept where they"
					    " still hold");
				answers_pool(st, &a, back_to);
				k = back_to;
			}
		}
		answers_unpool_all(&a);
		answers_cut(&a, k);
		rc = store_guided(sh, id, st, k, a.v, &again);
		if (again)
			cmd_say(stdout, "  ", "  correct the hand: Enter keeps an answer, - clears it");
	}
out:
	sh->guided = 0;
	answers_unpool_all(&a);
	free(a.pool);
	answers_cut(&a, 0);
	free(a.v);
	state_free(st);
	stored_game_free(g);
	return rc;
}

/* Run one command line; argv stays the caller's (a --json word is
 * left out of a copy of the array, not of argv, which may own it). */
static enum status
run_command(struct shell *sh, int argc, char **argv_in)
{
	int json = sh->ctx->json;
	enum status rc;
	int j = 0;
	char **argv = xcalloc((size_t)argc + 1, sizeof *argv);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv_in[i], "--json") == 0)
			sh->ctx->json = 1;
		else
			argv[j++] = argv_in[i];
	}
	argc = j;
	rc = run_words(sh, argc, argv);
	free(argv);
	sh->ctx->json = json;
	fflush(stdout);
	return rc;
}

/* run_command without --json: argv is a NULL-terminated array the
 * command may rearrange. */
static enum status
run_words(struct shell *sh, int argc, char **argv)
{
	struct diag d = {0};
	enum status rc;
	if (argc == 0)
		return ST_OK;
	/* an entry typed straight in is a hand */
	const struct cmd_entry *c;
	int entry_first = strchr(argv[0], '=') != NULL || (argv[0][0] == '-' && argv[0][1] == '-' &&
	    strcmp(argv[0], "--help") != 0);
	if (entry_first)
		c = &cmd_hand_entry;
	else if ((c = cmd_find(argv[0], &d)) == NULL)
		return cmd_fail(&d);
	int skip = entry_first ? 0 : 1;
	if (c == &cmd_shell_entry) {
		cmd_say(stderr, "", "tally: already in table mode");
		return ST_USAGE;
	}
	if (c == &cmd_hand_entry && argc - skip == 0)
		rc = guided_hand(sh);
	else if (cmd_wants_help(argc - skip, argv + skip)) {
		cmd_usage(c);
		rc = ST_OK;
	} else
		/* the current game is kept in the database (`use`, `new`) */
		rc = cmd_dispatch(sh->ctx, c, argc - skip, argv + skip);
	return rc;
}

static char *
history_path(void)
{
	const char *x = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	if (x && *x == '/')
		return xasprintf("%s/tally/history", x);
	if (home && *home)
		return xasprintf("%s/.local/state/tally/history", home);
	return NULL;
}

/*
 * Values by position: a line of bare values with no NAME= at all ("9 32
 * 18 5 14 --knock j") gives them to the players in the order a guided
 * hand asks them, from the dealer's left round to the dealer, every seat
 * or every player still in: one order for both, so a hand read out in
 * the order the prompts use goes to the same players.  Role words and
 * their arguments stay as they are; the line says whose each value is.  Returns 1 and rewrites argv (heap
 * strings) when the line is such a hand; 0 when it is not one (it may be a
 * command); -1 with a message when it looks like one but the count is
 * wrong.
 */
/* A number, or one card rank: a value that cannot be a command's name. */
static int
value_like(const char *w)
{
	static const char *const ranks[] = { "A", "J", "Q", "K", "Jk" };
	const char *p = w + (w[0] == '-');
	if (*p >= '0' && *p <= '9')
		return 1;
	for (size_t i = 0; i < ARRAY_LEN(ranks); i++)
		if (str_ieq(w, ranks[i]))
			return 1;
	return 0;
}

/* The game a hand's words are for ("-g ID" among them, else the current
 * game) as it stood before hand `upto` (0: now, for the next hand; edit
 * gives the hand it replaces, whose dealer decides the order). */
static struct game_state *
positional_game(struct shell *sh, int argc, char **argv, int upto, struct stored_game **g)
{
	long id = 0;
	struct diag d = {0};
	enum status rc = cmd_game_among(&cmd_hand_entry, argc, argv, &id, &d);
	diag_clear(&d);
	if (rc != ST_OK)
		return NULL;
	struct game_state *st = game_by_id(sh, id, g);
	if (st == NULL || upto <= 0 || upto > st->nhands)
		return st;
	struct game_record rec = cmd_game_record(*g, st->rules);
	struct game_state *before = rules_replay(&rec, upto - 1, &d);
	diag_clear(&d);
	state_free(st);
	return before;
}

/* The entry the values (val[i] set) of argv would have made in the hand
 * before the next one of st (g's game), in that hand's order from its
 * dealer's left: a heap string, or NULL (no such hand, or refused there). */
static char *
as_previous_hand(const struct stored_game *g, const struct game_state *st, int argc, char **argv,
    const int *val, int nvals)
{
	struct diag d = {0};
	struct game_record rec = cmd_game_record(g, st->rules);
	struct game_state *prev = st->nhands > 0 ? rules_replay(&rec, st->nhands - 1, &d) : NULL;
	char *canon = NULL;
	diag_clear(&d);
	if (prev == NULL)
		return NULL;
	char **v = xcalloc((size_t)argc + 1, sizeof *v);
	int n = 0, k = 0, ok = 1;
	for (int i = 0; i < argc && ok; i++) {
		if (strcmp(argv[i], "-g") == 0) {
			i++;
			continue;
		}
		if (!val[i]) {
			v[n++] = xstrdup(argv[i]);
			continue;
		}
		int seat = nvals == prev->nplayers ? (prev->dealer + 1 + k) % prev->nplayers : rules_seat_from_left(prev, k);
		k++;
		ok = seat >= 0;
		if (ok)
			v[n++] = xasprintf("%s=%s", prev->p[seat].name, argv[i]);
	}
	struct warnings w = {0};
	if (ok && rules_apply_argv(prev, n, v, &w, &d) == ST_OK)
		canon = xstrdup(prev->entries[prev->nentries - 1]);
	warnings_release(&w);
	diag_clear(&d);
	entry_argv_free(n, v);
	state_free(prev);
	return canon;
}

static int
positional(struct shell *sh, int argc, char **argv, int upto)
{
	int nvals = 0;
	for (int i = 0; i < argc; i++)
		if (strchr(argv[i], '='))
			return 0;
	struct stored_game *g = NULL;
	struct game_state *st = positional_game(sh, argc, argv, upto, &g);
	if (st == NULL) {
		stored_game_free(g);
		return 0;
	}
	int *val = xcalloc((size_t)argc + 1, sizeof *val);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-g") == 0) {
			i++;
			continue;
		}
		const struct role_def *r = role_of(st->rules, argv[i]);
		if (r) {
			i += r->kind != ROLE_FLAG;
			continue;
		}
		if (strncmp(argv[i], "--", 2) == 0)
			continue;
		if (!value_like(argv[i])) {
			nvals = -1; /* a word that is no value: not such a hand */
			break;
		}
		val[i] = 1;
		nvals++;
	}
	int in = 0, rc = 0;
	for (int i = 0; i < st->nplayers; i++)
		in += !st->p[i].out;
	int first = strcmp(argv[0], "-g") == 0 && argc > 2 ? 2 : 0;
	int numeric = argv[first][0] == '-' ? argv[first][1] >= '0' && argv[first][1] <= '9'
	    : argv[first][0] >= '0' && argv[first][0] <= '9';
	if (nvals < 0)
		rc = 0;
	else if (nvals > 0 && (nvals == st->nplayers || nvals == in)) {
		struct strbuf said = {0};
		int k = 0;
		/* up-arrow and Enter on the last hand's line: said as a repeat
		 * is (cmd_ctx.repeat_as), though the values go to other players */
		free(sh->ctx->repeat_as);
		sh->ctx->repeat_as = upto <= 0 ? as_previous_hand(g, st, argc, argv, val, nvals) : NULL;
		for (int i = 0; i < argc; i++) {
			if (!val[i])
				continue;
			/* every seat: round from the dealer's left, the out ones
			 * too; else the players still in, as the guide asks */
			int seat = nvals == st->nplayers ? (st->dealer + 1 + k) % st->nplayers : rules_seat_from_left(st, k);
			k++;
			char *tok = xasprintf("%s=%s", st->p[seat].name, argv[i]);
			sb_printf(&said, " %s", tok);
			free(argv[i]);
			argv[i] = tok;
		}
		cmd_say(stdout, "  ", "values from the dealer's left:%s", said.s);
		sb_release(&said);
		rc = 1;
	} else if (numeric) {
		struct strbuf sb = {0};
		for (int k = 0; k < in; k++)
			sb_printf(&sb, "%s%s", sb.len ? " " : "", st->p[rules_seat_from_left(st, k)].name);
		cmd_say(stderr, "", "tally: %d %s for %d %s; values by position go to the players from the dealer's left: %s",
		    nvals, nvals == 1 ? "value" : "values", in, in == 1 ? "player" : "players", sb.s ? sb.s : "");
		sb_release(&sb);
		rc = -1;
	}
	free(val);
	state_free(st);
	stored_game_free(g);
	return rc;
}

/*
 * Before a line that changes a game (a hand typed in, values by position,
 * hand, undo, redo, edit, insert, end) with no -g: is the current game
 * still the one the prompt showed, as it was?  Another terminal may have started a
 * game or recorded, undone or ended something since.  Unchanged: 1.
 * Changed: say how and ask, as a guided hand does; 1 when the player goes
 * on (against the game as it is now), 0 when not.
 */
static int
still_shown(struct shell *sh, int argc, char **argv)
{
	if (sh->shown_id == 0)
		return 1;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "-g") == 0)
			return 1;
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	int same = st && g->id == sh->shown_id && g->revision == sh->shown_rev, yes = 1;
	if (!same) {
		if (st == NULL)
			cmd_say(stderr, "", "tally: the game the prompt showed (#%ld) is no longer the current game",
			    sh->shown_id);
		else if (g->id != sh->shown_id)
			cmd_say(stderr, "", "tally: another terminal made %s #%ld the current game since the prompt showed #%ld",
			    rules_title(st->rules, &st->opts), g->id, sh->shown_id);
		else {
			char *what = shown_changes(sh, g, st);
			cmd_say(stderr, "", "tally: %s #%ld changed since the prompt%s%s", rules_title(st->rules, &st->opts),
			    g->id, *what ? ": " : "", what);
			free(what);
		}
		char *line = NULL, *prompt = st ? xasprintf("  the game changed; go on with %s #%ld as it is now? [y/N]: ",
		    rules_title(st->rules, &st->opts), g->id) : xstrdup("  the game changed; go on? [y/N]: ");
		enum lineedit_result r = lineedit_read(sh->le, prompt, NULL, &line);
		yes = r == LE_LINE && line && (line[strspn(line, ENTRY_BLANKS)] == 'y' ||
		    line[strspn(line, ENTRY_BLANKS)] == 'Y');
		if (!yes)
			cmd_say(stderr, "", "tally: nothing done");
		free(prompt);
		free(line);
	}
	state_free(st);
	stored_game_free(g);
	/* asked once: the next line is checked against the game as it is now */
	shown_forget(sh);
	return yes;
}

/* Does command c (`edit 3 ...`, `insert 3 ...`) take an entry for the
 * hand its first argument numbers? */
static int
names_hand(const struct cmd_entry *c)
{
	return c && (strcmp(c->name, "edit") == 0 || strcmp(c->name, "insert") == 0);
}

/* One line of table mode. */
static enum status
shell_line(struct shell *sh, const char *line)
{
	int argc;
	char **argv;
	struct diag d = {0};
	enum status rc = ST_OK;
	lineedit_remember(sh->le, line + strspn(line, ENTRY_BLANKS));
	if (entry_split(line, &argc, &argv, &d) != ST_OK) {
		cmd_fail(&d);
		return ST_USAGE;
	}
	/* blank (any white space, \r included) or a comment: the tokenizer
	 * alone says what is blank, so no empty command gets through */
	if (argc == 0 || argv[0][0] == '#') {
		entry_argv_free(argc, argv);
		return ST_OK;
	}
	const struct cmd_entry *w = strchr(argv[0], '=') || argv[0][0] == '-' ? NULL : cmd_find(argv[0], NULL);
	int changes = w ? w == &cmd_hand_entry || strcmp(w->name, "undo") == 0 || strcmp(w->name, "redo") == 0 ||
	    strcmp(w->name, "edit") == 0 || strcmp(w->name, "insert") == 0 || strcmp(w->name, "end") == 0
	    : strchr(argv[0], '=') != NULL || strncmp(argv[0], "--", 2) == 0 || value_like(argv[0]);
	if (strcmp(argv[0], "quit") == 0 || strcmp(argv[0], "exit") == 0) {
		sh->quit = 1;
	} else if (changes && !still_shown(sh, argc, argv)) {
		rc = ST_OK;
	} else {
		const struct cmd_entry *c = NULL;
		int pos = 0;
		long edited = 0;
		if (strcmp(argv[0], "-g") == 0 && argc > 2) {
			/* "-g 5 Ann=3 ...": a hand for game 5, as `hand -g 5 ...` */
			argv = xrealloc(argv, sizeof *argv * (size_t)(argc + 2));
			memmove(argv + 1, argv, sizeof *argv * (size_t)(argc + 1));
			argv[0] = xstrdup("hand");
			argc++;
		}
		if (strchr(argv[0], '=') != NULL || strncmp(argv[0], "--", 2) == 0) {
			if ((pos = positional(sh, argc, argv, 0)) == 0)
				argc = join_values(sh, argc, argv, 0);
		} else if ((c = cmd_find(argv[0], &d)) == &cmd_hand_entry && argc > 1 &&
		    (pos = positional(sh, argc - 1, argv + 1, 0)) != 0) {
			/* hand 9 32 18: bare values after `hand` too */
		} else if (names_hand(c) && argc > 2 && parse_long(argv[1], 1, 1000000, &edited) &&
		    (pos = positional(sh, argc - 2, argv + 2, (int)edited)) != 0) {
			/* edit 3 14 6 11: bare values for hand 3, in its order;
			 * insert 3 14 6 11: for the hand put in as hand 3, dealt
			 * by whoever dealt hand 3 */
		} else if (c == &cmd_hand_entry || names_hand(c)) {
			argc = join_values(sh, argc, argv, 1);
		} else if (c == NULL)
			pos = positional(sh, argc, argv, 0);
		diag_clear(&d);
		/* after positional(), NAME=VALUE words: an entry typed straight in */
		rc = pos < 0 ? ST_USAGE : run_command(sh, argc, argv);
		free(sh->ctx->repeat_as);
		sh->ctx->repeat_as = NULL;
	}
	entry_argv_free(argc, argv);
	return rc;
}

/* Ctrl-C while a command runs: its statement stops, its transaction is
 * rolled back, and table mode goes on (called from the signal handler). */
static void
shell_break(void *ctx)
{
	store_interrupt(((struct cmd_ctx *)ctx)->store, 1);
}

enum status
shell_run(struct cmd_ctx *ctx, struct lineedit *le, int interactive)
{
	struct shell sh = { .ctx = ctx, .le = le, .first_failure = ST_OK };
	lineedit_set_completion(le, complete, &sh);
	lineedit_on_break(shell_break, ctx);
	while (!sh.quit) {
		store_interrupt(ctx->store, 0);  /* a Ctrl-C stopped the last command only */
		char *prompt = interactive ? make_prompt(&sh) : xstrdup("");
		char *line = NULL;
		enum lineedit_result r = lineedit_read(sh.le, prompt, NULL, &line);
		free(prompt);
		if (r == LE_EOF)
			break;
		if (r == LE_INTERRUPT) {
			free(line);
			continue;
		}
		enum status rc = shell_line(&sh, line);
		free(line);
		if (rc != ST_OK && sh.first_failure == ST_OK)
			sh.first_failure = rc;
	}
	/* Input that ends inside a guided hand fails on a terminal too; piped
	 * in, the status says whether every line went through. */
	lineedit_set_completion(le, NULL, NULL);
	shown_forget(&sh);
	if (sh.cut_short)
		return ST_USAGE;
	return interactive ? ST_OK : sh.first_failure;
}

static enum status
cmd_shell_exec(struct cmd_run *r, struct diag *d)
{
	int interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	char *hist = interactive ? history_path() : NULL;
	cmd_pager_never();
	cmd_keep_checkpoints();
	(void)d;  /* each command of the night says its own */
	struct lineedit *le = lineedit_open(interactive, hist, 1000, NULL, NULL);
	free(hist);
	if (interactive)
		cmd_say(stdout, "", "tally table mode: commands as in 'tally help' without 'tally'; "
		    "'hand' alone asks for the hand; Tab completes; Ctrl-D leaves.");
	r->ctx->table = 1;
	cmd_table_words(1);
	store_keep_whole(r->ctx->store, 1);
	enum status rc = shell_run(r->ctx, le, interactive);
	lineedit_close(le);
	return rc;
}

const struct cmd_entry cmd_shell_entry = {
	.name = "shell",
	.usage = "",
	.summary = "table mode: a prompt for the whole night (also 'tally' alone on a terminal)",
	.help = "  Commands without 'tally' and without shell quoting (hints say them so,\n"
	    "  'use 2'); 'hand' alone asks for the hand field by field (a refusal asks\n"
	    "  again the question it is about, then keeps the later answers that still\n"
	    "  hold and asks again those it makes wrong); an entry typed straight in is\n"
	    "  a hand; 'use ID' picks the game; Tab completes; Ctrl-C abandons the entry\n"
	    "  or stops a running command; Ctrl-D leaves.\n"
	    "  Without a terminal the commands are read from stdin, one per line.\n"
	    "  Values need no quotes: Ann=A 2 3 4 Bob=7 splits at each player's NAME=;\n"
	    "  bare values go to the players from the dealer's left, as 'hand' asks:\n"
	    "  9 32 18 5 14 --knock j; 'edit 3 ...' and 'insert 3 ...' in the order of\n"
	    "  hand 3's dealer.\n"
	    "  Input that ends inside a guided hand stores nothing and exits 64; a game\n"
	    "  changed meanwhile by another terminal is checked again and the hand\n"
	    "  stored only on 'y'; so is a hand, undo, redo, edit, insert or end\n"
	    "  typed after another terminal changed the game the prompt showed.",
	.run = cmd_shell_exec,
};

/* ---- completion for the command line (`tally completion`) ---- */

/* Table mode's completion breaks words at these (core/lineedit.c). */
#define SHELL_WORD_BREAKS " \t\"'=,"

/* Game ids, for the commands that take one and for -g. */
static void
complete_game_ids(struct shell *sh, char ***v, int *n, const char *word)
{
	struct query all = {0};
	long *ids = NULL, nids = 0;
	struct diag d = {0};
	if (cmd_store(sh->ctx, &sh->ctx->store, &d) == ST_OK && store_begin(sh->ctx->store, 0, &d) == ST_OK) {
		if (report_game_ids(sh->ctx->store, &all, &ids, &nids, &d) == ST_OK)
			for (long i = nids - 1; i >= 0; i--) {
				char id[24];
				snprintf(id, sizeof id, "%ld", ids[i]);
				add_candidate(v, n, word, id);
			}
		store_end(sh->ctx->store, 0, &d);
	}
	diag_clear(&d);
	free(ids);
}

int
cmd_shell_complete_line(struct cmd_ctx *ctx, const char *line, int whole_tokens)
{
	struct shell sh = { .ctx = ctx };
	size_t len = strlen(line), start = len, token = len;
	while (start > 0 && strchr(SHELL_WORD_BREAKS, line[start - 1]) == NULL)
		start--;
	while (token > 0 && line[token - 1] != ' ' && line[token - 1] != '\t')
		token--;
	const char *word = line + start;
	char **v = complete(word, line, &sh);
	int n = 0;
	while (v && v[n])
		n++;
	/* after a command that takes a game id, or -g: the ids too */
	int argc = 0;
	char **argv = NULL;
	struct diag d = {0};
	char *head = xstrndup(line, start);
	if (entry_split(head, &argc, &argv, &d) == ST_OK) {
		static const char *const by_id[] = { "show", "use", "end", "delete", "restore", "sheet", "deal", "ledger" };
		int want = argc >= 1 && strcmp(argv[argc - 1], "-g") == 0;
		for (size_t i = 0; argc == 1 && i < ARRAY_LEN(by_id); i++)
			want |= strcmp(argv[0], by_id[i]) == 0;
		if (want)
			complete_game_ids(&sh, &v, &n, word);
	}
	entry_argv_free(argc, argv);
	diag_clear(&d);
	free(head);
	for (int i = 0; i < n; i++) {
		/* a shell whose words are whole tokens (fish) gets the part of the
		 * token before the word too */
		if (whole_tokens)
			printf("%.*s", (int)(start - token), line + token);
		printf("%s\n", v[i]);
		free(v[i]);
	}
	free(v);
	return n;
}
