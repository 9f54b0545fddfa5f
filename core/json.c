/* SPDX-License-Identifier: ISC */
/* json.c: JSON output through jansson: the writer and the JSON renderer
 * of a view (see json.h). */
#include "json.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "when.h"

/* A struct jv is a json_t: the writer only renames jansson's values. */
static json_t *
J(const struct jv *v)
{
	return (json_t *)(void *)(uintptr_t)v;
}

static struct jv *
V(json_t *j)
{
	return (struct jv *)(void *)j;
}

struct jv *
jv_object(void)
{
	return V(json_object());
}

struct jv *
jv_array(void)
{
	return V(json_array());
}

struct jv *
jv_str(const char *s)
{
	json_t *j = json_string(s ? s : "");
	return V(j ? j : json_string("?"));
}

struct jv *
jv_strn(const char *s, size_t n)
{
	json_t *j = json_stringn(s, n);
	return V(j ? j : json_string("?"));
}

struct jv *
jv_int(long long n)
{
	return V(json_integer((json_int_t)n));
}

struct jv *
jv_real(double x)
{
	return V(json_real(x));
}

struct jv *
jv_bool(int b)
{
	return V(json_boolean(b));
}

struct jv *
jv_null(void)
{
	return V(json_null());
}

struct jv *
jv_pack(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	json_t *j = json_vpack_ex(NULL, 0, fmt, ap);
	va_end(ap);
	return V(j);
}

void
jv_set(struct jv *obj, const char *key, struct jv *val)
{
	json_object_set_new(J(obj), key, J(val));
}

void
jv_push(struct jv *arr, struct jv *val)
{
	json_array_append_new(J(arr), J(val));
}

size_t
jv_size(const struct jv *v)
{
	return json_is_object(J(v)) ? json_object_size(J(v)) : json_array_size(J(v));
}

void
jv_free(struct jv *v)
{
	json_decref(J(v));
}

char *
jv_dumps(const struct jv *v, int flags)
{
	size_t f = JSON_COMPACT | JSON_PRESERVE_ORDER;
	if (flags & JV_REAL12)
		f |= JSON_REAL_PRECISION(12);
	if (flags & JV_ANY)
		f |= JSON_ENCODE_ANY;
	return json_dumps(J(v), f);
}

int
jv_print(FILE *f, const struct jv *v)
{
	char *s = jv_dumps(v, 0);
	if (s == NULL)
		return -1;
	int r = fputs(s, f) < 0 || fputc('\n', f) == EOF ? -1 : 0;
	free(s);
	return r;
}

void
jw_start(struct jw *w, FILE *f)
{
	w->f = f;
	w->sb = NULL;
	w->depth = 0;
	w->n[0] = 0;
	w->len = 0;
}

void
jw_start_text(struct jw *w, struct strbuf *sb)
{
	jw_start(w, NULL);
	w->sb = sb;
}

/* What w gathered, written to its stream. */
static void
jw_flush(struct jw *w)
{
	if (w->len > 0 && w->sb)
		sb_addn(w->sb, w->buf, w->len);
	else if (w->len > 0)
		fwrite(w->buf, 1, w->len, w->f);
	w->len = 0;
}

/* The outermost value ended: its last bytes go to the stream. */
static void
jw_done(struct jw *w)
{
	if (w->depth == 0)
		jw_flush(w);
}

static void
jw_put(struct jw *w, const char *s, size_t n)
{
	if (w->len + n > sizeof w->buf) {
		jw_flush(w);
		if (n > sizeof w->buf) {
			if (w->sb)
				sb_addn(w->sb, s, n);
			else
				fwrite(s, 1, n, w->f);
			return;
		}
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
}

static void
jw_putc(struct jw *w, char c)
{
	if (w->len == sizeof w->buf)
		jw_flush(w);
	w->buf[w->len++] = c;
}

/* A string, escaped as jansson escapes it (compact, UTF-8 kept as it is,
 * '/' not escaped): ", \ and control characters. */
static void
jw_text(struct jw *w, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	jw_putc(w, '"');
	while (*p) {
		const unsigned char *run = p;
		while (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
			p++;
		if (p > run)
			jw_put(w, (const char *)run, (size_t)(p - run));
		if (*p == '\0')
			break;
		if (*p >= 0x80) {
			/* one UTF-8 sequence, or U+FFFD for a bad byte */
			int k = *p >= 0xf5 ? 0 : *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc2 ? 2 : 0, ok = k > 0;
			for (int i = 1; ok && i < k; i++)
				ok = (p[i] & 0xc0) == 0x80;
			if (ok && k == 3 && ((*p == 0xe0 && p[1] < 0xa0) || (*p == 0xed && p[1] >= 0xa0)))
				ok = 0;
			if (ok && k == 4 && ((*p == 0xf0 && p[1] < 0x90) || (*p == 0xf4 && p[1] >= 0x90)))
				ok = 0;
			if (ok) {
				jw_put(w, (const char *)p, (size_t)k);
				p += k;
			} else {
				jw_put(w, "\xef\xbf\xbd", 3);
				p++;
			}
			continue;
		}
		unsigned char c = *p++;
		const char *short_esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\b' ? "\\b" : c == '\f' ? "\\f"
		    : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
		if (short_esc)
			jw_put(w, short_esc, 2);
		else {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			jw_put(w, u, sizeof u);
		}
	}
	jw_putc(w, '"');
}

/* The separator and key before a member or item. */
static void
jw_key(struct jw *w, const char *key)
{
	if (w->n[w->depth]++ > 0)
		jw_putc(w, ',');
	if (key) {
		jw_text(w, key);
		jw_putc(w, ':');
	}
}

static void
jw_open(struct jw *w, const char *key, int c)
{
	jw_key(w, key);
	jw_putc(w, (char)c);
	if (w->depth + 1 < JW_DEPTH) {
		w->n[++w->depth] = 0;
		w->close[w->depth] = c == '{' ? '}' : ']';
	}
}

void
jw_object(struct jw *w, const char *key)
{
	jw_open(w, key, '{');
}

void
jw_array(struct jw *w, const char *key)
{
	jw_open(w, key, '[');
}

void
jw_end(struct jw *w)
{
	if (w->depth > 0)
		jw_putc(w, w->close[w->depth--]);
	jw_done(w);
}

void
jw_str(struct jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	if (s)
		jw_text(w, s);
	else
		jw_put(w, "null", 4);
	jw_done(w);
}

void
jw_int(struct jw *w, const char *key, long long v)
{
	char buf[24], *p = buf + sizeof buf;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	size_t n = (size_t)(buf + sizeof buf - p);
	if (key == NULL && w->depth > 0 && w->len + n + 1 <= sizeof w->buf) {
		/* an element of a list (a player's points, hand after hand):
		 * straight into the buffer */
		if (w->n[w->depth]++ > 0)
			w->buf[w->len++] = ',';
		memcpy(w->buf + w->len, p, n);
		w->len += n;
		return;
	}
	jw_key(w, key);
	jw_put(w, p, n);
	jw_done(w);
}

void
jw_bool(struct jw *w, const char *key, int b)
{
	jw_key(w, key);
	if (b)
		jw_put(w, "true", 4);
	else
		jw_put(w, "false", 5);
	jw_done(w);
}

void
jw_value(struct jw *w, const char *key, const struct jv *v)
{
	char *s = jv_dumps(v, JV_ANY);
	jw_raw(w, key, s ? s : "null");
	free(s);
}

void
jw_raw(struct jw *w, const char *key, const char *text)
{
	jw_key(w, key);
	jw_put(w, text, strlen(text));
	jw_done(w);
}

void
jv_stream_item(FILE *f, struct jv *item, long *n)
{
	char *s = jv_dumps(item, 0);
	fputc(*n == 0 ? '[' : ',', f);
	fputs(s ? s : "null", f);
	free(s);
	jv_free(item);
	(*n)++;
}

void
jv_stream_close(FILE *f, long n)
{
	fputs(n == 0 ? "[]" : "]", f);
}

void
jv_stream_end(FILE *f, long n)
{
	jv_stream_close(f, n);
	fputc('\n', f);
}

static void
set_error(struct jv_error *err, const json_error_t *je)
{
	if (err == NULL)
		return;
	err->line = je->line;
	snprintf(err->text, sizeof err->text, "%s", je->text);
}

struct jv *
jv_parse(const char *s, size_t n, struct jv_error *err)
{
	json_error_t je;
	json_t *j = json_loadb(s, n, 0, &je);
	if (j == NULL)
		set_error(err, &je);
	return V(j);
}

struct jv *
jv_parse_stream(size_t (*read)(void *buf, size_t size, void *data), void *data, struct jv_error *err)
{
	json_error_t je;
	json_t *j = json_load_callback(read, data, 0, &je);
	if (j == NULL)
		set_error(err, &je);
	return V(j);
}

struct jv *
jv_get(const struct jv *obj, const char *key)
{
	return V(json_object_get(J(obj), key));
}

struct jv *
jv_at(const struct jv *arr, size_t i)
{
	return V(json_array_get(J(arr), i));
}

const char *
jv_next_member(const struct jv *obj, struct jv_iter *it, struct jv **val)
{
	it->at = it->started ? json_object_iter_next(J(obj), it->at) : json_object_iter(J(obj));
	it->started = 1;
	if (it->at == NULL)
		return NULL;
	*val = V(json_object_iter_value(it->at));
	return json_object_iter_key(it->at);
}

const char *
jv_text(const struct jv *v)
{
	return json_string_value(J(v));
}

size_t
jv_text_len(const struct jv *v)
{
	return json_string_length(J(v));
}

long long
jv_integer(const struct jv *v)
{
	return json_integer_value(J(v));
}

int
jv_is_object(const struct jv *v)
{
	return json_is_object(J(v));
}

int
jv_is_array(const struct jv *v)
{
	return json_is_array(J(v));
}

int
jv_is_string(const struct jv *v)
{
	return json_is_string(J(v));
}

int
jv_is_integer(const struct jv *v)
{
	return json_is_integer(J(v));
}

int
jv_is_true(const struct jv *v)
{
	return json_is_true(J(v));
}

int
jv_is_null(const struct jv *v)
{
	return json_is_null(J(v));
}

static json_t *
jstr(const char *s)
{
	return J(jv_str(s));
}

/* A line's value: null for COLUMN_NONE, a boolean for COLUMN_FLAG, else
 * an integer. */
static void
value_write(struct jw *w, const char *key, enum column_kind kind, long v)
{
	if (v == COLUMN_NONE)
		jw_str(w, key, NULL);
	else if (kind == COLUMN_FLAG)
		jw_bool(w, key, v != 0);
	else
		jw_int(w, key, v);
}

/* One player's element of "players" (see view_json_players). */
static void
player_write(struct jw *w, const struct view *v, int i)
{
	const struct view_player *p = &v->players[i];
	jw_object(w, NULL);
	jw_str(w, "name", p->name);
	jw_int(w, "seat", i + 1);
	if (p->sub)
		jw_str(w, "sub", p->sub);  /* who plays the seat now */
	jw_int(w, "total", p->total);
	if (p->joined > 0) {
		/* a late arrival: the first hand they play (the hands before
		 * hold null for them) and what they sat down with */
		jw_int(w, "joined", p->joined);
		jw_int(w, "joined_with", p->joined_with);
	}
	jw_array(w, "points");
	for (int h = 0; h < v->nhands; h++)
		value_write(w, NULL, COLUMN_NUMBER, v->hands[h].points[i]);
	jw_end(w);
	if (!v->scores_points) {
		/* no points: what each hand left the player holding, as `show`
		 * prints each hand's row */
		jw_array(w, "held");
		for (int h = 0; h < v->nhands; h++)
			value_write(w, NULL, COLUMN_NUMBER, v->hands[h].held[i]);
		jw_end(w);
	}
	/* each hand line: one value per hand, as "points" */
	for (int k = 0; k < v->nhand_lines; k++) {
		jw_array(w, v->hand_lines[k].key);
		for (int h = 0; h < v->nhands; h++)
			value_write(w, NULL, v->hand_lines[k].kind, v->hands[h].lines[k].v[i]);
		jw_end(w);
	}
	for (int k = 0; k < v->nfoot; k++)
		value_write(w, v->foot[k].key, v->foot[k].kind, v->foot[k].v[i]);
	jw_bool(w, "out", p->out);
	if (view_no_places(v))   /* no result: no place (null) */
		jw_str(w, "rank", NULL);
	else
		jw_int(w, "rank", p->rank);
	const char *side = NULL;
	for (int s = 0; s < v->nsides; s++)  /* partnership play: the player's side */
		for (int k = 0; k < v->sides[s].nseats; k++)
			if (v->sides[s].seats[k] == i)
				side = v->sides[s].name;
	if (side)
		jw_str(w, "side", side);
	jw_end(w);
}

void
view_write_players(struct jw *w, const char *key, const struct view *v)
{
	jw_array(w, key);
	for (int i = 0; i < v->nplayers; i++)
		player_write(w, v, i);
	jw_end(w);
}

char *
view_players_text(const struct game_state *st)
{
	struct strbuf sb = {0};
	struct view *v = view_build_players(st);
	/* the export's standings are the replay of its record, which names
	 * no substitute (the record's "subs" say who sat in): a command's
	 * state that knows them shows the same */
	for (int i = 0; i < v->nplayers; i++) {
		free(v->players[i].sub);
		v->players[i].sub = NULL;
	}
	struct jw w;
	jw_start_text(&w, &sb);
	view_write_players(&w, NULL, v);
	view_free(v);
	return sb_take(&sb);
}

struct jv *
view_json_players(const struct view *v)
{
	/* the one way of writing them, read back as a tree */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL)
		abort();
	struct jw w;
	struct jv_error err;
	jw_start(&w, f);
	view_write_players(&w, NULL, v);
	fclose(f);
	struct jv *r = jv_parse(buf, len, &err);
	free(buf);
	if (r == NULL)
		abort();  /* the writer writes JSON */
	return r;
}

static json_t *
winners_json(const struct view *v)
{
	json_t *w = json_array();
	for (int i = 0; i < v->nplayers; i++)
		if (v->players[i].winner)
			json_array_append_new(w, jstr(v->players[i].name));
	return w;
}

/* Each grid of v at its own key of o: [[values of its first column],
 * ...]; a row whose column is not shown is []. */
static void
grids_json(const struct view *v, json_t *o)
{
	for (int g = 0; g < v->ngrids; g++) {
		json_t *rows = json_array();
		for (int r = 0; r < v->grids[g].nrows; r++) {
			json_t *row = json_array();
			for (int i = 0; v->grids[g].rows[r] && i < v->nplayers; i++)
				json_array_append_new(row, json_integer(v->grids[g].rows[r][i]));
			json_array_append_new(rows, row);
		}
		json_object_set_new(o, v->grids[g].key, rows);
	}
}

/* The options as SPEC section 4 lists them: the preset (where the game
 * has presets), then each option the game declares, in its order. */
static json_t *
options_json(const struct view *v)
{
	json_t *opts = json_object();
	const char *preset = NULL;
	for (int i = 0; i < v->noptions; i++)
		if (strcmp(v->options[i].key, "preset") == 0)
			preset = v->options[i].value;
	if (v->rules->presets)
		json_object_set_new(opts, "preset", jstr(preset));
	for (const struct option_def *od = v->rules->options; od && od->key; od++)
		for (int i = 0; i < v->noptions; i++)
			if (strcmp(v->options[i].key, od->key) == 0) {
				json_object_set_new(opts, od->key, jstr(v->options[i].value));
				break;
			}
	return opts;
}

/* The "sides" array of partnership play, best first: name, players,
 * seats (1-based), total, points (one per hand) and rank; NULL when v has
 * no sides. */
static json_t *
sides_json(const struct view *v)
{
	if (v->nsides == 0)
		return NULL;
	json_t *arr = json_array();
	for (int place = 1; place <= v->nsides; place++)
		for (int s = 0; s < v->nsides; s++) {
			const struct view_side *vs = &v->sides[s];
			if (vs->rank != place)
				continue;
			json_t *o = json_object(), *players = json_array(), *nums = json_array(), *pts = json_array();
			json_object_set_new(o, "name", jstr(vs->name));
			for (int i = 0; i < vs->nseats; i++) {
				json_array_append_new(players, jstr(v->players[vs->seats[i]].name));
				json_array_append_new(nums, json_integer(vs->seats[i] + 1));
			}
			for (int h = 0; vs->points && h < v->nhands; h++)
				json_array_append_new(pts, json_integer(vs->points[h]));
			json_object_set_new(o, "players", players);
			json_object_set_new(o, "seats", nums);
			json_object_set_new(o, "total", json_integer(vs->total));
			json_object_set_new(o, "points", pts);
			/* no result, or no hand yet: no place (null) */
			json_object_set_new(o, "rank", view_no_places(v) ? json_null() : json_integer(vs->rank));
			json_array_append_new(arr, o);
		}
	return arr;
}

/* Set "sides" of o where v has sides. */
static void
set_sides(const struct view *v, json_t *o)
{
	json_t *sides = sides_json(v);
	if (sides)
		json_object_set_new(o, "sides", sides);
}

/* The `show --json` object of v, with "players" null in its place:
 * view_json puts the players' tree there, view_print_json writes them
 * as they are made. */
static json_t *
view_head_json(const struct view *v)
{
	json_t *o = json_object();
	json_object_set_new(o, "id", json_integer(v->id));
	json_object_set_new(o, "game", jstr(v->game));
	json_object_set_new(o, "status", jstr(v->status));
	if (v->started) {
		char when[WHEN_BUF];
		json_object_set_new(o, "started", jstr(when_show(v->started, when_iso_local, when)));
	}
	json_object_set_new(o, "options", options_json(v));
	json_object_set_new(o, "hands", json_integer(v->nhands));
	/* null while fewer than two hands say how long play took */
	json_object_set_new(o, "play_minutes", v->play_minutes >= 0 ? json_integer(v->play_minutes) : json_null());
	json_object_set_new(o, "note", v->note ? jstr(v->note) : json_null());
	json_object_set_new(o, "next", jstr(v->next));
	if (v->has_pot)
		json_object_set_new(o, "pot", json_integer(v->pot));
	json_object_set_new(o, "dealer", jstr(v->players[v->dealer].name));
	json_object_set_new(o, "players", json_null());
	set_sides(v, o);
	grids_json(v, o);
	json_object_set_new(o, "winners", winners_json(v));
	return o;
}

struct jv *
view_json(const struct view *v)
{
	json_t *o = view_head_json(v);
	json_object_set_new(o, "players", J(view_json_players(v)));
	return V(o);
}

int
view_print_json(FILE *f, const struct view *v)
{
	/* the players written as they are made: read back as a tree and
	 * printed again (view_json), a thousand hands' points cost some
	 * twenty times the bytes they print; the rest as the tree prints it */
	json_t *o = view_head_json(v), *val;
	const char *key;
	struct jw w;
	jw_start(&w, f);
	jw_object(&w, NULL);
	json_object_foreach(o, key, val) {
		if (strcmp(key, "players") == 0)
			view_write_players(&w, key, v);
		else
			jw_value(&w, key, V(val));
	}
	jw_end(&w);
	json_decref(o);
	return fputc('\n', f) == EOF || ferror(f) ? -1 : 0;
}

struct jv *
view_json_hand(const struct view *v, const struct warnings *w)
{
	json_t *o = json_object();
	json_t *pts = json_object();
	json_t *warn = json_array();
	const struct view_hand *vh = v->nhands ? &v->hands[v->nhands - 1] : NULL;

	json_object_set_new(o, "hand", json_integer(v->nhands));
	for (int i = 0; vh && i < v->nplayers; i++)
		if (vh->points[i] != COLUMN_NONE)  /* a late arrival for the hands to come has none */
			json_object_set_new(pts, v->players[i].name, json_integer(vh->points[i]));
	json_object_set_new(o, "points", pts);
	for (int i = 0; w && i < w->n; i++)
		json_array_append_new(warn, jstr(w->msg[i]));
	json_object_set_new(o, "warnings", warn);
	if (vh && vh->note)
		json_object_set_new(o, "note", jstr(vh->note));
	if (v->has_pot)
		json_object_set_new(o, "pot", json_integer(v->pot));
	json_object_set_new(o, "players", J(view_json_players(v)));
	set_sides(v, o);
	json_object_set_new(o, "next", jstr(v->next));
	json_object_set_new(o, "status", jstr(v->status));
	json_object_set_new(o, "winners", winners_json(v));
	return V(o);
}

/* The night's "played": each game with its id, game, title, status,
 * hands and winners, in the order they started. */
static json_t *
night_played_json(const struct view_night *n)
{
	json_t *arr = json_array();
	for (int gi = 0; gi < n->ngames; gi++) {
		const struct view *v = n->games[gi].v;
		json_t *o = json_object();
		json_object_set_new(o, "id", json_integer(v->id));
		json_object_set_new(o, "game", jstr(v->game));
		json_object_set_new(o, "title", jstr(v->title));
		json_object_set_new(o, "status", jstr(v->status));
		json_object_set_new(o, "hands", json_integer(v->nhands));
		json_object_set_new(o, "play_minutes", v->play_minutes >= 0 ? json_integer(v->play_minutes) : json_null());
		json_object_set_new(o, "winners", winners_json(v));
		json_object_set_new(o, "counts", json_boolean(n->games[gi].counts));
		json_object_set_new(o, "result", jstr(n->games[gi].result));
		json_array_append_new(arr, o);
	}
	return arr;
}

/* "standings": the players in the night's order, each with the place
 * as printed ("=1st"), wins, games, the average place and the place in
 * each game that counts ({"game": id, "place": n, "tied": shared with a
 * player not a partner, "shown": "=1st" as the text and PDF print it}). */
static json_t *
night_standings_json(const struct view_night *n)
{
	json_t *arr = json_array();
	for (int k = 0; k < n->nplayers; k++) {
		const struct view_night_player *p = &n->players[k];
		json_t *o = json_object(), *places = json_array();
		char buf[32];
		json_object_set_new(o, "player", jstr(p->name));
		json_object_set_new(o, "place", json_integer(p->place));
		json_object_set_new(o, "shown", jstr(view_night_place(p, buf, sizeof buf)));
		json_object_set_new(o, "tied", json_boolean(p->tied));
		json_object_set_new(o, "wins", json_integer(p->won));
		json_object_set_new(o, "games", json_integer(p->games));
		json_object_set_new(o, "average_place", p->games ? json_real(strtod(view_night_average(p, buf,
		    sizeof buf), NULL)) : json_null());
		for (int gi = 0; gi < n->ngames; gi++)
			if (p->places[gi])
				json_array_append_new(places, json_pack("{s:I, s:s, s:I, s:b, s:s}", "game",
				    (json_int_t)n->games[gi].v->id, "title", n->games[gi].title, "place",
				    (json_int_t)p->places[gi], "tied", p->tied_in[gi] != 0, "shown",
				    view_night_game_place(p, gi, buf, sizeof buf)));
		json_object_set_new(o, "places", places);
		json_object_set_new(o, "out", json_integer(p->outs));
		json_object_set_new(o, "put_out", json_integer(p->put_out));
		json_array_append_new(arr, o);
	}
	return arr;
}

/* "settle": null when no game carried money, else the games, each
 * party's net in cents and the fewest payments. */
static json_t *
night_settle_json(const struct view_night_settle *s)
{
	if (s->ngames == 0)
		return s->skipped ? json_pack("{s:[], s:{}, s:[], s:s}", "games", "net", "payments", "not_settled",
		    s->skipped) : json_null();
	json_t *o = json_object(), *games = json_array(), *net = json_object(), *pay = json_array();
	for (int i = 0; i < s->ngames; i++)
		json_array_append_new(games, jstr(s->games[i]));
	for (int i = 0; i < s->nparties; i++)
		json_object_set_new(net, s->party[i], json_integer(s->cents[i]));
	for (int i = 0; i < s->npay; i++)
		json_array_append_new(pay, json_pack("{s:s, s:s, s:I, s:s}", "from", s->pay[i].from, "to", s->pay[i].to,
		    "amount", (json_int_t)s->pay[i].cents, "unit", "cents"));
	json_object_set_new(o, "games", games);
	json_object_set_new(o, "net", net);
	json_object_set_new(o, "payments", pay);
	json_object_set_new(o, "carried", s->carried ? jstr(s->carried) : json_null());
	json_object_set_new(o, "not_settled", s->skipped ? jstr(s->skipped) : json_null());
	return o;
}

struct jv *
view_night_json(const struct view_night *n)
{
	json_t *o = json_object(), *hl = json_array(), *champ = json_null();
	char when[WHEN_BUF];
	json_object_set_new(o, "id", json_integer(n->id));
	json_object_set_new(o, "name", jstr(n->name));
	json_object_set_new(o, "started", jstr(n->started ? when_show(n->started, when_iso_local, when) : NULL));
	json_object_set_new(o, "ended", n->ended ? jstr(when_show(n->ended, when_iso_local, when)) : json_null());
	json_object_set_new(o, "games", json_integer(n->ngames));
	/* from its first game's start to its last hand; null while fewer than
	 * two hands say it (when_played) */
	json_object_set_new(o, "play_minutes", n->play_minutes >= 0 ? json_integer(n->play_minutes) : json_null());
	json_object_set_new(o, "note", n->note ? jstr(n->note) : json_null());
	json_object_set_new(o, "played", night_played_json(n));
	char *detail, *words = view_night_champion(n, &detail);
	if (words) {
		json_t *names = json_array();
		for (int k = 0; k < n->nchampions; k++)
			json_array_append_new(names, jstr(n->players[k].name));
		champ = json_pack("{s:o, s:s, s:s, s:s, s:b}", "players", names, "names", words, "detail", detail,
		    "rule", VIEW_NIGHT_CHAMPION_RULE, "final", view_night_final(n));
	}
	free(words);
	free(detail);
	json_object_set_new(o, "champion", champ);
	json_object_set_new(o, "standings", night_standings_json(n));
	for (int k = 0; k < n->nhighlights; k++) {
		const struct view_highlight *h = &n->highlights[k];
		json_array_append_new(hl, json_pack("{s:I, s:s, s:s, s:s}", "game", (json_int_t)n->games[h->game].v->id,
		    "title", n->games[h->game].title, "kind", h->kind, "text", h->text));
	}
	json_object_set_new(o, "highlights", hl);
	json_object_set_new(o, "settle", night_settle_json(&n->settle));
	return V(o);
}
