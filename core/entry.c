/* SPDX-License-Identifier: ISC */
/* entry.c: hand-entry tokens (see entry.h). */
#include "entry.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "rules.h"
#include "state.h"
#include "suggest.h"
#include "util.h"

/* c is one of ENTRY_BLANKS (a test a byte, not a search of the list:
 * a replay splits and quotes every word of every hand) */
static int
is_blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* c makes a word need quotes (entry_quote): a blank, a quote, a
 * backslash or '=' */
static int
needs_quote(char c)
{
	return is_blank(c) || c == '"' || c == '\'' || c == '\\' || c == '=';
}

int
entry_find_player(const char *name, char *const *names, int n, struct diag *d)
{
	int found = -1, count = 0;
	if (*name == '\0') {
		diag_set(d, ST_USAGE, NULL, name, "player", "empty player name");
		return -1;
	}
	/* a stored entry names each seat as it is spelt (entry_format), and
	 * no two seats' names are names_eq: that spelling is the seat */
	for (int i = 0; i < n; i++)
		if (strcmp(name, names[i]) == 0)
			return i;
	for (int i = 0; i < n; i++)
		if (names_eq(name, names[i]))
			return i;
	for (int i = 0; i < n; i++) {
		if (names_prefix(name, names[i])) {
			found = i;
			count++;
		}
	}
	if (count == 1)
		return found;
	if (d == NULL)  /* a failure nobody reads: no message made */
		return -1;
	if (count > 1) {
		struct strbuf sb = {0};
		for (int i = 0; i < n; i++)
			if (names_prefix(name, names[i]))
				sb_printf(&sb, "%s%s", sb.len ? ", " : "", names[i]);
		diag_set(d, ST_USAGE, name, name, "player",
		    "'%s' could be %s; type more of the name", name, sb.s);
		sb_release(&sb);
		return -1;
	}
	const char *near = suggest_nearest(name, (const char *const *)names, n);
	if (near)
		diag_set(d, ST_NOINPUT, name, name, "player", "no player '%s' at this table; did you mean %s?",
		    name, near);
	else
		diag_set(d, ST_NOINPUT, name, name, "player", "no player '%s' at this table", name);
	return -1;
}

static char *roles_list(const struct game_rules *rules);
static const char *near_name(const struct game_rules *rules, int kind, const char *word, char *buf,
    size_t size);

const struct role_def *
entry_find_role(const struct game_rules *rules, const char *word, struct diag *d)
{
	const struct role_def *found = NULL;
	const char *name = word + 2;
	int count = 0;
	if (strncmp(word, "--", 2) != 0 || *name == '\0') {
		diag_set(d, ST_USAGE, NULL, word, "entry", "'%s' is not --ROLE", word);
		return NULL;
	}
	for (const struct role_def *r = rules->roles; r && r->name; r++) {
		if (strcmp(r->name, name) == 0)
			return r;
		if (strncmp(r->name, name, strlen(name)) == 0) {
			found = r;
			count++;
		}
	}
	if (count == 1)
		return found;
	struct strbuf sb = {0};
	for (const struct role_def *r = rules->roles; count > 1 && r && r->name; r++)
		if (strncmp(r->name, name, strlen(name)) == 0)
			sb_printf(&sb, "%s--%s", sb.len ? ", " : "", r->name);
	char *list = count > 1 ? sb_take(&sb) : roles_list(rules), buf[1];
	const char *near = count > 1 ? NULL : near_name(rules, 'r', name, buf, sizeof buf);
	if (count > 1)
		diag_set(d, ST_USAGE, NULL, word, "entry", "'%s' could be %s; type more of it", word, list);
	else if (near)
		diag_set(d, ST_USAGE, NULL, word, "entry", "%s has no role '%s'; did you mean --%s? roles: %s",
		    rules->name, word, near, list);
	else
		diag_set(d, ST_USAGE, NULL, word, "entry", "%s has no role '%s'; roles: %s", rules->name, word, list);
	free(list);
	sb_release(&sb);
	return NULL;
}


/*
 * The field of rules that name stands for: the full name or a unique
 * prefix.  Returns the rules' spelling (heap), or NULL with d set: ST_USAGE
 * naming the candidates for an ambiguous prefix or the fields for an unknown
 * one.  player is the seat's name, for the message.
 */
static char *
field_resolve(const struct game_rules *rules, const char *field, const char *player, struct diag *d)
{
	const char *s = rules->fields;
	size_t fl = strlen(field);
	struct strbuf cands = {0};
	char *found = NULL;
	int count = 0;
	while (fl && s && *s) {
		size_t len = strcspn(s, " ");
		if (len == fl && strncmp(s, field, len) == 0) {
			free(found);
			sb_release(&cands);
			return xstrndup(s, len);
		}
		if (len > fl && strncmp(s, field, fl) == 0) {
			sb_printf(&cands, "%s%.*s", cands.len ? ", " : "", (int)len, s);
			if (count++ == 0)
				found = xstrndup(s, len);
		}
		s += len;
		while (*s == ' ')
			s++;
	}
	if (count == 1) {
		sb_release(&cands);
		return found;
	}
	free(found);
	if (count > 1)
		diag_set(d, ST_USAGE, player, field, "entry",
		    "%s: field '%s' could be %s; type more of it", player, field, cands.s);
	else {
		char nearf[64];
		if (near_name(rules, 'f', field, nearf, sizeof nearf))
			diag_set(d, ST_USAGE, player, field, "entry", "%s: %s has no field '%s'; did you mean %s.%s?",
			    player, rules->name, field, player, nearf);
		else
			diag_set(d, ST_USAGE, player, field, "entry", "%s: %s has no field '%s'%s%s", player,
			    rules->name, field, rules->fields ? "; fields: " : "", rules->fields ? rules->fields : "");
	}
	sb_release(&cands);
	return NULL;
}

/* The role or field (kind 'r' or 'f') of rules nearest to word, or NULL
 * (core/suggest.h); a field is returned in buf (size bytes). */
static const char *
near_name(const struct game_rules *rules, int kind, const char *word, char *buf, size_t size)
{
	const char *cands[64];
	int n = 0;
	if (kind == 'r') {
		for (const struct role_def *r = rules->roles; r && r->name && n < (int)ARRAY_LEN(cands); r++)
			cands[n++] = r->name;
		return suggest_nearest(word, cands, n);
	}
	char *copy = xstrdup(rules->fields ? rules->fields : ""), *save = NULL;
	for (char *f = strtok_r(copy, " ", &save); f && n < (int)ARRAY_LEN(cands); f = strtok_r(NULL, " ", &save))
		cands[n++] = f;
	const char *near = suggest_nearest(word, cands, n);
	if (near)
		snprintf(buf, size, "%s", near);
	free(copy);
	return near ? buf : NULL;
}

static char *
roles_list(const struct game_rules *rules)
{
	struct strbuf sb = {0};
	for (const struct role_def *r = rules->roles; r && r->name; r++)
		sb_printf(&sb, "%s--%s", sb.len ? ", " : "", r->name);
	if (sb.len == 0)
		sb_add(&sb, "none");
	return sb_take(&sb);
}

/* A value as the store keeps it: the white space around it dropped (it
 * cannot be meant: words are split at white space, so it came quoted),
 * and a whole number written as one ("07", "+3" and "-0" are 7, 3 and 0),
 * so two entries that mean the same are the same text.  Heap. */
static char *
value_canon(const char *v)
{
	size_t a = strspn(v, ENTRY_BLANKS), b = strlen(v);
	while (b > a && strchr(ENTRY_BLANKS, v[b - 1]) != NULL)
		b--;
	/* already a whole number as "%ld" writes it (no sign but a minus,
	 * no leading zero, not "-0", short enough to fit): kept as it is */
	size_t neg = v[a] == '-', digits = b - a - neg;
	if (digits > 0 && digits <= 18 && strspn(v + a + neg, "0123456789") == digits &&
	    (v[a + neg] != '0' || (digits == 1 && !neg)))
		return xstrndup(v + a, b - a);
	char *t = xstrndup(v + a, b - a);
	const char *p = t + (*t == '+' || *t == '-');
	long num;
	if (*p != '\0' && strspn(p, "0123456789") == strlen(p) && parse_long(t, LONG_MIN, LONG_MAX, &num)) {
		free(t);
		t = xasprintf("%ld", num);
	}
	return t;
}

/* The seat a player word names: a seat's own name (entry_find_player), or
 * else the name of who plays that seat now, aliases[i] (NULL where nobody
 * stands in; aliases NULL: none at all).  The message on failure is the
 * seats' own. */
static int
find_seat(const char *name, char *const *names, char *const *aliases, int n, struct diag *d)
{
	if (aliases == NULL)
		return entry_find_player(name, names, n, d);
	int seat = entry_find_player(name, names, n, NULL);
	for (int i = 0; seat < 0 && i < n; i++)
		if (aliases[i] != NULL && names_eq(name, aliases[i]))
			seat = i;
	return seat >= 0 ? seat : entry_find_player(name, names, n, d);
}

enum status
entry_parse(int argc, char *const *argv, const struct game_rules *rules,
    char *const *names, int n, struct hand_entry *e, struct diag *d)
{
	return entry_parse_seats(argc, argv, rules, names, NULL, n, e, d);
}

enum status
entry_parse_seats(int argc, char *const *argv, const struct game_rules *rules,
    char *const *names, char *const *aliases, int n, struct hand_entry *e, struct diag *d)
{
	memset(e, 0, sizeof *e);
	if (argc > ENTRY_MAX_TOKENS)
		return diag_set(d, ST_USAGE, NULL, NULL, "entry",
		    "an entry of %d tokens; a hand has at most %d", argc, ENTRY_MAX_TOKENS);
	for (int i = 0; i < argc; i++) {
		const char *tok = argv[i];
		if (tok[0] == '-' && tok[1] == '-' && tok[2] != '\0') {
			const struct role_def *rd = entry_find_role(rules, tok, d);
			if (rd == NULL)
				return d->status;
			struct entry_role er = { rd, -1, NULL };
			if (rd->kind != ROLE_FLAG) {
				if (i + 1 >= argc)
					return diag_set(d, ST_USAGE, NULL, tok, "entry",
					    "%s needs %s", tok, rd->kind == ROLE_PLAYER ? "a player" : "a value");
				const char *arg = argv[++i];
				if (rd->kind == ROLE_PLAYER) {
					er.seat = find_seat(arg, names, aliases, n, d);
					if (er.seat < 0)
						return d->status;
				} else
					er.value = value_canon(arg);
			}
			if (e->roles == NULL)  /* room for every token: no hand has more */
				e->roles = xmalloc(sizeof *e->roles * (size_t)argc);
			e->roles[e->nroles++] = er;
			continue;
		}
		const char *eq = strchr(tok, '=');
		if (eq == NULL || eq == tok)
			return diag_set(d, ST_USAGE, NULL, tok, "entry",
			    "'%s' is not PLAYER=VALUE, PLAYER.FIELD=VALUE or --ROLE (example: '%s')",
			    tok, rules->words.example);
		/* the player (and field) left of '=': on the stack when short */
		char small[64], *left = (size_t)(eq - tok) < sizeof small ? small : xmalloc((size_t)(eq - tok) + 1);
		memcpy(left, tok, (size_t)(eq - tok));
		left[eq - tok] = '\0';
		char *field = NULL;
		struct diag d2 = {0};
		char *dot = strrchr(left, '.');
		/* PLAYER.FIELD is first tried as a whole name: only where there
		 * is no dot to split at is that failure said */
		int seat = find_seat(left, names, aliases, n, dot != NULL && dot != left ? NULL : &d2);
		if (seat < 0) {
			if (dot != NULL && dot != left) {
				*dot = '\0';
				field = xstrdup(dot + 1);
				seat = find_seat(left, names, aliases, n, d);
			} else {
				diag_set(d, d2.status, d2.player, d2.value, d2.rule, "%s", d2.message);
			}
		}
		diag_clear(&d2);
		if (left != small)
			free(left);
		if (seat < 0) {
			free(field);
			return d->status;
		}
		if (field != NULL) {
			/* a field by its name or a unique prefix (Ann.c = Ann.clean) */
			char *full = field_resolve(rules, field, names[seat], d);
			free(field);
			field = full;
			if (field == NULL)
				return d->status;
		}
		for (int j = 0; j < e->nvalues; j++) {
			if (e->values[j].seat == seat &&
			    ((field == NULL && e->values[j].field == NULL) ||
			     (field && e->values[j].field && strcmp(field, e->values[j].field) == 0))) {
				enum status rc = diag_set(d, ST_USAGE, names[seat], tok, "entry",
				    "%s is entered twice%s%s", names[seat],
				    field ? " for " : "", field ? field : "");
				free(field);
				return rc;
			}
		}
		if (e->values == NULL)
			e->values = xmalloc(sizeof *e->values * (size_t)argc);
		e->values[e->nvalues].seat = seat;
		e->values[e->nvalues].field = field;
		e->values[e->nvalues].value = value_canon(eq + 1);
		e->nvalues++;
	}
	return ST_OK;
}

void
entry_release(struct hand_entry *e)
{
	for (int i = 0; i < e->nvalues; i++) {
		free(e->values[i].field);
		free(e->values[i].value);
	}
	for (int i = 0; i < e->nroles; i++)
		free(e->roles[i].value);
	free(e->values);
	free(e->roles);
	memset(e, 0, sizeof *e);
}

/* w quoted for entry_split where it needs it, appended to sb. */
static void
sb_add_quoted(struct strbuf *sb, const char *w)
{
	const char *end = w;
	while (*end && !needs_quote(*end))
		end++;
	if (*end == '\0' && end > w) {
		sb_addn(sb, w, (size_t)(end - w));
		return;
	}
	sb_addc(sb, '"');
	for (const char *run = w;; w++) {
		if (*w == '"' || *w == '\\' || *w == '\0') {
			sb_addn(sb, run, (size_t)(w - run));
			if (*w == '\0')
				break;
			sb_addc(sb, '\\');
			run = w;
		}
	}
	sb_addc(sb, '"');
}

char *
entry_quote(const char *w)
{
	struct strbuf sb = {0};
	sb_add_quoted(&sb, w);
	return sb_take(&sb);
}

static int
cmp_value(const void *a, const void *b)
{
	const struct entry_value *x = a, *y = b;
	if (x->seat != y->seat)
		return x->seat - y->seat;
	if (x->field == NULL || y->field == NULL)
		return (x->field != NULL) - (y->field != NULL);
	return strcmp(x->field, y->field);
}

char *
entry_format(const struct hand_entry *e, char *const *names)
{
	struct strbuf sb = {0};
	const struct entry_value *v = e->values;
	struct entry_value *sorted = NULL;
	for (int i = 1; i < e->nvalues; i++)
		if (cmp_value(&v[i - 1], &v[i]) > 0) {
			/* seat order: sorted only when not in it already */
			sorted = xmalloc(sizeof *sorted * (size_t)e->nvalues);
			memcpy(sorted, e->values, sizeof *sorted * (size_t)e->nvalues);
			qsort(sorted, (size_t)e->nvalues, sizeof *sorted, cmp_value);
			v = sorted;
			break;
		}
	for (int i = 0; i < e->nvalues; i++) {
		if (sb.len)
			sb_addc(&sb, ' ');
		sb_add_quoted(&sb, names[v[i].seat]);
		if (v[i].field) {
			sb_addc(&sb, '.');
			sb_add(&sb, v[i].field);
		}
		sb_addc(&sb, '=');
		sb_add_quoted(&sb, v[i].value);
	}
	free(sorted);
	for (int i = 0; i < e->nroles; i++) {
		if (sb.len)
			sb_addc(&sb, ' ');
		sb_add(&sb, "--");
		sb_add(&sb, e->roles[i].def->name);
		if (e->roles[i].def->kind == ROLE_PLAYER || e->roles[i].def->kind == ROLE_VALUE) {
			sb_addc(&sb, ' ');
			sb_add_quoted(&sb, e->roles[i].def->kind == ROLE_PLAYER ? names[e->roles[i].seat] : e->roles[i].value);
		}
	}
	return sb_take(&sb);
}

enum status
entry_split_block(const char *line, int *argc, char ***argv, struct diag *d)
{
	/* no more words than every other byte, and no more bytes than the
	 * line's with a NUL after each word (quotes only take bytes away) */
	size_t len = strlen(line), most = (len + 1) / 2 + 1;
	char **v = xmalloc(sizeof *v * most + len + 1), *to = (char *)(v + most);
	const char *s = line;
	int n = 0;
	for (;;) {
		while (*s && is_blank(*s))
			s++;
		if (*s == '\0')
			break;
		v[n++] = to;
		while (*s && !is_blank(*s)) {
			if (*s == '"' || *s == '\'') {
				char q = *s++;
				while (*s && *s != q) {
					if (q == '"' && *s == '\\' && (s[1] == '"' || s[1] == '\\'))
						s++;
					*to++ = *s++;
				}
				if (*s != q) {
					free(v);
					*argv = NULL;
					*argc = 0;
					return diag_set(d, ST_USAGE, NULL, line, "entry",
					    "unterminated %c quote", q);
				}
				s++;
			} else
				*to++ = *s++;
		}
		*to++ = '\0';
	}
	v[n] = NULL;
	*argc = n;
	*argv = v;
	return ST_OK;
}

enum status
entry_split(const char *line, int *argc, char ***argv, struct diag *d)
{
	char **block;
	enum status rc = entry_split_block(line, argc, &block, d);
	if (rc != ST_OK) {
		*argv = NULL;
		return rc;
	}
	/* each word a heap string of its own: a caller may free or replace
	 * one */
	*argv = xmalloc(sizeof **argv * (size_t)(*argc + 1));
	for (int i = 0; i < *argc; i++)
		(*argv)[i] = xstrdup(block[i]);
	(*argv)[*argc] = NULL;
	free(block);
	return ST_OK;
}

void
entry_argv_free(int argc, char **argv)
{
	if (argv == NULL)
		return;
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}

const char *
entry_get(const struct hand_entry *e, int seat, const char *field)
{
	for (int i = 0; i < e->nvalues; i++) {
		const struct entry_value *v = &e->values[i];
		if (v->seat != seat)
			continue;
		if (field == NULL ? v->field == NULL : (v->field && strcmp(v->field, field) == 0))
			return v->value;
	}
	return NULL;
}

const struct entry_role *
entry_role(const struct hand_entry *e, const char *name)
{
	for (int i = 0; i < e->nroles; i++)
		if (strcmp(e->roles[i].def->name, name) == 0)
			return &e->roles[i];
	return NULL;
}
