/* SPDX-License-Identifier: ISC */
/*
 * test_man_entries.c: the man page's ENTRIES section against the registry,
 * so the two cannot drift: every game of rules_registry has a paragraph
 * there (one whose words before the first colon name its title), and that
 * paragraph names every role the game declares (".Fl -knock") and every
 * PLAYER.FIELD name it accepts.  A game, role or field added without its
 * words in man/tally.1 fails here.  Run from the top of the tree, as
 * `make unit` does.
 */
#include "helpers.h"

#include <ctype.h>
#include <stdio.h>
#include <strings.h>

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return NULL;
	struct strbuf sb = { 0 };
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_printf(&sb, "%.*s", (int)n, buf);
	fclose(f);
	return sb_take(&sb);
}

/* The paragraphs of ENTRIES as one array of strings (split at ".Pp"). */
static int
entries_paragraphs(char *man, char **par, int max)
{
	char *s = strstr(man, "\n.Sh ENTRIES\n");
	assert_non_null(s);
	s += 1;
	char *end = strstr(s + 4, "\n.Sh ");
	if (end)
		*end = '\0';
	int n = 0;
	for (char *p = s; p && n < max;) {
		char *next = strstr(p, "\n.Pp\n");
		if (next) {
			*next = '\0';
			next += 5;
		}
		par[n++] = p;
		p = next;
	}
	return n;
}

/* Whether word occurs in text with no letter, digit, '-' or '_' on
 * either side. */
static int
has_word(const char *text, const char *word, const char *before)
{
	size_t len = strlen(word), blen = strlen(before);
	for (const char *p = text; (p = strstr(p, word)) != NULL; p++) {
		if (blen && ((size_t)(p - text) < blen || strncmp(p - blen, before, blen) != 0))
			continue;
		char a = p > text ? p[-1] : ' ', z = p[len];
		if (!blen && (isalnum((unsigned char)a) || a == '-' || a == '_'))
			continue;
		if (isalnum((unsigned char)z) || z == '-' || z == '_')
			continue;
		return 1;
	}
	return 0;
}

/* The paragraph whose words before the first colon name title. */
static const char *
game_paragraph(char **par, int n, const char *title)
{
	for (int i = 0; i < n; i++) {
		const char *colon = strchr(par[i], ':');
		size_t head = colon ? (size_t)(colon - par[i]) : strlen(par[i]);
		for (size_t k = 0; k + strlen(title) <= head; k++)
			if (strncasecmp(par[i] + k, title, strlen(title)) == 0)
				return par[i];
	}
	return NULL;
}

static void
test_every_game_role_and_field(void **state)
{
	(void)state;
	char *man = slurp("man/tally.1");
	assert_non_null(man);
	char *par[200];
	int n = entries_paragraphs(man, par, 200);
	int missing = 0;
	for (int g = 0; rules_registry[g]; g++) {
		const struct game_rules *r = rules_registry[g];
		const char *p = game_paragraph(par, n, r->title);
		if (p == NULL) {
			fprintf(stderr, "man/tally.1 ENTRIES: no paragraph for %s\n", r->title);
			missing++;
			continue;
		}
		for (const struct role_def *role = r->roles; role && role->name; role++) {
			char fl[64], esc[64];
			snprintf(fl, sizeof fl, "-%s", role->name);
			snprintf(esc, sizeof esc, "\\-%s", role->name);
			if (!has_word(p, fl, "Fl ") && !has_word(p, esc, "Fl ")) {
				fprintf(stderr, "man/tally.1 ENTRIES, %s: no .Fl -%s\n", r->title, role->name);
				missing++;
			}
		}
		char *fields = xstrdup(r->fields ? r->fields : "");
		char *save = NULL;
		for (char *f = strtok_r(fields, " ", &save); f; f = strtok_r(NULL, " ", &save))
			if (!has_word(p, f, "")) {
				fprintf(stderr, "man/tally.1 ENTRIES, %s: no field %s\n", r->title, f);
				missing++;
			}
		free(fields);
	}
	free(man);
	assert_int_equal(missing, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_game_role_and_field),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
