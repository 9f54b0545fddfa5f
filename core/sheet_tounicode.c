/* SPDX-License-Identifier: ISC */
/* sheet_tounicode.c: libharu's private structs, read and rewritten here
 * only (see sheet_tounicode.h). */
#include "sheet_tounicode.h"

#include <stddef.h>
#include <stdio.h>

#define SHEET_HPDF_PRIVATE
#include "sheet_hpdf.h"

static int
bit(const unsigned char *set, unsigned c)
{
	return set != NULL && ((set[c >> 3] >> (c & 7)) & 1);
}

int
sheet_font_has_glyph(HPDF_Font font, unsigned c)
{
	HPDF_FontAttr attr = font ? (HPDF_FontAttr)font->attr : NULL;
	return attr != NULL && HPDF_TTFontDef_GetGlyphid(attr->fontdef, (HPDF_UINT16)c) != 0;
}

void
sheet_tounicode_layout(unsigned long out[9])
{
	out[0] = offsetof(HPDF_FontAttr_Rec, fontdef);
	out[1] = offsetof(HPDF_FontAttr_Rec, descendant_font);
	out[2] = offsetof(HPDF_FontAttr_Rec, map_stream);
	out[3] = offsetof(HPDF_FontAttr_Rec, cmap_stream);
	out[4] = offsetof(HPDF_Dict_Rec, attr);
	out[5] = offsetof(HPDF_Dict_Rec, mmgr);
	out[6] = offsetof(HPDF_Dict_Rec, stream);
	out[7] = sizeof(HPDF_FontAttr_Rec);
	out[8] = sizeof(HPDF_Dict_Rec);
}

/*
 * Why this exists: libharu 2.3's only Unicode path is HPDF_UseUTFEncodings
 * ("UTF-8", ordering Identity-H).  For a TrueType font it writes the
 * *encoding* CMap of that encoder as the font's /ToUnicode
 * (hpdf_font_cid.c, HPDF_Type0Font_New: "1 begincidrange <0000> <FFFF> 0").
 * A ToUnicode map may only hold bfchar/bfrange entries, so poppler says
 * "Invalid 'begincidrange' operator in ToUnicode CMap" on every font.  The
 * same encoder covers all 65,536 codes, so each font also carries a /W
 * width for every glyph DejaVu has (24 KB, written uncompressed) and a
 * 128 KB CIDToGIDMap.  The single-byte encoders avoid the CMap but cannot
 * draw the suits or CJK names, and the CJK encoders cover no accented Latin.
 *
 * So the renderer keeps the UTF-8 encoder (the text codes are Unicode code points,
 * CID = code point) and, just before saving, rewrite through libharu's own
 * object API the three things it wrote for the whole BMP, for the code
 * points this document actually drew: a valid ToUnicode (bfchar, identity),
 * a /W array and a CIDToGIDMap that stops at the highest code used.
 */
void
sheet_font_finish(HPDF_Font font, const unsigned char *used)
{
	HPDF_FontAttr attr = font ? (HPDF_FontAttr)font->attr : NULL;
	if (attr == NULL || used == NULL || attr->descendant_font == NULL)
		return;
	HPDF_FontDef def = attr->fontdef;
	HPDF_Dict desc = attr->descendant_font;
	unsigned max = 0, n = 0;
	for (unsigned c = 0; c < 65536; c++)
		if (bit(used, c)) {
			max = c;
			n++;
		}

	/* /W: [c [w w ...] ...] for runs of consecutive codes */
	HPDF_Array w = HPDF_Array_New(desc->mmgr), run = NULL;
	for (unsigned c = 0; c <= max; c++) {
		if (!bit(used, c)) {
			run = NULL;
			continue;
		}
		if (run == NULL) {
			HPDF_Array_AddNumber(w, (HPDF_INT32)c);
			run = HPDF_Array_New(desc->mmgr);
			HPDF_Array_Add(w, run);
		}
		HPDF_Array_AddNumber(run, HPDF_TTFontDef_GetGidWidth(def,
		    HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)c)));
	}
	HPDF_Dict_Add(desc, "W", w);

	/* CIDToGIDMap: two bytes per code up to max, 0 (notdef) for unused */
	if (attr->map_stream) {
		HPDF_Stream st = attr->map_stream->stream;
		HPDF_MemStream_FreeData(st);
		st->size = 0;
		for (unsigned c = 0; c <= max; c++) {
			HPDF_UINT16 gid = bit(used, c) ? HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)c) : 0;
			HPDF_BYTE b[2] = { (HPDF_BYTE)(gid >> 8), (HPDF_BYTE)gid };
			HPDF_Stream_Write(st, b, 2);
		}
	}

	/* ToUnicode: each code maps to itself, in blocks of at most 100 */
	if (attr->cmap_stream) {
		HPDF_Dict cm = attr->cmap_stream;
		/* the keys libharu 2.3 gives the encoding CMap (hpdf_font_cid.c
		 * CreateCMap); a ToUnicode stream needs none of them */
		static const char *const drop[] = { "Type", "CMapName", "CIDSystemInfo", "WMode" };
		for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++)
			HPDF_Dict_RemoveElement(cm, drop[i]);
		HPDF_Stream st = cm->stream;
		HPDF_MemStream_FreeData(st);
		st->size = 0;
		HPDF_Stream_WriteStr(st,
		    "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
		    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		    "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
		    "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
		char buf[40];
		for (unsigned c = 0, i = 0; c <= max; c++) {
			if (!bit(used, c))
				continue;
			if (i % 100 == 0) {
				snprintf(buf, sizeof buf, "%u beginbfchar\n", n - i < 100 ? n - i : 100);
				HPDF_Stream_WriteStr(st, buf);
			}
			snprintf(buf, sizeof buf, "<%04X> <%04X>\n", c, c);
			HPDF_Stream_WriteStr(st, buf);
			if (++i % 100 == 0 || i == n)
				HPDF_Stream_WriteStr(st, "endbfchar\n");
		}
		HPDF_Stream_WriteStr(st, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
	}
}
