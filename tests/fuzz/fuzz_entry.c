/* SPDX-License-Identifier: ISC */
/* fuzz_entry.c: libFuzzer target for the entry tokenizer and parser
 * (core/entry.c): split, parse against a Golf table, format, and the
 * canonical text must split and parse back to the same entry. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/entry.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *names[] = { "Ann", "Anna", "Bob", "J.R.", "李雷", "Mary \"Jo\"" };
	char *text = xstrndup((const char *)data, size);
	struct diag d = {0};
	int argc;
	char **argv;
	if (entry_split(text, &argc, &argv, &d) == ST_OK) {
		struct hand_entry e;
		enum status rc = entry_parse(argc, argv, rules_find("golf"), names, 6, &e, &d);
		if (rc == ST_OK) {
			char *canon = entry_format(&e, names);
			int argc2;
			char **argv2;
			struct hand_entry e2;
			if (entry_split(canon, &argc2, &argv2, &d) != ST_OK)
				abort();
			if (entry_parse(argc2, argv2, rules_find("golf"), names, 6, &e2, &d) != ST_OK)
				abort();
			char *canon2 = entry_format(&e2, names);
			if (strcmp(canon, canon2) != 0)
				abort();
			free(canon);
			free(canon2);
			entry_release(&e2);
			entry_argv_free(argc2, argv2);
		} else if ((rc != ST_USAGE && rc != ST_NOINPUT) || d.message == NULL)
			abort();
		entry_release(&e);
		entry_argv_free(argc, argv);
	} else if (d.message == NULL)
		abort();
	diag_clear(&d);
	free(text);
	return 0;
}
