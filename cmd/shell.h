/* SPDX-License-Identifier: ISC */
/*
 * shell.h: table mode's engine (cmd/cmd-shell.c), apart from the terminal,
 * so a script or a fuzzer can drive it line by line.
 */
#ifndef TALLY_SHELL_H
#define TALLY_SHELL_H

#include "../core/diag.h"

struct cmd_ctx;
struct lineedit;

/*
 * Run table mode: read lines from le until end of input or `quit`, each a
 * command as `tally help` lists them (without `tally`), an entry typed
 * straight in, `use ID`, a blank line or a # comment.  A guided hand
 * (`hand` alone) reads its answers from le too.  interactive: on a
 * terminal (prompts, and the status ignores refused lines).
 * Returns ST_OK, or without a terminal the status of the first line that
 * failed; in both cases ST_USAGE when the input ended in the middle of a
 * guided hand (that hand is not stored).  Prints to stdout and stderr.
 */
enum status shell_run(struct cmd_ctx *ctx, struct lineedit *le, int interactive);

/*
 * What Tab completes at the end of line (a command line without `tally`),
 * as table mode completes it, and game ids after a command that takes one
 * or -g: printed one a line on stdout.  whole_tokens: print each with the
 * part of its space-separated token before the word (a shell whose words
 * are whole tokens, fish).  Returns the number printed.  A candidate that
 * ends in '=' or '.' asks for its value (no space after it).
 */
int cmd_shell_complete_line(struct cmd_ctx *ctx, const char *line, int whole_tokens);

#endif
