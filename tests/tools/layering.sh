#!/bin/sh
# SPDX-License-Identifier: ISC
# layering.sh [ROOT]: the house's layering, checked by what each file
# includes (ARCHITECTURE.md "What the house already does well"):
#   SQLite only in db/;  jansson only in core/json.c;  libharu only
#   behind the sheet renderer
#   (core/sheet_hpdf.h), its private structs only in
#   core/sheet_tounicode.c;  libedit only behind the line editor
#   (core/lineedit_lib.h);  utf8proc only in core/names.c;  fontconfig,
#   FriBidi and HarfBuzz only in core/sheet_text.c;
#   core/ and games/ include nothing of cmd/ or db/;  db/ nothing of cmd/
#   or games/ (it reaches the rules through core/rules.h).
# Prints each back-edge as FILE: INCLUDE and exits 1 when there is one;
# ROOT (default .) lets a test plant one in a copy.
cd "${1:-.}" || exit 2
bad=0
edge() {
	echo "layering: $1: $2" >&2
	bad=1
}
# allowed PATTERN ALLOWED...: files that include PATTERN must be ALLOWED
allowed() {
	pat=$1
	shift
	for f in $(grep -lE "#include [<\"]$pat" core/*.[ch] cmd/*.[ch] db/*.[ch] games/*.[ch] 2>/dev/null); do
		ok=0
		for a in "$@"; do
			case $f in $a) ok=1 ;; esac
		done
		[ $ok = 1 ] || edge "$f" "includes $pat"
	done
}
allowed 'sqlite3\.h' 'db/*'
allowed 'jansson\.h' core/json.c
allowed 'hpdf' core/sheet_hpdf.h core/sheet_tounicode.h
allowed 'hpdf_[a-z]*\.h' core/sheet_hpdf.h
allowed 'editline/' core/lineedit_lib.h
allowed 'utf8proc\.h' core/names.c
allowed '(fontconfig/|fribidi|hb-)' core/sheet_text.c
allowed '\.\./cmd/' 'cmd/*'
allowed '\.\./db/' 'cmd/*' 'db/*'
# libharu's private API: read in sheet_tounicode.c alone
for f in $(grep -lE '#define SHEET_HPDF_PRIVATE$' core/*.[ch] cmd/*.[ch] db/*.[ch] games/*.[ch] 2>/dev/null); do
	[ "$f" = core/sheet_tounicode.c ] || edge "$f" "reads libharu's private API (SHEET_HPDF_PRIVATE)"
done
for f in games/*.[ch]; do
	grep -qE '#include "\.\./(db|cmd)/' "$f" && edge "$f" "includes db/ or cmd/"
done
for f in db/*.[ch]; do
	grep -qE '#include "\.\./(cmd|games)/' "$f" && edge "$f" "includes cmd/ or games/"
done
exit $bad
