/* SPDX-License-Identifier: ISC */
/*
 * sheet_tounicode.h: the two things the sheet renderer needs of libharu
 * that its public API does not give, kept apart in sheet_tounicode.c, the
 * one file that includes libharu's private headers and reads its structs
 * (HPDF_FontAttr_Rec, HPDF_Dict_Rec).  test_tounicode checks the layout
 * of those structs as this file reads them, so a libharu whose structs
 * differ fails a test instead of writing broken PDFs.
 */
#ifndef TALLY_SHEET_TOUNICODE_H
#define TALLY_SHEET_TOUNICODE_H

#include <hpdf.h>

/* Whether the TrueType font (loaded with HPDF_LoadTTFontFromFile and
 * taken with HPDF_GetFont(..., "UTF-8")) has a glyph for the code point c
 * (0 to 0xFFFF): 1 or 0. */
int sheet_font_has_glyph(HPDF_Font font, unsigned c);

/* Just before the document is saved: rewrite font's /ToUnicode, /W and
 * CIDToGIDMap for the code points set in used (a bit set of 65536 bits,
 * bit c of byte c >> 3), the ones the document drew.  font NULL or used
 * NULL: nothing.  Why: see sheet_tounicode.c. */
void sheet_font_finish(HPDF_Font font, const unsigned char *used);

/* The layout of libharu's private structs as this build reads them,
 * for test_tounicode: the offsets of HPDF_FontAttr_Rec's fontdef,
 * descendant_font, map_stream and cmap_stream, of HPDF_Dict_Rec's attr,
 * mmgr and stream, and the two structs' sizes, in bytes, in that order
 * (9 values) into out. */
void sheet_tounicode_layout(unsigned long out[9]);

#endif
