/* SPDX-License-Identifier: ISC */
/*
 * progress.c: the progress line of progress.h.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "util.h"

/* nothing is drawn before this, and then at most once per step */
#define PROGRESS_DELAY_MS 500
#define PROGRESS_STEP_MS 100

struct progress {
	char *what, *unit;
	long total;
	atomic_long done;
	atomic_long next_ms;  /* when the next draw may come */
	atomic_flag drawing;  /* one thread draws at a time */
	int drawn;            /* a line is on the screen */
};

static long
mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int
term_columns(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *c = getenv("COLUMNS");
	int n = c ? atoi(c) : 0;
	return n > 0 ? n : 80;
}

struct progress *
progress_start(const char *what, const char *unit, long total)
{
	const char *term = getenv("TERM");
	if (!isatty(STDERR_FILENO) || (term && strcmp(term, "dumb") == 0))
		return NULL;
	struct progress *p = xcalloc(1, sizeof *p);
	p->what = xstrdup(what);
	p->unit = xstrdup(unit);
	p->total = total;
	atomic_init(&p->done, 0);
	atomic_init(&p->next_ms, mono_ms() + PROGRESS_DELAY_MS);
	atomic_flag_clear(&p->drawing);
	return p;
}

/* 1234567 -> "1,234,567" */
static void
grouped(long v, char *out, size_t size)
{
	char digits[32];
	int n = snprintf(digits, sizeof digits, "%ld", v < 0 ? 0 : v), o = 0;
	for (int i = 0; i < n && (size_t)o + 2 < size; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
}

static void
draw(struct progress *p, long done)
{
	char d[32], t[32], line[512];
	int cols = term_columns() - 1, n;
	grouped(done, d, sizeof d);
	if (p->total > 0) {
		long pct = done >= p->total ? 100 : done * 100 / p->total;
		grouped(p->total, t, sizeof t);
		n = snprintf(line, sizeof line, "%s %s of %s %s %3ld%%", p->what, d, t, p->unit, pct);
		/* the bar takes what is left of the line, 10 to 40 columns */
		int room = cols - n - 3;
		if (room > 40)
			room = 40;
		if (room >= 10 && n > 0 && (size_t)n + (size_t)room + 4 < sizeof line) {
			int full = (int)((long)room * (pct > 100 ? 100 : pct) / 100);
			line[n++] = ' ';
			line[n++] = '[';
			for (int i = 0; i < room; i++)
				line[n++] = i < full ? '#' : '.';
			line[n++] = ']';
			line[n] = '\0';
		}
	} else
		n = snprintf(line, sizeof line, "%s %s %s", p->what, d, p->unit);
	if (n > cols && cols > 0)
		line[cols] = '\0';
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	p->drawn = 1;
}

void
progress_add(struct progress *p, long n)
{
	if (p == NULL)
		return;
	long done = atomic_fetch_add(&p->done, n) + n;
	long now = mono_ms();
	if (now < atomic_load(&p->next_ms) || atomic_flag_test_and_set(&p->drawing))
		return;
	if (now >= atomic_load(&p->next_ms)) {
		atomic_store(&p->next_ms, now + PROGRESS_STEP_MS);
		draw(p, done);
	}
	atomic_flag_clear(&p->drawing);
}

void
progress_done(struct progress *p)
{
	if (p == NULL)
		return;
	if (p->drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	free(p->what);
	free(p->unit);
	free(p);
}
