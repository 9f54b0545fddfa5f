/* SPDX-License-Identifier: ISC */
/* options.c: house-rule option sets (see options.h). */
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "state.h"
#include "suggest.h"
#include "util.h"

void
options_put(struct optset *o, const char *key, const char *value, int set)
{
	for (int i = 0; i < o->n; i++) {
		if (strcmp(o->kv[i].key, key) == 0) {
			free(o->kv[i].value);
			o->kv[i].value = xstrdup(value);
			o->kv[i].set = set;
			return;
		}
	}
	options_take(o, xstrdup(key), xstrdup(value), set);
}

/* Room in o for one more: kv grows only through here, doubling from 16,
 * so its room follows from n (a set is made one option at a time, a
 * dozen or more a game) */
static void
kv_room(struct optset *o)
{
	if (o->n == 0 || (o->n >= 16 && (o->n & (o->n - 1)) == 0))
		o->kv = xrealloc(o->kv, sizeof *o->kv * (size_t)(o->n < 16 ? 16 : 2 * o->n));
}

void
options_take(struct optset *o, char *key, char *value, int set)
{
	kv_room(o);
	o->kv[o->n++] = (struct opt_kv){ .key = key, .value = value, .set = set };
}

void
options_copy(struct optset *o, const struct optset *from)
{
	for (int i = 0; i < from->n; i++)
		options_take(o, xstrdup(from->kv[i].key), xstrdup(from->kv[i].value), from->kv[i].set);
}

void
options_move_next(struct optset *o, const char *key, int *pos)
{
	for (int i = *pos; i < o->n; i++)
		if (strcmp(o->kv[i].key, key) == 0) {
			struct opt_kv kv = o->kv[i];
			memmove(&o->kv[*pos + 1], &o->kv[*pos], sizeof *o->kv * (size_t)(i - *pos));
			o->kv[(*pos)++] = kv;
			return;
		}
}

static struct opt_kv *
find_kv(const struct optset *o, const char *key)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->kv[i].key, key) == 0)
			return &o->kv[i];
	return NULL;
}

const char *
options_get(const struct optset *o, const char *key)
{
	struct opt_kv *kv = find_kv(o, key);
	return kv ? kv->value : NULL;
}

int
options_was_set(const struct optset *o, const char *key)
{
	struct opt_kv *kv = find_kv(o, key);
	return kv ? kv->set : 0;
}

int
options_is(const struct optset *o, const char *key, const char *value)
{
	const char *v = options_get(o, key);
	return v != NULL && str_ieq(v, value);
}

long
options_int(const struct optset *o, const char *key, long none_value)
{
	const char *v = options_get(o, key);
	long n;
	if (v == NULL || !parse_long(v, -1000000000L, 1000000000L, &n))
		return none_value;
	return n;
}

int
options_bool(const struct optset *o, const char *key)
{
	return options_is(o, key, "true");
}

long
options_money_cents(const char *v)
{
	if (str_ieq(v, "none"))
		return 0;
	long whole = 0, frac = 0;
	const char *dot = strchr(v, '.');
	char *w = xstrndup(v, dot ? (size_t)(dot - v) : strlen(v));
	int ok = *w == '\0' ? dot != NULL : parse_long(w, 0, 100000, &whole);
	free(w);
	if (!ok)
		return -1;
	if (dot) {
		size_t fl = strlen(dot + 1);
		if (fl == 0 || fl > 2 || !parse_long(dot + 1, 0, 99, &frac))
			return -1;
		if (fl == 1)
			frac *= 10;
	}
	return whole * 100 + frac;
}

int
options_check_money(const char *v)
{
	return str_ieq(v, "none") || options_money_cents(v) > 0;
}

long
options_money(const struct optset *o, const char *key)
{
	const char *v = options_get(o, key);
	long c = v ? options_money_cents(v) : 0;
	return c > 0 ? c : 0;
}

void
options_release(struct optset *o)
{
	for (int i = 0; i < o->n; i++) {
		free(o->kv[i].key);
		free(o->kv[i].value);
	}
	free(o->kv);
	o->kv = NULL;
	o->n = 0;
}

const struct option_def *
options_find(const struct game_rules *rules, const char *key)
{
	size_t pl = rules->opt_prefix ? strlen(rules->opt_prefix) : 0;
	if (pl && strncmp(key, rules->opt_prefix, pl) == 0 && key[pl] == '.')
		key += pl + 1;
	for (const struct option_def *od = rules->options; od && od->key; od++)
		if (strcmp(od->key, key) == 0)
			return od;
	return NULL;
}

/* Does word match one alternative of a values spec ("a|b|1..9")?  With
 * canon, *canon receives the value as stored (heap): a number in plain
 * decimal (+5 and 0005 are 5), a word in its declared spelling. */
static int
values_allow(const char *spec, const char *word, int numeric, char **canon)
{
	const char *s = spec;
	while (*s) {
		size_t len = strcspn(s, "|");
		char alt[64];
		if (len >= sizeof alt)
			len = sizeof alt - 1;
		memcpy(alt, s, len);
		alt[len] = '\0';
		char *dots = strstr(alt, "..");
		if (numeric && dots) {
			long lo, hi, v;
			*dots = '\0';
			if (parse_long(alt, -1000000000L, 1000000000L, &lo) &&
			    parse_long(dots + 2, -1000000000L, 1000000000L, &hi) &&
			    parse_long(word, lo, hi, &v)) {
				if (canon)
					*canon = xasprintf("%ld", v);
				return 1;
			}
		} else if (str_ieq(alt, word)) {
			if (canon)
				*canon = xstrdup(alt);
			return 1;
		}
		s += len;
		if (*s == '|')
			s++;
	}
	return 0;
}

static const char *
bool_word(const char *v)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };
	for (size_t i = 0; i < ARRAY_LEN(yes); i++) {
		if (str_ieq(v, yes[i]))
			return "true";
		if (str_ieq(v, no[i]))
			return "false";
	}
	return NULL;
}

int
options_value_ok(const struct option_def *def, const char *value)
{
	char *c = options_canonical(def, value);
	free(c);
	return c != NULL;
}

char *
options_canonical(const struct option_def *def, const char *value)
{
	char *c = NULL;
	switch (def->type) {
	case OPT_BOOL:
		return bool_word(value) ? xstrdup(bool_word(value)) : NULL;
	case OPT_ENUM:
		return values_allow(def->values, value, 0, &c) ? c : NULL;
	case OPT_INT:
		return values_allow(def->values, value, 1, &c) ? c : NULL;
	case OPT_TEXT:
		return !def->check || def->check(value) ? xstrdup(value) : NULL;
	}
	return NULL;
}

static char *
allowed_keys(const struct game_rules *rules)
{
	struct strbuf sb = {0};
	if (rules->presets)
		sb_add(&sb, "preset");
	for (const struct option_def *od = rules->options; od && od->key; od++) {
		if (sb.len)
			sb_add(&sb, ", ");
		sb_add(&sb, od->key);
	}
	return sb_take(&sb);
}

/* Apply one KEY=VALUE; `set` marks user/preset settings. */
static enum status
apply_one(const struct game_rules *rules, struct optset *o, const char *arg,
    struct diag *d)
{
	const char *eq = strchr(arg, '=');
	if (eq == NULL) {
		/* A bare boolean key means true: -o one_eyed_jacks_wild */
		const struct option_def *bd = options_find(rules, arg);
		if (bd != NULL && bd->type == OPT_BOOL) {
			options_put(o, bd->key, "true", 1);
			return ST_OK;
		}
	}
	if (eq == NULL || eq == arg)
		return diag_set(d, ST_USAGE, NULL, arg, "options",
		    "option '%s' is not KEY=VALUE", arg);
	char *key = xstrndup(arg, (size_t)(eq - arg));
	const char *value = eq + 1;
	const struct option_def *od = options_find(rules, key);
	enum status rc = ST_OK;
	char *v = NULL;
	if (od == NULL) {
		char *keys = allowed_keys(rules);
		const char *cands[128];
		int n = 0;
		cands[n++] = "preset";
		for (const struct option_def *k = rules->options; k && k->key && n < (int)ARRAY_LEN(cands); k++)
			cands[n++] = k->key;
		const char *near = suggest_nearest(key, cands, n);
		rc = diag_set(d, ST_USAGE, NULL, key, "options",
		    "%s has no option '%s';%s%s%s options: %s", rules->name, key, near ? " did you mean " : "",
		    near ? near : "", near ? "?" : "", keys);
		free(keys);
	} else if ((v = options_canonical(od, value)) == NULL) {
		rc = diag_set(d, ST_USAGE, NULL, value, od->key,
		    "option %s: '%s' is not allowed; values: %s", od->key, value,
		    od->type == OPT_BOOL ? "true|false" : od->values);
	} else {
		/* stored canonical, so that option:KEY=VALUE finds it */
		options_put(o, od->key, v, 1);
	}
	free(v);
	free(key);
	return rc;
}

enum status
options_build(const struct game_rules *rules, int nplayers, char *const *args,
    int nargs, struct optset *out, struct diag *d)
{
	struct optset o = {0};
	enum status rc = ST_OK;

	/* 1. the preset, wherever it was given; one only */
	const char *preset_arg = NULL;
	for (int i = 0; i < nargs; i++) {
		const char *a = args[i];
		const char *key = a;
		size_t pl = rules->opt_prefix ? strlen(rules->opt_prefix) : 0;
		if (pl && strncmp(key, rules->opt_prefix, pl) == 0 && key[pl] == '.')
			key += pl + 1;
		if (strncmp(key, "preset=", 7) != 0)
			continue;
		if (preset_arg != NULL) {
			rc = diag_set(d, ST_USAGE, NULL, a, "preset",
			    "-o %s and -o %s: a game takes one preset; give the other's settings as -o KEY=VALUE",
			    preset_arg, a);
			goto fail;
		}
		preset_arg = a;
		const struct preset_def *p = NULL;
		for (const struct preset_def *q = rules->presets; q && q->name; q++)
			if (str_ieq(q->name, key + 7))
				p = q;
		if (p == NULL) {
			struct strbuf sb = {0};
			const char *cands[64];
			int nc = 0;
			for (const struct preset_def *q = rules->presets; q && q->name; q++) {
				sb_printf(&sb, "%s%s", sb.len ? "|" : "", q->name);
				if (nc < (int)ARRAY_LEN(cands))
					cands[nc++] = q->name;
			}
			const char *near = suggest_nearest(key + 7, cands, nc);
			rc = diag_set(d, ST_USAGE, NULL, key + 7, "preset",
			    "%s has no preset '%s';%s%s%s presets: %s", rules->name, key + 7, near ? " did you mean " : "",
			    near ? near : "", near ? "?" : "",
			    sb.len ? sb.s : "none");
			sb_release(&sb);
			goto fail;
		}
		options_put(&o, "preset", p->name, 1);
		char *copy = xstrdup(p->settings);
		for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
			if ((rc = apply_one(rules, &o, tok, d)) != ST_OK) {
				free(copy);
				goto fail;
			}
		}
		free(copy);
	}
	/* 2. the explicit settings, in order */
	for (int i = 0; i < nargs; i++) {
		const char *key = args[i];
		size_t pl = rules->opt_prefix ? strlen(rules->opt_prefix) : 0;
		if (pl && strncmp(key, rules->opt_prefix, pl) == 0 && key[pl] == '.')
			key += pl + 1;
		if (strncmp(key, "preset=", 7) == 0)
			continue;
		if ((rc = apply_one(rules, &o, args[i], d)) != ST_OK)
			goto fail;
	}
	/* 3. defaults */
	if (rules->presets && options_get(&o, "preset") == NULL)
		options_put(&o, "preset", rules->presets[0].name, 0);
	for (const struct option_def *od = rules->options; od && od->key; od++)
		if (od->def != NULL && options_get(&o, od->key) == NULL)
			options_take(&o, xstrdup(od->key), xstrdup(od->def), 0);  /* not there: no second look */
	/* 4. the game's derived defaults and conflicts */
	if ((rc = rules_resolve_options(rules, &o, nplayers, d)) != ST_OK)
		goto fail;
	*out = o;
	return ST_OK;
fail:
	options_release(&o);
	return rc;
}

/* The value key takes from preset p's settings ("k=v k=v"), heap, or NULL. */
static char *
preset_value(const struct preset_def *p, const char *key)
{
	size_t kl = strlen(key);
	for (const char *s = p && p->settings ? p->settings : ""; *s;) {
		const char *end = strchr(s, ' ');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		if (n > kl && strncmp(s, key, kl) == 0 && s[kl] == '=')
			return xstrndup(s + kl + 1, n - kl - 1);
		s += n;
		while (*s == ' ')
			s++;
	}
	return NULL;
}

/* An option's name in words: its help up to the first " (", ":" or ";"
 * ("the ante of a round (times ...)" -> "the ante of a round"), capitalised;
 * its key with spaces where there is no help.  Heap. */
static char *
option_label(const struct option_def *od)
{
	const char *h = od->help ? od->help : od->key;
	size_t n = strcspn(h, ":;");
	const char *paren = strstr(h, " (");
	if (paren && (size_t)(paren - h) < n)
		n = (size_t)(paren - h);
	char *s = xstrndup(h, n);
	for (char *c = s; *c; c++)
		if (*c == '_')
			*c = ' ';
	if (*s >= 'a' && *s <= 'z')
		*s = (char)(*s - 'a' + 'A');
	return s;
}

/* What od's said has for value v ("true", "partnership"): a heap string,
 * or NULL where it names no such value. */
static char *
option_said(const struct option_def *od, const char *v)
{
	size_t vl = strlen(v);
	for (const char *s = od->said; s && *s;) {
		const char *end = strchr(s, '|');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		if (n > vl && strncmp(s, v, vl) == 0 && s[vl] == '=')
			return xstrndup(s + vl + 1, n - vl - 1);
		s += n + (end != NULL);
	}
	return NULL;
}

/* One footer line for option od at value v, after a '\n', into sb: its
 * own words, a yes/no rule as its help says it ("A jack refuses the
 * exchange." / "Not at this table: a jack ..."), else "Label: value.". */
static void
option_line(struct strbuf *sb, const struct option_def *od, const struct optset *o, const char *v)
{
	int on = od->type == OPT_BOOL && options_bool(o, od->key);
	char *said = option_said(od, od->type == OPT_BOOL ? (on ? "true" : "false") : v);
	char *label = option_label(od);
	if (said)
		sb_printf(sb, "\n%s", said);
	else if (od->type == OPT_BOOL && on)
		sb_printf(sb, "\n%s.", label);
	else if (od->type == OPT_BOOL) {
		if (*label >= 'A' && *label <= 'Z' && !(label[1] >= 'A' && label[1] <= 'Z'))
			*label = (char)(*label - 'A' + 'a');
		sb_printf(sb, "\nNot at this table: %s.", label);
	} else {
		sb_printf(sb, "\n%s: ", label);
		for (const char *c = v; *c; c++)
			sb_addc(sb, *c == '_' ? ' ' : *c);
		sb_addc(sb, '.');
	}
	free(label);
	free(said);
}

char *
options_words(const struct game_rules *rules, const struct optset *o)
{
	struct strbuf sb = {0}, lines = {0};
	const struct preset_def *preset = NULL;
	const char *pname = options_get(o, "preset");
	int changed = 0;
	for (const struct preset_def *q = rules->presets; pname && q && q->name; q++)
		if (strcmp(q->name, pname) == 0)
			preset = q;
	/* an option the game works out from others (no default: "cancel"
	 * from "layout") is stated when any option differs, since it then
	 * may differ from what the preset's description says */
	for (int pass = 0; pass < 2; pass++)
		for (const struct option_def *od = rules->options; od && od->key; od++) {
			const char *v = options_get(o, od->key);
			char *want = preset_value(preset, od->key);
			const char *expect = want ? want : od->def;
			int differs = v && (expect ? strcmp(v, expect) != 0 : pass == 1 && changed);
			free(want);
			if (!differs || (pass == 0) != (expect != NULL) || strcmp(od->key, "preset") == 0)
				continue;
			changed = 1;
			option_line(&lines, od, o, v);
		}
	/* the preset's description only when every option is as it says */
	const char *help = preset && !changed ? preset->help : NULL;
	if (preset && preset != rules->presets)
		sb_printf(&sb, "Played: %s rules%s%s%s.", preset->name, help ? " (" : "", help ? help : "", help ? ")" : "");
	else
		sb_printf(&sb, "Played: the standard rules%s%s%s.", help ? " (" : "", help ? help : "", help ? ")" : "");
	if (lines.len)
		sb_add(&sb, lines.s);
	sb_release(&lines);
	return sb_take(&sb);
}
