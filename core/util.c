/* SPDX-License-Identifier: ISC */
/* util.c: allocation, strbuf and small string helpers (see util.h). */
#define _GNU_SOURCE
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static void
oom(void)
{
	fputs("tally: out of memory\n", stderr);
	exit(70);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		oom();
	return p;
}

void *
xmemdup(const void *p, size_t n)
{
	return p ? memcpy(xmalloc(n), p, n) : NULL;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		oom();
	return p;
}

void *
xgrow(void *a, size_t size, int n, int *room)
{
	if (a != NULL && n < *room)
		return a;
	int more = n < 8 ? 8 : n > INT_MAX / 2 ? INT_MAX : 2 * n;
	if ((size_t)more > SIZE_MAX / size)
		oom();
	*room = more;
	return xrealloc(a, (size_t)more * size);
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (p == NULL)
		oom();
	return p;
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);
	if (p == NULL)
		oom();
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char *s;
	if (vasprintf(&s, fmt, ap) < 0)
		oom();
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

static void
sb_grow(struct strbuf *sb, size_t more)
{
	if (sb->len + more + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + more + 1)
		cap *= 2;
	sb->s = xrealloc(sb->s, cap);
	sb->cap = cap;
}

void
sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void
sb_add(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void
sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void
sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	/* printed where it goes, again only when it did not fit: a replay
	 * says something of most hands */
	va_list ap;
	sb_grow(sb, 0);
	size_t room = sb->cap - sb->len;
	va_start(ap, fmt);
	int n = vsnprintf(sb->s + sb->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	if ((size_t)n >= room) {
		sb_grow(sb, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	sb->len += (size_t)n;
}

char *
sb_take(struct strbuf *sb)
{
	char *s = sb->s ? sb->s : xstrdup("");
	sb->s = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void
sb_release(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

/* ASCII letters only: strcasecmp follows LC_CTYPE, and under a Turkish
 * locale 'i' and 'I' are not one letter there, so IVAN would not be ivan. */
static int
ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int
str_icmp(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	while (*x && ascii_lower(*x) == ascii_lower(*y)) {
		x++;
		y++;
	}
	return ascii_lower(*x) - ascii_lower(*y);
}

int
str_ieq(const char *a, const char *b)
{
	return str_icmp(a, b) == 0;
}

int
str_iprefix(const char *prefix, const char *s)
{
	for (; *prefix; prefix++, s++)
		if (ascii_lower((unsigned char)*prefix) != ascii_lower((unsigned char)*s))
			return 0;
	return 1;
}

int
utf8_decode(const unsigned char *s, unsigned *cp)
{
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	int n;
	unsigned c, min;
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2; c = s[0] & 0x1f; min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3; c = s[0] & 0x0f; min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4; c = s[0] & 0x07; min = 0x10000;
	} else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

int
utf8_clean(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	while (*s) {
		unsigned cp;
		int n = utf8_decode(s, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
			return 0;
		s += n;
	}
	return 1;
}

void
utf8_cut_tail(char *s)
{
	size_t n = strlen(s), k = n;
	while (k > 0 && ((unsigned char)s[k - 1] & 0xc0) == 0x80)
		k--;
	if (k > 0 && (unsigned char)s[k - 1] >= 0xc0) {
		unsigned char lead = (unsigned char)s[k - 1];
		size_t want = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
		if (n - (k - 1) < want)
			s[k - 1] = '\0';
	}
}

int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;
	if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
		return 0;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return 0;
	*out = v;
	return 1;
}

const char *
plural(long n, const char *one, const char *many)
{
	return n == 1 || n == -1 ? one : many;
}

const char *
plural_s(long n)
{
	return plural(n, "", "s");
}

const char *
grouped_number(long v, int sign, char *buf, size_t size)
{
	char tmp[GROUPED_MAX];
	int n = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do {
		if (n % 4 == 3)
			tmp[n++] = ',';
		tmp[n++] = (char)('0' + u % 10);
	} while ((u /= 10) != 0);
	if (v < 0 || (sign && v > 0) || (sign == 2 && v == 0))
		tmp[n++] = v < 0 ? '-' : '+';
	size_t len = 0;
	while (n > 0 && len + 1 < size)
		buf[len++] = tmp[--n];
	if (size > 0)
		buf[len] = '\0';
	return buf;
}

/* One chunk of a pool: blocks are cut from data[used..size-1]. */
struct pool {
	struct pool *next;
	size_t size, used;
	int refs;  /* the newest chunk's: its holders less one (pool_share) */
	void *adopted;  /* a heap block the pool frees (pool_adopt), or NULL */
	_Alignas(8) unsigned char data[];
};

void *
pool_alloc(struct pool **p, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (*p == NULL || (*p)->size - (*p)->used < n) {
		size_t size = n > 65536 - sizeof **p ? n : 65536 - sizeof **p;
		struct pool *c = xmalloc(sizeof *c + size);
		c->next = *p;
		c->size = size;
		c->used = 0;
		c->refs = 0;
		c->adopted = NULL;
		*p = c;
	}
	void *b = (*p)->data + (*p)->used;
	(*p)->used += n;
	return b;
}

struct pool *
pool_share(struct pool *p)
{
	if (p)
		p->refs++;
	return p;
}

void
pool_free(struct pool *p)
{
	if (p && p->refs > 0) {
		p->refs--;
		return;
	}
	while (p) {
		struct pool *next = p->next;
		free(p->adopted);
		free(p);
		p = next;
	}
}

/* FNV-1a over the bytes of s */
static size_t
strmap_hash(const char *s)
{
	size_t h = (size_t)1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * (size_t)1099511628211ULL;
	return h;
}

/* The slot of s in m: where it is, or the empty one where it goes. */
static size_t
strmap_slot(const struct strmap *m, const char *s)
{
	size_t j = strmap_hash(s) & (m->cap - 1);
	while (m->key[j] && strcmp(m->key[j], s) != 0)
		j = (j + 1) & (m->cap - 1);
	return j;
}

long *
strmap_at(struct strmap *m, const char *s, int *added)
{
	if (2 * (m->n + 1) > m->cap) {
		/* kept at most half full, so that a probe stays short */
		struct strmap grown = { NULL, NULL, m->n, m->cap ? m->cap * 2 : 64 };
		grown.key = xcalloc(grown.cap, sizeof *grown.key);
		grown.val = xcalloc(grown.cap, sizeof *grown.val);
		for (size_t i = 0; i < m->cap; i++)
			if (m->key[i]) {
				size_t j = strmap_slot(&grown, m->key[i]);
				grown.key[j] = m->key[i];
				grown.val[j] = m->val[i];
			}
		free(m->key);
		free(m->val);
		*m = grown;
	}
	size_t j = strmap_slot(m, s);
	*added = m->key[j] == NULL;
	if (*added) {
		m->key[j] = xstrdup(s);
		m->val[j] = 0;
		m->n++;
	}
	return &m->val[j];
}

void
strmap_release(struct strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->key[i]);
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof *m);
}

void
pool_adopt(struct pool **p, void *block)
{
	struct pool *c = xmalloc(sizeof *c);
	c->size = c->used = 0;
	c->refs = 0;
	c->adopted = block;
	/* after the newest chunk, which goes on taking blocks and keeps the
	 * count of holders */
	if (*p) {
		c->next = (*p)->next;
		(*p)->next = c;
	} else {
		c->next = NULL;
		*p = c;
	}
}
