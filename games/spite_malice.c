/* SPDX-License-Identifier: ISC */
/*
 * spite_malice.c: Spite and Malice, the two-player competitive patience
 * (RULES.md section 3; seed 002_305baa05ebda0e0c.txt).
 *
 * A hand is one game: the first player to play out their 26-card stockpile
 * wins and scores a point per card left in the other's stockpile (the soft
 * score), plus any agreed win bonus.  Hollywood scoring spreads each player's
 * wins over three running games.  A game nobody can finish is abandoned and
 * scores nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "hollywood.h"

struct snm {
	int hollywood;
	long stock, bonus, target; /* target 0 = none */
	long cents;                /* money per point in cents, 0 = none */
	struct hollywood hw;       /* Hollywood's three games (hollywood.h) */
};

static const struct option_def snm_options[] = {
	{ "scoring", OPT_ENUM, "soft|hollywood", "soft", 0, "soft: a point per card left in the loser's stockpile; hollywood: wins spread over three running games", NULL, NULL },
	{ "stockpile_size", OPT_INT, "1..52", "26", 0, "cards in each stockpile", NULL, NULL },
	{ "win_bonus", OPT_INT, "0..1000", "0", 0, "points added for a win (traditional: 5)", NULL, NULL },
	{ "match_target", OPT_INT, "none|1..100000", "none", 0, "none: one game, won by the first to play out the stockpile (the seed); N: a match to N points (Hollywood: each of its three games closes at N, 50 when none)", NULL, NULL },
	{ "money_per_point", OPT_TEXT, "none|AMOUNT", "none", 0, "the hard score: money per point, e.g. 0.10", options_check_money, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def snm_roles[] = {
	{ "out", ROLE_PLAYER, "the player who played out their stockpile and wins" },
	{ "abandoned", ROLE_FLAG, "nobody could finish (a stalemate): no score" },
	{ NULL, 0, NULL }
};

static enum status
snm_init(struct game_state *st, struct diag *d)
{
	(void)d;
	struct snm *s = xcalloc(1, sizeof *s);
	const struct optset *o = &st->opts;
	s->hollywood = options_is(o, "scoring", "hollywood");
	s->stock = options_int(o, "stockpile_size", 26);
	s->bonus = options_int(o, "win_bonus", 0);
	s->target = options_int(o, "match_target", 0);
	if (s->hollywood && s->target == 0)
		s->target = 50; /* RULES 3.5: Hollywood's games close at 50 unless set */
	s->cents = options_money(o, "money_per_point");
	hollywood_init(&s->hw);
	st->priv = s;
	return ST_OK;
}

static void
snm_free(void *priv)
{
	free(priv);
}

/* The seed's single game (seed 002: "The player who plays all of his or
 * her stockpile first wins"; RULES 3.5: soft scoring with no
 * match_target) is one game; a match to a target, or Hollywood's three
 * running games, plays on until a target ends it (0). */
static int
snm_length(const struct optset *o)
{
	return !options_is(o, "scoring", "hollywood") && options_int(o, "match_target", 0) == 0;
}

/* An abandoned game (seed 002, RULES 3.4): nobody could finish, no
 * winner and no score; the seed's single game then ends undecided. */
static enum status
snm_abandoned(struct game_state *st, const struct snm *s, const struct hand_entry *e, int win, int nout,
    struct diag *d)
{
	char label[32];
	if (nout || e->nvalues)
		return diag_set(d, ST_RULE, nout ? st->p[win].name : NULL, NULL, "rule 3.4",
		    "an abandoned game has no winner and no score");
	snprintf(label, sizeof label, "game %d", st->nhands + 1);
	struct hand_record *hr = state_add_hand(st, label);
	hr->note = xstrdup(s->target ? "abandoned: nobody could finish; no score"
	    : "abandoned: nobody could finish; no score, and the game ends with no winner");
	st->over = snm_length(&st->opts) == 1;
	return ST_OK;
}

/* The cards left (seed 002, RULES 3.4): the winner played out the whole
 * stockpile, so has none; the loser has 1 to stockpile_size.  *left
 * receives the loser's count. */
static enum status
snm_cards_left(const struct game_state *st, const struct snm *s, const struct hand_entry *e, int win,
    long *left, struct diag *d)
{
	int lose = 1 - win;
	const char *wv = entry_get(e, win, NULL), *lv = entry_get(e, lose, NULL);
	const char *wn = st->p[win].name, *ln = st->p[lose].name;
	long n, z;
	if (wv && (!parse_long(wv, -1000, 1000, &z) || z != 0))
		return diag_set(d, ST_RULE, wn, wv, "rule 3.4",
		    "%s won by playing out the stockpile, so has 0 cards left there, not %s", wn, wv);
	if (lv == NULL)
		return diag_set(d, ST_RULE, ln, NULL, "rule 3.4", "enter the cards left in %s's stockpile: %s=N", ln, ln);
	if (!parse_long(lv, -1000, 1000, &n))
		return diag_set(d, ST_USAGE, ln, lv, "entry", "%s: '%s' is not a number of cards", ln, lv);
	if (n == 0) {
		/* as likely the winner named wrong: table mode asks that again
		 * (diag_field) */
		diag_set(d, ST_RULE, ln, lv, "rule 3.4",
		    "%s has 0 cards left, so %s played out and is the winner, not %s", ln, ln, wn);
		return diag_field(d, "out");
	}
	if (n < 1 || n > s->stock)
		return diag_set(d, ST_RULE, ln, lv, "rule 3.4",
		    "%s: a stockpile starts with %ld cards and the loser still has some: 1 to %ld, not %ld",
		    ln, s->stock, s->stock, n);
	*left = n;
	return ST_OK;
}

/* Hollywood (RULES 3.5, hollywood.h): the win scores in the games it
 * reaches; three closed end the match.  Then each game's running score as
 * the hand's columns. */
static void
snm_credit_hollywood(struct game_state *st, struct snm *s, int win, long score, struct hand_record *hr,
    struct strbuf *note)
{
	unsigned closed = 0;
	hollywood_credit(&s->hw, win, score, s->target, st->nhands, &closed);
	for (int c = 0; c < 3; c++)
		if (closed & (1u << c))
			sb_printf(note, "; %s wins Hollywood game %d", st->p[win].name, c + 1);
	int winner[2];
	if (hollywood_over(&s->hw, winner)) {
		st->p[0].winner = winner[0];
		st->p[1].winner = winner[1];
		st->over = 1;
	}
	for (int c = 0; c < 3; c++)
		for (int i = 0; i < 2; i++)
			state_hand_set(st, hr, c, i, hollywood_cell(&s->hw, c, i, st->nhands));
}

/* A game played out (seed 002: "The player who plays all of his or her
 * stockpile first wins"; RULES 3.3): a point per card left in the
 * loser's stockpile plus the win bonus; then Hollywood, or the end of the
 * seed's single game (RULES 3.5: one game unless match_target is set). */
static enum status
snm_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	struct snm *s = st->priv;
	int win = -1, nout = 0;
	long n = 0;
	char label[32];
	enum status rc;
	for (int r = 0; r < e->nroles; r++)
		if (strcmp(e->roles[r].def->name, "out") == 0) {
			win = e->roles[r].seat;
			nout++;
		}
	if (entry_role(e, "abandoned") != NULL)
		return snm_abandoned(st, s, e, win, nout, d);
	if (nout != 1)
		return diag_set(d, ST_RULE, NULL, NULL, "rule 3.4",
		    "name the one player who played out with --out (or enter --abandoned)");
	if ((rc = snm_cards_left(st, s, e, win, &n, d)) != ST_OK)
		return rc;
	long score = n + s->bonus;
	snprintf(label, sizeof label, "game %d", st->nhands + 1);
	struct hand_record *hr = state_add_hand(st, label);
	state_score(st, hr, win, score);
	hr->detail[win] = xasprintf("won, %ld", score);
	hr->detail[1 - win] = xasprintf("%ld left", n);
	struct strbuf note = {0};
	sb_printf(&note, "%s plays out; %s has %ld left: %s +%s", state_playing(st, win), state_playing(st, 1 - win), n,
	    state_playing(st, win), GROUPED(score));
	if (s->hollywood)
		snm_credit_hollywood(st, s, win, score, hr, &note);
	else if (snm_length(&st->opts) == 1 || st->p[win].total >= s->target) {
		st->p[win].winner = 1;
		st->over = 1;
	}
	hr->note = sb_take(&note);
	st->dealer = 1 - st->dealer;
	return ST_OK;
}

static void
snm_describe_next(const struct game_state *st, char *buf, size_t size)
{
	if (st->over || st->closed)
		snprintf(buf, size, "match over");
	else
		snprintf(buf, size, "game %d", st->nhands + 1);
}

static void
snm_notes(const struct game_state *st, struct strbuf *sb)
{
	const struct snm *s = st->priv;
	if (s->hollywood) {
		sb_printf(sb, "Hollywood:");
		for (int c = 0; c < 3; c++)
			sb_printf(sb, "  game %d %s %s, %s %s%s", c + 1, st->p[0].name, GROUPED(s->hw.score[c][0]),
			    st->p[1].name, GROUPED(s->hw.score[c][1]), s->hw.closed[c] >= 0 ? " (closed)" : "");
		sb_addc(sb, '\n');
	}
	if (s->cents) {
		long diff = (st->p[0].total - st->p[1].total) * s->cents;
		long a = diff < 0 ? -diff : diff;
		sb_printf(sb, "hard score at %ld.%02ld a point: %s %s%ld.%02ld, %s %s%ld.%02ld\n",
		    s->cents / 100, s->cents % 100, st->p[0].name, diff < 0 ? "-" : "+", a / 100, a % 100,
		    st->p[1].name, diff > 0 ? "-" : "+", a / 100, a % 100);
	}
}

static void
snm_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Game %d", n);
}

/* A blank sheet: the one game of the seed's game, or 16 of a match. */
static int
snm_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	return snm_length(o) ? snm_length(o) : 16;
}

static int
snm_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	if (k == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "out", "who played out the stockpile? (Enter: nobody, abandoned)");
		return 1;
	}
	if (k > 1)
		return 0;
	if (answers[0][0] == '\0') {
		rules_guide_set(g, -1, GUIDE_FLAG, 0, "abandoned", "abandoned: nobody could finish? (y/n)");
		return 1;
	}
	int w = str_iprefix(answers[0], st->p[0].name) ? 0 : 1;
	rules_guide_set(g, 1 - w, GUIDE_VALUE, 0, st->p[1 - w].name, "%s: cards left in the stockpile", st->p[1 - w].name);
	return 1;
}

static void
snm_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct snm *s = st->priv;
	snprintf(buf, size, "two packs: one of 52 split %ld and %ld as stockpiles, top card up; the other with "
	    "4 jokers (56), 5 cards each, the rest the stock", s->stock, s->stock);
}

static int
snm_is_hollywood(const struct game_state *st)
{
	return options_is(&st->opts, "scoring", "hollywood");
}

/* Hollywood game c's score (0-based), 0 before anyone scores in it. */
static long
snm_hw(const struct game_state *st, int seat, int c)
{
	const struct snm *s = st->priv;
	return s->hw.score[c][seat];
}
static long snm_hw1(const struct game_state *st, int seat) { return snm_hw(st, seat, 0); }
static long snm_hw2(const struct game_state *st, int seat) { return snm_hw(st, seat, 1); }
static long snm_hw3(const struct game_state *st, int seat) { return snm_hw(st, seat, 2); }

/* Hollywood's three games: each one's score at the pad's foot, and
 * SPEC section 4's "hollywood": [[a, b], ...] from them. */
static const struct column snm_columns[] = {
	{ "hollywood_1", "points", COLUMN_NUMBER, snm_is_hollywood, snm_hw1, SHEET_ACROSS, 1, COUNTS_NONE, NULL, 0 },
	{ "hollywood_2", "points", COLUMN_NUMBER, snm_is_hollywood, snm_hw2, SHEET_ACROSS, 2, COUNTS_NONE, NULL, 0 },
	{ "hollywood_3", "points", COLUMN_NUMBER, snm_is_hollywood, snm_hw3, SHEET_ACROSS, 3, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};
static const char *const snm_grid_keys[] = { "hollywood_1", "hollywood_2", "hollywood_3", NULL };
static const struct column_grid snm_grids[] = {
	{ "hollywood", snm_grid_keys },
	{ NULL, NULL }
};

/* Per game (hand): each Hollywood game's running score, empty where it is
 * not open for the player yet or was closed by an earlier hand. */
static const struct hand_column snm_hand_columns[] = {
	{ "game_1", "game 1", COLUMN_NUMBER, snm_is_hollywood, SHEET_ACROSS, 1, COUNTS_NONE, NULL, 0 },
	{ "game_2", "game 2", COLUMN_NUMBER, snm_is_hollywood, SHEET_ACROSS, 2, COUNTS_NONE, NULL, 0 },
	{ "game_3", "game 3", COLUMN_NUMBER, snm_is_hollywood, SHEET_ACROSS, 3, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};
static const char *const snm_across[] = { "game 1", "game 2", "game 3", NULL };

/* The hard score (RULES 3): money_per_point a point of difference. */
static long
snm_stake_cents(const struct optset *o)
{
	return options_money(o, "money_per_point");
}

const struct game_rules spite_malice_rules = {
	.version = 1,
	.name = "spite-malice",
	.title = "Spite and Malice",
	.opt_prefix = "snm",
	.min_players = 2,
	.max_players = 2,
	.players_rule = "it is a race of two, a 26-card stockpile each from one pack (RULES.md section 3.1)",
	.options = snm_options,
	.roles = snm_roles,
	.words.summary =
	    "Two players race to play out a 26-card stockpile onto up to eight centre\n"
	    "stacks built A to K (suits do not matter, jokers are wild), helped by a hand\n"
	    "of five and four discard piles each.  The first to play out wins a point for\n"
	    "every card left in the other's stockpile, and the game is over; a match to\n"
	    "a target (-o match_target=N) plays on.  Hollywood scoring keeps three\n"
	    "running games: a player's first win counts in game 1, the second in games 1\n"
	    "and 2, the third and later in all three still open; each closes at 50.",
	.words.entry_help =
	    "--out WINNER LOSER=CARDS_LEFT (the loser's stockpile, face-up card included),\n"
	    "or --abandoned when nobody can finish.",
	.words.example = "tally hand --out Ann Bob=9",
	.score.scoring = SCORING_HIGH,
	.words.hand_word = "game",
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "spite-malice",
	.methods.init = snm_init,
	.methods.apply = snm_apply,
	.methods.describe_next = snm_describe_next,
	.methods.free_priv = snm_free,
	.methods.priv_size = sizeof(struct snm), /* a flat struct, copied to check a hand */
	.view.columns = snm_columns,
	.view.hand_columns = snm_hand_columns,
	.view.across_labels = snm_across,
	.view.grids = snm_grids,
	.sheet.hand_label = snm_hand_label,
	.sheet.sheet_rows = snm_sheet_rows,
	.score.length = snm_length,
	.view.notes = snm_notes,
	.table.guide = snm_guide,
	.table.deal_help = snm_deal_help,
	.score.stake_cents = snm_stake_cents,
	.join.reason = "it is two players' race from the first deal (RULES.md section 3.1)",
};
