/* SPDX-License-Identifier: ISC */
/*
 * sheet_text.h: what the sheet renderer needs to put a name of any script
 * on paper, beside libharu (which draws one glyph per code point, left to
 * right, from TrueType fonts only).
 *
 *   - which font draws a character: fontconfig's best TrueType face for
 *     "DejaVu Sans" that covers it (Debian's fontconfig), with fixed CJK
 *     paths when fontconfig is missing or finds none;
 *   - right-to-left text in reading order, Arabic letters joined: FriBidi's
 *     Unicode Bidirectional Algorithm (UAX #9) and its Arabic shaping into
 *     the presentation forms, which DejaVu Sans draws;
 *   - a small font file holding only the glyphs a sheet draws, cut from a
 *     large one (a CJK face of 4 to 21 MB) by HarfBuzz's subsetter: libharu
 *     reads a whole font's cmap for every face it loads, 15 to 70 ms for a
 *     CJK one, 2 ms for the subset.
 *
 * fontconfig, FriBidi and HarfBuzz are bound on first use (core/dynlib.h
 * says why), and each one missing only makes the output plainer: fonts then
 * come from the fixed paths, text stays in logical order, and the whole
 * face is embedded.  Only the sheet renderer includes this header.
 */
#ifndef TALLY_SHEET_TEXT_H
#define TALLY_SHEET_TEXT_H

#include <stddef.h>

/* One font face: a TrueType file and the face's index in it (0 unless a
 * collection, .ttc).  Owned by this module for the life of the process. */
struct sheet_face {
	const char *path;
	int index;
};

/*
 * The face that draws code point cp (bold: the bold weight is asked for;
 * fontconfig may answer with a regular face when the script has no bold).
 * Tried in turn: for CJK (U+2E80 and up) the TALLY_CJK_FONT file when set,
 * then Droid Sans Fallback when installed and holding cp (read by
 * HarfBuzz, without loading fontconfig's configuration); fontconfig; for
 * CJK the fixed paths (Droid Sans Fallback, then AR PL UMing).  Returns NULL when no face covers cp (the caller then draws it in
 * DejaVu Sans, as its .notdef box).  Faces whose format libharu cannot read
 * (CFF-flavoured OpenType, such as Noto CJK) are never returned.
 */
const struct sheet_face *sheet_text_face(unsigned cp, int bold);

/*
 * s (UTF-8, one line) in visual order, left to right as it is drawn, with
 * Arabic letters in their joined presentation forms (FriBidi's log2vis,
 * the paragraph direction taken from the first strong character).  Returns
 * a heap string the caller frees; a copy of s when s has no right-to-left
 * character or FriBidi cannot be loaded.  Never NULL.
 */
char *sheet_text_visual(const char *s);

/*
 * Write a TrueType file holding only the glyphs of face f for the code
 * points cps[0..n-1] (HarfBuzz's hb_subset_or_fail) to a new temporary file
 * and return its path (heap; the caller unlinks and frees it).  Returns
 * NULL when HarfBuzz cannot be loaded, cannot read the face or the file
 * cannot be written: the caller then loads the whole face.
 */
char *sheet_text_subset(const struct sheet_face *f, const unsigned *cps, size_t n);

#endif
