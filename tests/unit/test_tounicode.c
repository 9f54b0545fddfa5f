/* SPDX-License-Identifier: ISC */
/*
 * test_tounicode.c: the one place tally reads libharu's private structs
 * (core/sheet_tounicode.c).  The layout test pins HPDF_FontAttr_Rec and
 * HPDF_Dict_Rec as libharu 2.3.0's headers declare them on LP64: a
 * libharu upgrade that moves a field fails here, before a sheet is drawn
 * with a wrong pointer.  The glyph test asks the real library through
 * those structs about DejaVu Sans.
 */
#include "helpers.h"

#include <stdio.h>
#include <unistd.h>

#include "../../core/sheet_hpdf.h"
#include "../../core/sheet_tounicode.h"

static void
test_layout(void **u)
{
	(void)u;
	/* offsetof fontdef, descendant_font, map_stream, cmap_stream in
	 * HPDF_FontAttr_Rec; attr, mmgr, stream in HPDF_Dict_Rec; the sizes */
	static const unsigned long want[9] = { 24, 64, 72, 80, 88, 8, 64, 88, 96 };
	unsigned long got[9];
	if (sizeof(void *) != 8)
		skip();
	sheet_tounicode_layout(got);
	for (int i = 0; i < 9; i++)
		if (got[i] != want[i])
			fail_msg("libharu's private structs changed (value %d: %lu, was %lu): "
			    "check core/sheet_tounicode.c against the new hpdf_font.h and hpdf_objects.h",
			    i, got[i], want[i]);
}

static void
error_handler(HPDF_STATUS e, HPDF_STATUS detail, void *data)
{
	(void)data;
	fail_msg("libharu error %#lx (%lu)", (unsigned long)e, (unsigned long)detail);
}

static void
test_glyphs(void **u)
{
	(void)u;
	const char *path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
	struct diag d = {0};
	if (access(path, R_OK) != 0 || sheet_hpdf_load(&d) != ST_OK) {
		diag_clear(&d);
		skip();
	}
	HPDF_Doc pdf = HPDF_New(error_handler, NULL);
	assert_non_null(pdf);
	HPDF_UseUTFEncodings(pdf);
	HPDF_SetCurrentEncoder(pdf, "UTF-8");
	const char *name = HPDF_LoadTTFontFromFile(pdf, path, HPDF_TRUE);
	HPDF_Font font = HPDF_GetFont(pdf, name, "UTF-8");
	assert_true(sheet_font_has_glyph(font, 0xE9));     /* é */
	assert_true(sheet_font_has_glyph(font, 0x2660));   /* ♠ */
	assert_false(sheet_font_has_glyph(font, 0x4E00));  /* a CJK ideograph: not in DejaVu */
	assert_false(sheet_font_has_glyph(NULL, 0xE9));
	HPDF_Free(pdf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_glyphs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
