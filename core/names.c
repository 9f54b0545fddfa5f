/* SPDX-License-Identifier: ISC */
/* names.c: player names (see names.h). */
#include "names.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <utf8proc.h>

#include "util.h"

static int
is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* utf8proc_map into a string of ours (util's allocator), or NULL on
 * invalid input. */
static char *
map(const char *s, utf8proc_option_t opts)
{
	utf8proc_uint8_t *out = NULL;
	utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)s, 0, &out,
	    (utf8proc_option_t)(UTF8PROC_NULLTERM | UTF8PROC_STABLE | opts));
	if (n < 0)
		return NULL;
	char *r = xstrdup((const char *)out);
	free(out);
	return r;
}

char *
names_nfc(const char *s)
{
	if (is_ascii(s))
		return xstrdup(s);
	return map(s, UTF8PROC_COMPOSE);
}

char *
names_fold(const char *s)
{
	if (is_ascii(s)) {
		char *r = xstrdup(s);
		for (char *p = r; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
		return r;
	}
	return map(s, UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD);
}

char *
names_loose(const char *s)
{
	return map(s, UTF8PROC_DECOMPOSE | UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK);
}

int
names_eq(const char *a, const char *b)
{
	if (is_ascii(a) && is_ascii(b))
		return str_ieq(a, b);
	char *fa = names_fold(a), *fb = names_fold(b);
	int eq = (fa && fb) ? strcmp(fa, fb) == 0 : strcmp(a, b) == 0;
	free(fa);
	free(fb);
	return eq;
}

int
names_prefix(const char *prefix, const char *name)
{
	if (is_ascii(prefix) && is_ascii(name))
		return str_iprefix(prefix, name);
	char *fp = names_fold(prefix), *fn = names_fold(name);
	int yes = (fp && fn) ? strncmp(fp, fn, strlen(fp)) == 0
	    : strncmp(prefix, name, strlen(prefix)) == 0;
	free(fp);
	free(fn);
	return yes;
}

/* Characters a name may not hold anywhere: 1 control, 2 format (invisible),
 * 3 line or paragraph separator; 0 for any other. */
static int
forbidden(utf8proc_int32_t c)
{
	switch (utf8proc_category(c)) {
	case UTF8PROC_CATEGORY_CC:
		return 1;
	case UTF8PROC_CATEGORY_CF:
		return 2;
	case UTF8PROC_CATEGORY_ZL:
	case UTF8PROC_CATEGORY_ZP:
		return 3;
	default:
		return 0;
	}
}

char *
names_display(const char *s, size_t max_bytes)
{
	struct strbuf sb = {0};
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t len = strlen(s), i = 0;
	sb_add(&sb, "");
	while (i < len) {
		if (sb.len >= max_bytes) {
			sb_printf(&sb, "... (%zu bytes)", len);
			break;
		}
		utf8proc_int32_t c;
		utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &c);
		if (n <= 0) {
			sb_printf(&sb, "<%02X>", p[i]);
			i++;
			continue;
		}
		if (forbidden(c))
			sb_printf(&sb, "<U+%04X>", (unsigned)c);
		else
			sb_addn(&sb, s + i, (size_t)n);
		i += (size_t)n;
	}
	return sb_take(&sb);
}

static int
is_space(utf8proc_int32_t c)
{
	return c == ' ' || utf8proc_category(c) == UTF8PROC_CATEGORY_ZS;
}

int
names_space_at(const char *s)
{
	utf8proc_int32_t c;
	utf8proc_ssize_t n = utf8proc_iterate((const utf8proc_uint8_t *)s, -1, &c);
	if (n <= 0)
		return 0;
	int cat = utf8proc_category(c);
	return is_space(c) || c == '\t' || c == 0x85 || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP
	    ? (int)n : 0;
}

/* The checks every label a person types shares (names_text_check), with
 * what it is named in the message; *out takes the NFC form. */
static enum status
text_check(const char *what, const char *name, size_t max_bytes, char **out, struct diag *d)
{
	size_t len = strlen(name);
	utf8proc_int32_t c = 0;
	char *shown = NULL, *n = NULL;
	enum status r = ST_OK;

	*out = NULL;
	if (len == 0)
		return diag_set(d, ST_USAGE, NULL, name, what, "a %s cannot be empty", what);
	/* a name far too long is refused before it costs a normalization */
	if (len > 4 * max_bytes || (n = names_nfc(name)) == NULL || strlen(n) > max_bytes) {
		shown = names_display(name, 20);
		if (n == NULL && len <= 4 * max_bytes)
			r = diag_set(d, ST_USAGE, NULL, shown, what, "%s '%s' is not valid UTF-8 text", what, shown);
		else
			r = diag_set(d, ST_USAGE, NULL, shown, what, "%s '%s' is longer than %zu bytes (%zu)", what, shown,
			    max_bytes, n ? strlen(n) : len);
		goto out;
	}
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)n;
	len = strlen(n);
	for (size_t i = 0; i < len;) {
		utf8proc_ssize_t k = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &c);
		if (k <= 0) {  /* cannot happen after a normalization; be safe */
			r = diag_set(d, ST_USAGE, NULL, NULL, what, "%s is not valid UTF-8 text", what);
			goto out;
		}
		int f = forbidden(c);
		if (f) {
			shown = names_display(n, 60);
			r = diag_set(d, ST_USAGE, NULL, shown, what,
			    f == 1 ? "%s '%s' holds a control character (U+%04X)"
			    : f == 2 ? "%s '%s' holds an invisible format character (U+%04X:"
			    " a bidi control or zero-width character)"
			    : "%s '%s' holds a line or paragraph separator (U+%04X)",
			    what, shown, (unsigned)c);
			goto out;
		}
		i += (size_t)k;
	}
out:
	free(shown);
	if (r == ST_OK)
		*out = n;
	else
		free(n);
	return r;
}

enum status
names_text_check(const char *what, const char *text, size_t max_bytes, char **nfc, struct diag *d)
{
	char *n = NULL;
	enum status r = text_check(what, text, max_bytes, &n, d);
	utf8proc_int32_t first = 0, last = 0;
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)n;
	if (nfc)
		*nfc = NULL;
	if (r != ST_OK)
		return r;
	for (size_t i = 0, len = strlen(n); i < len;) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &c);
		if (i == 0)
			first = c;
		last = c;
		i += (size_t)k;
	}
	if (is_space(first) || is_space(last))
		r = diag_set(d, ST_USAGE, n, n, what, "%s '%s' starts or ends with a space", what, n);
	if (r == ST_OK && nfc)
		*nfc = n;
	else
		free(n);
	return r;
}

enum status
names_check(const char *name, char **nfc, struct diag *d)
{
	char *n = NULL;
	enum status r;

	if (nfc)
		*nfc = NULL;
	if ((r = names_text_check("player name", name, NAMES_MAX_BYTES, &n, d)) != ST_OK)
		return r;
	if (strchr(n, '=') != NULL) {
		r = diag_set(d, ST_USAGE, n, n, "player name",
		    "player name '%s' may not contain '=' (it ends the name in a hand entry)", n);
		goto out;
	}
	if (n[0] == '-') {
		r = diag_set(d, ST_USAGE, n, n, "player name",
		    "player name '%s' may not start with '-' (it would read as an option)", n);
		goto out;
	}
out:
	if (r == ST_OK && nfc)
		*nfc = n;
	else
		free(n);
	return r;
}

/* Display width by utf8proc's tables (Unicode's East Asian Width and
 * general categories, kept current by Debian), not a table of our own:
 * CJK and fullwidth count 2, nonspacing and spacing combining marks 0,
 * so a Devanagari conjunct or a Thai vowel sign adds nothing. */
int
utf8_width(const char *str)
{
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)str;
	int w = 0;
	while (*s) {
		utf8proc_int32_t cp;
		utf8proc_ssize_t n = utf8proc_iterate(s, -1, &cp);
		if (n <= 0) {
			w++;
			s++;
			continue;
		}
		w += utf8proc_charwidth(cp);
		s += n;
	}
	return w;
}

/* Cut at grapheme cluster boundaries (utf8proc's UAX #29 rules) so a
 * base letter never loses its marks and a ZWJ sequence stays whole. */
char *
utf8_fit(const char *str, int width)
{
	struct strbuf sb = {0};
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)str;
	utf8proc_int32_t prev = -1, state = 0;
	size_t cluster = 0; /* bytes of the cluster being gathered */
	int w = 0, cw = 0;  /* width placed, width of the cluster */
	size_t i = 0;
	for (;;) {
		utf8proc_int32_t cp = -1;
		utf8proc_ssize_t n = 0;
		if (s[i]) {
			n = utf8proc_iterate(s + i, -1, &cp);
			if (n <= 0) {
				n = 1;
				cp = 0xfffd;
			}
		}
		if (cp < 0 || (prev >= 0 && utf8proc_grapheme_break_stateful(prev, cp, &state))) {
			if (w + cw > width)
				break;
			sb_addn(&sb, (const char *)s + i - cluster, cluster);
			w += cw;
			cluster = 0;
			cw = 0;
		}
		if (cp < 0)
			break;
		cluster += (size_t)n;
		cw += utf8proc_charwidth(cp);
		prev = cp;
		i += (size_t)n;
	}
	while (w++ < width)
		sb_addc(&sb, ' ');
	return sb_take(&sb);
}
