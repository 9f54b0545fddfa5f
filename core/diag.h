/* SPDX-License-Identifier: ISC */
/*
 * diag.h: diagnostics as values, and the exit statuses of SPEC section 5.
 *
 * Rules, parsers and the store never print.  They fill a struct diag and
 * return one of the enum status codes; only cmd/ shows the message and only
 * main() turns the status into an exit code.
 */
#ifndef TALLY_DIAG_H
#define TALLY_DIAG_H

/* Exit statuses (sysexits), SPEC section 5. */
enum status {
	ST_OK = 0,
	ST_USAGE = 64,    /* unknown command/option, bad option value, malformed token */
	ST_RULE = 65,     /* the entry breaks a game rule; nothing stored */
	ST_NOINPUT = 66,  /* no such game, player, hand or input file */
	ST_INTERNAL = 70, /* broken invariant; nothing stored */
	ST_CANTCREAT = 73,/* cannot create the output file */
	ST_IO = 74,       /* database or I/O error */
	ST_INTERRUPTED = 130 /* Ctrl-C (128 + SIGINT, as the shell says it); what was done is said */
};

/*
 * One error.  player, value and rule are optional (NULL) parts that the
 * message already contains; they are kept apart for JSON and table mode.
 * All strings are owned by the diag and released by diag_clear().
 */
struct diag {
	enum status status;
	char *player;
	char *value;
	char *rule;
	char *message;
	/* The entry field at fault when it is not the one that holds value
	 * ("opening": the player's meld needs an opening meld), or NULL: table
	 * mode asks that field's question again (diag_field). */
	char *field;
};

/*
 * Record an error: frees whatever the diag held, stores copies of player,
 * value and rule (each may be NULL) and the printf-formatted message.
 * Returns status, so callers can write `return diag_set(d, ST_RULE, ...)`.
 */
enum status diag_set(struct diag *d, enum status status, const char *player,
    const char *value, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/*
 * Tokens echoed in a diagnostic are cut: diag_set() shortens every
 * occurrence of value and player longer than DIAG_TOKEN_MAX bytes, then
 * every other run of more than DIAG_TOKEN_MAX bytes between spaces and
 * quotes, to their first DIAG_TOKEN_KEEP bytes and "…(N bytes)"; a message
 * still longer than DIAG_MESSAGE_MAX is cut as a whole.  So a 100 KB
 * argument gives a one-line error that says how long it was.
 */
#define DIAG_TOKEN_MAX 200
#define DIAG_TOKEN_KEEP 60
#define DIAG_MESSAGE_MAX 2000

/* s as a diagnostic shows it (cut as above); a new heap string. */
char *diag_token(const char *s);

/* Put the printf-formatted context before d's message and suffix (may be
 * NULL) after it, keeping its status, player, value and rule: for a
 * caller that knows where the error happened ("Golf #2, hole 3: ").
 * Returns d's status. */
enum status diag_wrap(struct diag *d, const char *suffix, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Name the entry field at fault in d (the set diag's player's field,
 * without the player: "opening", "meld"); keeps the rest.  Returns d's
 * status, so a game writes return diag_field(d, "opening") after
 * diag_set. */
enum status diag_field(struct diag *d, const char *field);

/* Free the strings of d and reset it to ST_OK. */
void diag_clear(struct diag *d);

/* A list of warnings (WARN rules): heap strings owned by the list. */
struct warnings {
	int n;
	char **msg;
};
void warnings_add(struct warnings *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void warnings_release(struct warnings *w);

#endif
