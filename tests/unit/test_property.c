/* SPDX-License-Identifier: ISC */
/*
 * test_property.c: random legal Bankrupt and Chase the Ace games (fixed
 * seeds, thousands of hands) played through the rules: the chips are always
 * conserved, no count goes below zero, the ledger's register agrees with the
 * state after every hand, and every game ends with one player holding
 * everything.
 */
#include <stdio.h>

#include "helpers.h"

static unsigned long rng_state;

static unsigned
rnd(unsigned n)
{
	/* xorshift64: the same numbers on every machine */
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

static const char *const rank_text[] = { "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };

/* A shuffled pack of ranks (4 of each). */
static void
shuffle(int *pack)
{
	for (int i = 0; i < 52; i++)
		pack[i] = i / 4 + 1;
	for (int i = 51; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), t = pack[i];
		pack[i] = pack[j];
		pack[j] = t;
	}
}

/* The register's balances after the last move must be the state's chips. */
static void
check_register(const struct game_state *st)
{
	long *bal = xcalloc((size_t)st->nplayers + 1, sizeof *bal);
	for (int m = 0; m < st->ledger->nmoves; m++) {
		const struct ledger_move *mv = &st->ledger->moves[m];
		assert_true(mv->amount > 0);
		if (mv->from >= 0)
			bal[LEDGER_SEAT(mv->from)] -= mv->amount;
		else if (mv->from == LEDGER_POT)
			bal[st->nplayers] -= mv->amount;
		if (mv->to >= 0)
			bal[LEDGER_SEAT(mv->to)] += mv->amount;
		else if (mv->to == LEDGER_POT)
			bal[st->nplayers] += mv->amount;
	}
	for (int i = 0; i < st->nplayers; i++) {
		/* Chase the Ace: the dimes held are the lives and, apart, the pot won */
		long have = state_has_lives(st) ? st->p[i].lives + st->p[i].pile : st->p[i].held;
		assert_int_equal(bal[i], have);
		assert_true(have >= 0);
		assert_true(st->p[i].bank >= 0 && st->p[i].pile >= 0);
	}
	assert_int_equal(bal[st->nplayers], st->pot);
	free(bal);
}

/* One random legal Bankrupt round for st; returns the entry (caller frees). */
static char *
bankrupt_round(const struct game_state *st, int *throws, long ante, int force_resign)
{
	struct strbuf sb = {0};
	int n = st->nplayers, pack[52], top = 0;
	int playing[16] = {0}, alive = 0;
	char next[160];
	rules_describe_next(st, next, sizeof next);
	const char *x = strstr(next, " x");
	int k = x ? x[2] - '0' : 1;
	for (int i = 0; i < n; i++)
		alive += !st->p[i].out;
	/* now and then a player resigns before the deal (and always, late in a
	 * long game); the round is then played without upping */
	int resigned = -1;
	if (alive > 1 && (force_resign || rnd(200) == 0)) {
		do
			resigned = (int)rnd((unsigned)n);
		while (st->p[resigned].out);
		sb_printf(&sb, "--resign %s ", st->p[resigned].name);
		if (--alive < 2)
			return sb_take(&sb);
	}
	shuffle(pack);
	int nplay = 0;
	for (int i = 0; i < n; i++) {
		if (st->p[i].out || i == resigned)
			continue;
		if (throws[i] < 2 && rnd(6) == 0 && nplay + 1 < alive) {
			sb_printf(&sb, "%s=throw ", st->p[i].name);
			continue;
		}
		playing[i] = 1;
		nplay++;
		sb_printf(&sb, "%s=\"%s %s\" ", st->p[i].name, rank_text[pack[top]], rank_text[pack[top + 1]]);
		top += 2;
	}
	if (nplay == 0) {
		/* everybody chose to throw in: make the first one play */
		sb_release(&sb);
		return bankrupt_round(st, throws, ante, 0);
	}
	if (resigned >= 0)
		return sb_take(&sb);
	/* banks after this round's antes, and who is on last legs */
	long bank[16];
	int legs[16];
	for (int i = 0; i < n; i++) {
		long wealth = st->p[i].held, target = ante * k;
		bank[i] = wealth - (wealth < target ? wealth : target);
		long slot = wealth - ante * (k - 1);
		legs[i] = slot < ante;
	}
	/* offers in seat order from the dealer's left, the dealer never */
	for (int step = 1; step < n; step++) {
		int off = (st->dealer + step) % n;
		if (!playing[off] || legs[off] || bank[off] == 0 || rnd(3) != 0)
			continue;
		long cap = 6;
		for (int i = 0; i < n; i++)
			if (playing[i] && bank[i] > 0 && bank[i] < cap)
				cap = bank[i];
		long amt = 1 + rnd((unsigned)cap);
		if (amt > bank[off])
			continue;
		sb_printf(&sb, "--up %s=%ld:", st->p[off].name, amt);
		int nacc = 0;
		for (int s2 = step + 1; s2 <= n; s2++) {
			int a = (st->dealer + s2) % n;
			if (!playing[a] || legs[a] || bank[a] < amt || rnd(2))
				continue;
			sb_printf(&sb, "%s%s", nacc++ ? "," : "", st->p[a].name);
			bank[a] -= amt;
		}
		sb_addc(&sb, ' ');
		if (nacc == 0)
			break; /* declined by all: the upping is over */
		bank[off] -= amt;
	}
	return sb_take(&sb);
}

static void
play_bankrupt(unsigned long seed, int n, long *hands)
{
	rng_state = seed;
	struct game_state *st = new_game("bankrupt", n, "", (int)(seed % (unsigned long)n));
	int throws[16] = {0};
	long total = 50L * n;
	for (int h = 0; !st->over; h++) {
		char *e = bankrupt_round(st, throws, 9, h > 3000);
		struct diag d = {0};
		struct warnings w = {0};
		if (rules_apply_text(st, e, &w, &d) != ST_OK)
			fail_msg("seed %lu hand %d: '%s' refused: %s", seed, h + 1, e, d.message);
		warnings_release(&w);
		assert_int_equal(chips_in_play(st), total);
		check_register(st);
		const struct hand_record *hr = &st->hands[st->nhands - 1];
		for (int i = 0; i < n; i++) {
			assert_int_equal(hr->held[i], st->p[i].held);
			throws[i] = strstr(e, "=throw") && hr->detail[i] && strcmp(hr->detail[i], "threw in") == 0
			    ? throws[i] + 1 : 0;
		}
		free(e);
		(*hands)++;
	}
	int winners = 0;
	for (int i = 0; i < n; i++) {
		if (st->p[i].winner) {
			winners++;
			assert_int_equal(st->p[i].held, total);
		} else
			assert_true(st->p[i].out);
	}
	assert_int_equal(winners, 1);
	assert_int_equal(st->pot, 0);
	state_free(st);
}

static void
test_bankrupt_random(void **u)
{
	(void)u;
	long hands = 0;
	for (unsigned long seed = 1; seed <= 40; seed++)
		play_bankrupt(seed * 7919, 2 + (int)(seed % 5), &hands);
	printf("# bankrupt: 40 random games, %ld rounds, chips conserved after each\n", hands);
	assert_true(hands > 2000);
}

static void
play_chase(unsigned long seed, int n, const char *opts, long *hands)
{
	rng_state = seed;
	struct game_state *st = new_game("chase-ace", n, opts, 0);
	long total = st->pot;
	for (int i = 0; i < n; i++)
		total += st->p[i].lives + st->p[i].pile;
	while (!st->over) {
		struct strbuf sb = {0};
		int pack[52];
		shuffle(pack);
		for (int i = 0, top = 0; i < n; i++)
			if (!st->p[i].out)
				sb_printf(&sb, "%s=%s ", st->p[i].name, rank_text[pack[top++]]);
		struct diag d = {0};
		struct warnings w = {0};
		if (rules_apply_text(st, sb.s, &w, &d) != ST_OK)
			fail_msg("seed %lu: '%s' refused: %s", seed, sb.s, d.message);
		warnings_release(&w);
		sb_release(&sb);
		long sum = st->pot;
		for (int i = 0; i < n; i++)
			sum += st->p[i].lives + st->p[i].pile;
		assert_int_equal(sum, total);
		check_register(st);
		(*hands)++;
		assert_true(*hands < 10000000);
	}
	int winners = 0;
	for (int i = 0; i < n; i++)
		if (st->p[i].winner) {
			winners++;
			assert_int_equal(st->p[i].lives + st->p[i].pile, total);
		}
	assert_int_equal(winners, 1);
	state_free(st);
}

static void
test_chase_random(void **u)
{
	(void)u;
	long hands = 0;
	for (unsigned long seed = 1; seed <= 200; seed++) {
		play_chase(seed * 104729, 2 + (int)(seed % 11), "", &hands);
		play_chase(seed * 15485863, 2 + (int)(seed % 7), "cancel=none", &hands);
	}
	printf("# chase-ace: 400 random games, %ld rounds, dimes conserved after each\n", hands);
	assert_true(hands > 2000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bankrupt_random),
		cmocka_unit_test(test_chase_random),
	};
	return cmocka_run_group_tests_name("property", tests, NULL, NULL);
}
