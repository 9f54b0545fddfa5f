/* SPDX-License-Identifier: ISC */
/* cards.c: card parsing, formatting and pack counting (see cards.h). */
#include "cards.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

/* ASCII only, whatever LC_CTYPE says (a Turkish locale maps i to İ). */
static int
ascii_upper(int c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

static const char *const rank_names[15] = {
	"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker"
};
static const char *const suit_letters = "?CDHS";
static const char *const suit_symbols[5] = { "", "♣", "♦", "♥", "♠" };
/* The outline symbols are accepted too. */
static const char *const suit_white[5] = { "", "♧", "♢", "♡", "♤" };

const char *
card_rank_name(int rank)
{
	return rank >= 1 && rank <= 14 ? rank_names[rank] : "?";
}

const char *
card_rank_word(int rank)
{
	static const char *const words[] = { "?", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen",
		"king", "joker" };
	return rank >= 1 && rank <= 14 ? words[rank] : "?";
}

/* Parse a suit at s; returns bytes consumed (0 if none). */
static int
parse_suit(const char *s, int *suit)
{
	if (*s == '\0')
		return 0;
	const char *p = strchr(suit_letters + 1, ascii_upper((unsigned char)*s));
	if (p != NULL && *s != '\0') {
		*suit = (int)(p - suit_letters);
		return 1;
	}
	for (int i = 1; i <= 4; i++) {
		size_t l = strlen(suit_symbols[i]);
		if (strncmp(s, suit_symbols[i], l) == 0 || strncmp(s, suit_white[i], l) == 0) {
			*suit = i;
			return (int)l;
		}
	}
	return 0;
}

static int
parse_card(const char *tok, struct card *c)
{
	const char *s = tok;
	int rank = 0, suit = SUIT_NONE;

	if (strcmp(s, "*") == 0 || str_ieq(s, "jk") || str_ieq(s, "joker")) {
		c->rank = RANK_JOKER;
		c->suit = SUIT_NONE;
		return 1;
	}
	if (s[0] == '1' && s[1] == '0') {
		rank = 10;
		s += 2;
	} else {
		switch (ascii_upper((unsigned char)s[0])) {
		case 'A': rank = RANK_A; break;
		case 'T': rank = 10; break;
		case 'J': rank = RANK_J; break;
		case 'Q': rank = RANK_Q; break;
		case 'K': rank = RANK_K; break;
		default:
			if (s[0] >= '2' && s[0] <= '9')
				rank = s[0] - '0';
		}
		if (rank == 0)
			return 0;
		s++;
	}
	if (*s != '\0') {
		int used = parse_suit(s, &suit);
		if (used == 0 || s[used] != '\0')
			return 0;
	}
	c->rank = (unsigned char)rank;
	c->suit = (unsigned char)suit;
	return 1;
}

enum status
cards_parse(const char *text, const char *who, struct card *out, int max,
    int *n, struct diag *d)
{
	char tok[32];
	const char *s = text;
	*n = 0;
	for (;;) {
		while (*s == ' ' || *s == ',' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		size_t len = strcspn(s, " ,\t");
		if (len >= sizeof tok) {
			return diag_set(d, ST_USAGE, who, NULL, "cards",
			    "%s%s'%.20s...' is not a card (ranks A 2-10 J Q K, suits C D H S, joker JK)",
			    who ? who : "", who ? ": " : "", s);
		}
		memcpy(tok, s, len);
		tok[len] = '\0';
		s += len;
		if (*n >= max)
			return diag_set(d, ST_USAGE, who, text, "cards",
			    "%s%stoo many cards in '%s' (at most %d)",
			    who ? who : "", who ? ": " : "", text, max);
		if (!parse_card(tok, &out[*n]))
			return diag_set(d, ST_USAGE, who, tok, "cards",
			    "%s%s'%s' is not a card (ranks A 2-10 J Q K or T, suits C D H S or ♣ ♦ ♥ ♠, joker JK or *)",
			    who ? who : "", who ? ": " : "", tok);
		(*n)++;
	}
	return ST_OK;
}

int
cards_looks_like_list(const char *text)
{
	for (const unsigned char *s = (const unsigned char *)text; *s; s++)
		if (isalpha(*s) || *s == '*' || *s >= 0x80 || *s == ' ' || *s == ',')
			return 1;
	return 0;
}

char *
card_format(struct card c, int symbols, char *buf)
{
	if (c.rank == RANK_JOKER) {
		strcpy(buf, "Jk");
		return buf;
	}
	strcpy(buf, card_rank_name(c.rank));
	if (c.suit != SUIT_NONE && c.suit <= 4) {
		if (symbols)
			strcat(buf, suit_symbols[c.suit]);
		else {
			size_t l = strlen(buf);
			buf[l] = suit_letters[c.suit];
			buf[l + 1] = '\0';
		}
	}
	return buf;
}

char *
cards_format_list(const struct card *c, int n, int symbols)
{
	struct strbuf sb = {0};
	char buf[16];
	for (int i = 0; i < n; i++) {
		if (i)
			sb_addc(&sb, ' ');
		sb_add(&sb, card_format(c[i], symbols, buf));
	}
	return sb_take(&sb);
}

enum status
cards_count_add(struct card_count *cc, const struct card *c, int n, int packs,
    int joker_max, const char *who, struct diag *d)
{
	char buf[16];
	for (int i = 0; i < n; i++) {
		int r = c[i].rank;
		if (r == RANK_JOKER) {
			if (joker_max == 0)
				return diag_set(d, ST_RULE, who, "Jk", "pack",
				    "%s: a joker was entered but jokers are not in play (option jokers)", who);
			if (++cc->rank[r] > joker_max)
				return diag_set(d, ST_RULE, who, "Jk", "pack",
				    "%s: joker makes %d jokers in this deal; the pack holds %d",
				    who, cc->rank[r], joker_max);
			continue;
		}
		if (++cc->rank[r] > 4 * packs)
			return diag_set(d, ST_RULE, who, card_rank_name(r), "pack",
			    "%s: %s makes %d of that rank in this deal; %d pack%s hold%s %d",
			    who, card_rank_name(r), cc->rank[r], packs,
			    plural_s(packs), packs == 1 ? "s" : "", 4 * packs);
		if (c[i].suit != SUIT_NONE && ++cc->card[r][c[i].suit] > packs)
			return diag_set(d, ST_RULE, who, card_format(c[i], 1, buf), "pack",
			    "%s: %s appears %d times in this deal; %d pack%s hold%s %d",
			    who, card_format(c[i], 1, buf), cc->card[r][c[i].suit], packs,
			    plural_s(packs), packs == 1 ? "s" : "", packs);
	}
	return ST_OK;
}
