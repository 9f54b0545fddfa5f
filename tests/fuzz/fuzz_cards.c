/* SPDX-License-Identifier: ISC */
/* fuzz_cards.c: libFuzzer target for the card parser (core/cards.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/cards.h"
#include "../../core/util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct card c[CARDS_MAX];
	struct card_count cc;
	struct diag d = {0};
	int n = 0;
	enum status rc = cards_parse(text, "P", c, CARDS_MAX, &n, &d);
	if (rc == ST_OK) {
		char *s = cards_format_list(c, n, 1);
		/* what is printed parses back to the same cards */
		struct card c2[CARDS_MAX];
		int n2 = 0;
		if (cards_parse(s, NULL, c2, CARDS_MAX, &n2, &d) != ST_OK || n2 != n)
			abort();
		for (int i = 0; i < n; i++)
			if (c[i].rank != c2[i].rank || c[i].suit != c2[i].suit)
				abort();
		free(s);
		memset(&cc, 0, sizeof cc);
		cards_count_add(&cc, c, n, 1, 2, "P", &d);
	} else if ((rc != ST_USAGE) || d.message == NULL)
		abort();
	diag_clear(&d);
	(void)cards_looks_like_list(text);
	free(text);
	return 0;
}
