/* diag.c: diagnostics as values (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>

#include "util.h"

void
diag_clear(struct diag *d)
{
	free(d->player);
	free(d->value);
	free(d->rule);
	free(d->message);
	d->player = d->value = d->rule = d->message = NULL;
	d->status = ST_OK;
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
	d->player = player ? xstrdup(player) : NULL;
	d->value = value ? xstrdup(value) : NULL;
	d->rule = rule ? xstrdup(rule) : NULL;
	va_start(ap, fmt);
	d->message = xvasprintf(fmt, ap);
	va_end(ap);
	return status;
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
warnings_free(struct warnings *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->msg[i]);
	free(w->msg);
	w->msg = NULL;
	w->n = 0;
}
