/* SPDX-License-Identifier: ISC */
/*
 * options.h: typed house-rule options (SPEC section 2, "Options"; RULES.md
 * option tables).
 *
 * Each game declares a table of struct option_def and, optionally, presets.
 * `tally new GAME -o KEY=VALUE ...` is turned into a complete struct optset:
 * preset first, then the explicit settings, then the defaults, then the
 * game's own resolve hook (derived defaults, conflicts).  The complete set is
 * stored with the game, so a replay never depends on today's defaults.
 */
#ifndef TALLY_OPTIONS_H
#define TALLY_OPTIONS_H

#include "diag.h"

enum opt_type {
	OPT_ENUM, /* one word of `values` */
	OPT_INT,  /* an integer within `values` ("lo..hi", alternatives "|", may allow "none") */
	OPT_BOOL, /* true/false (also yes/no, on/off, 1/0), stored as "true"/"false" */
	OPT_TEXT  /* free text checked by `check` */
};

struct option_def {
	const char *key;    /* as RULES.md names it, without the game prefix */
	enum opt_type type;
	const char *values; /* "a|b|c", "0..1000", "none|1..1000" */
	const char *def;    /* default value; NULL = the game's resolve hook decides */
	int play_only;      /* 1: only changes the play, never the score */
	const char *help;   /* one line for `tally rules` */
	/* OPT_TEXT only: returns 1 if value is acceptable. */
	int (*check)(const char *value);
	/* What a sheet's footer says of a value in force, as a player would
	 * write it: "value=Sentence.|value=Sentence." (a bool's values are
	 * true and false), or NULL; a value not named is said from help
	 * (options_words()). */
	const char *said;
};

struct preset_def {
	const char *name;
	const char *help;
	const char *settings; /* "key=value key=value ..." */
};

/* One stored option: key and value are heap strings owned by the set. */
struct opt_kv {
	char *key;
	char *value;
	int set; /* 1 if given by the user or the preset, 0 if a default */
};

struct optset {
	int n;
	struct opt_kv *kv;
};

struct game_rules;

/*
 * Build the complete option set for a new game of `rules` with nplayers
 * from the user's "KEY=VALUE" strings (args[0..nargs-1]; a "preset=NAME"
 * among them is applied first; keys may carry the game prefix, as in
 * golf.cancel).  On success *out holds every option of the game, each
 * value canonical (options_canonical).  Errors: ST_USAGE for an unknown key,
 * preset or value (the message lists what is allowed), two presets (the
 * message names both) or conflicting options from the resolve hook.  Free with
 * options_release().
 */
enum status options_build(const struct game_rules *rules, int nplayers,
    char *const *args, int nargs, struct optset *out, struct diag *d);

/* Append or replace key=value (copies both); `set` as in struct opt_kv. */
void options_put(struct optset *o, const char *key, const char *value, int set);
/* Move key, if it is at *pos or after, to *pos and advance *pos; the
 * others keep their order.  Called for each key of a list in turn, it puts
 * o in that list's order (an import keeps an export's order, so the file
 * exported again is the same bytes); keys not in the list stay after. */
void options_move_next(struct optset *o, const char *key, int *pos);
/* Append key=value taking both (heap strings, freed with o), for a
 * reader that knows key is not in o yet (a game's stored options, one
 * row each). */
void options_take(struct optset *o, char *key, char *value, int set);
/* Append a copy of every option of from to o, which holds none of them
 * (a state's own copy of its game's options). */
void options_copy(struct optset *o, const struct optset *from);

/* The value of key, or NULL when absent. */
const char *options_get(const struct optset *o, const char *key);
/* 1 if key was given by the user or the preset (not a default). */
int options_was_set(const struct optset *o, const char *key);
/* 1 if the value of key equals value (case-insensitive). */
int options_is(const struct optset *o, const char *key, const char *value);
/* The integer value of key, or none_value when it is "none" or absent. */
long options_int(const struct optset *o, const char *key, long none_value);
/* 1 for a true boolean, else 0. */
int options_bool(const struct optset *o, const char *key);

/* A money amount as options write it ("0.10", "1", "2.5", ".25": at most
 * two decimals) in cents; 0 for "none"; -1 when v is neither. */
long options_money_cents(const char *v);
/* The option_def check of a money option: "none" or an amount above 0. */
int options_check_money(const char *v);
/* The money value of key in cents; 0 when "none", absent or not money. */
long options_money(const struct optset *o, const char *key);

/* Find a definition by key (prefix-stripped); NULL if unknown. */
const struct option_def *options_find(const struct game_rules *rules, const char *key);

/*
 * The rules a game was played by, in words for a sheet or report:
 * "Played: house rules", with the preset's description in brackets when
 * every option is as the preset says, then one line per option whose
 * value differs from what the preset or the default gives, in the
 * option's own words where it has them (struct option_def.said:
 * "Partners sit opposite and score as one side."), else a yes/no rule as
 * its help ("A jack refuses the exchange." or "Not at this table: a jack
 * refuses the exchange.") and any other as "The ante of a round: 5.";
 * and when any differs, the options the game works out from
 * others (Golf's cancel from its layout).  Only rules in force are
 * stated.  Lines are separated by '\n'.  Heap; the caller frees it.
 */
char *options_words(const struct game_rules *rules, const struct optset *o);

/* Release the strings of o and reset it. */
void options_release(struct optset *o);

/* 1 if value is allowed by the def's type and values, else 0. */
int options_value_ok(const struct option_def *def, const char *value);

/* The value as it is stored (heap; the caller frees it), or NULL when it
 * is not allowed: a number in plain decimal ("+5" and "0005" are "5"), a
 * word of the values in its declared spelling, a boolean as "true" or
 * "false", text as given.  Stored options are canonical so that a query
 * (option:target=5) finds them. */
char *options_canonical(const struct option_def *def, const char *value);

#endif
