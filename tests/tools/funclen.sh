#!/bin/sh
# SPDX-License-Identifier: ISC
# funclen.sh [N] [FILES...]: the N (default 15) longest C functions, as
# "lines file:function".  A function runs from a line that starts a
# definition (a name and "(" at column 0, the line before holds its type)
# to the "}" at column 0 that closes it.  Used to measure the house's function lengths.
n=${1:-15}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- games/*.c cmd/*.c core/*.c db/*.c
awk '
FNR == 1 { name = "" }
/^[A-Za-z_][A-Za-z0-9_]*\(/ && name == "" { name = $0; sub(/\(.*/, "", name); start = FNR; next }
/^}/ && name != "" { printf "%d %s:%s\n", FNR - start + 1, FILENAME, name; name = "" }
' "$@" | sort -rn | head -n "$n"
