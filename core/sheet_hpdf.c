/* SPDX-License-Identifier: ISC */
/* sheet_hpdf.c: libharu bound on first use (see sheet_hpdf.h). */
#define SHEET_HPDF_IMPL
#include "sheet_hpdf.h"

#include "dynlib.h"
#include "util.h"

struct sheet_hpdf sheet_hpdf;
struct sheet_hpdf_private sheet_hpdf_private;

enum status
sheet_hpdf_load(struct diag *d)
{
	static int loaded;
#define SHEET_HPDF_NAME(f) #f,
	static const char *const names[] = { SHEET_HPDF_FUNCS(SHEET_HPDF_NAME)
		SHEET_HPDF_PRIVATE_FUNCS(SHEET_HPDF_NAME) };
#undef SHEET_HPDF_NAME
	void *slots[ARRAY_LEN(names)];
	enum status r;

	if (loaded)
		return ST_OK;
	r = dynlib_bind(HPDF_SONAME, "libhpdf-2.3.0", "score sheets", names, slots, (int)ARRAY_LEN(names), d);
	if (r != ST_OK)
		return r;
	int i = 0;
#define SHEET_HPDF_SET(f) sheet_hpdf.f = (__typeof__(f) *)slots[i++];
	SHEET_HPDF_FUNCS(SHEET_HPDF_SET)
#undef SHEET_HPDF_SET
#define SHEET_HPDF_SET(f) sheet_hpdf_private.f = (__typeof__(f) *)slots[i++];
	SHEET_HPDF_PRIVATE_FUNCS(SHEET_HPDF_SET)
#undef SHEET_HPDF_SET
	loaded = 1;
	return ST_OK;
}
