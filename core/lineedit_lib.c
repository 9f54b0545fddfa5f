/* SPDX-License-Identifier: ISC */
/* lineedit_lib.c: libedit bound on first use (see lineedit_lib.h). */
#define LINEEDIT_LIB_IMPL
#include "lineedit_lib.h"

#include "dynlib.h"
#include "util.h"

struct lineedit_lib lineedit_lib;

enum status
lineedit_lib_load(struct diag *d)
{
	static int loaded;
#define LINEEDIT_NAME(f) #f,
	static const char *const names[] = { LINEEDIT_NAMES(LINEEDIT_NAME) };
#undef LINEEDIT_NAME
	void *slots[ARRAY_LEN(names)];
	enum status r;

	if (loaded)
		return ST_OK;
	/* Debian's libedit2 ships libedit.so.2 */
	r = dynlib_bind("libedit.so.2", "libedit2", "line editing in table mode", names, slots,
	    (int)ARRAY_LEN(names), d);
	if (r != ST_OK)
		return r;
	int i = 0;
#define LINEEDIT_SET(f) lineedit_lib.f = (__typeof__(f) *)slots[i++];
	LINEEDIT_NAMES(LINEEDIT_SET)
#undef LINEEDIT_SET
	loaded = 1;
	return ST_OK;
}
