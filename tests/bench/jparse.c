/* SPDX-License-Identifier: ISC */
/*
 * jparse.c: a floor for `tally import`, what make bench sets beside it:
 * the export read by jansson, the house's JSON library, as one document,
 * and nothing else: no checks, no replay, no database.  tally reads the
 * same bytes game by game with the same lexer (core/json.c jv_parse).
 *
 * usage: jparse FILE.json   (exit 0 when it parses)
 */
#include <jansson.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
	json_error_t e;
	json_t *j;
	if (argc != 2) {
		fprintf(stderr, "usage: jparse FILE.json\n");
		return 64;
	}
	if ((j = json_load_file(argv[1], 0, &e)) == NULL) {
		fprintf(stderr, "jparse: %s:%d: %s\n", argv[1], e.line, e.text);
		return 65;
	}
	json_decref(j);
	return 0;
}
