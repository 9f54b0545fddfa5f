/* SPDX-License-Identifier: ISC */
/*
 * test_json_writer.c: the streaming JSON writer (core/json.h jw_*) writes
 * the same bytes as the tree printer (jv_print, jansson's compact form)
 * for the same document: quotes, backslashes, control characters, UTF-8
 * kept as it is, nesting, integers to the 64-bit limits, and a tree
 * written as a member; a byte that is not UTF-8 becomes U+FFFD.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../core/json.h"

/* What f holds (heap), rewound and read to its end. */
static char *
slurp(FILE *f)
{
	long n = ftell(f);
	char *s = calloc(1, (size_t)n + 1);
	rewind(f);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	return s;
}

static const char *const texts[] = {
	"plain", "", "Ann=\"K 3 5 A\" Bob=4", "back\\slash", "tab\there", "line\nbreak\r", "\b\f\x01\x1f\x7f",
	"Zoë 李雷 Renée", "a/b", "emoji \xf0\x9f\x83\x8f",
};

static void
test_same_bytes_as_the_tree(void **unused)
{
	(void)unused;
	FILE *a = tmpfile(), *b = tmpfile();
	struct jw w;
	struct jv *o = jv_object(), *arr = jv_array(), *inner = jv_object();
	jw_start(&w, a);
	jw_object(&w, NULL);
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char key[8];
		snprintf(key, sizeof key, "k%zu", i);
		jw_str(&w, key, texts[i]);
		jv_set(o, key, jv_str(texts[i]));
	}
	jw_str(&w, "none", NULL);
	jv_set(o, "none", jv_null());
	jw_array(&w, "list");
	const long long nums[] = { 0, -1, 42, 9223372036854775807LL, -9223372036854775807LL - 1 };
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		jw_int(&w, NULL, nums[i]);
		jv_push(arr, jv_int(nums[i]));
	}
	jw_bool(&w, NULL, 1);
	jv_push(arr, jv_bool(1));
	jw_array(&w, NULL);
	jw_end(&w);
	jv_push(arr, jv_array());
	jw_end(&w);
	jv_set(o, "list", arr);
	jv_set(inner, "x", jv_bool(0));
	jv_set(inner, "q\"", jv_str("v"));
	jw_value(&w, "tree", inner);
	jv_set(o, "tree", inner);
	jw_object(&w, "empty");
	jw_end(&w);
	jv_set(o, "empty", jv_object());
	jw_end(&w);
	fputc('\n', a);
	assert_int_equal(jv_print(b, o), 0);
	char *sa = slurp(a), *sb = slurp(b);
	assert_string_equal(sa, sb);
	free(sa);
	free(sb);
	jv_free(o);
	fclose(a);
	fclose(b);
}

static void
test_bad_utf8_becomes_replacement(void **unused)
{
	(void)unused;
	FILE *a = tmpfile();
	struct jw w;
	jw_start(&w, a);
	jw_str(&w, NULL, "a\xff" "b\xc3(\xed\xa0\x80z\xf5\x80");
	char *s = slurp(a);
	assert_string_equal(s, "\"a\xef\xbf\xbd" "b\xef\xbf\xbd(\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdz\xef\xbf\xbd\xef\xbf\xbd\"");
	free(s);
	fclose(a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_bytes_as_the_tree),
		cmocka_unit_test(test_bad_utf8_becomes_replacement),
	};
	return cmocka_run_group_tests_name("json writer", tests, NULL, NULL);
}
