/* SPDX-License-Identifier: ISC */
/*
 * sheet_hpdf.h: the libharu functions the sheet renderer calls, bound on
 * first use (core/dynlib.h says why).  Only the sheet renderer includes
 * it: it includes libharu's headers and turns each call of a function
 * below into a call through sheet_hpdf, so the renderer's code reads as
 * plain libharu.  A function called but missing from the list fails to
 * link (tally is not linked against libharu): add it to both lists here.
 * The functions of libharu's private API (and its private headers) are
 * declared only for sheet_tounicode.c, which defines SHEET_HPDF_PRIVATE.
 */
#ifndef TALLY_SHEET_HPDF_H
#define TALLY_SHEET_HPDF_H

#include <hpdf.h>
/* libharu's private headers: only for sheet_tounicode.c (and the loader) */
#if defined(SHEET_HPDF_PRIVATE) || defined(SHEET_HPDF_IMPL)
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>
#endif

#include "diag.h"

/* the soname tally was built against (the Makefile reads it off the
 * library); Debian's libhpdf-2.3.0 */
#ifndef HPDF_SONAME
#define HPDF_SONAME "libhpdf-2.3.0.so"
#endif

#define SHEET_HPDF_FUNCS(X) \
	X(HPDF_AddPage) \
	X(HPDF_Free) \
	X(HPDF_GetFont) \
	X(HPDF_GetStreamSize) \
	X(HPDF_LoadTTFontFromFile) \
	X(HPDF_LoadTTFontFromFile2) \
	X(HPDF_New) \
	X(HPDF_Page_BeginText) \
	X(HPDF_Page_Circle) \
	X(HPDF_Page_EndText) \
	X(HPDF_Page_Fill) \
	X(HPDF_Page_GetHeight) \
	X(HPDF_Page_GetHorizontalScalling) \
	X(HPDF_Page_GetWidth) \
	X(HPDF_Page_LineTo) \
	X(HPDF_Page_MoveTo) \
	X(HPDF_Page_Rectangle) \
	X(HPDF_Page_SetDash) \
	X(HPDF_Page_SetFontAndSize) \
	X(HPDF_Page_SetGrayFill) \
	X(HPDF_Page_SetGrayStroke) \
	X(HPDF_Page_SetHorizontalScalling) \
	X(HPDF_Page_SetLineWidth) \
	X(HPDF_Page_SetRGBFill) \
	X(HPDF_Page_SetRGBStroke) \
	X(HPDF_Page_SetSize) \
	X(HPDF_Page_SetTextMatrix) \
	X(HPDF_Page_ShowText) \
	X(HPDF_Page_Stroke) \
	X(HPDF_Page_TextOut) \
	X(HPDF_Page_TextWidth) \
	X(HPDF_ReadFromStream) \
	X(HPDF_SaveToStream) \
	X(HPDF_SetCompressionMode) \
	X(HPDF_SetCurrentEncoder) \
	X(HPDF_SetInfoAttr) \
	X(HPDF_SetInfoDateAttr) \
	X(HPDF_UseUTFEncodings) \
	/* end */

struct sheet_hpdf {
#define SHEET_HPDF_SLOT(f) __typeof__(f) *f;
	SHEET_HPDF_FUNCS(SHEET_HPDF_SLOT)
};
extern struct sheet_hpdf sheet_hpdf;

#if defined(SHEET_HPDF_PRIVATE) || defined(SHEET_HPDF_IMPL)
/* The functions of libharu's private API that sheet_tounicode.c calls. */
#define SHEET_HPDF_PRIVATE_FUNCS(X) \
	X(HPDF_Array_Add) \
	X(HPDF_Array_AddNumber) \
	X(HPDF_Array_New) \
	X(HPDF_Dict_Add) \
	X(HPDF_Dict_RemoveElement) \
	X(HPDF_MemStream_FreeData) \
	X(HPDF_Stream_Write) \
	X(HPDF_Stream_WriteStr) \
	X(HPDF_TTFontDef_GetGidWidth) \
	X(HPDF_TTFontDef_GetGlyphid) \
	/* end */
struct sheet_hpdf_private {
	SHEET_HPDF_PRIVATE_FUNCS(SHEET_HPDF_SLOT)
};
extern struct sheet_hpdf_private sheet_hpdf_private;
#endif
#undef SHEET_HPDF_SLOT

/* Bind the functions above (once; later calls return ST_OK at once).
 * Errors: ST_NOINPUT when libharu is missing, naming its package. */
enum status sheet_hpdf_load(struct diag *d);

#ifndef SHEET_HPDF_IMPL
#define HPDF_AddPage (sheet_hpdf.HPDF_AddPage)
#define HPDF_Free (sheet_hpdf.HPDF_Free)
#define HPDF_GetFont (sheet_hpdf.HPDF_GetFont)
#define HPDF_GetStreamSize (sheet_hpdf.HPDF_GetStreamSize)
#define HPDF_LoadTTFontFromFile (sheet_hpdf.HPDF_LoadTTFontFromFile)
#define HPDF_LoadTTFontFromFile2 (sheet_hpdf.HPDF_LoadTTFontFromFile2)
#define HPDF_New (sheet_hpdf.HPDF_New)
#define HPDF_Page_BeginText (sheet_hpdf.HPDF_Page_BeginText)
#define HPDF_Page_Circle (sheet_hpdf.HPDF_Page_Circle)
#define HPDF_Page_EndText (sheet_hpdf.HPDF_Page_EndText)
#define HPDF_Page_Fill (sheet_hpdf.HPDF_Page_Fill)
#define HPDF_Page_GetHeight (sheet_hpdf.HPDF_Page_GetHeight)
#define HPDF_Page_GetHorizontalScalling (sheet_hpdf.HPDF_Page_GetHorizontalScalling)
#define HPDF_Page_GetWidth (sheet_hpdf.HPDF_Page_GetWidth)
#define HPDF_Page_LineTo (sheet_hpdf.HPDF_Page_LineTo)
#define HPDF_Page_MoveTo (sheet_hpdf.HPDF_Page_MoveTo)
#define HPDF_Page_Rectangle (sheet_hpdf.HPDF_Page_Rectangle)
#define HPDF_Page_SetDash (sheet_hpdf.HPDF_Page_SetDash)
#define HPDF_Page_SetFontAndSize (sheet_hpdf.HPDF_Page_SetFontAndSize)
#define HPDF_Page_SetGrayFill (sheet_hpdf.HPDF_Page_SetGrayFill)
#define HPDF_Page_SetGrayStroke (sheet_hpdf.HPDF_Page_SetGrayStroke)
#define HPDF_Page_SetHorizontalScalling (sheet_hpdf.HPDF_Page_SetHorizontalScalling)
#define HPDF_Page_SetLineWidth (sheet_hpdf.HPDF_Page_SetLineWidth)
#define HPDF_Page_SetRGBFill (sheet_hpdf.HPDF_Page_SetRGBFill)
#define HPDF_Page_SetRGBStroke (sheet_hpdf.HPDF_Page_SetRGBStroke)
#define HPDF_Page_SetSize (sheet_hpdf.HPDF_Page_SetSize)
#define HPDF_Page_SetTextMatrix (sheet_hpdf.HPDF_Page_SetTextMatrix)
#define HPDF_Page_ShowText (sheet_hpdf.HPDF_Page_ShowText)
#define HPDF_Page_Stroke (sheet_hpdf.HPDF_Page_Stroke)
#define HPDF_Page_TextOut (sheet_hpdf.HPDF_Page_TextOut)
#define HPDF_Page_TextWidth (sheet_hpdf.HPDF_Page_TextWidth)
#define HPDF_ReadFromStream (sheet_hpdf.HPDF_ReadFromStream)
#define HPDF_SaveToStream (sheet_hpdf.HPDF_SaveToStream)
#define HPDF_SetCompressionMode (sheet_hpdf.HPDF_SetCompressionMode)
#define HPDF_SetCurrentEncoder (sheet_hpdf.HPDF_SetCurrentEncoder)
#define HPDF_SetInfoAttr (sheet_hpdf.HPDF_SetInfoAttr)
#define HPDF_SetInfoDateAttr (sheet_hpdf.HPDF_SetInfoDateAttr)
#define HPDF_UseUTFEncodings (sheet_hpdf.HPDF_UseUTFEncodings)
#ifdef SHEET_HPDF_PRIVATE
#define HPDF_Array_Add (sheet_hpdf_private.HPDF_Array_Add)
#define HPDF_Array_AddNumber (sheet_hpdf_private.HPDF_Array_AddNumber)
#define HPDF_Array_New (sheet_hpdf_private.HPDF_Array_New)
#define HPDF_Dict_Add (sheet_hpdf_private.HPDF_Dict_Add)
#define HPDF_Dict_RemoveElement (sheet_hpdf_private.HPDF_Dict_RemoveElement)
#define HPDF_MemStream_FreeData (sheet_hpdf_private.HPDF_MemStream_FreeData)
#define HPDF_Stream_Write (sheet_hpdf_private.HPDF_Stream_Write)
#define HPDF_Stream_WriteStr (sheet_hpdf_private.HPDF_Stream_WriteStr)
#define HPDF_TTFontDef_GetGidWidth (sheet_hpdf_private.HPDF_TTFontDef_GetGidWidth)
#define HPDF_TTFontDef_GetGlyphid (sheet_hpdf_private.HPDF_TTFontDef_GetGlyphid)
#endif
#endif

#endif
