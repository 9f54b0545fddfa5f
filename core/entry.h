/* SPDX-License-Identifier: ISC */
/*
 * entry.h: hand-entry tokens (SPEC section 3).
 *
 * An entry is a list of tokens: PLAYER=VALUE (the main result),
 * PLAYER.FIELD=VALUE (a named field) and --ROLE [PLAYER|VALUE] (a role in the
 * hand, declared by the game).  Players are named by full name or unique
 * prefix, case-insensitively; the parser resolves them to seat indexes.
 * The canonical text of an entry (entry_format) is what the store keeps and
 * what replay parses again.
 */
#ifndef TALLY_ENTRY_H
#define TALLY_ENTRY_H

#include "diag.h"

struct role_def;
struct game_rules;

/* No hand needs more tokens than this (fifty players with a few fields
 * each); a longer entry is refused before it costs anything. */
#define ENTRY_MAX_TOKENS 1000

/* PLAYER=VALUE or PLAYER.FIELD=VALUE; field is NULL for the main value. */
struct entry_value {
	int seat;    /* 0-based seat index */
	char *field; /* heap, or NULL */
	char *value; /* heap */
};

/* --ROLE [PLAYER|VALUE] */
struct entry_role {
	const struct role_def *def;
	int seat;    /* resolved seat for ROLE_PLAYER, else -1 */
	char *value; /* heap copy of the argument for ROLE_VALUE, else NULL */
};

struct hand_entry {
	int nvalues;
	struct entry_value *values;
	int nroles;
	struct entry_role *roles;
};

/*
 * Resolve a player by full name or unique case-insensitive prefix among
 * names[0..n-1], no two of them names_eq (as a table's never are).  Returns the seat index, or -1 with ST_NOINPUT (no such
 * player) or ST_USAGE (ambiguous prefix) in d (d may be NULL: then no
 * message is made).
 */
int entry_find_player(const char *name, char *const *names, int n, struct diag *d);

/*
 * The role a word "--ROLE" names in rules: the full name or a unique prefix
 * (--k is --knock in Golf).  Returns it, or NULL with ST_USAGE in d naming
 * the candidates (ambiguous) or the game's roles (unknown).
 */
const struct role_def *entry_find_role(const struct game_rules *rules, const char *word,
    struct diag *d);

/*
 * Parse argv[0..argc-1] into *e for a game of `rules` seated names[0..n-1].
 * Errors: ST_USAGE for a malformed token, an unknown role or a missing role
 * argument; ST_NOINPUT for an unknown player; ST_USAGE for an ambiguous one;
 * ST_USAGE for an unknown field or an ambiguous field prefix (the message
 * lists the candidates).
 * A player given twice for the same field is ST_USAGE.  Free with
 * entry_release() (also after an error).
 */
enum status entry_parse(int argc, char *const *argv, const struct game_rules *rules,
    char *const *names, int n, struct hand_entry *e, struct diag *d);

/*
 * entry_parse, where a seat may also be named by who plays it now:
 * aliases[0..n-1] are the substitutes (`tally sub`) in the seats, NULL
 * where the seat's own player plays (aliases NULL: nobody stands in).  A
 * word is a seat's own name first, then a substitute's whole name, so one
 * entry may name some seats by their players and others by their
 * substitutes.  The entry made names the seats (names[]).
 */
enum status entry_parse_seats(int argc, char *const *argv, const struct game_rules *rules,
    char *const *names, char *const *aliases, int n, struct hand_entry *e, struct diag *d);

/* The canonical text: values in seat order, then roles, full player names,
 * quoted where needed.  The caller frees it. */
char *entry_format(const struct hand_entry *e, char *const *names);

/* What separates words: every ASCII white space, carriage return
 * included.  A line of nothing else has no words. */
#define ENTRY_BLANKS " \t\n\v\f\r"

/*
 * Split a line into words with shell-like quoting ("..." with \" and \\,
 * '...' verbatim), as table mode and replay need.  *argv is a
 * NULL-terminated heap array of heap strings: free with entry_argv_free().
 * Errors: ST_USAGE for an unterminated quote.
 */
enum status entry_split(const char *line, int *argc, char ***argv, struct diag *d);
void entry_argv_free(int argc, char **argv);
/* entry_split with the array and its words in one heap block, freed
 * whole with free(*argv) (a replay splits every hand it applies): no
 * word may be freed or replaced on its own. */
enum status entry_split_block(const char *line, int *argc, char ***argv, struct diag *d);

/* Quote a word for entry_split if it needs it; the caller frees it. */
char *entry_quote(const char *word);

void entry_release(struct hand_entry *e);

/* Lookups for games: the main value or a field of seat, or NULL;
 * the role's entry, or NULL. */
const char *entry_get(const struct hand_entry *e, int seat, const char *field);
const struct entry_role *entry_role(const struct hand_entry *e, const char *name);

#endif
