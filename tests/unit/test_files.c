/* SPDX-License-Identifier: ISC */
/* test_files.c: the one CSV writer (RFC 4180), files written whole
 * (core/afile) and tokens cut in diagnostics. */
#define _GNU_SOURCE
#include "helpers.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/afile.h"
#include "../../core/csv.h"
#include "../../core/diag.h"

/* What a csv writes, as a string. */
static char *
csv_out(void (*write)(struct csv *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct csv c;
	csv_start(&c, f);
	write(&c);
	fclose(f);
	return buf;
}

static void
record(struct csv *c)
{
	csv_text(c, "Ann \"the shark\"");
	csv_word(c, "golf");
	csv_word(c, "a,b");
	csv_word(c, "two\r\nlines");
	csv_long(c, -3);
	csv_empty(c);
	csv_fixed(c, 0.5, 3);
	csv_text(c, NULL);
	csv_end(c);
	csv_header(c, "x,y");
}

static void
test_csv_rfc4180(void **state)
{
	(void)state;
	char *s = csv_out(record);
	assert_string_equal(s, "\"Ann \"\"the shark\"\"\",golf,\"a,b\",\"two\r\nlines\",-3,,0.500,\"\"\r\nx,y\r\n");
	free(s);
}

/* Files in dir whose name holds "tmp-". */
static int
temps_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d)) != NULL)
		n += strstr(e->d_name, "tmp-") != NULL;
	if (d)
		closedir(d);
	return n;
}

static char *
slurp(const char *path)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return NULL;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return xstrdup(buf);
}

static void
test_afile(void **state)
{
	(void)state;
	char dir[] = "/tmp/tally-afile.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *path = xasprintf("%s/out.txt", dir);
	FILE *f = fopen(path, "w");
	fputs("old", f);
	fclose(f);
	chmod(path, 0640);

	struct afile a;
	struct diag d = {0};
	/* abandoned: the old file stays, no temporary */
	assert_int_equal(afile_open(&a, path, &d), ST_OK);
	fputs("half", a.f);
	assert_int_equal(temps_in(dir), 1);
	afile_abort(&a);
	char *s = slurp(path);
	assert_string_equal(s, "old");
	free(s);
	assert_int_equal(temps_in(dir), 0);

	/* committed: the new file, with the old one's mode */
	assert_int_equal(afile_open(&a, path, &d), ST_OK);
	fputs("new", a.f);
	assert_int_equal(afile_commit(&a, &d), ST_OK);
	s = slurp(path);
	assert_string_equal(s, "new");
	free(s);
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0640);
	assert_int_equal(temps_in(dir), 0);

	/* a device is written in place, and its failure reported */
	assert_int_equal(afile_open(&a, "/dev/full", &d), ST_OK);
	fputs("x", a.f);
	assert_int_equal(afile_commit(&a, &d), ST_CANTCREAT);
	assert_non_null(strstr(d.message, "/dev/full"));
	diag_clear(&d);

	/* no such directory, a directory: 73, nothing made */
	char *nodir = xasprintf("%s/no/such.txt", dir);
	assert_int_equal(afile_open(&a, nodir, &d), ST_CANTCREAT);
	diag_clear(&d);
	assert_int_equal(afile_open(&a, dir, &d), ST_CANTCREAT);
	diag_clear(&d);
	free(nodir);

	unlink(path);
	rmdir(dir);
	free(path);
}

static void
test_diag_cuts_tokens(void **state)
{
	(void)state;
	struct diag d = {0};
	char *big = xmalloc(100001);
	memset(big, 'x', 100000);
	big[100000] = '\0';
	diag_set(&d, ST_USAGE, NULL, big, "usage", "'%s' is not a token", big);
	assert_true(strlen(d.message) < 200);
	assert_non_null(strstr(d.message, "(100000 bytes)' is not a token"));
	assert_true(strlen(d.value) < 100);
	/* not passed as the value: cut all the same */
	diag_set(&d, ST_USAGE, NULL, NULL, "usage", "no game '%s'", big);
	assert_non_null(strstr(d.message, "(100000 bytes)"));
	assert_true(strlen(d.message) < 200);
	/* short ones are left alone */
	diag_set(&d, ST_USAGE, NULL, "Ann=3", "usage", "'%s' is fine", "Ann=3");
	assert_string_equal(d.message, "'Ann=3' is fine");
	diag_clear(&d);
	free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_rfc4180),
		cmocka_unit_test(test_afile),
		cmocka_unit_test(test_diag_cuts_tokens),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
