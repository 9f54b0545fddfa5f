/* SPDX-License-Identifier: ISC */
/* sheet_text.c: fonts by fontconfig, bidi by FriBidi, subsets by HarfBuzz
 * (see sheet_text.h). */
#include "sheet_text.h"

#include <fontconfig/fontconfig.h>
#include <fribidi.h>
#include <hb-subset.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afile.h"
#include "diag.h"
#include "dynlib.h"
#include "util.h"

/* Debian's sonames (fontconfig 2.14, FriBidi 1.0, HarfBuzz 6) */
#ifndef FC_SONAME
#define FC_SONAME "libfontconfig.so.1"
#endif
#ifndef FRIBIDI_SONAME
#define FRIBIDI_SONAME "libfribidi.so.0"
#endif
#ifndef HB_SUBSET_SONAME
#define HB_SUBSET_SONAME "libharfbuzz-subset.so.0"
#endif

/* The CJK faces tried before fontconfig, each when it holds the
 * character: Droid Sans Fallback (fonts-droid-fallback: Apache-2.0, 3.4 to
 * 4 MB, Han, kana and Hangul), the face fontconfig chose in the end anyway
 * (it ranks AR PL UMing first, which is Light and passed over below), but
 * without loading fontconfig's configuration: that alone was half of what
 * a CJK name added to a sheet (29 M of 53 M instructions).  AR PL UMing
 * (fonts-arphic-uming, 21 MB) is the last resort, after fontconfig. */
static const char *const cjk_paths[] = {
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
	"/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf",
	"/usr/share/fonts/truetype/arphic/uming.ttc",
};

#define FC_FUNCS(X) \
	X(FcInitLoadConfigAndFonts) X(FcPatternCreate) X(FcPatternDestroy) \
	X(FcPatternAddString) X(FcPatternAddInteger) X(FcPatternAddCharSet) \
	X(FcPatternGetString) X(FcPatternGetInteger) X(FcPatternGetCharSet) \
	X(FcCharSetCreate) X(FcCharSetAddChar) X(FcCharSetHasChar) X(FcCharSetCopy) \
	X(FcCharSetDestroy) X(FcConfigSubstitute) X(FcDefaultSubstitute) X(FcFontSort) \
	X(FcFontSetDestroy) X(FcConfigDestroy) X(FcFini)
#define FRIBIDI_FUNCS(X) \
	X(fribidi_charset_to_unicode) X(fribidi_unicode_to_charset) X(fribidi_log2vis)
#define HB_FUNCS(X) \
	X(hb_blob_create_from_file_or_fail) X(hb_blob_destroy) X(hb_blob_get_data) \
	X(hb_face_create) X(hb_face_destroy) X(hb_face_reference_blob) X(hb_set_add) \
	X(hb_subset_input_create_or_fail) X(hb_subset_input_destroy) \
	X(hb_subset_input_unicode_set) X(hb_subset_or_fail) \
	X(hb_font_create) X(hb_font_destroy) X(hb_font_get_nominal_glyph)

#define SLOT(f) __typeof__(f) *f;
static struct { FC_FUNCS(SLOT) } fc;
static struct { FRIBIDI_FUNCS(SLOT) } fb;
static struct { HB_FUNCS(SLOT) } hb;
#undef SLOT
#define NAME(f) #f,

/* Bind n functions of soname into table (an array of n pointers) once;
 * *state is 0 untried, 1 bound, -1 missing.  A missing library is no
 * error here (see sheet_text.h). */
static int
bind_once(int *state, const char *soname, const char *package, const char *const *names, void *table, int n)
{
	if (*state == 0) {
		struct diag d = {0};
		void **slots = xcalloc((size_t)n, sizeof *slots);
		*state = dynlib_bind(soname, package, "score sheets", names, slots, n, &d) == ST_OK ? 1 : -1;
		if (*state == 1)
			memcpy(table, slots, (size_t)n * sizeof *slots);
		free(slots);
		diag_clear(&d);
	}
	return *state == 1;
}

static int
bind_fc(void)
{
	static int state;
	static const char *const names[] = { FC_FUNCS(NAME) };
	return bind_once(&state, FC_SONAME, "libfontconfig1", names, &fc, (int)ARRAY_LEN(names));
}

static int
bind_fribidi(void)
{
	static int state;
	static const char *const names[] = { FRIBIDI_FUNCS(NAME) };
	return bind_once(&state, FRIBIDI_SONAME, "libfribidi0", names, &fb, (int)ARRAY_LEN(names));
}

static int
bind_hb(void)
{
	static int state;
	static const char *const names[] = { HB_FUNCS(NAME) };
	return bind_once(&state, HB_SUBSET_SONAME, "libharfbuzz-subset0", names, &hb, (int)ARRAY_LEN(names));
}
#undef NAME

/* The faces found so far, each with what fontconfig says it covers (NULL
 * for a fixed path) and the weight it was found for; kept for the process. */
struct found {
	struct sheet_face face;
	FcCharSet *cover;
	int bold;
};
static struct found **found;  /* each its own allocation: faces handed out stay put */
static size_t nfound;

static const struct sheet_face *
keep(const char *path, int index, FcCharSet *cover, int bold)
{
	for (size_t i = 0; i < nfound; i++)
		if (strcmp(found[i]->face.path, path) == 0 && found[i]->face.index == index && found[i]->bold == bold)
			return &found[i]->face;
	found = xrealloc(found, (nfound + 1) * sizeof *found);
	found[nfound] = xmalloc(sizeof **found);
	*found[nfound] = (struct found){ { xstrdup(path), index }, cover ? fc.FcCharSetCopy(cover) : NULL, bold };
	return &found[nfound++]->face;
}

static int
readable(const char *path)
{
	return access(path, R_OK) == 0;
}

static FcConfig *cfg;

/* At exit: what fontconfig holds, so that leak checkers see none (its
 * configuration parser keeps blocks only FcFini frees). */
static void
fc_done(void)
{
	for (size_t i = 0; i < nfound; i++)
		if (found[i]->cover) {
			fc.FcCharSetDestroy(found[i]->cover);
			found[i]->cover = NULL;
		}
	fc.FcConfigDestroy(cfg);
	cfg = NULL;
	fc.FcFini();
}

/* fontconfig's best TrueType face for DejaVu Sans that covers cp. */
static const struct sheet_face *
fc_face(unsigned cp, int bold)
{
	if (!bind_fc())
		return NULL;
	/* a face found before that covers cp: one query per script, not per
	 * character */
	for (size_t i = 0; i < nfound; i++)
		if (found[i]->cover && found[i]->bold == bold && fc.FcCharSetHasChar(found[i]->cover, cp))
			return &found[i]->face;
	if (cfg == NULL) {
		if ((cfg = fc.FcInitLoadConfigAndFonts()) == NULL)
			return NULL;
		atexit(fc_done);
	}
	FcPattern *p = fc.FcPatternCreate();
	FcCharSet *want = fc.FcCharSetCreate();
	const struct sheet_face *face = NULL;
	if (p == NULL || want == NULL)
		goto out;
	fc.FcCharSetAddChar(want, cp);
	fc.FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)"DejaVu Sans");
	fc.FcPatternAddInteger(p, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
	fc.FcPatternAddCharSet(p, FC_CHARSET, want);
	fc.FcConfigSubstitute(cfg, p, FcMatchPattern);
	fc.FcDefaultSubstitute(p);
	FcResult res;
	FcFontSet *set = fc.FcFontSort(cfg, p, FcFalse, NULL, &res);
	/* the best that covers cp, passing over a face lighter than regular
	 * (AR PL UMing is Light, beside DejaVu's regular and bold names)
	 * while a later one is regular or heavier (Droid Sans Fallback);
	 * a light one only when there is nothing else */
	int light = -1;
	for (int i = 0; set && i < set->nfont && face == NULL; i++) {
		FcPattern *f = set->fonts[i];
		FcChar8 *file = NULL, *format = NULL;
		FcCharSet *cover = NULL;
		int index = 0, weight = FC_WEIGHT_REGULAR;
		if (fc.FcPatternGetCharSet(f, FC_CHARSET, 0, &cover) != FcResultMatch ||
		    !fc.FcCharSetHasChar(cover, cp) ||
		    fc.FcPatternGetString(f, FC_FILE, 0, &file) != FcResultMatch ||
		    /* libharu reads glyf outlines only, not CFF */
		    fc.FcPatternGetString(f, FC_FONTFORMAT, 0, &format) != FcResultMatch ||
		    strcmp((const char *)format, "TrueType") != 0 || !readable((const char *)file))
			continue;
		fc.FcPatternGetInteger(f, FC_WEIGHT, 0, &weight);
		if (weight < FC_WEIGHT_REGULAR) {
			if (light < 0)
				light = i;
			continue;
		}
		fc.FcPatternGetInteger(f, FC_INDEX, 0, &index);
		face = keep((const char *)file, index, cover, bold);
	}
	if (face == NULL && light >= 0) {
		FcPattern *f = set->fonts[light];
		FcChar8 *file = NULL;
		FcCharSet *cover = NULL;
		int index = 0;
		fc.FcPatternGetCharSet(f, FC_CHARSET, 0, &cover);
		fc.FcPatternGetString(f, FC_FILE, 0, &file);
		fc.FcPatternGetInteger(f, FC_INDEX, 0, &index);
		face = keep((const char *)file, index, cover, bold);
	}
	if (set)
		fc.FcFontSetDestroy(set);
out:
	if (want)
		fc.FcCharSetDestroy(want);
	if (p)
		fc.FcPatternDestroy(p);
	return face;
}

/* The fixed CJK paths' faces, opened by HarfBuzz once each to read their
 * character maps (NULL: missing or unreadable); freed at exit. */
static hb_font_t *fixed_font[ARRAY_LEN(cjk_paths)];
static int fixed_tried[ARRAY_LEN(cjk_paths)];

static void
fixed_done(void)
{
	for (size_t i = 0; i < ARRAY_LEN(cjk_paths); i++)
		if (fixed_font[i]) {
			hb.hb_font_destroy(fixed_font[i]);
			fixed_font[i] = NULL;
		}
}

/* The first of the fixed CJK paths up to (not with) the last, AR PL UMing,
 * whose character map holds cp; NULL when none does or HarfBuzz is
 * missing (fontconfig is asked next). */
static const struct sheet_face *
fixed_face(unsigned cp)
{
	if (!bind_hb())
		return NULL;
	for (size_t i = 0; i + 1 < ARRAY_LEN(cjk_paths); i++) {
		if (!fixed_tried[i]) {
			fixed_tried[i] = 1;
			hb_blob_t *blob = readable(cjk_paths[i]) ? hb.hb_blob_create_from_file_or_fail(cjk_paths[i]) : NULL;
			if (blob) {
				hb_face_t *face = hb.hb_face_create(blob, 0);
				fixed_font[i] = hb.hb_font_create(face);
				hb.hb_face_destroy(face);
				hb.hb_blob_destroy(blob);
				static int once;
				if (!once++)
					atexit(fixed_done);
			}
		}
		hb_codepoint_t glyph;
		if (fixed_font[i] && hb.hb_font_get_nominal_glyph(fixed_font[i], cp, &glyph))
			return keep(cjk_paths[i], 0, NULL, 0);
	}
	return NULL;
}

const struct sheet_face *
sheet_text_face(unsigned cp, int bold)
{
	int cjk = cp >= 0x2e80;
	const char *env = getenv("TALLY_CJK_FONT");
	const struct sheet_face *f;
	/* the file asked for is used as given: a bad one is an error the user
	 * sees (66), never passed over */
	if (cjk && env && *env)
		return keep(env, 0, NULL, 0);
	if (cjk && (f = fixed_face(cp)) != NULL)
		return f;
	if ((f = fc_face(cp, bold)) != NULL)
		return f;
	for (size_t i = 0; cjk && i < ARRAY_LEN(cjk_paths); i++)
		if (readable(cjk_paths[i]))
			return keep(cjk_paths[i], 0, NULL, 0);
	return NULL;
}

/* Hebrew, Syriac, Arabic, Thaana, NKo and the like, and their
 * presentation forms: the characters that make FriBidi worth loading. */
static int
has_rtl(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned c;
		int n = utf8_decode(p, &c);
		if (n == 0)
			continue;
		if ((c >= 0x590 && c <= 0x8ff) || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff) ||
		    (c >= 0x10800 && c <= 0x10fff) || (c >= 0x1e800 && c <= 0x1efff) || c == 0x200f || c == 0x202b ||
		    c == 0x202e || c == 0x2067)
			return 1;
		p += n - 1;
	}
	return 0;
}

static char *bidi(const char *s);

static int
deva_consonant(unsigned c)
{
	return (c >= 0x915 && c <= 0x939) || (c >= 0x958 && c <= 0x95f);
}

/*
 * Devanagari's vowel sign I (U+093F) is written before the consonant
 * cluster it follows in memory (The Unicode Standard, section 12.1,
 * "Devanagari", Dependent Vowel Signs).  libharu draws glyphs in the order
 * given, with no shaping engine to move it, so move it here: before the
 * consonant and any consonant + virama (U+094D) pairs ahead of it.  The
 * conjunct forms themselves still need shaping (see README).
 */
static char *
prebase_first(const char *s)
{
	size_t len = strlen(s), n = 0;
	unsigned *cp = xcalloc(len + 1, sizeof *cp);
	int any = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int k = utf8_decode(p, &cp[n]);
		if (k == 0) {
			free(cp);
			return xstrdup(s);
		}
		any |= cp[n] == 0x93f;
		n++;
		p += k;
	}
	if (any)
		for (size_t i = 1; i < n; i++) {
			if (cp[i] != 0x93f || !deva_consonant(cp[i - 1]))
				continue;
			size_t j = i - 1;
			while (j >= 2 && cp[j - 1] == 0x94d && deva_consonant(cp[j - 2]))
				j -= 2;
			memmove(cp + j + 1, cp + j, (i - j) * sizeof *cp);
			cp[j] = 0x93f;
		}
	char *out = xcalloc(4 * n + 1, 1), *o = out;
	for (size_t i = 0; i < n; i++) {
		unsigned c = cp[i];
		if (c < 0x80)
			*o++ = (char)c;
		else if (c < 0x800) {
			*o++ = (char)(0xc0 | (c >> 6));
			*o++ = (char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			*o++ = (char)(0xe0 | (c >> 12));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		} else {
			*o++ = (char)(0xf0 | (c >> 18));
			*o++ = (char)(0x80 | ((c >> 12) & 0x3f));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		}
	}
	free(cp);
	return out;
}

char *
sheet_text_visual(const char *in)
{
	char *s = strstr(in, "\xe0\xa4\xbf") ? prebase_first(in) : xstrdup(in);
	char *out = bidi(s);
	free(s);
	return out;
}

/* FriBidi's visual order of s (a heap string). */
static char *
bidi(const char *s)
{
	size_t len = strlen(s);
	if (!has_rtl(s) || len > 4096 || !bind_fribidi())
		return xstrdup(s);
	FriBidiChar *logical = xcalloc(len + 1, sizeof *logical);
	FriBidiChar *visual = xcalloc(len + 1, sizeof *visual);
	FriBidiStrIndex n = fb.fribidi_charset_to_unicode(FRIBIDI_CHAR_SET_UTF8, s, (FriBidiStrIndex)len, logical);
	FriBidiParType dir = FRIBIDI_PAR_ON;
	char *out;
	/* log2vis shapes Arabic (joining and the lam-alef ligatures) as it
	 * reorders: FRIBIDI_FLAGS_DEFAULT | FRIBIDI_FLAGS_ARABIC */
	if (fb.fribidi_log2vis(logical, n, &dir, visual, NULL, NULL, NULL) == 0)
		out = xstrdup(s);
	else {
		/* at most 4 bytes a character */
		out = xcalloc((size_t)n * 4 + 1, 1);
		fb.fribidi_unicode_to_charset(FRIBIDI_CHAR_SET_UTF8, visual, n, out);
	}
	free(logical);
	free(visual);
	return out;
}

/* Does path start as a TrueType font or collection does (OpenType's
 * sfntVersion 0x00010000 or 'true', or 'ttcf')?  Anything else is left
 * to libharu, whose error names the file (66): HarfBuzz would only fail
 * on it, and leaks a message doing so. */
static int
looks_truetype(const char *path)
{
	unsigned char m[4] = { 0 };
	FILE *fp = fopen(path, "rb");
	size_t got = fp ? fread(m, 1, 4, fp) : 0;
	if (fp)
		fclose(fp);
	return got == 4 && (memcmp(m, "\0\1\0\0", 4) == 0 || memcmp(m, "true", 4) == 0 || memcmp(m, "ttcf", 4) == 0);
}

char *
sheet_text_subset(const struct sheet_face *f, const unsigned *cps, size_t n)
{
	if (!looks_truetype(f->path) || !bind_hb())
		return NULL;
	hb_blob_t *blob = hb.hb_blob_create_from_file_or_fail(f->path);
	if (blob == NULL)
		return NULL;
	hb_face_t *face = hb.hb_face_create(blob, (unsigned)f->index);
	hb_subset_input_t *in = hb.hb_subset_input_create_or_fail();
	hb_face_t *sub = NULL;
	char *path = NULL;
	if (in) {
		hb_set_t *u = hb.hb_subset_input_unicode_set(in);
		for (size_t i = 0; i < n; i++)
			hb.hb_set_add(u, cps[i]);
		sub = hb.hb_subset_or_fail(face, in);
	}
	if (sub) {
		hb_blob_t *out = hb.hb_face_reference_blob(sub);
		unsigned size = 0;
		const char *data = hb.hb_blob_get_data(out, &size);
		const char *dir = getenv("TMPDIR");
		/* named as afile's temporaries are, so a killed tally's is
		 * pruned by the next one */
		path = xasprintf("%s/.tally-font.tmp-XXXXXX", dir && *dir ? dir : "/tmp");
		afile_prune(path);
		int fd = mkstemp(path);
		FILE *w = fd < 0 ? NULL : fdopen(fd, "wb");
		if (w == NULL && fd >= 0)
			close(fd);
		int ok = w != NULL && size > 0 && fwrite(data, 1, size, w) == size;
		if (w != NULL && fclose(w) != 0)
			ok = 0;
		if (!ok) {
			if (fd >= 0)
				unlink(path);
			free(path);
			path = NULL;
		}
		hb.hb_blob_destroy(out);
		hb.hb_face_destroy(sub);
	}
	if (in)
		hb.hb_subset_input_destroy(in);
	hb.hb_face_destroy(face);
	hb.hb_blob_destroy(blob);
	return path;
}
