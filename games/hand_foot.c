/* SPDX-License-Identifier: ISC */
/*
 * hand_foot.c: Hand & Foot, individual play over four rounds (RULES.md
 * section 8; seed 004_59fee6dd4a7ef7b3.txt, "Hand & Foot").
 *
 * Each player enters the books made (clean and dirty), red threes set aside,
 * the points melded and the points left in hand and foot (as numbers or card
 * lists that tally counts), and the opening meld; --out names who went out.
 * The hand knows its round and so the minimum first meld.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/util.h"

struct hf {
	int rounds;
	long minimum[16];
	int nmin;
	long clean, dirty, out_bonus, red3, black3;
	int need_clean, need_dirty, clean_replaces;
	int max_wilds, naturals_exceed, wild_books, book_size;
	long foot_red3;   /* what an unplayed foot's red three scores: -100, +100, 0 */
	int decks;
};

static int
parse_list(const char *v, long *out, int max, long lo, long hi)
{
	char *copy = xstrdup(v), *save = NULL;
	int n = 0, ok = 1;
	for (char *t = strtok_r(copy, ", ", &save); t && ok; t = strtok_r(NULL, ", ", &save)) {
		ok = n < max && parse_long(t, lo, hi, &out[n]);
		n++;
	}
	free(copy);
	return ok ? n : -1;
}

static int
check_minimums(const char *v)
{
	long tmp[16];
	return parse_list(v, tmp, 16, 0, 10000) > 0;
}

static int
check_books_rule(const char *v)
{
	long tmp[2];
	return parse_list(v, tmp, 2, 0, 10) == 2;
}

static const struct option_def hf_options[] = {
	{ "round_minimums", OPT_TEXT, "60,90,120,150", "60,90,120,150", 0, "the least first meld in each round", check_minimums, NULL },
	{ "rounds", OPT_INT, "1..16", "4", 0, "rounds in a game", NULL, NULL },
	{ "clean_book_bonus", OPT_INT, "0..10000", "50", 0, "bonus per clean book (the seed's 50; most tables 500)", NULL, NULL },
	{ "dirty_book_bonus", OPT_INT, "0..10000", "30", 0, "bonus per dirty book (the seed's 30; most tables 300)", NULL, NULL },
	{ "going_out_bonus", OPT_INT, "0..10000", "100", 0, "bonus for going out", NULL, NULL },
	{ "red_three", OPT_INT, "0..10000", "100", 0, "each red three set aside", NULL, NULL },
	{ "black_three_penalty", OPT_INT, "0..1000", "5", 0, "a black three held at the end (counted in left)", NULL, NULL },
	{ "card_values", OPT_ENUM, "seed", "seed", 0, "Joker 50, A 20, 2 20, K-8 10, 7-4 5, black 3 5", NULL, NULL },
	{ "books_to_go_out", OPT_TEXT, "CLEAN,DIRTY", "1,2", 0, "books needed to go out: clean, dirty", check_books_rule, NULL },
	{ "clean_may_replace_dirty", OPT_BOOL, "true|false", "false", 0, "an extra clean book may stand in for a dirty one", NULL, NULL },
	{ "max_wilds_per_book", OPT_INT, "1..6", "3", 0, "wild cards in a dirty book", NULL, NULL },
	{ "naturals_must_exceed_wilds", OPT_BOOL, "true|false", "true", 0, "a dirty book has more natural cards than wilds", NULL, NULL },
	{ "allow_wild_books", OPT_BOOL, "true|false", "false", 0, "books of 2s or jokers", NULL, NULL },
	{ "book_size", OPT_INT, "3..13", "7", 0, "cards in a book", NULL, NULL },
	{ "unplayed_foot_red_three", OPT_ENUM, "minus_100|plus_100|zero", "minus_100", 0, "a red three in a foot never picked up", NULL, NULL },
	{ "partnerships", OPT_BOOL, "true|false", "false", 0, "play in sides of two partners sitting opposite (four players: seats 1 and 3, 2 and 4; six: 1 and 4, 2 and 5, 3 and 6); the side's books go out, one opening meld per side, the side scores the partners' sum", NULL,
	  "true=Partners sit opposite and play as one side: its books go out, one opening meld, one score.|"
	  "false=Each plays alone." },
	{ "hand_size", OPT_INT, "1..30", "13", 1, "cards in the hand", NULL, NULL },
	{ "foot_size", OPT_INT, "1..30", "11", 1, "cards in the foot", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct preset_def hf_presets[] = {
	{ "seed", "clean books 50, dirty books 30", "" },
	{ "common", "the usual book bonuses: clean 500, dirty 300", "clean_book_bonus=500 dirty_book_bonus=300" },
	{ NULL, NULL, NULL }
};

static const struct role_def hf_roles[] = {
	{ "out", ROLE_PLAYER, "the player who went out" },
	{ NULL, 0, NULL }
};

static enum status
hf_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	long m[16];
	int n = parse_list(options_get(o, "round_minimums"), m, 16, 0, 10000);
	if (n < options_int(o, "rounds", 4))
		return diag_set(d, ST_USAGE, NULL, options_get(o, "round_minimums"), "round_minimums",
		    "round_minimums gives %d minimum%s for %ld rounds", n, plural_s(n), options_int(o, "rounds", 4));
	if (options_bool(o, "partnerships") && nplayers != 4 && nplayers != 6)
		return diag_set(d, ST_USAGE, NULL, "partnerships", "partnerships",
		    "partnerships need 4 or 6 players, not %d: partners sit opposite, two to a side (option partnerships,"
		    " RULES.md section 8.5)", nplayers);
	return ST_OK;
}

static enum status
hf_init(struct game_state *st, struct diag *d)
{
	(void)d;
	const struct optset *o = &st->opts;
	struct hf *h = xcalloc(1, sizeof *h);
	long two[2];
	h->rounds = rules_length(st->rules, o);
	h->nmin = parse_list(options_get(o, "round_minimums"), h->minimum, 16, 0, 10000);
	h->clean = options_int(o, "clean_book_bonus", 50);
	h->dirty = options_int(o, "dirty_book_bonus", 30);
	h->out_bonus = options_int(o, "going_out_bonus", 100);
	h->red3 = options_int(o, "red_three", 100);
	h->black3 = options_int(o, "black_three_penalty", 5);
	parse_list(options_get(o, "books_to_go_out"), two, 2, 0, 10);
	h->need_clean = (int)two[0];
	h->need_dirty = (int)two[1];
	h->clean_replaces = options_bool(o, "clean_may_replace_dirty");
	h->max_wilds = (int)options_int(o, "max_wilds_per_book", 3);
	h->naturals_exceed = options_bool(o, "naturals_must_exceed_wilds");
	h->wild_books = options_bool(o, "allow_wild_books");
	h->book_size = (int)options_int(o, "book_size", 7);
	h->foot_red3 = options_is(o, "unplayed_foot_red_three", "plus_100") ? 100 :
	    options_is(o, "unplayed_foot_red_three", "zero") ? 0 : -100;
	h->decks = st->nplayers + 1;
	st->priv = h;
	return ST_OK;
}

static void
hf_free(void *priv)
{
	free(priv);
}

/* Card points (RULES 8.1): Joker 50, A 20, 2 20, K-8 10, 7-4 5, black 3 5;
 * a red three is not a playing card here (-1). */
static int
card_points(struct card c, long black3)
{
	switch (c.rank) {
	case RANK_JOKER: return 50;
	case RANK_A: case 2: return 20;
	case 3: return c.suit == SUIT_H || c.suit == SUIT_D ? -1 : (int)black3;
	default: return c.rank >= 8 ? 10 : 5;
	}
}

/* Per-round pack counts, of one player or across the table (RULES 8.4). */
struct hf_count {
	long red3, black3, jokers, twos, natural[14];
};

/* The kinds of card the packs limit, as hf_count counts them: 0 red
 * threes, 1 black threes, 2 jokers, 3 twos, then PACK_NATURAL + rank for
 * the naturals of rank A, 4 to K (a 3 is red or black and a 2 wild, so
 * their naturals stay 0). */
enum { PACK_NATURAL = 3, PACK_KINDS = PACK_NATURAL + 14 };

static long
pack_count(const struct hf_count *c, int k)
{
	switch (k) {
	case 0: return c->red3;
	case 1: return c->black3;
	case 2: return c->jokers;
	case 3: return c->twos;
	default: return c->natural[k - PACK_NATURAL];
	}
}

/* What the decks hold of kind k (RULES 8.4: red threes, black threes and
 * jokers 2 a deck, twos and each natural rank 4 a deck). */
static long
pack_limit(const struct hf *h, int k)
{
	return (k == 0 || k == 1 || k == 2 ? 2L : 4L) * h->decks;
}

/* Kind k's name in the plural: "red threes", "8s", "Ks". */
static const char *
pack_name(int k, char *buf, size_t size)
{
	static const char *const named[] = { "red threes", "black threes", "jokers", "twos" };
	if (k <= 3)
		return named[k];
	snprintf(buf, size, "%ss", card_rank_name(k - PACK_NATURAL));
	return buf;
}

/* The first kind of card c holds more of than the decks do, or -1. */
static int
pack_over(const struct hf *h, const struct hf_count *c)
{
	for (int k = 0; k < PACK_KINDS; k++)
		if (pack_count(c, k) > pack_limit(h, k))
			return k;
	return -1;
}

/*
 * Every card point the decks in play hold: a deck's 54 cards at their
 * card_points (RULES 8.1: jokers 50, aces and 2s 20, K-8 10, 7-4 5, a
 * black three at black_three_penalty; red threes are set aside and scored
 * apart, so they add none), 590 a deck with the seed's values, times
 * decks = players + 1.  RULES.md 8.4's pack limits bound the cards, so
 * they bound their points too: no player melds or holds more, and the
 * table's melded and left points together are no more.
 */
static long
pack_points(const struct hf *h)
{
	long deck = 0;
	for (int r = RANK_A; r <= RANK_K; r++)
		for (int s = SUIT_C; s <= SUIT_S; s++) {
			int p = card_points((struct card){ (unsigned char)r, (unsigned char)s }, h->black3);
			deck += p > 0 ? p : 0;
		}
	deck += 2 * card_points((struct card){ RANK_JOKER, SUIT_NONE }, h->black3);
	return deck * h->decks;
}

/* A points field: a number (checked for multiples of 5) or cards to count.
 * melding = 1 for meld (no threes at all). */
static enum status
points_field(const struct game_state *st, const struct hf *h, int seat, const char *field,
    const char *v, int melding, struct hf_count *cnt, long *out, struct diag *d)
{
	const char *name = st->p[seat].name;
	if (!cards_looks_like_list(v)) {
		if (!parse_long(v, -100000, 100000, out) || *out < 0)
			return diag_set(d, ST_USAGE, name, v, "entry", "%s: %s must be points (0 or more) or cards", name, field);
		if (*out % 5)
			return diag_set(d, ST_RULE, name, v, "rule 8.4",
			    "%s: %s %s is not a multiple of 5; every card value is", name, field, GROUPED(*out));
		return ST_OK;
	}
	struct card c[CARDS_MAX];
	int n;
	enum status rc = cards_parse(v, name, c, CARDS_MAX, &n, d);
	if (rc != ST_OK)
		return rc;
	*out = 0;
	for (int i = 0; i < n; i++) {
		int p = card_points(c[i], h->black3);
		char buf[16];
		if (c[i].rank == 3 && c[i].suit == SUIT_NONE)
			return diag_set(d, ST_RULE, name, "3", "rule 8.1",
			    "%s: a 3 needs its suit: red threes are set aside, black ones count %s", name, GROUPED(h->black3));
		if (p < 0)
			return diag_set(d, ST_RULE, name, card_format(c[i], 1, buf), "rule 8.1",
			    "%s: a red three is set aside at once (enter it in %s.red3), not held or melded", name, name);
		if (melding && c[i].rank == 3)
			return diag_set(d, ST_RULE, name, card_format(c[i], 1, buf), "rule 8.1",
			    "%s: black threes cannot be melded", name);
		*out += p;
		if (c[i].rank == RANK_JOKER)
			cnt->jokers++;
		else if (c[i].rank == 2)
			cnt->twos++;
		else if (c[i].rank == 3)
			cnt->black3++;
		else
			cnt->natural[c[i].rank]++;
	}
	return ST_OK;
}

/* Books: "RANK:NATURALS[:TWOS[:JOKERS]]" separated by spaces. */
static enum status
check_books(const struct game_state *st, const struct hf *h, int seat, const char *v,
    int *clean, int *dirty, long *book_points, struct hf_count *cnt, struct diag *d)
{
	const char *name = st->p[seat].name;
	char *copy = xstrdup(v), *save = NULL;
	enum status rc = ST_OK;
	*clean = *dirty = 0;
	*book_points = 0;
	for (char *t = strtok_r(copy, " ,", &save); t && rc == ST_OK; t = strtok_r(NULL, " ,", &save)) {
		char *f[4] = { t, NULL, NULL, NULL };
		long x[3] = { 0, 0, 0 };
		struct card rank;
		int nr;
		for (int k = 1; k < 4; k++) {
			f[k] = f[k - 1] ? strchr(f[k - 1], ':') : NULL;
			if (f[k])
				*f[k]++ = '\0';
		}
		struct diag d2 = {0};
		if (f[1] == NULL || cards_parse(f[0], name, &rank, 1, &nr, &d2) != ST_OK || nr != 1) {
			diag_clear(&d2);
			rc = diag_set(d, ST_USAGE, name, t, "entry",
			    "%s: a book is RANK:NATURALS[:TWOS[:JOKERS]], e.g. K:7 or 8:6:0:1", name);
			break;
		}
		for (int k = 1; k < 4; k++)
			if (f[k] && !parse_long(f[k], 0, 20, &x[k - 1])) {
				rc = diag_set(d, ST_USAGE, name, t, "entry", "%s: book %s: counts must be numbers", name, f[0]);
				break;
			}
		if (rc != ST_OK)
			break;
		long nat = x[0], wild = x[1] + x[2], size = nat + wild;
		int r = rank.rank;
		if (size != h->book_size)
			rc = diag_set(d, ST_RULE, name, t, "rule 8.4", "%s: a book holds exactly %d cards, not %ld",
			    name, h->book_size, size);
		else if ((r == 3 || r == 2 || r == RANK_JOKER) && !(h->wild_books && r != 3))
			rc = diag_set(d, ST_RULE, name, t, "rule 8.4", "%s: no books of %s (4 to K and aces only)",
			    name, card_rank_name(r));
		else if (wild > 0 && wild > h->max_wilds)
			rc = diag_set(d, ST_RULE, name, t, "rule 8.4",
			    "%s: book of %s has %ld wild cards; at most %d (option max_wilds_per_book)", name,
			    card_rank_name(r), wild, h->max_wilds);
		else if (wild > 0 && h->naturals_exceed && nat <= wild)
			rc = diag_set(d, ST_RULE, name, t, "rule 8.4",
			    "%s: book of %s has %ld natural%s and %ld wild%s; the naturals must outnumber them", name,
			    card_rank_name(r), nat, plural_s(nat), wild, plural_s(wild));
		if (rc != ST_OK)
			break;
		if (wild == 0)
			(*clean)++;
		else
			(*dirty)++;
		struct card rc1 = { (unsigned char)r, SUIT_S };
		*book_points += nat * card_points(rc1, h->black3) + x[1] * 20 + x[2] * 50;
		cnt->natural[r] += nat;
		cnt->twos += x[1];
		cnt->jokers += x[2];
	}
	free(copy);
	return rc;
}

/*
 * The compact form of one player's round (the player's main value,
 * NAME=ITEMS): items of a number and a letter, in any order, no spaces:
 * Nc clean books, Nd dirty books, Nr red threes, Nm points melded,
 * No the opening meld, Nl points left, Nf red threes in an unplayed foot;
 * u alone: the foot was never picked up.  "1c2d1r335m90o" is
 * clean=1 dirty=2 red3=1 meld=335 opening=90.  Every item is checked as its
 * long field is; a field given both ways is refused.
 */
static const char hf_letters[] = "cdrmlofu";
static const char *const hf_letter_field[] = { "clean", "dirty", "red3", "meld", "left", "opening",
	"foot-red3", "foot" };
struct hf_compact {
	char v[8][24];
	int has[8];
};

static enum status
hf_compact_parse(const char *name, const char *text, struct hf_compact *cp, struct diag *d)
{
	memset(cp, 0, sizeof *cp);
	const char *s = text;
	if (*s == '\0')
		return diag_set(d, ST_USAGE, name, text, "entry",
		    "%s: an empty round; give the items, e.g. %s=1c2d1r335m90o or %s=120l", name, name, name);
	while (*s) {
		size_t nd = strspn(s, "0123456789");
		const char *l = strchr(hf_letters, s[nd] ? s[nd] : '?');
		if (nd > 9 || l == NULL || (s[nd] == 'u') != (nd == 0))
			return diag_set(d, ST_USAGE, name, text, "entry",
			    "%s: '%s' is not a compact round: items NUMBER+LETTER, c clean, d dirty, r red threes, "
			    "m melded, o opening, l left, f foot red threes, u foot unplayed (e.g. 1c2d1r335m90o)",
			    name, text);
		int k = (int)(l - hf_letters);
		if (cp->has[k])
			return diag_set(d, ST_USAGE, name, text, "entry", "%s: '%c' (%s) is given twice in %s",
			    name, *l, hf_letter_field[k], text);
		cp->has[k] = 1;
		if (*l == 'u')
			snprintf(cp->v[k], sizeof cp->v[k], "unplayed");
		else
			snprintf(cp->v[k], sizeof cp->v[k], "%.*s", (int)nd, s);
		s += nd + 1;
	}
	return ST_OK;
}

/* A field of seat i: the long form or the compact one (never both). */
static const char *
hf_field(const struct hf_compact *cp, const struct hand_entry *e, int i, const char *field)
{
	for (int k = 0; k < 8; k++)
		if (cp->has[k] && strcmp(hf_letter_field[k], field) == 0)
			return cp->v[k];
	return entry_get(e, i, field);
}

/* One player's round as entered (RULES 8.2): books, red threes, melds. */
struct hf_player {
	const char *name;
	struct hf_compact cp;
	long bc, bd, r3, f3, meld, left, opening, book_pts;
	int went, unplayed, have_books;
	struct hf_count own;  /* the cards this player entered, for the packs */
};

/*
 * The player's own cards so far against the packs (RULES 8.4), checked as
 * each field that adds to them is read: a count no deck can hold is
 * refused at that field (field, its text value), so that table mode asks
 * that question again at once, not once every answer is in.  The table's
 * sum is check_packs'.
 */
static enum status
check_own(const struct hf *h, const struct hf_player *pl, const char *field, const char *value, struct diag *d)
{
	int k = pack_over(h, &pl->own);
	char buf[16];
	if (k < 0)
		return ST_OK;
	diag_set(d, ST_RULE, pl->name, value, "rule 8.4", "%s: %ld %s entered this round; %d decks hold %ld",
	    pl->name, pack_count(&pl->own, k), pack_name(k, buf, sizeof buf), h->decks, pack_limit(h, k));
	return diag_field(d, field);
}

/* One player's points melded (field "meld") or left ("left", then the
 * two together too) against every point the decks hold (pack_points,
 * which follows from RULES.md 8.4's pack limits): known from this
 * player's answers alone, so refused at that field, as check_own's
 * counts are, and table mode asks that question again. */
static enum status
check_own_points(const struct hf *h, const struct hf_player *pl, const char *field, const char *value,
    struct diag *d)
{
	long all = pack_points(h), own = strcmp(field, "meld") == 0 ? pl->meld : pl->left;
	if (own > all)
		diag_set(d, ST_RULE, pl->name, value, "rule 8.4", "%s: %s points %s; %d decks hold %s points in all",
		    pl->name, GROUPED(own), strcmp(field, "meld") == 0 ? "melded" : "left", h->decks, GROUPED(all));
	else if (strcmp(field, "left") == 0 && pl->meld + pl->left > all)
		diag_set(d, ST_RULE, pl->name, value, "rule 8.4",
		    "%s: %s points melded and %s left, %s in all; %d decks hold %s points in all", pl->name,
		    GROUPED(pl->meld), GROUPED(pl->left), GROUPED(pl->meld + pl->left), h->decks, GROUPED(all));
	else
		return ST_OK;
	return diag_field(d, field);
}

/* A numeric field lo..hi into *out (left as it is when not given). */
static enum status
num_field(const struct hand_entry *e, int seat, struct hf_player *pl, const char *field, int lo, int hi,
    long *out, struct diag *d)
{
	const char *v = hf_field(&pl->cp, e, seat, field);
	if (v != NULL && !parse_long(v, lo, hi, out))
		return diag_set(d, ST_USAGE, pl->name, v, "entry", "%s: %s must be a number %d to %d", pl->name, field,
		    lo, hi);
	return ST_OK;
}

/* The compact form (NAME="3c 2d ...") and the fields, each given once;
 * the red threes against the packs. */
static enum status
read_counts(const struct hf *h, const struct hand_entry *e, int i, struct hf_player *pl, struct diag *d)
{
	const char *v = entry_get(e, i, NULL);
	enum status rc;
	if (v != NULL) {
		if ((rc = hf_compact_parse(pl->name, v, &pl->cp, d)) != ST_OK)
			return rc;
		for (int k = 0; k < 8; k++)
			if (pl->cp.has[k] && entry_get(e, i, hf_letter_field[k]))
				return diag_set(d, ST_USAGE, pl->name, v, "entry", "%s: %s is given twice: in %s and as %s.%s",
				    pl->name, hf_letter_field[k], v, pl->name, hf_letter_field[k]);
	}
	if ((rc = num_field(e, i, pl, "clean", 0, 50, &pl->bc, d)) != ST_OK ||
	    (rc = num_field(e, i, pl, "dirty", 0, 50, &pl->bd, d)) != ST_OK ||
	    (rc = num_field(e, i, pl, "red3", 0, 100, &pl->r3, d)) != ST_OK ||
	    (rc = num_field(e, i, pl, "foot-red3", 0, 100, &pl->f3, d)) != ST_OK)
		return rc;
	pl->own.red3 = pl->r3 + pl->f3;
	const char *at = pl->r3 > pack_limit(h, 0) ? "red3" : "foot-red3";
	return check_own(h, pl, at, hf_field(&pl->cp, e, i, at), d);
}

/* The opening meld against the round's minimum and the player's own meld
 * (RULES 8.4), each player's alone: checked as it is read, before the
 * checks that need the whole table, so that table mode refuses a short
 * opening as it is answered, not once every answer is in. */
static enum status
check_opening(const struct game_state *st, const struct hf *h, const struct hand_entry *e, int i,
    const struct hf_player *pl, struct diag *d)
{
	const char *name = pl->name, *ov = hf_field(&pl->cp, e, i, "opening");
	long minimum = h->minimum[st->nhands];
	if (pl->opening >= 0 && pl->opening < minimum) {
		diag_set(d, ST_RULE, name, ov, "rule 8.4",
		    "%s: the first meld of round %d needs at least %s, not %s", name, st->nhands + 1, GROUPED(minimum),
		    GROUPED(pl->opening));
		return diag_field(d, "opening");
	}
	if (pl->opening >= 0 && pl->opening > pl->meld) {
		diag_set(d, ST_RULE, name, ov, "rule 8.4",
		    "%s: the opening meld of %s is more than all %s melded", name, GROUPED(pl->opening), GROUPED(pl->meld));
		return diag_field(d, "opening");
	}
	return ST_OK;
}

/* Books listed card by card, melds and what was left (RULES 8.2). */
static enum status
read_melds(const struct game_state *st, struct hf *h, const struct hand_entry *e, int i, struct hf_player *pl,
    struct diag *d)
{
	const char *v, *name = pl->name;
	enum status rc;
	if ((v = hf_field(&pl->cp, e, i, "books")) != NULL) {
		int c2, d2;
		/* a meld given as its cards already holds the books' cards (RULES
		 * 8.2: the meld is every card on the table, books included), so
		 * they are counted against the decks once, there */
		const char *mv = hf_field(&pl->cp, e, i, "meld");
		struct hf_count once = {0};
		if ((rc = check_books(st, h, i, v, &c2, &d2, &pl->book_pts, mv && cards_looks_like_list(mv) ? &once :
		    &pl->own, d)) != ST_OK || (rc = check_own(h, pl, "books", v, d)) != ST_OK)
			return rc;
		if ((hf_field(&pl->cp, e, i, "clean") && pl->bc != c2) || (hf_field(&pl->cp, e, i, "dirty") && pl->bd != d2))
			return diag_set(d, ST_RULE, name, v, "rule 8.4",
			    "%s: the books listed are %d clean and %d dirty, not %ld and %ld", name, c2, d2, pl->bc, pl->bd);
		pl->bc = c2;
		pl->bd = d2;
		pl->have_books = 1;
	}
	if ((v = hf_field(&pl->cp, e, i, "meld")) != NULL &&
	    ((rc = points_field(st, h, i, "meld", v, 1, &pl->own, &pl->meld, d)) != ST_OK ||
	    (rc = check_own(h, pl, "meld", v, d)) != ST_OK ||
	    (rc = check_own_points(h, pl, "meld", v, d)) != ST_OK))
		return rc;
	if ((v = hf_field(&pl->cp, e, i, "left")) != NULL &&
	    ((rc = points_field(st, h, i, "left", v, 0, &pl->own, &pl->left, d)) != ST_OK ||
	    (rc = check_own(h, pl, "left", v, d)) != ST_OK ||
	    (rc = check_own_points(h, pl, "left", v, d)) != ST_OK))
		return rc;
	/* a player who did not go out still holds a card (RULES 8.4), each
	 * worth 5 or more: known from this player's answers alone, so
	 * refused here, before the checks that need the whole table */
	if (v != NULL && !pl->went && pl->left < 5) {
		diag_set(d, ST_RULE, name, v, "rule 8.4", "%s did not go out, so still holds a card: left is at least 5, "
		    "not %ld", name, pl->left);
		return diag_field(d, "left");
	}
	if ((v = hf_field(&pl->cp, e, i, "opening")) != NULL && !str_ieq(v, "never") &&
	    !parse_long(v, 0, 100000, &pl->opening))
		return diag_set(d, ST_USAGE, name, v, "entry", "%s: opening must be the points of the first meld, or never", name);
	if ((rc = check_opening(st, h, e, i, pl, d)) != ST_OK)
		return rc;
	if ((v = hf_field(&pl->cp, e, i, "foot")) != NULL) {
		if (!str_ieq(v, "unplayed") && !str_ieq(v, "played"))
			return diag_set(d, ST_USAGE, name, v, "entry", "%s: foot is unplayed or played", name);
		pl->unplayed = str_ieq(v, "unplayed");
	}
	return ST_OK;
}

/* Going out, or not (RULES 8.4): the books it needs, an empty hand, the
 * foot played; else what is left, a foot's red threes only unplayed. */
static enum status
check_going_out(const struct game_state *st, const struct hf *h, const struct hand_entry *e, int i,
    const struct hf_player *all, struct diag *d)
{
	const struct hf_player *pl = &all[i];
	const char *name = pl->name, *lv = hf_field(&pl->cp, e, i, "left");
	if (pl->went) {
		/* in partnership play the books needed are the side's (the
		 * northwestpages overview: "a player/team must meet the required
		 * minimum number of clean and dirty books"; melds and books
		 * belong to the partnership, core/sides.h): the partners' books
		 * added */
		int seats[SIDE_SIZE], ns = state_side_seats(st, state_side(st, i), seats);
		long bc = ns ? 0 : pl->bc, bd = ns ? 0 : pl->bd;
		for (int k = 0; k < ns; k++)
			bc += all[seats[k]].bc, bd += all[seats[k]].bd;
		int enough = h->clean_replaces ? bc >= h->need_clean && bc + bd >= h->need_clean + h->need_dirty
		    : bc >= h->need_clean && bd >= h->need_dirty;
		char side[256] = "", names[200];
		if (ns)
			snprintf(side, sizeof side, " (with %s)", side_name(st, state_side(st, i), names, sizeof names));
		if (!enough)
			return diag_set(d, ST_RULE, name, NULL, "rule 8.4",
			    "%s went out with %ld clean book%s and %ld dirty book%s%s; going out needs %d clean and %d dirty",
			    name, bc, plural_s(bc), bd, plural_s(bd), side, h->need_clean, h->need_dirty);
		/* the side's books may be the partner's, but the cards are not:
		 * a turn draws 2 and discards at most 1 (seed "Hand & Foot": "You
		 * have to discard one unless you are going out"), so hand and
		 * foot only empty onto the table, and a player who goes out has
		 * melded (RULES 8.1, 8.2: meld is every card the player put
		 * down) */
		if (pl->meld == 0) {
			diag_set(d, ST_RULE, name, NULL, "rule 8.1",
			    "%s went out but melded nothing; a turn draws 2 and discards 1, so going out lays cards "
			    "down: enter %s's points melded", name, name);
			return diag_field(d, "meld");
		}
		if (pl->left != 0)
			return diag_set(d, ST_RULE, name, lv, "rule 8.4",
			    "%s went out, so holds nothing: left must be 0, not %ld", name, pl->left);
		if (pl->f3 || pl->unplayed)
			return diag_set(d, ST_RULE, name, NULL, "rule 8.4",
			    "%s went out, so the foot was picked up and played", name);
	} else {
		/* at least 5 left is read_melds' */
		if (lv == NULL)
			return diag_set(d, ST_RULE, name, NULL, "rule 8.4",
			    "%s did not go out: enter the points left in hand and foot, %s.left=", name, name);
	}
	if (pl->f3 > 0 && !pl->unplayed)
		return diag_set(d, ST_RULE, name, NULL, "rule 8.4",
		    "%s: a red three can only stay in a foot never picked up (%s.foot=unplayed)", name, name);
	if (pl->unplayed && pl->left < 5 * (11 - pl->f3) + 5)
		return diag_set(d, ST_RULE, name, NULL, "rule 8.4",
		    "%s never picked up the foot: its %ld other cards alone are worth at least %ld, and the hand holds one more; left %s is too little",
		    name, 11 - pl->f3, 5 * (11 - pl->f3), GROUPED(pl->left));
	return ST_OK;
}

/* The side's opening meld and the books' worth (RULES 8.4); the
 * opening's own size is check_opening's. */
static enum status
check_meld(const struct game_state *st, const struct hand_entry *e, int i, long minimum,
    const struct hf_player *all, struct diag *d)
{
	const struct hf_player *pl = &all[i];
	const char *name = pl->name;
	/* one opening meld per side and round: the first partner to meld
	 * opens for both, and the other melds with no minimum (the GOCC
	 * sheet: "only the first player of a partnership to lay down cards
	 * must meet this minimum") */
	int seats[SIDE_SIZE], ns = state_side_seats(st, state_side(st, i), seats), opened = 0;
	for (int k = 0; k < ns; k++)
		opened |= seats[k] != i && all[seats[k]].opening >= 0;
	/* each refusal names the field at fault (diag_field), so that table
	 * mode asks that question again, not the last one answered */
	if (pl->opening < 0 && !opened && (pl->meld != 0 || pl->bc || pl->bd)) {
		diag_set(d, ST_RULE, name, NULL, "rule 8.4",
		    "%s melded, so enter the first meld's points: %s.opening=N (at least %s this round)%s",
		    name, name, GROUPED(minimum), ns ? ", or the partner's opening" : "");
		return diag_field(d, "opening");
	}
	if (pl->meld < 35 * pl->bc + 50 * pl->bd || (pl->have_books && pl->meld < pl->book_pts)) {
		diag_set(d, ST_RULE, name, hf_field(&pl->cp, e, i, "meld"), "rule 8.4",
		    "%s: %ld clean book%s and %ld dirty book%s %s worth at least %s, more than meld %s", name,
		    pl->bc, plural_s(pl->bc), pl->bd, plural_s(pl->bd), pl->bc + pl->bd == 1 ? "is" : "are",
		    GROUPED(pl->have_books ? pl->book_pts : 35 * pl->bc + 50 * pl->bd), GROUPED(pl->meld));
		return diag_field(d, "meld");
	}
	return ST_OK;
}

/*
 * What a round shows of each player (RULES 8.2, 8.3), in the order of a
 * Hand & Foot score pad: a line each under the round's row, then the
 * round's score and the running total.  Set in record_round().
 */
/* Going out ends the round with a bonus (RULES.md 8.3). */
static const struct highlight hf_highlights[] = {
	{ "went_out", "went out" },
	{ NULL, NULL }
};

enum { HF_CLEAN, HF_DIRTY, HF_RED3, HF_OUT, HF_MELD, HF_LEFT, HF_FOOT_RED3, HF_NCOLS };
static const struct hand_column hf_hand_columns[] = {
	{ "clean", "clean books", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_TIMES, "clean_book_bonus", 50 },
	{ "dirty", "dirty books", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_TIMES, "dirty_book_bonus", 30 },
	{ "red3", "red 3s", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_TIMES, "red_three", 100 },
	{ "went_out", "went out", COLUMN_FLAG, NULL, SHEET_LINE, 0, COUNTS_BONUS, "going_out_bonus", 100 },
	{ "meld", "points melded", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_PLUS, NULL, 0 },
	/* the points of the cards left in hand and foot (a black three
	 * among them at black_three_penalty) */
	{ "left", "cards left", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_MINUS, NULL, 0 },
	/* red threes in a foot never picked up (scored by the option
	 * unplayed_foot_red_three): rare, so JSON, CSV and export only */
	{ "foot_red3", NULL, COLUMN_NUMBER, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* One player's round as entered, into all[i] (RULES 8.2). */
static enum status
read_player(const struct game_state *st, struct hf *h, const struct hand_entry *e, int i, int out,
    struct hf_player *all, struct diag *d)
{
	struct hf_player *pl = &all[i];
	enum status rc;
	memset(pl, 0, sizeof *pl);
	pl->name = st->p[i].name;
	pl->opening = -1;
	pl->went = i == out;
	if ((rc = read_counts(h, e, i, pl, d)) != ST_OK)
		return rc;
	return read_melds(st, h, e, i, pl, d);
}

/* One player's score this round (RULES 8.3), checked against what the
 * whole table entered (a partner's books and opening), with what to
 * show: the hand columns in cols[HF_* * nplayers + i].  (The pad prints
 * them as lines of their own, so a cell has no abbreviated detail under
 * it.) */
static enum status
score_player(const struct game_state *st, struct hf *h, const struct hand_entry *e, int i,
    const struct hf_player *all, long *score, long *cols, struct diag *d)
{
	int round = st->nhands + 1;
	const struct hf_player *pl = &all[i];
	enum status rc;
	if ((rc = check_going_out(st, h, e, i, all, d)) != ST_OK ||
	    (rc = check_meld(st, e, i, h->minimum[round - 1], all, d)) != ST_OK)
		return rc;
	*score = h->red3 * pl->r3 + h->clean * pl->bc + h->dirty * pl->bd + h->out_bonus * pl->went + pl->meld -
	    pl->left + h->foot_red3 * pl->f3;
	const long v[HF_NCOLS] = { pl->bc, pl->bd, pl->r3, pl->went, pl->meld, pl->left, pl->f3 };
	for (int c = 0; c < HF_NCOLS; c++)
		cols[c * st->nplayers + i] = v[c];
	return ST_OK;
}

/*
 * The packs of the table: decks = players + 1 (RULES 8.4).  Each player's
 * own cards already fit (check_own), so a kind over is the players' sum:
 * the message says who entered how many ("12 red threes entered this
 * round (Ann 6, Bob 6); 5 decks hold 10"), so that the table sees whose
 * count to correct.  The same for the points melded and left (pack_points).
 */
static enum status
check_packs(const struct hf *h, const struct hf_player *all, int n, struct diag *d)
{
	struct hf_count sum;
	memset(&sum, 0, sizeof sum);
	for (int i = 0; i < n; i++) {
		const struct hf_count *c = &all[i].own;
		sum.red3 += c->red3;
		sum.black3 += c->black3;
		sum.jokers += c->jokers;
		sum.twos += c->twos;
		for (int r = 0; r < 14; r++)
			sum.natural[r] += c->natural[r];
	}
	int k = pack_over(h, &sum);
	char who[512] = "", buf[16];
	size_t len = 0;
	if (k < 0) {
		/* the points too (pack_points): each player's fit, the sum may
		 * not; say who entered how many, as for a kind of card */
		long total = 0, held = pack_points(h);
		for (int i = 0; i < n; i++)
			total += all[i].meld + all[i].left;
		if (total <= held)
			return ST_OK;
		for (int i = 0; i < n && len < sizeof who; i++)
			if (all[i].meld + all[i].left > 0)
				len += (size_t)snprintf(who + len, sizeof who - len, "%s%s %s", len ? ", " : "", all[i].name,
				    GROUPED(all[i].meld + all[i].left));
		return diag_set(d, ST_RULE, NULL, NULL, "rule 8.4",
		    "%s points melded and left this round (%s); %d decks hold %s points in all", GROUPED(total), who,
		    h->decks, GROUPED(held));
	}
	for (int i = 0; i < n && len < sizeof who; i++)
		if (pack_count(&all[i].own, k) > 0)
			len += (size_t)snprintf(who + len, sizeof who - len, "%s%s %ld", len ? ", " : "", all[i].name,
			    pack_count(&all[i].own, k));
	return diag_set(d, ST_RULE, NULL, k > PACK_NATURAL ? card_rank_name(k - PACK_NATURAL) : NULL, "rule 8.4",
	    "%ld %s entered this round (%s); %d decks hold %ld", pack_count(&sum, k), pack_name(k, buf, sizeof buf),
	    who, h->decks, pack_limit(h, k));
}

/* Record the round: each player's own part (in partnership play the
 * side's score is the partners' parts added, core/sides.h); after the
 * last round the highest total, a side's in partnership play, wins
 * (RULES 8.1, 8.5). */
static void
record_round(struct game_state *st, const struct hf *h, const long *score, const long *cols, int out)
{
	int n = st->nplayers, round = st->nhands + 1;
	char label[48];
	snprintf(label, sizeof label, "round %d", round);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < n; i++) {
		state_score(st, hr, i, score[i]);
		for (int c = 0; c < HF_NCOLS; c++)
			state_hand_set(st, hr, c, i, cols[c * n + i]);
	}
	hr->note = out >= 0 ? xasprintf("%s went out (round %d, minimum %s)", state_playing(st, out), round,
	    GROUPED(h->minimum[round - 1])) : xasprintf("nobody went out: the stock ran out (round %d)", round);
	if (st->nhands >= h->rounds)
		state_best_total_wins(st);
}

/* A round: who went out, each player's score, the packs, the record. */
static enum status
hf_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w, struct diag *d)
{
	(void)w;
	struct hf *h = st->priv;
	int n = st->nplayers, out = -1, nout = 0;
	long *score = xcalloc((size_t)n, sizeof *score);
	long *cols = xcalloc((size_t)n * HF_NCOLS, sizeof *cols);
	enum status rc = ST_OK;
	for (int r = 0; r < e->nroles; r++) {
		out = e->roles[r].seat;
		nout++;
	}
	if (nout > 1)
		rc = diag_set(d, ST_RULE, st->p[out].name, "--out", "rule 8.4", "at most one player goes out in a round");
	struct hf_player *all = xcalloc((size_t)n, sizeof *all);
	for (int i = 0; i < n && rc == ST_OK; i++)
		rc = read_player(st, h, e, i, out, all, d);
	for (int i = 0; i < n && rc == ST_OK; i++)
		rc = score_player(st, h, e, i, all, &score[i], cols, d);
	if (rc == ST_OK)
		rc = check_packs(h, all, n, d);
	free(all);
	if (rc == ST_OK) {
		record_round(st, h, score, cols, out);
		st->dealer = (st->dealer + 1) % n;
	}
	free(cols);
	free(score);
	return rc;
}

static void
hf_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct hf *h = st->priv;
	if (st->over || st->closed)
		snprintf(buf, size, "game over");
	else
		snprintf(buf, size, "round %d of %d (first meld at least %s, dealer %s)", st->nhands + 1,
		    h->rounds, GROUPED(h->minimum[st->nhands]), st->p[st->dealer].name);
}

static void
hf_start_message(const struct game_state *st, char *buf, size_t size)
{
	const struct hf *h = st->priv;
	/* the seed's 50 and 30 are almost certainly missing a zero (RULES
	 * 8.6): the way to the usual values is said only while the seed's are
	 * in force, never to a table that chose its own */
	int seed = h->clean == 50 && h->dirty == 30;
	snprintf(buf, size,
	    "book bonuses in force: clean %s, dirty %s%s; going out %s, red three %s; %d decks with jokers; "
	    "first melds %s",
	    GROUPED(h->clean), GROUPED(h->dirty),
	    seed ? " (the seed's values; most tables play 500 and 300: -o preset=common)" : "",
	    GROUPED(h->out_bonus), GROUPED(h->red3), h->decks, options_get(&st->opts, "round_minimums"));
}

static void
hf_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	long m[16];
	int k = parse_list(options_get(o, "round_minimums") ? options_get(o, "round_minimums") : "60,90,120,150", m, 16, 0, 10000);
	if (n <= k)
		snprintf(buf, size, "Round %d (meld %s)", n, GROUPED(m[n - 1]));
	else
		snprintf(buf, size, "Round %d", n);
}

/* The option rounds (RULES.md Hand & Foot: four rounds by default). */
static int
hf_length(const struct optset *o)
{
	return (int)options_int(o, "rounds", 4);
}

/*
 * Table mode asks, after who went out, for each player from the dealer's
 * left: the points melded (Enter: never melded); when melded, the opening
 * meld, then books and red threes in one answer ("1 2 1": clean, dirty,
 * red; Enter: none); when not, the red threes (Enter: 0); and unless the
 * player went out, the points left.  A typical round of four, one out and
 * everyone melded, is 16 questions (it was 24: clean, dirty, red threes,
 * meld, opening and left for each player, asked whatever came before).
 */
/* Answered a points-melded question with points: an empty answer or 0
 * is "never melded". */
static int
said_melded(const char *answer)
{
	return answer[0] != '\0' && strcmp(answer, "0") != 0;
}

/* Answered an opening question by leaving the opening to the partner:
 * Enter, or never (the entry's opening=never). */
static int
left_opening(const char *answer)
{
	return answer[0] == '\0' || str_ieq(answer, "never");
}

/*
 * The opening question of seat s in partnership play (RULES 8.4: one
 * opening meld per side, core/sides.h): Enter ("Ann opened") is offered
 * only once the partner has answered their own opening with its points.
 * Before the partner is asked, s gives the points or never (the partner
 * may yet open for the side; if not, the entry's check asks again); once
 * the partner melded nothing or left the opening to s, s gives the points.
 * meld_q and open_q: each seat's questions answered (hf_answered; -1: not
 * answered).
 */
static void
partner_opening_step(const struct game_state *st, int s, const int *meld_q, const int *open_q,
    char *const *answers, struct guide_step *g)
{
	const struct hf *h = st->priv;
	const char *name = st->p[s].name;
	int seats[SIDE_SIZE], ns = state_side_seats(st, state_side(st, s), seats), p = -1;
	for (int k = 0; k < ns; k++)
		if (seats[k] != s)
			p = seats[k];
	long minimum = h->minimum[st->nhands];
	const char *partner = p >= 0 ? st->p[p].name : "the partner";
	if (p >= 0 && meld_q[p] >= 0 && !said_melded(answers[meld_q[p]])) {
		rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: the opening meld's points", name);
		snprintf(g->needed, sizeof g->needed, "%s never melded this round, so %s's first meld opened for "
		    "the side: enter its points, at least %s", partner, name, GROUPED(minimum));
	} else if (p >= 0 && open_q[p] >= 0 && left_opening(answers[open_q[p]])) {
		rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: the opening meld's points", name);
		snprintf(g->needed, sizeof g->needed, "%s answered that %s opened, so enter %s's opening meld's "
		    "points, at least %s", partner, name, name, GROUPED(minimum));
	} else if (p >= 0 && open_q[p] >= 0)
		rules_guide_set(g, s, GUIDE_VALUE, 1, "", "%s: the opening meld's points (Enter: %s opened)", name,
		    partner);
	else {
		/* the partner is asked later (or not at all): not known to
		 * have opened, so nothing is taken for granted */
		rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: the opening meld's points, or never if %s opened for "
		    "the side", name, partner);
		snprintf(g->needed, sizeof g->needed, "enter the points of %s's first meld, at least %s, or never if "
		    "%s opened for the side", name, GROUPED(minimum), partner);
	}
}

/*
 * Which of the answers there are (to the NULL that ends them: after a
 * go-back, those given before it too) answer each seat's points melded
 * and opening meld: meld_q[seat], open_q[seat], -1 where not answered.
 * The questions follow hf_guide's order.
 */
static void
hf_answered(const struct game_state *st, char *const *answers, int *meld_q, int *open_q)
{
	int n = 0, idx = 1;
	for (int i = 0; i < 16; i++)
		meld_q[i] = open_q[i] = -1;
	while (answers && answers[n])
		n++;
	for (int j = 0; n > 0; j++) {
		int s = rules_seat_from_left(st, j);
		if (s < 0 || idx >= n)
			return;
		int out = answers[0][0] && str_iprefix(answers[0], st->p[s].name);
		meld_q[s] = idx++;
		if (said_melded(answers[meld_q[s]])) {
			if (idx < n)
				open_q[s] = idx;
			idx += 2;   /* the opening, the books */
		} else
			idx++;      /* the red threes */
		idx += !out;    /* the points left */
	}
}

/*
 * Table mode asks, after who went out, for each player from the dealer's
 * left: the points melded (Enter: never melded); when melded, the opening
 * meld, then books and red threes in one answer ("1 2 1": clean, dirty,
 * red; Enter: none); when not, the red threes (Enter: 0); and unless the
 * player went out, the points left.  A typical round of four, one out and
 * everyone melded, is 16 questions (it was 24: clean, dirty, red threes,
 * meld, opening and left for each player, asked whatever came before).
 * The opening question's hint reads the partner's answers wherever they
 * stand: before it, or after it when a go-back asks it again.
 */
static int
hf_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	if (k == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "out", "who went out? (Enter: nobody)");
		return 1;
	}
	int idx = 1, meld_q[16], open_q[16];
	hf_answered(st, answers, meld_q, open_q);
	for (int j = 0; ; j++) {
		int s = rules_seat_from_left(st, j);
		if (s < 0)
			return 0;
		const char *name = st->p[s].name;
		int out = answers[0][0] && str_iprefix(answers[0], name);
		int meld_at = idx;
		if (idx++ == k) {
			if (out) {
				/* going out lays cards down (check_going_out) */
				rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: points melded, or the cards", name);
				snprintf(g->needed, sizeof g->needed, "%s went out, so melded: a turn draws 2 and "
				    "discards 1, and only melding empties hand and foot", name);
			} else
				rules_guide_set(g, s, GUIDE_VALUE, 1, "", "%s: points melded, or the cards (Enter: never "
				    "melded)", name);
			snprintf(g->token, sizeof g->token, "%s.meld", name);
			g->last_for_seat = 0;
			return 1;
		}
		if (said_melded(answers[meld_at])) {
			if (idx++ == k) {
				/* in partnership play only the partner who melded
				 * first opened for the side: the other answers Enter */
				if (state_side(st, s) >= 0)
					partner_opening_step(st, s, meld_q, open_q, answers, g);
				else
					rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: the opening meld's points", name);
				snprintf(g->token, sizeof g->token, "%s.opening", name);
				g->last_for_seat = 0;
				return 1;
			}
			if (idx++ == k) {
				rules_guide_set(g, s, GUIDE_VALUES, 1, "clean dirty red3",
				    "%s: books clean and dirty, and red threes (e.g. 1 2 1; Enter: none)", name);
				g->last_for_seat = out;
				return 1;
			}
		} else if (idx++ == k) {
			rules_guide_set(g, s, GUIDE_VALUE, 1, "", "%s: red threes (Enter: 0)", name);
			snprintf(g->token, sizeof g->token, "%s.red3", name);
			g->last_for_seat = out;
			return 1;
		}
		if (!out && idx++ == k) {
			rules_guide_set(g, s, GUIDE_VALUE, 0, "", "%s: points left in hand and foot, or the cards", name);
			snprintf(g->token, sizeof g->token, "%s.left", name);
			g->last_for_seat = 1;
			return 1;
		}
	}
}

static void
hf_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct hf *h = st->priv;
	snprintf(buf, size, "%d decks with their jokers (%d cards); each player a hand of 13 and a foot of 11",
	    h->decks, 54 * h->decks);
}

const struct game_rules hand_foot_rules = {
	.version = 1,
	.name = "hand-foot",
	.title = "Hand & Foot",
	.opt_prefix = "hf",
	.min_players = 2,
	.max_players = 8,
	.players_rule = "it takes a deck per player and one more (RULES.md section 8.1), and 8 players, 9 decks, is tally's own limit",
	.options = hf_options,
	.presets = hf_presets,
	.roles = hf_roles,
	.fields = "clean dirty red3 meld left opening foot foot-red3 books",
	.methods.resolve_options = hf_resolve_options,
	.words.summary =
	    "One deck more than the players, jokers in.  Each player plays a hand of 13,\n"
	    "then a foot of 11.  No runs: books of 7 of a rank, jokers and 2s wild.\n"
	    "Going out needs a clean and two dirty books.  Red threes are set aside for\n"
	    "100; black threes count 5 against.  The first meld needs 60, 90, 120 and 150\n"
	    "in the four rounds.  A round scores red threes, book bonuses, going out and\n"
	    "the cards melded, less the cards left; the highest total after four wins.\n"
	    "Partnerships (new hand-foot Ann+Cid Bob+Dee, or -o partnerships=true):\n"
	    "partners sit opposite, seats 1 and 3, 2 and 4 of four; 1 and 4, 2 and 5,\n"
	    "3 and 6 of six.  A side goes out on its books together (one partner's\n"
	    "clean book and the other's two dirty ones will do); the first partner to\n"
	    "meld makes the side's opening meld, and the other melds with no minimum\n"
	    "(enter no opening for them).  Each partner's round is still entered on\n"
	    "its own; the side scores the partners' sum.  Whoever goes out has melded\n"
	    "(a turn draws 2 and discards 1: only melding empties hand and foot).",
	.words.entry_help =
	    "Per player: NAME.clean=N NAME.dirty=N NAME.red3=N NAME.meld=POINTS|CARDS\n"
	    "NAME.left=POINTS|CARDS NAME.opening=POINTS (or never); optional\n"
	    "NAME.foot=unplayed NAME.foot-red3=N and NAME.books=\"K:7 A:5:2 8:6:0:1\"\n"
	    "(rank:naturals:twos:jokers); --out NAME for who went out.  Field names\n"
	    "may be cut to a unique prefix: Ann.c=1 Ann.d=2 Ann.r=1 Ann.m=335 Ann.o=90.\n"
	    "Compact form, one value per player, NAME=ITEMS: a number and a letter per\n"
	    "field, no spaces, any order, zeros left out: c clean books, d dirty books,\n"
	    "r red threes, m points melded, o opening meld, l points left, f red threes\n"
	    "in an unplayed foot, u (alone) foot never picked up.  A round of four:\n"
	    "  --out Ann Ann=1c2d1r335m90o Bob=1d140m70o60l Cid=90m60o85l Dee=120l\n"
	    "is checked exactly as the long form (67 characters; table mode needs no\n"
	    "'hand' in front).  Cards and books still need the long fields.",
	.words.example = "tally hand --out Ann Ann.clean=1 Ann.dirty=2 Ann.red3=1 Ann.meld=335 Ann.opening=90 Bob.dirty=1 Bob.meld=140 Bob.opening=70 Bob.left=60",
	.score.scoring = SCORING_HIGH,
	.words.hand_word = "round",
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "hand-foot",
	.methods.init = hf_init,
	.methods.apply = hf_apply,
	.methods.describe_next = hf_describe_next,
	.methods.free_priv = hf_free,
	.methods.priv_size = sizeof(struct hf), /* a flat struct, copied to check a hand */
	.methods.checkpoint_priv = PRIV_FROM_OPTIONS, /* the rounds and bonuses */
	.sheet.hand_label = hf_hand_label,
	.score.length = hf_length,
	.table.start_message = hf_start_message,
	.table.guide = hf_guide,
	.table.deal_help = hf_deal_help,
	.view.hand_columns = hf_hand_columns,
	.view.highlights = hf_highlights,
	.score.sides_option = "partnerships=true",
	.score.side_scoring = SIDE_SUM,
	.join.reason = "each player's books and going out build over every round from the first (RULES.md section 8)",
};
