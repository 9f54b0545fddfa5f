/* SPDX-License-Identifier: ISC */
/* diag.c: diagnostics as values (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void
diag_clear(struct diag *d)
{
	free(d->player);
	free(d->value);
	free(d->rule);
	free(d->message);
	free(d->field);
	d->player = d->value = d->rule = d->message = d->field = NULL;
	d->status = ST_OK;
}

enum status
diag_field(struct diag *d, const char *field)
{
	free(d->field);
	d->field = field ? xstrdup(field) : NULL;
	return d->status;
}

/* s cut to its first DIAG_TOKEN_KEEP bytes (whole UTF-8 characters),
 * followed by how long it was. */
static char *
cut(const char *s, size_t n)
{
	size_t k = DIAG_TOKEN_KEEP;
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return xasprintf("%.*s\u2026(%zu bytes)", (int)k, s, n);
}

char *
diag_token(const char *s)
{
	size_t n = strlen(s);
	return n > DIAG_TOKEN_MAX ? cut(s, n) : xstrdup(s);
}

/* msg with every occurrence of tok (longer than DIAG_TOKEN_MAX) cut. */
static char *
cut_occurrences(char *msg, const char *tok)
{
	size_t n = strlen(tok);
	if (n <= DIAG_TOKEN_MAX || strstr(msg, tok) == NULL)
		return msg;
	char *c = cut(tok, n);
	struct strbuf sb = {0};
	const char *p = msg, *q;
	while ((q = strstr(p, tok)) != NULL) {
		sb_addn(&sb, p, (size_t)(q - p));
		sb_add(&sb, c);
		p = q + n;
	}
	sb_add(&sb, p);
	free(c);
	free(msg);
	return sb_take(&sb);
}

/* msg with every run of more than DIAG_TOKEN_MAX bytes between spaces and
 * quotes cut. */
static char *
cut_runs(char *msg)
{
	struct strbuf sb = {0};
	const char *p = msg;
	int any = 0;
	while (*p) {
		size_t n = strcspn(p, " \t\n'\"");
		if (n > DIAG_TOKEN_MAX) {
			char *c = cut(p, n);
			sb_add(&sb, c);
			free(c);
			any = 1;
		} else
			sb_addn(&sb, p, n);
		p += n;
		if (*p)
			sb_addc(&sb, *p++);
	}
	if (!any) {
		sb_release(&sb);
		return msg;
	}
	free(msg);
	return sb_take(&sb);
}

/* Whatever is left too long is cut as a whole. */
static char *
cut_message(char *msg)
{
	size_t n = strlen(msg);
	if (n <= DIAG_MESSAGE_MAX)
		return msg;
	size_t k = DIAG_MESSAGE_MAX - 40;
	while (k > 0 && ((unsigned char)msg[k] & 0xc0) == 0x80)
		k--;
	char *c = xasprintf("%.*s\u2026(message of %zu bytes)", (int)k, msg, n);
	free(msg);
	return c;
}

/* The message on one line, as SPEC section 5 says an error is: a control
 * character that came with a value (a path or a name with a newline, an
 * ESC) is written <U+XXXX>, so it neither breaks the line nor reaches the
 * terminal.  Takes msg. */
static char *
one_line(char *msg)
{
	size_t extra = 0;
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
		extra += *p < 0x20 || *p == 0x7f;
	if (extra == 0)
		return msg;
	char *out = xmalloc(strlen(msg) + extra * 8 + 1), *o = out;
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			o += sprintf(o, "<U+%04X>", *p);
		else
			*o++ = (char)*p;
	*o = '\0';
	free(msg);
	return out;
}

enum status
diag_set(struct diag *d, enum status status, const char *player,
    const char *value, const char *rule, const char *fmt, ...)
{
	va_list ap;
	if (d == NULL)
		return status;
	diag_clear(d);
	d->status = status;
	d->player = player ? diag_token(player) : NULL;
	d->value = value ? diag_token(value) : NULL;
	d->rule = rule ? xstrdup(rule) : NULL;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	/* a token echoed back is cut, with its length: one place for every
	 * diagnostic */
	if (value)
		msg = cut_occurrences(msg, value);
	if (player)
		msg = cut_occurrences(msg, player);
	d->message = cut_message(cut_runs(one_line(msg)));
	return status;
}

enum status
diag_wrap(struct diag *d, const char *suffix, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *before = xvasprintf(fmt, ap);
	va_end(ap);
	char *msg = xasprintf("%s%s%s", before, d->message ? d->message : "", suffix ? suffix : "");
	free(before);
	free(d->message);
	d->message = cut_message(msg);
	return d->status;
}

void
warnings_add(struct warnings *w, const char *fmt, ...)
{
	va_list ap;
	w->msg = xrealloc(w->msg, sizeof(char *) * (size_t)(w->n + 1));
	va_start(ap, fmt);
	w->msg[w->n++] = xvasprintf(fmt, ap);
	va_end(ap);
}

void
warnings_release(struct warnings *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->msg[i]);
	free(w->msg);
	w->msg = NULL;
	w->n = 0;
}
