/* SPDX-License-Identifier: ISC */
/* checkpoint.c: a game's replayed state kept as bytes (checkpoint.h). */
#include "checkpoint.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules_hash.h"
#include "state.h"
#include "util.h"

/*
 * The bytes, in order (integers as LEB128 varints, signed ones zigzagged;
 * a string as its length + 1, its bytes and a NUL, 0 for NULL):
 *   "TCK3", then an 8-byte checksum of everything after it (TCK1 wrote
 *   an empty hand column in ten bytes, not one; TCK2 a string with no
 *   NUL);
 *   the build (checkpoint_build()), the digest of the game's record
 *   (kind, seats, first dealer, options), the hands k, the digest of
 *   their entries;
 *   per seat: total, held, bank, pile, lives, out, out_order, out_by,
 *   winner, rank;
 *   dealer, first_dealer, over, pot;
 *   the ledger (0, or 1 then allow_negative, total, the 2n+1 balances and
 *   the moves: hand, from, to, amount, reason);
 *   0: no byte of the game's priv (rules.h, checkpoint_priv);
 *   the number of hand columns, then per hand: points, held, cols (a
 *   flag, then columns x seats, each as put_col() writes it: an empty
 *   cell in one byte), pot, label, note, sheet_note, detail.
 */
#define MAGIC "TCK3"
#define HEAD (4 + 8)

const char *
checkpoint_build(void)
{
	return "r1-" TALLY_RULES_HASH;
}

/* A 64-bit hash, eight bytes at a time: enough to catch a changed byte
 * (not a forger, who could recompute it; see `tally check`).  Long runs
 * (a checkpoint's bytes, not an entry's) go 32 bytes at a time in four
 * lanes, mixed at the end: the lanes' multiplies do not wait on each
 * other, where one chain of them made the checksum of a thousand hands
 * a tenth of reading them. */
static uint64_t
hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	if (n >= 256) {
		uint64_t lane[4] = { h, h ^ 0x243F6A8885A308D3ULL, h ^ 0x13198A2E03707344ULL, h ^ 0xA4093822299F31D0ULL };
		while (n >= 32) {
			for (int i = 0; i < 4; i++) {
				uint64_t w;
				memcpy(&w, b + 8 * i, 8);
				lane[i] = (lane[i] ^ w) * 0x9E3779B97F4A7C15ULL;
				lane[i] ^= lane[i] >> 31;
			}
			b += 32;
			n -= 32;
		}
		h = lane[0];
		for (int i = 1; i < 4; i++) {
			h = (h ^ lane[i]) * 0x9E3779B97F4A7C15ULL;
			h ^= h >> 31;
		}
	}
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, b, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
		h ^= h >> 31;
		b += 8;
		n -= 8;
	}
	uint64_t w = 0;
	memcpy(&w, b, n);
	h = (h ^ w ^ ((uint64_t)n << 56)) * 0xBF58476D1CE4E5B9ULL;
	return h ^ (h >> 29);
}

static uint64_t
hash_str(uint64_t h, const char *s)
{
	return hash_bytes(h, s ? s : "", s ? strlen(s) + 1 : 0);
}

/* What the state is replayed from, besides the entries: kind, seats,
 * first dealer, options. */
static uint64_t
record_digest(const struct game_record *rec)
{
	uint64_t h = hash_str(0x7461, rec->rules->name);
	long n[2] = { rec->nplayers, rec->dealer };
	h = hash_bytes(h, n, sizeof n);
	for (int i = 0; i < rec->nplayers; i++)
		h = hash_str(h, rec->names[i]);
	for (int i = 0; rec->opts && i < rec->opts->n; i++) {
		h = hash_str(h, rec->opts->kv[i].key);
		h = hash_str(h, rec->opts->kv[i].value);
		h = hash_bytes(h, &rec->opts->kv[i].set, sizeof rec->opts->kv[i].set);
	}
	return h;
}

static uint64_t
entries_digest(char *const *entries, int k)
{
	uint64_t h = 0x656e;
	for (int i = 0; i < k; i++)
		h = hash_str(h, entries[i]);
	return h;
}

/* ---- writing ---- */

static void
put_u(struct strbuf *b, uint64_t v)
{
	char c[10];
	size_t n = 0;
	do {
		c[n] = (char)(v & 0x7f);
		v >>= 7;
		if (v)
			c[n] |= (char)0x80;
		n++;
	} while (v);
	sb_addn(b, c, n);
}

/* v's zigzag code: small for small values of either sign. */
static uint64_t
zigzag(long v)
{
	return v < 0 ? ~((uint64_t)v << 1) : (uint64_t)v << 1;
}

static void
put_s(struct strbuf *b, long v)
{
	put_u(b, zigzag(v));
}

/* s's length + 1 and its bytes with their NUL, which the reader's
 * strings point at (get_str); 0 for NULL. */
static void
put_str(struct strbuf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	put_u(b, s ? n + 1 : 0);
	if (s)
		sb_addn(b, s, n + 1);
}

/* A hand column's value: 0 for COLUMN_NONE (an empty cell, what most
 * cells of most hands hold), else the signed value's code plus 1; as
 * put_s, an empty cell took ten bytes. */
static void
put_col(struct strbuf *b, long v)
{
	put_u(b, v == COLUMN_NONE ? 0 : zigzag(v) + 1);
}

static void
put_u64(struct strbuf *b, uint64_t v)
{
	unsigned char c[8];
	for (int i = 0; i < 8; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	sb_addn(b, (const char *)c, 8);
}

int
checkpoint_supported(const struct game_state *st)
{
	return st->priv == NULL || st->rules->methods.checkpoint_priv != PRIV_NOT_KEPT;
}

static void
put_ledger(struct strbuf *b, const struct ledger *l, int n)
{
	put_u(b, l != NULL);
	if (l == NULL)
		return;
	put_u(b, (uint64_t)l->allow_negative);
	put_s(b, l->total);
	for (int a = 0; a < 2 * n + 1; a++)
		put_s(b, l->balance[a]);
	put_u(b, (uint64_t)l->nmoves);
	for (int m = 0; m < l->nmoves; m++) {
		put_s(b, l->moves[m].hand);
		put_s(b, l->moves[m].from);
		put_s(b, l->moves[m].to);
		put_s(b, l->moves[m].amount);
		put_str(b, l->moves[m].reason);
	}
}

static void
put_hand(struct strbuf *b, const struct hand_record *hr, int n, int ncols)
{
	for (int i = 0; i < n; i++)
		put_s(b, hr->points[i]);
	for (int i = 0; i < n; i++)
		put_s(b, hr->held ? hr->held[i] : 0);
	put_u(b, hr->cols != NULL);
	for (int k = 0; hr->cols && k < ncols * n; k++)
		put_col(b, hr->cols[k]);
	put_s(b, hr->pot);
	put_str(b, hr->label);
	put_str(b, hr->note);
	put_str(b, hr->sheet_note);
	for (int i = 0; i < n; i++)
		put_str(b, hr->detail ? hr->detail[i] : NULL);
}

/* checkpoint_encode, of a closed state too (checkpoint_same). */
static unsigned char *
encode(const struct game_state *st, size_t *len)
{
	struct strbuf b = {0};
	int n = st->nplayers, ncols = rules_hand_columns(st->rules);
	*len = 0;
	if (!checkpoint_supported(st) || st->nhands != st->nentries)
		return NULL;
	for (int i = 0; i < n; i++)
		if (st->p[i].joined > 0)
			return NULL; /* see late_arrivals() */
	char *names[n > 0 ? n : 1];
	for (int i = 0; i < n; i++)
		names[i] = st->p[i].name;
	struct game_record rec = { st->rules, names, n, &st->opts, st->first_dealer, st->entries, st->nentries, 0,
		NULL, NULL, NULL, 0 };
	sb_addn(&b, MAGIC "01234567", HEAD); /* the checksum, filled in below */
	put_str(&b, checkpoint_build());
	put_u64(&b, record_digest(&rec));
	put_u(&b, (uint64_t)st->nhands);
	put_u64(&b, entries_digest(st->entries, st->nentries));
	put_u(&b, (uint64_t)n);
	for (int i = 0; i < n; i++) {
		/* every field of a seat's standing, whatever the game keeps in it */
		const struct player_state *ps = &st->p[i];
		long v[] = { ps->total, ps->held, ps->bank, ps->pile, ps->lives, ps->out, ps->out_order, ps->out_by,
			ps->winner, ps->rank, ps->start, ps->joined_with };
		for (size_t k = 0; k < ARRAY_LEN(v); k++)
			put_s(&b, v[k]);
	}
	put_s(&b, st->dealer);
	put_s(&b, st->first_dealer);
	put_s(&b, st->over);
	put_s(&b, st->pot);
	put_ledger(&b, st->ledger, n);
	put_u(&b, 0); /* the priv: none kept (rules.h, checkpoint_priv) */
	put_u(&b, (uint64_t)ncols);
	for (int h = 0; h < st->nhands; h++)
		put_hand(&b, &st->hands[h], n, ncols);
	*len = b.len;
	unsigned char *out = (unsigned char *)sb_take(&b);
	checkpoint_seal(out, *len);
	return out;
}

void
checkpoint_seal(unsigned char *bytes, size_t len)
{
	if (len < HEAD)
		return;
	memcpy(bytes, MAGIC, 4);
	uint64_t sum = hash_bytes(0x636b, bytes + HEAD, len - HEAD);
	for (int i = 0; i < 8; i++)
		bytes[4 + i] = (unsigned char)(sum >> (8 * i));
}

unsigned char *
checkpoint_encode(const struct game_state *st, size_t *len)
{
	*len = 0;
	return st->closed ? NULL : encode(st, len);
}

int
checkpoint_same(const struct game_state *a, const struct game_state *b)
{
	size_t la, lb;
	unsigned char *x = encode(a, &la), *y = encode(b, &lb);
	int same = x && y && a->closed == b->closed && la == lb && memcmp(x, y, la) == 0;
	free(x);
	free(y);
	return same;
}

/* ---- reading: every read is bounds-checked; a failed one sets bad ---- */

struct reader {
	unsigned char *p, *end;
	int bad;
};

static uint64_t get_u_long(struct reader *r);

/* most values take one byte, a running total two or three: those cases
 * inline, the rest (and any near the end of the bytes) out of line */
static inline uint64_t
get_u(struct reader *r)
{
	unsigned char *p = r->p;
	if (r->end - p >= 3) {
		if (p[0] < 0x80) {
			r->p = p + 1;
			return p[0];
		}
		if (p[1] < 0x80) {
			r->p = p + 2;
			return (uint64_t)(p[0] & 0x7f) | (uint64_t)p[1] << 7;
		}
		if (p[2] < 0x80) {
			r->p = p + 3;
			return (uint64_t)(p[0] & 0x7f) | (uint64_t)(p[1] & 0x7f) << 7 | (uint64_t)p[2] << 14;
		}
	}
	return get_u_long(r);
}

static uint64_t
get_u_long(struct reader *r)
{
	uint64_t v = 0;
	for (int shift = 0; shift < 64; shift += 7) {
		if (r->p >= r->end) {
			r->bad = 1;
			return 0;
		}
		unsigned char c = *r->p++;
		v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80))
			return v;
	}
	r->bad = 1;
	return 0;
}

/* The signed value whose zigzag code is u (put_s). */
static inline long
unzigzag(struct reader *r, uint64_t u)
{
	uint64_t v = u & 1 ? ~(u >> 1) : u >> 1;
	int64_t x;
	memcpy(&x, &v, sizeof x);
	if (x < LONG_MIN || x > LONG_MAX)
		r->bad = 1;
	return (long)x;
}

static inline long
get_s(struct reader *r)
{
	return unzigzag(r, get_u(r));
}

/* A hand column's value (put_col). */
static inline long
get_col(struct reader *r)
{
	uint64_t u = get_u(r);
	return u == 0 ? COLUMN_NONE : unzigzag(r, u - 1);
}

/* A signed value that must lie in [lo, hi]. */
static inline long
get_in(struct reader *r, long lo, long hi)
{
	long v = get_s(r);
	if (v < lo || v > hi)
		r->bad = 1;
	return v;
}

static uint64_t
get_u64(struct reader *r)
{
	uint64_t v = 0;
	if (r->end - r->p < 8) {
		r->bad = 1;
		return 0;
	}
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += 8;
	return v;
}

/* A string where it lies in the bytes, which the state owns (their
 * copy in its pool, or the block it adopted: checkpoint_adopt), or
 * NULL: its length + 1, then its bytes and a NUL that must be there. */
static char *
get_str(struct reader *r)
{
	uint64_t n = get_u(r);
	if (r->bad || n == 0)
		return NULL;
	if (n > (uint64_t)(r->end - r->p) || r->p[n - 1] != '\0') {
		r->bad = 1;
		return NULL;
	}
	char *s = (char *)r->p;
	r->p += n;
	return s;
}

/* Do the bytes of a string equal s? (consumed either way) */
static int
get_same_str(struct reader *r, const char *s)
{
	size_t len = strlen(s);
	const char *at = get_str(r);
	return at && strlen(at) == len && memcmp(at, s, len) == 0;
}

static int
read_players(struct reader *r, struct game_state *st)
{
	int n = st->nplayers;
	if (get_u(r) != (uint64_t)n)
		return 0;
	for (int i = 0; i < n && !r->bad; i++) {
		struct player_state *ps = &st->p[i];
		ps->total = get_s(r);
		ps->held = get_s(r);
		ps->bank = get_s(r);
		ps->pile = get_s(r);
		ps->lives = (int)get_in(r, INT_MIN, INT_MAX);
		ps->out = (int)get_in(r, 0, 1);
		ps->out_order = (int)get_in(r, 0, n);
		ps->out_by = (int)get_in(r, 0, n);
		ps->winner = (int)get_in(r, 0, 1);
		ps->rank = (int)get_in(r, 0, n);
		ps->start = get_s(r);
		ps->joined_with = get_s(r);
	}
	st->dealer = (int)get_in(r, 0, n - 1);
	st->first_dealer = (int)get_in(r, 0, n - 1);
	st->over = (int)get_in(r, 0, 1);
	st->pot = get_s(r);
	return !r->bad;
}

/* The ledger into st's own (init opened it, or not: the checkpoint must
 * agree); its balances must still add up. */
static int
read_ledger(struct reader *r, struct game_state *st)
{
	struct ledger *l = st->ledger;
	int n = st->nplayers;
	if (get_u(r) != (l != NULL) || r->bad)
		return 0;
	if (l == NULL)
		return 1;
	if ((int)get_u(r) != l->allow_negative)
		return 0;
	l->total = get_s(r);
	for (int a = 0; a < 2 * n + 1; a++)
		l->balance[a] = get_s(r);
	uint64_t nm = get_u(r);
	/* each move takes at least five bytes */
	if (r->bad || nm > (uint64_t)(r->end - r->p) / 5)
		return 0;
	free(l->moves);
	l->nmoves = (int)nm;
	l->moves = xcalloc(nm ? (size_t)nm : 1, sizeof *l->moves);
	for (int m = 0; m < l->nmoves && !r->bad; m++) {
		struct ledger_move *mv = &l->moves[m];
		mv->hand = (int)get_in(r, 0, INT_MAX);
		mv->from = (int)get_in(r, LEDGER_OUTSIDE, 2 * n - 1);
		mv->to = (int)get_in(r, LEDGER_OUTSIDE, 2 * n - 1);
		mv->amount = get_in(r, 0, LONG_MAX);
		mv->reason = get_str(r);
		if (mv->reason == NULL)
			mv->reason = "";
	}
	struct diag d = {0};
	int ok = !r->bad && ledger_check(l, &d) == ST_OK;
	diag_clear(&d);
	return ok;
}

/* The priv: init made it from the options (rules.h, checkpoint_priv);
 * the game sets what the hands changed from the state read. */
static int
read_priv(struct reader *r, struct game_state *st)
{
	if (get_u(r) != 0 || r->bad)
		return 0;
	rules_resume_priv(st);
	return 1;
}

/* Most hands of a game hold no counters (held all 0: a game without
 * stakes) and leave its optional hand columns empty (all COLUMN_NONE):
 * such a hand's array is the one `same` every such hand shares, where
 * one of its own a hand made a long game's state the larger by it. */
struct shared_values {
	long *zeros;       /* n zeros: held */
	long *empty;       /* ncols x n COLUMN_NONE: cols */
};

/* The m values read into v (room for m) kept for a hand: `same` when
 * they are what it holds, else a copy in the pool. */
static long *
keep_values(struct pool **pool, const long *v, size_t m, long *same)
{
	if (memcmp(v, same, m * sizeof *v) == 0)
		return same;
	return memcpy(pool_alloc(pool, m * sizeof *v), v, m * sizeof *v);
}

/* m signed values (get_s, or get_col for hand columns) into v. */
static void
get_values(struct reader *r, long *v, size_t m, int col)
{
	for (size_t k = 0; k < m; k++)
		v[k] = col ? get_col(r) : get_s(r);
}

/* Hand hr, its points and detail arrays given (n values each). */
static void
read_hand(struct reader *r, struct game_state *st, struct hand_record *hr, int ncols, const struct shared_values *sv)
{
	int n = st->nplayers;
	size_t m = (size_t)ncols * (size_t)n;
	struct pool **pool = &st->pool;
	long v[64];
	for (int i = 0; i < n; i++)
		hr->points[i] = get_s(r);
	if ((size_t)n <= ARRAY_LEN(v)) {
		get_values(r, v, (size_t)n, 0);
		hr->held = keep_values(pool, v, (size_t)n, sv->zeros);
	} else
		get_values(r, hr->held = pool_alloc(pool, (size_t)n * sizeof *hr->held), (size_t)n, 0);
	uint64_t has = get_u(r);
	if (has != (ncols > 0)) {
		r->bad = 1;
		return;
	}
	if (has && m <= ARRAY_LEN(v)) {
		get_values(r, v, m, 1);
		hr->cols = keep_values(pool, v, m, sv->empty);
	} else if (has)
		get_values(r, hr->cols = pool_alloc(pool, m * sizeof *hr->cols), m, 1);
	hr->pot = get_s(r);
	hr->label = get_str(r);
	hr->note = get_str(r);
	hr->sheet_note = get_str(r);
	for (int i = 0; i < n; i++)
		hr->detail[i] = get_str(r);
	if (hr->label == NULL)
		r->bad = 1;
}

/* The hands and their entries into st: the record's (rows: they lie in
 * a block the state takes, checkpoint_adopt), or copies of them. */
static int
read_hands(struct reader *r, struct game_state *st, const struct game_record *rec, int k, int rows)
{
	int n = st->nplayers, ncols = rules_hand_columns(st->rules);
	if (get_u(r) != (uint64_t)ncols || r->bad)
		return 0;
	/* each hand takes at least 2n + 5 bytes */
	if ((uint64_t)k > (uint64_t)(r->end - r->p) / (uint64_t)(2 * n + 5))
		return 0;
	/* with room for the hands a command replays past the checkpoint and
	 * the one it adds (CHECKPOINT_EVERY), so none of them moves them */
	st->hands_room = st->entries_room = k + CHECKPOINT_EVERY + 1;
	st->hands = xcalloc((size_t)st->hands_room, sizeof *st->hands);
	st->entries = xcalloc((size_t)st->entries_room, sizeof *st->entries);
	st->nhands = st->nentries = st->pool_hands = k;
	/* every hand's points and detail arrays in one block each */
	size_t nk = (size_t)k * (size_t)n, m = (size_t)ncols * (size_t)n;
	long *points = pool_alloc(&st->pool, nk * sizeof *points);
	char **detail = pool_alloc(&st->pool, nk * sizeof *detail);
	struct shared_values sv = { pool_alloc(&st->pool, (size_t)n * sizeof *sv.zeros),
		pool_alloc(&st->pool, m * sizeof *sv.empty) };
	memset(sv.zeros, 0, (size_t)n * sizeof *sv.zeros);
	for (size_t c = 0; c < m; c++)
		sv.empty[c] = COLUMN_NONE;
	for (int h = 0; h < k && !r->bad; h++) {
		struct hand_record *hr = &st->hands[h];
		hr->points = points + (size_t)h * (size_t)n;
		hr->detail = detail + (size_t)h * (size_t)n;
		read_hand(r, st, hr, ncols, &sv);
		if (rows) {
			st->entries[h] = rec->entries[h];
			continue;
		}
		size_t len = strlen(rec->entries[h]) + 1;
		st->entries[h] = memcpy(pool_alloc(&st->pool, len), rec->entries[h], len);
	}
	/* a total is the sum of its hands' points (state_score) */
	for (int i = 0; i < n && !r->bad; i++) {
		long sum = 0;
		for (int h = 0; h < k; h++)
			sum += st->hands[h].points[i];
		if (sum != st->p[i].total)
			return 0;
	}
	return !r->bad && r->p == r->end;
}

int
checkpoint_hands(const unsigned char *bytes, size_t len)
{
	/* read only: the reader's strings are never written through */
	struct reader r = { (unsigned char *)bytes, (unsigned char *)bytes + len, 0 };
	if (len < HEAD || memcmp(bytes, MAGIC, 4) != 0)
		return -1;
	r.p += HEAD;
	if (get_str(&r) == NULL)
		return -1;
	get_u64(&r);
	uint64_t k = get_u(&r);
	return r.bad || k > INT_MAX ? -1 : (int)k;
}

/* The seats' held, bank, pile, lives and the pot as the ledger's
 * balances give them (state_sync_ledger) must be what was kept. */
static int
ledger_agrees(struct game_state *st)
{
	if (st->ledger == NULL)
		return 1;
	int n = st->nplayers;
	struct player_state *kept = xmemdup(st->p, (size_t)n * sizeof *kept);
	long pot = st->pot;
	state_sync_ledger(st);
	int same = pot == st->pot;
	for (int i = 0; i < n && same; i++)
		same = kept[i].held == st->p[i].held && kept[i].bank == st->p[i].bank && kept[i].pile == st->p[i].pile &&
		    kept[i].lives == st->p[i].lives;
	free(kept);
	return same;
}

/* Does rec seat a late arrival (`tally join`)?  Such a game is not kept:
 * a seat joining grows every hand before it (state_join), and the seats
 * a checkpoint holds would depend on the hand it was made at. */
static int
late_arrivals(const struct game_record *rec)
{
	for (int i = 0; rec->joined && i < rec->nplayers; i++)
		if (rec->joined[i] > 0)
			return 1;
	return 0;
}

/* checkpoint_decode, and checkpoint_adopt when `adopt` is bytes: the
 * state's strings point into its bytes, which it owns (the block
 * adopted, or a copy in its pool); its entries into rows when it is not
 * NULL (adopted too), else into copies. */
static struct game_state *
decode(const struct game_record *rec, const unsigned char *bytes, size_t len, void *adopt, char *rows)
{
	int k = checkpoint_hands(bytes, len);
	if (k <= 0 || k > rec->nentries || late_arrivals(rec))
		return NULL;
	uint64_t sum = 0;
	for (int i = 0; i < 8; i++)
		sum |= (uint64_t)bytes[4 + i] << (8 * i);
	if (sum != hash_bytes(0x636b, bytes + HEAD, len - HEAD))
		return NULL;
	/* the head read where the bytes are (nothing is written through
	 * the reader), the rest in the state's own */
	struct reader r = { (unsigned char *)bytes + HEAD, (unsigned char *)bytes + len, 0 };
	if (!get_same_str(&r, checkpoint_build()) || get_u64(&r) != record_digest(rec) ||
	    get_u(&r) != (uint64_t)k || get_u64(&r) != entries_digest(rec->entries, k) || r.bad)
		return NULL;
	struct diag d = {0};
	struct game_state *st = state_new(rec->rules, rec->names, rec->nplayers, rec->opts, rec->dealer, &d);
	diag_clear(&d);
	if (st == NULL)
		return NULL;
	unsigned char *own = adopt ? adopt : memcpy(pool_alloc(&st->pool, len), bytes, len);
	r.p = own + (r.p - bytes);
	r.end = own + len;
	if (!checkpoint_supported(st) || !read_players(&r, st) || !read_ledger(&r, st) ||
	    !read_priv(&r, st) || !read_hands(&r, st, rec, k, rows != NULL) || !ledger_agrees(st)) {
		state_free(st);
		return NULL;
	}
	if (adopt)
		pool_adopt(&st->pool, adopt);
	if (rows)
		pool_adopt(&st->pool, rows);
	return st;
}

struct game_state *
checkpoint_decode(const struct game_record *rec, const unsigned char *bytes, size_t len)
{
	return decode(rec, bytes, len, NULL, NULL);
}

struct game_state *
checkpoint_adopt(const struct game_record *rec, unsigned char *bytes, size_t len, char *rows)
{
	return decode(rec, bytes, len, bytes, rows);
}

struct game_state *
checkpoint_copy(const struct game_state *base, const struct game_record *rec)
{
	int k = base->nhands, n = base->nplayers;
	if (k != base->pool_hands || k != base->nentries || k > rec->nentries || n != rec->nplayers ||
	    late_arrivals(rec) || base->first_dealer != rec->dealer)
		return NULL;
	char *names[n > 0 ? n : 1];
	for (int i = 0; i < n; i++)
		names[i] = base->p[i].name;
	struct game_record was = { base->rules, names, n, &base->opts, base->first_dealer, base->entries, k, 0, NULL,
		NULL, NULL, 0 };
	if (rec->rules != base->rules || record_digest(&was) != record_digest(rec))
		return NULL;
	for (int h = 0; h < k; h++)
		if (strcmp(base->entries[h], rec->entries[h]) != 0)
			return NULL;
	struct game_state *st = xmalloc(sizeof *st);
	*st = *base;
	memset(&st->opts, 0, sizeof st->opts);
	for (int i = 0; i < base->opts.n; i++)
		options_put(&st->opts, base->opts.kv[i].key, base->opts.kv[i].value, base->opts.kv[i].set);
	st->p = xmemdup(base->p, (size_t)n * sizeof *st->p);
	for (int i = 0; i < n; i++)
		st->p[i].name = xstrdup(base->p[i].name);
	/* the hand records and entries stay in the shared pool */
	st->hands = xmemdup(base->hands, (size_t)(k ? k : 1) * sizeof *st->hands);
	st->entries = xmemdup(base->entries, (size_t)(k ? k : 1) * sizeof *st->entries);
	st->hands_room = st->entries_room = k; /* the copy's own arrays */
	if (base->ledger) {
		const struct ledger *l = base->ledger;
		st->ledger = xmemdup(l, sizeof *l);
		st->ledger->balance = xmemdup(l->balance, (2 * (size_t)n + 1) * sizeof *l->balance);
		st->ledger->moves = xmemdup(l->moves, (size_t)(l->nmoves ? l->nmoves : 1) * sizeof *l->moves);
	}
	st->priv = rules_clone_priv(base);
	st->sub = NULL;
	st->pool = pool_share(base->pool);
	return st;
}
