/* SPDX-License-Identifier: ISC */
/*
 * lineedit_lib.h: the libedit functions and variables the line editor
 * uses, bound on first use (core/dynlib.h says why).  Only core/lineedit.c
 * includes it: after it, each name below reads and calls through
 * lineedit_lib, so the editor's code reads as plain readline.  A name used
 * but missing from the list fails to link (tally is not linked against
 * libedit): add it here.
 */
#ifndef TALLY_LINEEDIT_LIB_H
#define TALLY_LINEEDIT_LIB_H

#include <stdio.h>

#include <editline/readline.h>

#include "diag.h"

#define LINEEDIT_NAMES(X) \
	X(add_history) \
	X(read_history) \
	X(readline) \
	X(rl_completion_matches) \
	X(stifle_history) \
	X(write_history) \
	X(using_history) \
	X(rl_attempted_completion_over) \
	X(rl_line_buffer) \
	X(rl_completion_append_character) \
	X(rl_readline_name) \
	X(rl_catch_signals) \
	X(rl_attempted_completion_function) \
	X(rl_completer_word_break_characters) \
	/* end */

struct lineedit_lib {
#define LINEEDIT_SLOT(f) __typeof__(f) *f;
	LINEEDIT_NAMES(LINEEDIT_SLOT)
#undef LINEEDIT_SLOT
};
extern struct lineedit_lib lineedit_lib;

/* Bind the names above (once; later calls return ST_OK at once).
 * Errors: ST_NOINPUT when libedit is missing, naming its package. */
enum status lineedit_lib_load(struct diag *d);

#ifndef LINEEDIT_LIB_IMPL
#define add_history (*lineedit_lib.add_history)
#define read_history (*lineedit_lib.read_history)
#define readline (*lineedit_lib.readline)
#define rl_completion_matches (*lineedit_lib.rl_completion_matches)
#define stifle_history (*lineedit_lib.stifle_history)
#define write_history (*lineedit_lib.write_history)
#define using_history (*lineedit_lib.using_history)
#define rl_attempted_completion_over (*lineedit_lib.rl_attempted_completion_over)
#define rl_line_buffer (*lineedit_lib.rl_line_buffer)
#define rl_completion_append_character (*lineedit_lib.rl_completion_append_character)
#define rl_readline_name (*lineedit_lib.rl_readline_name)
#define rl_catch_signals (*lineedit_lib.rl_catch_signals)
#define rl_attempted_completion_function (*lineedit_lib.rl_attempted_completion_function)
#define rl_completer_word_break_characters (*lineedit_lib.rl_completer_word_break_characters)
#endif

#endif
