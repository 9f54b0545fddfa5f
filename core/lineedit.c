/* SPDX-License-Identifier: ISC */
/* lineedit.c: line reading with libedit (see lineedit.h). */
#define _GNU_SOURCE
#include "lineedit.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "afile.h"
#include "fit.h"
#include "lineedit_lib.h"
#include "names.h"
#include "util.h"

struct lineedit {
	int interactive;
	int prompts;       /* no libedit on a terminal: print the prompt */
	FILE *in;          /* without a terminal: where lines come from */
	char *history;
	int max_history;
	lineedit_complete_fn complete;
	void *ctx;
	struct sigaction old_int, old_cont;
	char *old_ctype;   /* the caller's LC_CTYPE, put back on close */
};

static volatile sig_atomic_t interrupted, continued, reading;
static struct lineedit *current;
static void (*on_break)(void *);
static void *on_break_ctx;

/* Ctrl-C: at the prompt, the line is dropped (readline returns); while a
 * command runs, the command is told to stop (lineedit_on_break). */
static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
	if (!reading && on_break)
		on_break(on_break_ctx);
}

/* fg after Ctrl-Z: the shell left the terminal as it wants it, so the
 * read in progress is interrupted and readline sets the terminal up
 * again (lineedit_read). */
static void
on_sigcont(int sig)
{
	(void)sig;
	continued = 1;
}

/* Hand the word's candidates to libedit one by one. */
static char **candidates;
static int candidate_next;

static char *
candidate_generator(const char *text, int state)
{
	(void)text;
	if (state == 0)
		candidate_next = 0;
	if (candidates == NULL || candidates[candidate_next] == NULL)
		return NULL;
	return strdup(candidates[candidate_next++]);
}

static char **
attempt_completion(const char *text, int start, int end)
{
	(void)start;
	(void)end;
	char **m = NULL;
	rl_attempted_completion_over = 1;
	if (current == NULL || current->complete == NULL)
		return NULL;
	candidates = current->complete(text, rl_line_buffer, current->ctx);
	/* a candidate that asks for its value ("Ann=", "layout=", "Ann.")
	 * takes no space after it: the value follows at once */
	int glued = candidates && candidates[0];
	for (int i = 0; glued && candidates[i]; i++) {
		size_t len = strlen(candidates[i]);
		glued = len > 0 && (candidates[i][len - 1] == '=' || candidates[i][len - 1] == '.');
	}
	rl_completion_append_character = glued ? '\0' : ' ';
	if (candidates && candidates[0])
		m = rl_completion_matches(text, candidate_generator);
	for (int i = 0; candidates && candidates[i]; i++)
		free(candidates[i]);
	free(candidates);
	candidates = NULL;
	return m;
}

/*
 * libedit decodes keystrokes with the locale's character set, and in the C
 * locale (LANG=C, LC_ALL=C) it drops every byte above 127: "Renée" would
 * arrive as "Rene".  Every name tally stores is UTF-8 whatever the locale,
 * so the editor reads UTF-8: a locale that is not UTF-8 gives way to
 * C.UTF-8 for character types while table mode runs.
 */
static void
read_utf8(struct lineedit *le)
{
	const char *set = nl_langinfo(CODESET);
	if (set && (strcmp(set, "UTF-8") == 0 || strcmp(set, "utf8") == 0))
		return;
	const char *old = setlocale(LC_CTYPE, NULL);
	char *keep = old ? xstrdup(old) : NULL;
	if (setlocale(LC_CTYPE, "C.UTF-8") == NULL && setlocale(LC_CTYPE, "C.utf8") == NULL) {
		free(keep);
		return;
	}
	le->old_ctype = keep;
}

struct lineedit *
lineedit_open(int interactive, const char *history, int max_history,
    lineedit_complete_fn complete, void *ctx)
{
	struct lineedit *le = xcalloc(1, sizeof *le);
	le->interactive = interactive;
	le->complete = complete;
	le->ctx = ctx;
	le->max_history = max_history;
	le->in = stdin;
	if (!interactive)
		return le;
	/* without libedit a terminal still gets prompts, with no editing */
	struct diag d = {0};
	if (lineedit_lib_load(&d) != ST_OK) {
		fprintf(stderr, "tally: warning: %s; reading plain lines\n", d.message);
		diag_clear(&d);
		le->interactive = 0;
		le->prompts = 1;
		return le;
	}
	read_utf8(le);
	current = le;
	rl_readline_name = "tally";
	rl_catch_signals = 0;
	rl_attempted_completion_function = attempt_completion;
	rl_completer_word_break_characters = " \t\"'=,";
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint; /* no SA_RESTART: the read returns */
	sigaction(SIGINT, &sa, &le->old_int);
	sa.sa_handler = on_sigcont;
	sigaction(SIGCONT, &sa, &le->old_cont);
	using_history();
	if (history) {
		le->history = xstrdup(history);
		char *dir = xstrdup(history), *slash = strrchr(dir, '/');
		if (slash) {
			*slash = '\0';
			/* mkdir -p of the state directory */
			for (char *p = dir + 1; *p; p++)
				if (*p == '/') {
					*p = '\0';
					mkdir(dir, 0755);
					*p = '/';
				}
			mkdir(dir, 0755);
		}
		free(dir);
		read_history(history);
	}
	stifle_history(max_history);
	return le;
}

void
lineedit_set_completion(struct lineedit *le, lineedit_complete_fn complete, void *ctx)
{
	le->complete = complete;
	le->ctx = ctx;
}

struct lineedit *
lineedit_open_stream(FILE *in)
{
	struct lineedit *le = xcalloc(1, sizeof *le);
	le->in = in;
	return le;
}

void
lineedit_close(struct lineedit *le)
{
	if (le == NULL)
		return;
	if (le->interactive) {
		/* the history is written whole or not at all, like every file
		 * tally writes; a failure keeps the old one (and is not worth
		 * an error on the way out) */
		struct afile af;
		if (le->history && afile_open(&af, le->history, NULL) == ST_OK) {
			if (af.tmp && write_history(af.tmp) == 0)
				afile_commit(&af, NULL);
			else
				afile_abort(&af);
		}
		sigaction(SIGINT, &le->old_int, NULL);
		sigaction(SIGCONT, &le->old_cont, NULL);
		current = NULL;
		on_break = NULL;
	}
	if (le->old_ctype)
		setlocale(LC_CTYPE, le->old_ctype);
	free(le->old_ctype);
	free(le->history);
	free(le);
}

/* The room a prompt leaves for the answer on its line. */
#define ANSWER_ROOM 8

/* A prompt too wide for the terminal (a guided question on a phone's):
 * all but its last line printed on stdout, broken between words (fit.h
 * fit_prose, the lines after the first begun with the prompt's own
 * indent; never at a FIT_GLUE, which shows as a space), the last line
 * left ANSWER_ROOM columns for the answer; returns that last line, the
 * prompt the editor shows (a heap string), or NULL when the prompt fits
 * as it is and has no FIT_GLUE.  The editor would wrap it wherever the
 * edge fell, inside a word. */
static char *
prompt_fit(const char *prompt)
{
	int cols = text_columns(stdout);
	char *plain = xstrdup(prompt);
	for (char *b = plain; (b = strchr(b, FIT_GLUE[0])) != NULL;)
		*b = ' ';
	if (cols - ANSWER_ROOM < 10 || utf8_width(plain) <= cols - ANSWER_ROOM) {
		if (strcmp(plain, prompt) == 0) {
			free(plain);
			return NULL;
		}
		return plain;
	}
	free(plain);
	size_t n = strlen(prompt), lead = strspn(prompt, " ");
	while (n > lead && prompt[n - 1] == ' ')
		n--;
	char *text = xstrndup(prompt, n), *indent = xstrndup(prompt, lead), *out = NULL;
	size_t size = 0;
	FILE *m = open_memstream(&out, &size);
	if (m == NULL) {
		free(text);
		free(indent);
		return NULL;
	}
	fit_prose(m, text, cols, indent);
	fclose(m);
	out[size > 0 ? size - 1 : 0] = '\0';
	char *last = strrchr(out, '\n');
	last = last ? last + 1 : out;
	/* no room left for the answer: the last word goes on a line of its
	 * own, glued blanks and all (a glue is one byte, as the space it
	 * shows as, so the word's length in text is its length here) */
	const char *word = strrchr(text + lead, ' ');
	size_t wlen = word ? strlen(word + 1) : 0, llen = strlen(last);
	size_t from = last == out ? lead : strlen(indent);
	char *blank = word && llen > wlen + from && last[llen - wlen - 1] == ' ' ? last + llen - wlen - 1 : NULL;
	char *shown;
	if (utf8_width(last) + (int)strlen(prompt + n) > cols - ANSWER_ROOM && blank) {
		*blank = '\0';
		printf("%s\n", out);
		shown = xasprintf("%s%s%s", indent, blank + 1, prompt + n);
	} else {
		fwrite(out, 1, (size_t)(last - out), stdout);
		shown = xasprintf("%s%s", last, prompt + n);
	}
	fflush(stdout);
	free(out);
	free(text);
	free(indent);
	return shown;
}

enum lineedit_result
lineedit_read(struct lineedit *le, const char *prompt, const char *prefill, char **line)
{
	*line = NULL;
	if (!le->interactive) {
		if (le->prompts) {
			char *fit = prompt_fit(prompt);
			fputs(fit ? fit : prompt, stdout);
			fflush(stdout);
			free(fit);
		}
		char *buf = NULL;
		size_t cap = 0;
		ssize_t n = getline(&buf, &cap, le->in);
		if (n < 0) {
			free(buf);
			return LE_EOF;
		}
		while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		*line = buf;
		return LE_LINE;
	}
	interrupted = 0;
	/* libedit clears the line before editing starts, so an answer to
	 * correct is put in the history: the Up arrow brings it back */
	if (prefill && *prefill)
		add_history(prefill);
	char *fit = prompt_fit(prompt), *l;
	for (;;) {
		continued = 0;
		reading = 1;
		l = readline(fit ? fit : prompt);
		reading = 0;
		if (l != NULL || !continued || interrupted)
			break;
		/* back from Ctrl-Z: a fresh prompt, the terminal set up again */
		fputs("\n", stdout);
	}
	free(fit);
	if (l == NULL) {
		if (interrupted) {
			fputs("\n", stdout);
			fflush(stdout);
			return LE_INTERRUPT;
		}
		fputs("\n", stdout);
		return LE_EOF;
	}
	*line = xstrdup(l);
	free(l);
	return LE_LINE;
}

void
lineedit_on_break(void (*fn)(void *), void *ctx)
{
	on_break = fn;
	on_break_ctx = ctx;
}

void
lineedit_remember(struct lineedit *le, const char *line)
{
	if (le->interactive && line && *line)
		add_history(line);
}

int
lineedit_interactive(const struct lineedit *le)
{
	return le->interactive;
}
