/* SPDX-License-Identifier: ISC */
/*
 * cmd-completion.c: `tally completion bash|zsh|fish`: a completion script
 * for the shell, and `tally completion --line LINE`, which the scripts
 * call: the candidates for the end of LINE (the command line without
 * `tally`), from table mode's own completion (cmd/shell.h), so the command
 * line completes what table mode completes: commands, games, options and
 * their values, players, NAME= in a hand, and game ids.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../core/json.h"
#include "../core/util.h"
#include "cmd.h"
#include "shell.h"

static const char bash_script[] =
    "# bash completion for tally (tally completion bash)\n"
    "_tally() {\n"
    "\tlocal line=${COMP_LINE:0:$COMP_POINT}\n"
    "\tline=${line#*[[:space:]]}\n"
    "\tlocal IFS=$'\\n'\n"
    "\tCOMPREPLY=($(tally completion --line \"$line\" 2>/dev/null))\n"
    "\t# a NAME= or KEY= asks for its value: no space after it\n"
    "\tlocal c\n"
    "\tfor c in \"${COMPREPLY[@]}\"; do\n"
    "\t\tcase $c in *= | *.) compopt -o nospace 2>/dev/null; break ;; esac\n"
    "\tdone\n"
    "}\n"
    "complete -F _tally tally\n";

static const char zsh_script[] =
    "#compdef tally\n"
    "# zsh completion for tally (tally completion zsh)\n"
    "_tally() {\n"
    "\tlocal line=${BUFFER[1,CURSOR]}\n"
    "\tline=${line#*[[:space:]]}\n"
    "\tlocal -a c nospace space\n"
    "\tc=(\"${(@f)$(tally completion --line \"$line\" 2>/dev/null)}\")\n"
    "\tcompset -P '*[=,]'\n"
    "\tlocal x\n"
    "\tfor x in $c; do\n"
    "\t\t[[ -z $x ]] && continue\n"
    "\t\tif [[ $x == *[=.] ]]; then nospace+=$x; else space+=$x; fi\n"
    "\tdone\n"
    "\t(( $#nospace )) && compadd -S '' -- $nospace\n"
    "\t(( $#space )) && compadd -- $space\n"
    "}\n"
    "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _tally \"$@\"; else compdef _tally tally; fi\n";

static const char fish_script[] =
    "# fish completion for tally (tally completion fish)\n"
    "function __tally_complete\n"
    "\tset -l line (commandline -cp | string replace -r '^\\\\S+\\\\s*' '')\n"
    "\ttally completion --tokens --line \"$line\" 2>/dev/null\n"
    "end\n"
    "complete -c tally -f -a '(__tally_complete)'\n";

/* The script, or with --json {"shell": NAME, "script": TEXT}. */
static void
print_script(const struct cmd_run *r, const char *shell, const char *script)
{
	if (!r->ctx->json) {
		fputs(script, stdout);
		return;
	}
	struct jv *j = jv_object();
	jv_set(j, "shell", jv_str(shell));
	jv_set(j, "script", jv_str(script));
	jv_print(stdout, j);
	jv_free(j);
}

static enum status
cmd_completion_exec(struct cmd_run *r, struct diag *d)
{
	const char *shell = r->argc ? r->argv[0] : "", *line = cmd_opt(r, "line");
	if (line && r->argc == 0)
		cmd_shell_complete_line(r->ctx, line, cmd_opt(r, "tokens") != NULL);
	else if (line == NULL && strcmp(shell, "bash") == 0)
		print_script(r, shell, bash_script);
	else if (line == NULL && strcmp(shell, "zsh") == 0)
		print_script(r, shell, zsh_script);
	else if (line == NULL && strcmp(shell, "fish") == 0)
		print_script(r, shell, fish_script);
	else
		return diag_set(d, ST_USAGE, NULL, shell, "usage",
		    "usage: tally completion bash|zsh|fish (a script for the shell)");
	return ST_OK;
}

const struct cmd_entry cmd_completion_entry = {
	.name = "completion",
	.usage = "bash|zsh|fish",
	.summary = "print a shell completion script (commands, games, options, players, game ids)",
	.help = "  bash:  eval \"$(tally completion bash)\"  (make install puts it where\n"
	    "         bash-completion finds it)\n"
	    "  zsh:   eval \"$(tally completion zsh)\"   (or _tally in $fpath)\n"
	    "  fish:  tally completion fish | source\n"
	    "  The scripts ask 'tally completion --line LINE' for what fits at the end of\n"
	    "  LINE, as table mode completes it.",
	.options = (const struct cmd_option[]){ { "line", 0, "LINE" }, { "tokens", 0, NULL }, { 0 } },
	.nargs = { 0, 1 },
	.run = cmd_completion_exec,
};
