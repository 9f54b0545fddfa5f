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
#include "../core/lineedit.h"
#include "../core/rules.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

extern const struct cmd_entry cmd_hand_entry, cmd_shell_entry;

struct shell {
	struct cmd_ctx *ctx;
	struct lineedit *le;
	int guided;       /* answering a guided entry: complete names and cards */
	enum status first_failure;
};

/* The current game's state, or NULL when there is none (read only). */
static struct game_state *
current_game(struct shell *sh, struct stored_game **g)
{
	struct diag d = {0};
	struct game_state *st = NULL;
	if (cmd_load_game(sh->ctx, 0, 0, g, &st, &d) != ST_OK) {
		diag_clear(&d);
		return NULL;
	}
	store_rollback(sh->ctx->store);
	diag_clear(&d);
	return st;
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
	sb_free(&sb);
}

static char *
make_prompt(struct shell *sh)
{
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	char next[160] = "", brief[160] = "";
	char *p;
	if (st == NULL)
		return xstrdup("tally> ");
	st->rules->describe_next(st, next, sizeof next);
	short_next(next, brief, sizeof brief);
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
		static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk" };
		for (size_t i = 0; i < ARRAY_LEN(ranks); i++)
			add_candidate(&v, &n, word, ranks[i]);
		diag_clear(&d);
		free(head);
		return v;
	}
	free(head);
	int in_value = upto > 0 && (line[upto - 1] == '=' || line[upto - 1] == '"');
	const struct game_rules *rules = NULL;
	if (argc >= 2 && (strcmp(argv[0], "new") == 0 || strcmp(argv[0], "rules") == 0 ||
	    strcmp(argv[0], "sheet") == 0))
		rules = rules_find(argv[1]);

	if (sh->guided) {
		/* an answer: a player's name, or cards */
		static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk", "throw" };
		struct stored_game *g = NULL;
		struct game_state *st = current_game(sh, &g);
		for (int i = 0; st && i < st->nplayers; i++)
			add_candidate(&v, &n, word, st->p[i].name);
		for (size_t i = 0; i < ARRAY_LEN(ranks) && *word; i++)
			add_candidate(&v, &n, word, ranks[i]);
		state_free(st);
		stored_game_free(g);
	} else if (argc == 0) {
		for (int i = 0; cmd_table[i]; i++)
			add_candidate(&v, &n, word, cmd_table[i]->name);
		add_candidate(&v, &n, word, "quit");
	}
	if (argc == 1 && (strcmp(argv[0], "new") == 0 || strcmp(argv[0], "rules") == 0 ||
	    strcmp(argv[0], "sheet") == 0 || strcmp(argv[0], "deal") == 0))
		for (int i = 0; rules_registry[i]; i++)
			add_candidate(&v, &n, word, rules_registry[i]->name);
	if (argc >= 2 && rules && strcmp(argv[argc - 1], "-o") == 0) {
		/* an option key, or KEY=VALUE once the key is typed */
		const char *eq = strchr(word, '=');
		if (eq == NULL) {
			if (rules->presets)
				add_candidate(&v, &n, word, "preset=");
			for (const struct option_def *od = rules->options; od && od->key; od++) {
				char *k = xasprintf("%s=", od->key);
				add_candidate(&v, &n, word, k);
				free(k);
			}
		} else {
			char *key = xstrndup(word, (size_t)(eq - word));
			const struct option_def *od = options_find(rules, key);
			const char *vals = od ? (od->type == OPT_BOOL ? "true|false" : od->values) : NULL;
			if (strcmp(key, "preset") == 0)
				for (const struct preset_def *p = rules->presets; p && p->name; p++) {
					char *c = xasprintf("preset=%s", p->name);
					add_candidate(&v, &n, word, c);
					free(c);
				}
			for (const char *s = vals; s && *s;) {
				size_t len = strcspn(s, "|");
				char *c = xasprintf("%s=%.*s", key, (int)len, s);
				if (strstr(c, "..") == NULL)
					add_candidate(&v, &n, word, c);
				free(c);
				s += len + (s[len] == '|');
			}
			free(key);
		}
	} else if (argc >= 1 && !in_value) {
		/* player names: the current game's, or everyone's for `new` */
		struct stored_game *g = NULL;
		struct game_state *st = current_game(sh, &g);
		if (st && strncmp(word, "--", 2) == 0)
			for (const struct role_def *r = st->rules->roles; r && r->name; r++) {
				char *c = xasprintf("--%s", r->name);
				add_candidate(&v, &n, word, c);
				free(c);
			}
		else if (st)
			for (int i = 0; i < st->nplayers; i++)
				add_candidate(&v, &n, word, st->p[i].name);
		state_free(st);
		stored_game_free(g);
	} else if (in_value) {
		static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk" };
		for (size_t i = 0; i < ARRAY_LEN(ranks); i++)
			add_candidate(&v, &n, word, ranks[i]);
	}
	entry_argv_free(argc, argv);
	return v;
}

/* ---- running a command line ---- */

static enum status
run_command(struct shell *sh, int argc, char **argv);

/* Build the tokens of answers[0..k-1]; returns argc, the argv is heap. */
static int
tokens_of(struct game_state *st, int k, char **answers, char ***out)
{
	char **v = xcalloc((size_t)(4 * k + 4), sizeof *v);
	int n = 0;
	for (int j = 0; j < k; j++) {
		struct guide_step g;
		if (!st->rules->guide(st, j, answers, &g) || answers[j][0] == '\0')
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

/* `hand` with no entry: ask for it field by field. */
static enum status
guided_hand(struct shell *sh)
{
	struct stored_game *g = NULL;
	struct game_state *st = current_game(sh, &g);
	enum status rc = ST_OK;
	char **answers = NULL;
	int nanswers = 0, interactive = lineedit_interactive(sh->le);
	struct guide_step step;

	if (st == NULL) {
		fprintf(stderr, "tally: no open game; start one with 'new GAME PLAYER...'\n");
		return ST_NOINPUT;
	}
	long id = g->id;
	if (st->rules->guide == NULL || !st->rules->guide(st, 0, answers, &step)) {
		/* one line for the whole entry */
		char *line = NULL, *prompt = xasprintf("  entry (e.g. %s): ", st->rules->example + strlen("tally hand "));
		enum lineedit_result r = lineedit_read(sh->le, prompt, NULL, &line);
		free(prompt);
		if (r == LE_LINE) {
			int argc;
			char **argv;
			struct diag d = {0};
			if (entry_split(line, &argc, &argv, &d) == ST_OK) {
				char **v = xcalloc((size_t)argc + 4, sizeof *v);
				v[0] = "hand";
				for (int i = 0; i < argc; i++)
					v[i + 1] = argv[i];
				rc = run_command(sh, argc + 1, v);
				free(v);
				entry_argv_free(argc, argv);
			} else {
				fprintf(stderr, "tally: %s\n", d.message);
				rc = d.status;
			}
			diag_clear(&d);
		}
		free(line);
		goto out;
	}
	if (interactive)
		printf("%s #%ld: enter the hand (Ctrl-C abandons it)\n", st->rules->title, id);
	sh->guided = 1;
	int pass = 0, retry = 0;
	for (;; pass++) {
		int k = 0;
		while (st->rules->guide(st, k, answers, &step)) {
			/* correcting a whole hand: Enter keeps an answer, - clears it;
			 * correcting one field: Up recalls what was typed */
			int keep = pass > 0 && !retry && k < nanswers;
			char *prompt = keep ? xasprintf("  %s [%s]: ", step.question, answers[k])
			    : xasprintf("  %s: ", step.question);
			char *line = NULL;
			enum lineedit_result r = lineedit_read(sh->le, prompt,
			    retry && k < nanswers ? answers[k] : NULL, &line);
			free(prompt);
			retry = 0;
			if (r != LE_LINE) {
				free(line);
				if (interactive)
					printf("  (hand abandoned; nothing stored)\n");
				rc = ST_OK; /* abandoned on purpose: nothing stored, no failure */
				goto out;
			}
			char *a = line;
			while (*a == ' ')
				a++;
			size_t len = strlen(a);
			while (len && a[len - 1] == ' ')
				a[--len] = '\0';
			if (keep && *a == '\0')
				a = answers[k];
			else if (keep && strcmp(a, "-") == 0)
				a = "";
			if (*a == '\0' && !step.optional) {
				fprintf(stderr, "tally: an answer is needed (Ctrl-C abandons the hand)\n");
				free(line);
				if (!interactive) {
					rc = ST_USAGE;
					goto out;
				}
				continue;
			}
			char *answer = xstrdup(a);
			free(line);
			if (k >= nanswers) {
				answers = xrealloc(answers, sizeof *answers * (size_t)(k + 2));
				answers[k] = NULL;
				nanswers = k + 1;
			}
			free(answers[k]);
			answers[k] = answer;
			/* check what is known so far */
			char **argv;
			int argc = tokens_of(st, k + 1, answers, &argv);
			struct diag d = {0};
			enum status t = rules_trial(st, argc, argv, &d);
			entry_argv_free(argc, argv);
			if (t != ST_OK && blames(&d, st, &step, answers[k])) {
				fprintf(stderr, "tally: %s\n", d.message);
				diag_clear(&d);
				if (!interactive) {
					rc = t;
					goto out;
				}
				retry = 1;
				continue; /* ask again, with the answer to correct */
			}
			diag_clear(&d);
			k++;
		}
		/* the whole hand, for real */
		char **argv;
		int argc = tokens_of(st, k, answers, &argv);
		char **v = xcalloc((size_t)argc + 4, sizeof *v);
		char idbuf[32];
		snprintf(idbuf, sizeof idbuf, "%ld", id);
		v[0] = "hand";
		v[1] = "-g";
		v[2] = idbuf;
		for (int i = 0; i < argc; i++)
			v[i + 3] = argv[i];
		rc = run_command(sh, argc + 3, v);
		free(v);
		entry_argv_free(argc, argv);
		if ((rc != ST_RULE && rc != ST_USAGE && rc != ST_NOINPUT) || !interactive)
			break;
		printf("  correct the hand: Enter keeps an answer, - clears it\n");
		nanswers = k;
	}
out:
	sh->guided = 0;
	for (int i = 0; i < nanswers; i++)
		free(answers[i]);
	free(answers);
	state_free(st);
	stored_game_free(g);
	return rc;
}

static enum status
run_command(struct shell *sh, int argc, char **argv)
{
	struct diag d = {0};
	int json = sh->ctx->json;
	enum status rc;
	int j = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			sh->ctx->json = 1;
		else
			argv[j++] = argv[i];
	}
	argc = j;
	argv[argc] = NULL;
	if (argc == 0)
		return ST_OK;
	/* an entry typed straight in is a hand */
	const struct cmd_entry *c;
	int entry_first = strchr(argv[0], '=') != NULL || (argv[0][0] == '-' && argv[0][1] == '-' &&
	    strcmp(argv[0], "--help") != 0);
	if (entry_first)
		c = &cmd_hand_entry;
	else if ((c = cmd_find(argv[0], &d)) == NULL) {
		cmd_error(&d);
		diag_clear(&d);
		return ST_USAGE;
	}
	int skip = entry_first ? 0 : 1;
	if (c == &cmd_shell_entry) {
		fprintf(stderr, "tally: already in table mode\n");
		return ST_USAGE;
	}
	if (c == &cmd_hand_entry && argc - skip == 0)
		rc = guided_hand(sh);
	else if (cmd_wants_help(argc - skip, argv + skip)) {
		cmd_usage(c);
		rc = ST_OK;
	} else
		/* the current game is kept in the database (`use`, `new`) */
		rc = c->exec(sh->ctx, argc - skip, argv + skip);
	sh->ctx->json = json;
	fflush(stdout);
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

static enum status
cmd_shell_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct shell sh = { ctx, NULL, 0, ST_OK };
	int interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	char *hist = interactive ? history_path() : NULL;
	(void)argv;
	if (argc > 0) {
		fprintf(stderr, "tally: usage: tally shell\n");
		free(hist);
		return ST_USAGE;
	}
	sh.le = lineedit_open(interactive, hist, 1000, complete, &sh);
	free(hist);
	if (interactive)
		printf("tally table mode: commands as in 'tally help' without 'tally'; "
		    "'hand' alone asks for the hand; Tab completes; Ctrl-D leaves.\n");
	for (;;) {
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
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#') {
			free(line);
			continue;
		}
		lineedit_remember(sh.le, s);
		int wargc;
		char **wargv;
		struct diag d = {0};
		if (entry_split(s, &wargc, &wargv, &d) != ST_OK) {
			cmd_error(&d);
			diag_clear(&d);
			if (sh.first_failure == ST_OK)
				sh.first_failure = ST_USAGE;
			free(line);
			continue;
		}
		free(line);
		enum status rc = ST_OK;
		if (strcmp(wargv[0], "quit") == 0 || strcmp(wargv[0], "exit") == 0) {
			entry_argv_free(wargc, wargv);
			break;
		} else
			rc = run_command(&sh, wargc, wargv);
		entry_argv_free(wargc, wargv);
		if (rc != ST_OK && sh.first_failure == ST_OK)
			sh.first_failure = rc;
	}
	lineedit_close(sh.le);
	/* Piped in: the status says whether every line went through. */
	return interactive ? ST_OK : sh.first_failure;
}

const struct cmd_entry cmd_shell_entry = {
	.name = "shell",
	.usage = "",
	.summary = "table mode: a prompt for the whole night (also 'tally' alone on a terminal)",
	.help = "  Commands without 'tally' and without shell quoting; 'hand' alone asks for\n"
	    "  the hand field by field; an entry typed straight in is a hand; 'use ID'\n"
	    "  picks the game; Tab completes; Ctrl-C abandons the entry; Ctrl-D leaves.\n"
	    "  Without a terminal the commands are read from stdin, one per line.",
	.exec = cmd_shell_exec,
};
