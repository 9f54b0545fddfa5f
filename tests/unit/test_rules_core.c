/* SPDX-License-Identifier: ISC */
/*
 * test_rules_core.c: the rules interface itself: a refused hand
 * and table mode's trial put the state back from its mark, not by replay;
 * and a game that is only its own file (a test-only game, not in the
 * registry) works with every optional method left out.
 */
#include <jansson.h>

#include "helpers.h"
#include "../../core/json.h"
#include "../../core/sheet_pad.h"
#include "../../core/standings.h"
#include "../../core/view.h"

/* The whole `show --json` text of st. */
static char *
show(const struct game_state *st)
{
	struct game_ref ref = { 1, NULL };
	struct jv *j = standings_show_json(st, &ref);
	char *text = jv_dumps(j, 0);
	json_t *doc = json_loads(text, 0, NULL);
	char *s = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
	jv_free(j);
	json_decref(doc);
	free(text);
	return s;
}

/* A fresh replay of st's own entries. */
static struct game_state *
replayed(const struct game_state *st)
{
	struct diag d = {0};
	char *names[16];
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	struct game_record rec = { st->rules, names, st->nplayers, &st->opts, st->first_dealer, st->entries,
		st->nentries, st->closed, NULL, NULL, NULL, 0 };
	struct game_state *re = rules_replay(&rec, REPLAY_ALL, &d);
	if (re == NULL)
		fail_msg("replay: %s", d.message);
	return re;
}

/*
 * After each refused entry st shows exactly what it showed before, and a
 * good hand after them scores as on a fresh replay (so the game's priv and
 * the ledger were put back too, not only what `show` prints).
 */
static void
check_refusals(struct game_state *st, const char *const *bad, const char *good)
{
	char *before = show(st);
	for (int i = 0; bad[i]; i++) {
		struct diag d = {0};
		struct warnings w = {0};
		if (rules_apply_text(st, bad[i], &w, &d) == ST_OK)
			fail_msg("'%s' was accepted", bad[i]);
		diag_clear(&d);
		warnings_release(&w);
		char *after = show(st);
		if (strcmp(before, after) != 0)
			fail_msg("'%s' left a mark:\n%s\n%s", bad[i], before, after);
		free(after);
	}
	accept_entry(st, good);
	struct game_state *re = replayed(st);
	char *a = show(st), *b = show(re);
	assert_string_equal(a, b);
	free(a);
	free(b);
	free(before);
	state_free(re);
}

static void
test_refused_bankrupt(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=3:B,D");
	const char *bad[] = {
		"A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=300:B",
		"A=\"K 7\" B=\"A 3\" C=\"8 3\"",
		"A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5 6\"",
		NULL
	};
	check_refusals(st, bad, "A=\"2 3\" B=\"A K\" C=\"4 5\" D=\"A K\" --up B=2:C");
	state_free(st);
}

static void
test_refused_gin_hollywood(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "hollywood=true", 0);
	accept_entry(st, "--knock A A=7 B=22");
	accept_entry(st, "--gin B A=31");
	const char *bad[] = { "--knock A A=10 B=30", "--gin A A=2 B=30", "--knock A --gin B A=3 B=4", NULL };
	check_refusals(st, bad, "--knock A A=6 B=40");
	state_free(st);
}

static void
test_refused_golf_quarters(void **u)
{
	(void)u;
	struct game_state *st = new_game("golf", 3, "preset=house quarters=2", 0);
	accept_entry(st, "A=3 B=9 C=4");
	const char *bad[] = { "A=3 B=9 C=400", "A=3 B=9", "A=3 B=9 C=9 --pays B", NULL };
	check_refusals(st, bad, "A=3 B=9 C=4");
	state_free(st);
}

/* Refused after the knock pot has moved: the ledger is put back. */
static void
test_refused_golf_knock_pot(void **u)
{
	(void)u;
	struct game_state *st = new_game("golf", 3, "knock_pot=2", 0);
	accept_entry(st, "A=3 B=9 C=4 --knock A");
	const char *bad[] = { "A=3 B=9 C=4 --knock B --pays B", "A=3 B=9 C=4 --pays C", NULL };
	check_refusals(st, bad, "A=3 B=9 C=4 --knock C");
	state_free(st);
}

/* Table mode's trial of a good answer keeps nothing. */
static void
test_trial_keeps_nothing(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=3:B,D");
	char *before = show(st);
	char *argv[] = { "A=2 3", "B=A K", "C=4 5", "D=A K", "--up", "B=2:C" };
	struct diag d = {0};
	assert_int_equal(rules_trial(st, 6, argv, &d), ST_OK);
	assert_int_equal(st->nhands, 1);
	assert_int_equal(st->nentries, 1);
	char *after = show(st);
	assert_string_equal(before, after);
	free(before);
	free(after);
	state_free(st);
}

/*
 * A test-only game: one file's worth of rules, no registry line, every
 * optional method left out.  Each player enters a count; a count of 10
 * scores a ten bonus of 5 on top; the highest total after three deals
 * wins.  It declares its own scoring, a game column (each player's best
 * deal) and a hand column (the ten bonus, a line of its own on a pad), and
 * the real printers (show text and JSON, the hands CSV) print them with
 * no code outside this file knowing about the game.  It also shows what
 * the wrappers give by default.
 */
struct tiny {
	int deals;
	long best[16];  /* each seat's best deal so far */
};

static long
tiny_best(const struct game_state *st, int seat)
{
	const struct tiny *t = st->priv;
	return t->best[seat];
}

static const struct column tiny_columns[] = {
	{ "best", "best deal", COLUMN_NUMBER, NULL, tiny_best, SHEET_LINE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

static const struct hand_column tiny_hand_columns[] = {
	{ "bonus", "ten bonus", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

static enum status
tiny_init(struct game_state *st, struct diag *d)
{
	(void)d;
	st->priv = xcalloc(1, sizeof(struct tiny));
	return ST_OK;
}

static enum status
tiny_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w, struct diag *d)
{
	(void)w;
	struct tiny *t = st->priv;
	long v[16];
	t->deals++; /* changed before the checks: a refusal must put it back */
	for (int i = 0; i < st->nplayers; i++) {
		const char *s = entry_get(e, i, NULL);
		if (s == NULL || !parse_long(s, 0, 10, &v[i]))
			return diag_set(d, ST_RULE, st->p[i].name, s, "count", "%s: a count is 0 to 10",
			    st->p[i].name);
	}
	struct hand_record *hr = state_add_hand(st, "deal");
	for (int i = 0; i < st->nplayers; i++) {
		state_score(st, hr, i, v[i] + (v[i] == 10 ? 5 : 0));
		if (v[i] == 10)
			state_hand_set(st, hr, 0, i, 5);  /* else left unset: COLUMN_NONE */
		if (hr->points[i] > t->best[i])
			t->best[i] = hr->points[i];
	}
	if (t->deals == 3) {
		st->over = 1;
		for (int i = 0; i < st->nplayers; i++)
			st->p[i].winner = 1;
		rules_rank(st);
		for (int i = 0; i < st->nplayers; i++)
			st->p[i].winner = st->p[i].rank == 1;
	}
	st->dealer = rules_next_active(st, st->dealer);
	return ST_OK;
}

static const struct role_def tiny_roles[] = { { NULL, 0, NULL } };

static const struct game_rules tiny_rules = {
	.version = 1,
	.name = "tiny",
	.title = "Tiny",
	.min_players = 2,
	.max_players = 4,
	.roles = tiny_roles,
	.words.hand_word = "deal",
	.score.scoring = SCORING_HIGH,
	.methods.init = tiny_init,
	.methods.apply = tiny_apply,
	.methods.priv_size = sizeof(struct tiny),
	.view.columns = tiny_columns,
	.view.hand_columns = tiny_hand_columns,
};

/* A game that keeps a total by hand, beside its hand's points: the
 * core refuses the hand as its own bug and puts the state back. */
static enum status
stray_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w, struct diag *d)
{
	enum status rc = tiny_apply(st, e, w, d);
	if (rc == ST_OK && st->nhands == 2)
		st->p[1].total += 3;  /* a bonus that no hand's points show */
	return rc;
}

static void
test_totals_sum_hands(void **u)
{
	(void)u;
	struct diag d = {0};
	struct game_rules stray_rules = tiny_rules;
	stray_rules.name = "stray";
	stray_rules.methods.apply = stray_apply;
	struct game_state *st = state_new(&stray_rules, test_names, 3, NULL, 0, &d);
	assert_non_null(st);
	accept_entry(st, "A=1 B=7 C=10");
	assert_int_equal(st->p[2].total, 15);  /* 10 and the ten bonus, via state_score */
	refuse_entry(st, "A=2 B=0 C=3", ST_INTERNAL, "B's total 10 is not the sum of the hands' points (7)");
	assert_int_equal(st->nhands, 1);
	assert_int_equal(st->p[1].total, 7);
	state_free(st);
}

/* The rows a blank sheet of game name prints, and its declared length,
 * under the options args (NULL-terminated). */
static void
length_and_rows(const char *name, char *const *args, int want_length, int want_rows)
{
	const struct game_rules *r = rules_find(name);
	struct optset o = {0};
	struct diag d = {0};
	int n = 0;
	while (args && args[n])
		n++;
	assert_non_null(r);
	if (options_build(r, r->min_players, args, n, &o, &d) != ST_OK)
		fail_msg("%s: %s", name, d.message);
	assert_int_equal(rules_length(r, &o), want_length);
	assert_int_equal(rules_sheet_rows(r, &o, r->min_players), want_rows);
	options_release(&o);
	diag_clear(&d);
}

/* A game states its length once; a blank sheet prints that many rows. */
static void
test_declared_length(void **u)
{
	(void)u;
	char *three_rounds[] = { "rounds=3", NULL }, *five_hands[] = { "hands=5", NULL },
	    *target[] = { "target=100", NULL }, *eighteen[] = { "holes=18", NULL };
	length_and_rows("golf", NULL, 9, 9);
	length_and_rows("golf", eighteen, 18, 18);
	length_and_rows("golf", target, 0, 18);
	length_and_rows("trash", NULL, 12, 12);
	length_and_rows("hand-foot", NULL, 4, 4);
	length_and_rows("hand-foot", three_rounds, 3, 3);
	length_and_rows("pad", five_hands, 5, 5);
	length_and_rows("pad", NULL, 0, 20);
	/* Chase the Ace: until all but one have lost every life, one life a
	 * round at most: 12 players with 3 lives need 35 rows */
	{
		struct optset o = {0};
		struct diag d = {0};
		const struct game_rules *ca = rules_find("chase-ace");
		assert_int_equal(options_build(ca, 12, NULL, 0, &o, &d), ST_OK);
		assert_int_equal(rules_sheet_rows(ca, &o, 12), 35);
		assert_int_equal(rules_sheet_rows(ca, &o, 2), 5);
		options_release(&o);
	}
	/* every game: a declared length is the blank sheet's rows */
	for (int g = 0; rules_registry[g]; g++) {
		const struct game_rules *r = rules_registry[g];
		struct optset o = {0};
		struct diag d = {0};
		assert_int_equal(options_build(r, r->min_players, NULL, 0, &o, &d), ST_OK);
		int n = rules_length(r, &o);
		if (n > 0)
			assert_int_equal(rules_sheet_rows(r, &o, r->min_players), n);
		options_release(&o);
		diag_clear(&d);
	}
}

static void
test_tiny_game(void **u)
{
	(void)u;
	struct diag d = {0};
	char buf[160];
	struct game_state *st = state_new(&tiny_rules, test_names, 3, NULL, 0, &d);
	assert_non_null(st);
	rules_describe_next(st, buf, sizeof buf);
	assert_string_equal(buf, "deal 1 (dealer A)");
	rules_deal_help(st, buf, sizeof buf);
	assert_string_equal(buf, "");
	assert_int_equal(rules_guide(st, 0, NULL, NULL), 0);
	assert_int_equal(rules_sheet_rows(&tiny_rules, &st->opts, 3), 10);
	rules_hand_label(&tiny_rules, &st->opts, 4, buf, sizeof buf);
	assert_string_equal(buf, "4");
	assert_false(state_has_pot(st) || state_has_chips(st) || state_has_lives(st) || state_no_points(st));

	accept_entry(st, "A=1 B=7 C=3");
	refuse_entry(st, "A=1 B=70 C=3", ST_RULE, "a count is 0 to 10");
	assert_int_equal(((struct tiny *)st->priv)->deals, 1);
	accept_entry(st, "A=2 B=0 C=3");
	assert_int_equal(st->p[1].rank, 1);  /* B 7, highest */
	assert_int_equal(st->p[0].rank, 3);  /* A 3 */
	accept_entry(st, "A=9 B=0 C=0");
	assert_true(st->over);
	assert_true(st->p[0].winner);        /* A 12 */
	rules_describe_next(st, buf, sizeof buf);
	assert_string_equal(buf, "game over");
	char *j = show(st);
	assert_non_null(strstr(j, "\"total\":12"));
	free(j);
	diag_clear(&d);
	state_free(st);
}

/* What f holds, as a string (caller frees). */
static char *
printed(void (*print)(FILE *, const struct game_state *, const struct game_ref *), const struct game_state *st)
{
	char *buf = NULL;
	size_t len = 0;
	struct game_ref ref = { 7, NULL };
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	print(f, st, &ref);
	fclose(f);
	return buf;
}

/*
 * The test-only game's own columns through the real printers: `show`'s
 * table has a "ten bonus" row under each deal and a "best deal" row, its
 * JSON a "bonus" array per player (null where no bonus) and a "best"
 * number, `hand --json` the same, the hands CSV a record per value.
 * Nothing outside this file knows the game.
 */
static void
test_tiny_printers(void **u)
{
	(void)u;
	struct diag d = {0};
	struct game_state *st = state_new(&tiny_rules, test_names, 3, NULL, 0, &d);
	assert_non_null(st);
	accept_entry(st, "A=10 B=7 C=3");
	accept_entry(st, "A=2 B=10 C=3");
	accept_entry(st, "A=1 B=0 C=4");
	assert_true(st->over);
	assert_int_equal(st->p[1].rank, 1);   /* B 7 + 15 + 0 = 22: highest best (SCORING_HIGH) */
	assert_int_equal(st->p[0].rank, 2);   /* A 15 + 2 + 1 = 18 */
	assert_int_equal(st->p[2].rank, 3);   /* C 10 */

	char *text = printed(standings_print, st);
	assert_non_null(strstr(text, "\n1                15       7       3\n"
	    "  ten bonus       5\n"
	    "2                 2      15       3\n"
	    "  ten bonus               5\n"
	    "3                 1       0       4\n"
	    "  ten bonus\n"
	    "total            18      22      10\n"
	    "best deal        15      15       4\n"
	    "rank              2       1       3\n"));
	free(text);

	char *j = show(st);
	json_t *doc = json_loads(j, 0, NULL);
	assert_non_null(doc);
	json_t *a = json_array_get(json_object_get(doc, "players"), 0);
	json_t *b = json_array_get(json_object_get(doc, "players"), 1);
	char *ab = json_dumps(json_object_get(a, "bonus"), JSON_COMPACT);
	char *bb = json_dumps(json_object_get(b, "bonus"), JSON_COMPACT);
	assert_string_equal(ab, "[5,null,null]");
	assert_string_equal(bb, "[null,5,null]");
	assert_int_equal(json_integer_value(json_object_get(a, "best")), 15);
	free(ab);
	free(bb);
	json_decref(doc);
	free(j);

	struct jv *hv = standings_hand_json(st, NULL);
	char *ht = jv_dumps(hv, 0);
	json_t *h = json_loads(ht, 0, NULL);
	json_t *c = json_array_get(json_object_get(h, "players"), 2);
	assert_int_equal(json_integer_value(json_object_get(c, "best")), 4);
	assert_int_equal(json_array_size(json_object_get(c, "bonus")), 3);
	json_decref(h);
	jv_free(hv);
	free(ht);

	char *csv = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&csv, &len);
	standings_hands_csv(f, st, "u1", 7);
	fclose(f);
	assert_non_null(strstr(csv, "u1,7,tiny,1,\"A\",1,points,15\r\nu1,7,tiny,1,\"A\",1,bonus,5\r\n"));
	assert_non_null(strstr(csv, "u1,7,tiny,1,\"B\",2,bonus,\r\n"));
	assert_non_null(strstr(csv, "u1,7,tiny,,\"B\",2,total,22\r\nu1,7,tiny,,\"B\",2,best,15\r\n"));
	free(csv);
	diag_clear(&d);
	state_free(st);
}

/* The tiny game with one more game column, declared here and nowhere
 * else: "tens", how many deals each player counted 10 in. */
static long
tiny_tens(const struct game_state *st, int seat)
{
	long n = 0;
	for (int h = 0; h < st->nhands; h++)
		n += st->hands[h].points[seat] >= 10;
	return n;
}

static const struct column tiny_plus_columns[] = {
	{ "best", "best deal", COLUMN_NUMBER, NULL, tiny_best, SHEET_LINE, 0, COUNTS_NONE, NULL, 0 },
	{ "tens", "tens", COLUMN_NUMBER, NULL, tiny_tens, SHEET_LINE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* What render prints of v, as a string (caller frees). */
static char *
rendered(void (*render)(FILE *, const struct view *), const struct view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	render(f, v);
	fclose(f);
	return buf;
}

static void
print_json(FILE *f, const struct view *v)
{
	view_print_json(f, v);
}

/*
 * One view, every renderer: a column the game declares (and no printer
 * knows) is in the text table, the JSON, the CSV and the filled pad
 * (a foot line "tens" with each seat's value), all built from one view.
 */
static void
test_view_new_column(void **u)
{
	(void)u;
	struct diag d = {0};
	struct game_rules plus = tiny_rules;
	plus.view.columns = tiny_plus_columns;
	struct game_state *st = state_new(&plus, test_names, 3, NULL, 0, &d);
	assert_non_null(st);
	accept_entry(st, "A=10 B=7 C=3");
	accept_entry(st, "A=10 B=10 C=3");
	struct view_ref ref = { .id = 9, .uid = "u9" };
	struct view *v = view_build(st, &ref);

	assert_int_equal(v->nfoot, 2);
	assert_string_equal(v->foot[1].key, "tens");
	assert_string_equal(v->foot[1].label, "tens");
	assert_int_equal(v->foot[1].place, SHEET_LINE);
	assert_int_equal(v->foot[1].v[0], 2);

	char *text = rendered(view_print_text, v);
	assert_non_null(strstr(text, "\ntens              2       1       0\n"));
	free(text);
	char *json = rendered(print_json, v);
	assert_non_null(strstr(json, "\"best\":15,\"tens\":2,\"out\""));
	assert_non_null(strstr(json, "\"best\":15,\"tens\":1,\"out\""));
	free(json);
	char *csv = rendered(view_print_csv, v);
	assert_non_null(strstr(csv, "u9,9,tiny,,\"A\",1,tens,2\r\n"));
	assert_non_null(strstr(csv, "u9,9,tiny,,\"C\",3,tens,0\r\n"));
	free(csv);
	/* the filled pad, from the same view: a foot line "tens" */
	struct sheet_pad_opts po = { .filled = 1 };
	struct sheet_pad pad;
	sheet_pad_build(v, &po, &pad);
	const struct sheet_line *tens = NULL;
	for (int k = 0; k < pad.sp.nfoot; k++)
		if (strcmp(pad.sp.foot[k].label, "tens") == 0)
			tens = &pad.sp.foot[k];
	assert_non_null(tens);
	assert_string_equal(tens->cells[0], "2");
	assert_string_equal(tens->cells[1], "1");
	assert_string_equal(tens->cells[2], "0");
	sheet_pad_release(&pad);
	view_free(v);

	/* the game without it: no renderer prints it */
	struct game_state *plain = state_new(&tiny_rules, test_names, 3, NULL, 0, &d);
	accept_entry(plain, "A=10 B=7 C=3");
	v = view_build(plain, &ref);
	text = rendered(view_print_text, v);
	json = rendered(print_json, v);
	csv = rendered(view_print_csv, v);
	assert_null(strstr(text, "tens"));
	assert_null(strstr(json, "tens"));
	assert_null(strstr(csv, "tens"));
	free(text);
	free(json);
	free(csv);
	view_free(v);
	state_free(plain);
	diag_clear(&d);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused_bankrupt),
		cmocka_unit_test(test_refused_gin_hollywood),
		cmocka_unit_test(test_refused_golf_quarters),
		cmocka_unit_test(test_refused_golf_knock_pot),
		cmocka_unit_test(test_trial_keeps_nothing),
		cmocka_unit_test(test_tiny_game),
		cmocka_unit_test(test_totals_sum_hands),
		cmocka_unit_test(test_declared_length),
		cmocka_unit_test(test_tiny_printers),
		cmocka_unit_test(test_view_new_column),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
