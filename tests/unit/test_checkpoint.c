/* SPDX-License-Identifier: ISC */
/*
 * test_checkpoint.c: a game's state read back from its checkpoint
 * (core/checkpoint.h) is the state its whole replay gives, and a view
 * of it (core/view.h), which keeps the checkpoint's hands where the
 * state has them, stays whole after the state is freed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "helpers.h"

#include "../../core/checkpoint.h"
#include "../../core/view.h"

static char *golfers[] = { "Ann", "Bob", "Cid", "Dee" };

/* Golf hand k (1-based): cards for Ann (her detail) and Cid, and a knock
 * (the hand's note); Bob scores k. */
static void
play(struct game_state *st, int k)
{
	char *entry = xasprintf("Ann=\"K 3 5 A\" Bob=%d Cid=\"7 7 K 4\" Dee=12 --knock Ann", k);
	accept_entry(st, entry);
	free(entry);
}

/* Ten hands of Golf, whole, against the state read from a checkpoint of
 * the first eight and carried on over the last two, as a command reads
 * it; that state is freed before its view is read. */
static void
test_view_outlives_checkpoint_state(void **unused)
{
	(void)unused;
	struct game_state *whole = new_game_of("golf", golfers, 4, "target=100000", 0);
	struct game_state *first8 = new_game_of("golf", golfers, 4, "target=100000", 0);
	for (int k = 1; k <= 10; k++)
		play(whole, k);
	for (int k = 1; k <= 8; k++)
		play(first8, k);
	size_t len;
	unsigned char *bytes = checkpoint_encode(first8, &len);
	assert_non_null(bytes);
	struct game_record rec = { first8->rules, golfers, 4, &first8->opts, 0, first8->entries, 8, 0, NULL, NULL, NULL, 0 };
	struct game_state *st = checkpoint_decode(&rec, bytes, len);
	free(bytes);
	state_free(first8);
	assert_non_null(st);
	assert_int_equal(st->pool_hands, 8);
	play(st, 9);
	play(st, 10);
	struct view *v = view_build(st, NULL), *w = view_build(whole, NULL);
	state_free(st);
	assert_int_equal(v->nhands, 10);
	for (int h = 0; h < 10; h++) {
		const struct view_hand *a = &v->hands[h], *b = &w->hands[h];
		for (int i = 0; i < 4; i++) {
			assert_int_equal(a->points[i], b->points[i]);
			assert_int_equal(a->held[i], b->held[i]);
			if (b->detail[i] == NULL)
				assert_null(a->detail[i]);
			else
				assert_string_equal(a->detail[i], b->detail[i]);
		}
		assert_string_equal(a->note, b->note);
		assert_int_equal(a->points[1], h + 1);
		assert_int_equal(a->held[1], (h + 1) * (h + 2) / 2);
	}
	assert_string_equal(v->hands[0].detail[0], "K 3 5 A, knocked");
	assert_null(v->hands[0].detail[1]);
	view_free(v);
	view_free(w);
	state_free(whole);
}

/* A command's state takes the checkpoint's bytes and the block its
 * entries lie in (checkpoint_adopt): its entries are the record's, not
 * copies, and freeing the state frees both blocks (under valgrind, a
 * block kept or freed twice fails); a checkpoint not trusted leaves both
 * with the caller. */
static void
test_adopt_takes_bytes_and_rows(void **unused)
{
	(void)unused;
	struct game_state *first8 = new_game_of("golf", golfers, 4, "target=100000", 0);
	for (int k = 1; k <= 8; k++)
		play(first8, k);
	size_t len, used = 0;
	unsigned char *bytes = checkpoint_encode(first8, &len);
	assert_non_null(bytes);
	/* the entries one after another in one heap block, as the store's
	 * rows are */
	size_t size = 0;
	for (int h = 0; h < 8; h++)
		size += strlen(first8->entries[h]) + 1;
	char *rows = xmalloc(size), *entries[8];
	for (int h = 0; h < 8; h++) {
		entries[h] = strcpy(rows + used, first8->entries[h]);
		used += strlen(entries[h]) + 1;
	}
	struct game_record rec = { first8->rules, golfers, 4, &first8->opts, 0, entries, 8, 0, NULL, NULL, NULL, 0 };
	unsigned char *other = xmemdup(bytes, len);
	other[len - 1] ^= 1; /* a changed byte: the checksum fails */
	assert_null(checkpoint_adopt(&rec, other, len, rows));
	free(other);
	struct game_state *st = checkpoint_adopt(&rec, bytes, len, rows);
	assert_non_null(st);
	for (int h = 0; h < 8; h++)
		assert_ptr_equal(st->entries[h], entries[h]);
	assert_string_equal(st->hands[0].detail[0], "K 3 5 A, knocked");
	play(st, 9);
	assert_int_equal(st->nhands, 9);
	assert_int_equal(st->p[1].total, 45);
	state_free(st);
	state_free(first8);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_view_outlives_checkpoint_state),
		cmocka_unit_test(test_adopt_takes_bytes_and_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
