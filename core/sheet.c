/* sheet.c: PDF score sheets with libharu (see sheet.h). */
#define _GNU_SOURCE
#include "sheet.h"

#include <errno.h>
#include <hpdf.h>
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afile.h"
#include "util.h"

#ifndef TEMPLATEDIR
#define TEMPLATEDIR "/usr/local/share/tally/templates"
#endif
#define FONT_DIR "/usr/share/fonts/truetype/dejavu/"
#define CJK_FONT "/usr/share/fonts/truetype/arphic/uming.ttc"

static char *
exe_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	char *slash = strrchr(buf, '/');
	if (slash == NULL)
		return NULL;
	*slash = '\0';
	return xstrdup(buf);
}

static FILE *
open_template(const char *name, char **where)
{
	char *dirs[4] = { NULL, NULL, NULL, NULL };
	char *exe = exe_dir();
	const char *env = getenv("TALLY_TEMPLATES");
	FILE *f = NULL;
	int nd = 0;

	if (env && *env)
		dirs[nd++] = xstrdup(env);
	if (exe) {
		dirs[nd++] = xasprintf("%s/templates", exe);
		dirs[nd++] = xasprintf("%s/../share/tally/templates", exe);
	}
	dirs[nd++] = xstrdup(TEMPLATEDIR);
	for (int i = 0; i < nd && f == NULL; i++) {
		char *p = xasprintf("%s/%s.sheet", dirs[i], name);
		f = fopen(p, "r");
		if (f)
			*where = p;
		else
			free(p);
	}
	for (int i = 0; i < nd; i++)
		free(dirs[i]);
	free(exe);
	return f;
}

static char *
trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

enum status
sheet_template_load(const char *name, struct sheet_template *t, struct diag *d)
{
	char *path = NULL, *line = NULL;
	size_t cap = 0;
	int lineno = 0;
	struct strbuf footer = {0};
	FILE *f = open_template(name, &path);

	memset(t, 0, sizeof *t);
	if (f == NULL)
		return diag_set(d, ST_NOINPUT, NULL, name, "template",
		    "no score-sheet template '%s.sheet' (looked in $TALLY_TEMPLATES, ./templates and %s)",
		    name, TEMPLATEDIR);
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		char *s = trim(line);
		if (*s == '\0' || *s == '#')
			continue;
		char *eq = strchr(s, '=');
		if (eq == NULL) {
			enum status st = diag_set(d, ST_USAGE, NULL, path, "template",
			    "%s:%d: expected 'key = value'", path, lineno);
			free(line);
			free(path);
			fclose(f);
			sb_free(&footer);
			sheet_template_free(t);
			return st;
		}
		*eq = '\0';
		char *key = trim(s), *val = trim(eq + 1);
		if (strcmp(key, "title") == 0) {
			free(t->title);
			t->title = xstrdup(val);
		} else if (strcmp(key, "row_label") == 0) {
			free(t->row_label);
			t->row_label = xstrdup(val);
		} else if (strcmp(key, "box") == 0) {
			free(t->box_label);
			t->box_label = xstrdup(val);
		} else if (strcmp(key, "notes") == 0) {
			free(t->note_label);
			t->note_label = xstrdup(val);
		} else if (strcmp(key, "box_marks") == 0) {
			t->box_marks = atoi(val);
		} else if (strcmp(key, "footer") == 0) {
			if (footer.len)
				sb_addc(&footer, '\n');
			sb_add(&footer, val);
		}
	}
	free(line);
	free(path);
	fclose(f);
	t->footer = footer.len ? sb_take(&footer) : NULL;
	sb_free(&footer);
	if (t->title == NULL)
		t->title = xstrdup(name);
	/* Only one %d may appear in the row label; anything else is dropped. */
	if (t->row_label == NULL || strstr(t->row_label, "%d") == NULL ||
	    strchr(strstr(t->row_label, "%d") + 1, '%') != NULL ||
	    strchr(t->row_label, '%') != strstr(t->row_label, "%d")) {
		free(t->row_label);
		t->row_label = xstrdup("%d");
	}
	return ST_OK;
}

void
sheet_template_free(struct sheet_template *t)
{
	free(t->title);
	free(t->row_label);
	free(t->box_label);
	free(t->note_label);
	free(t->footer);
	memset(t, 0, sizeof *t);
}

/* libharu reports errors through this handler; it jumps back to render.
 * loading names the font file being read, so that its errors are the
 * font's (66), not the program's. */
struct render_ctx {
	jmp_buf jb;
	unsigned long error, detail;
	const char *loading;
};

static void
on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	struct render_ctx *c = user;
	c->error = (unsigned long)error_no;
	c->detail = (unsigned long)detail_no;
	longjmp(c->jb, 1);
}

/*
 * The fonts of one document.  DejaVu Sans has Latin, Greek, Cyrillic and the
 * suit symbols but no CJK; runs of CJK characters are drawn in AR PL UMing
 * (fonts-arphic-uming), loaded only when a sheet first needs it.
 */
struct fontset {
	HPDF_Doc pdf;
	struct render_ctx *ctx;
	HPDF_Font regular, bold, fallback;
	char *fallback_path;
	int fallback_tried;
	/* Heap memory a drawing function holds while libharu may jump out of
	 * it: doc_free releases whatever is still here. */
	void *held[8];
	unsigned char *used[3];   /* per font: a bit per BMP code point drawn */
};
enum { REGULAR = 0, BOLD = 1 };

/*
 * One PDF being drawn: libharu's document, where its errors jump to, and
 * the fonts.  doc_open finds the fonts and checks the output can be
 * created; the caller then does setjmp(doc.ctx.jb) (a jump target must live
 * in the drawing function's frame), returning doc_failed(...) when it comes
 * back, and calls doc_start before drawing and doc_save at the end.
 */
struct pdf_doc {
	struct render_ctx ctx;
	HPDF_Doc pdf;
	char *regular, *bold, *fallback;  /* font files */
	struct fontset fonts;
	struct afile out;                 /* the file being written */
	unsigned char *bytes;             /* the finished PDF */
};

/* Keep p in a free slot of fs->held until unhold(); returns p. */
static void *
hold(struct fontset *fs, void *p)
{
	for (size_t i = 0; i < ARRAY_LEN(fs->held); i++)
		if (fs->held[i] == NULL) {
			fs->held[i] = p;
			return p;
		}
	abort();  /* more than ARRAY_LEN(held) at once: a bug */
}

/* Free p, held by hold(). */
static void
unhold(struct fontset *fs, void *p)
{
	for (size_t i = 0; i < ARRAY_LEN(fs->held); i++)
		if (fs->held[i] == p)
			fs->held[i] = NULL;
	free(p);
}

static void
doc_free(struct pdf_doc *doc)
{
	if (doc->pdf)
		HPDF_Free(doc->pdf);
	for (size_t i = 0; i < ARRAY_LEN(doc->fonts.held); i++)
		free(doc->fonts.held[i]);
	memset(doc->fonts.held, 0, sizeof doc->fonts.held);
	for (int i = 0; i < 3; i++) {
		free(doc->fonts.used[i]);
		doc->fonts.used[i] = NULL;
	}
	free(doc->regular);
	free(doc->bold);
	free(doc->fallback);
	free(doc->bytes);
	afile_abort(&doc->out);   /* nothing when it was committed */
	doc->regular = doc->bold = doc->fallback = NULL;
	doc->bytes = NULL;
	doc->pdf = NULL;
}

/* ST_NOINPUT when DejaVu Sans is missing, ST_CANTCREAT when path cannot be
 * created, ST_INTERNAL when libharu cannot start; nothing to free then. */
static enum status
doc_open(struct pdf_doc *doc, const char *path, struct diag *d)
{
	const char *fontdir = getenv("TALLY_FONT_DIR");
	const char *cjk = getenv("TALLY_CJK_FONT");
	FILE *probe;
	enum status rc;

	memset(doc, 0, sizeof *doc);
	if (fontdir == NULL || *fontdir == '\0')
		fontdir = FONT_DIR;
	doc->regular = xasprintf("%s/DejaVuSans.ttf", fontdir);
	doc->bold = xasprintf("%s/DejaVuSans-Bold.ttf", fontdir);
	doc->fallback = xstrdup(cjk && *cjk ? cjk : CJK_FONT);
	if ((probe = fopen(doc->regular, "rb")) == NULL || fclose(probe) != 0 ||
	    (probe = fopen(doc->bold, "rb")) == NULL || fclose(probe) != 0) {
		rc = diag_set(d, ST_NOINPUT, NULL, doc->regular, "font",
		    "font %s not found; install it with: apt-get install fonts-dejavu-core", doc->regular);
		doc_free(doc);
		return rc;
	}
	/* Check the output can be created before drawing anything; the old
	 * file stays as it is until the new one is written whole. */
	if ((rc = afile_open(&doc->out, path, d)) != ST_OK) {
		doc_free(doc);
		return rc;
	}
	if ((doc->pdf = HPDF_New(on_error, &doc->ctx)) == NULL) {
		doc_free(doc);
		return diag_set(d, ST_INTERNAL, NULL, NULL, "sheet", "internal error: libharu could not start");
	}
	return ST_OK;
}

/* After a libharu error: frees the document (the old file at path is
 * left as it was) and says what went wrong.  A font that libharu cannot
 * read is the font's fault (66); a file error, named by the error or its
 * detail, is the output's (73); anything else is ours (70). */
static enum status
doc_failed(struct pdf_doc *doc, const char *path, struct diag *d)
{
	unsigned long error = doc->ctx.error, detail = doc->ctx.detail;
	char *font = doc->ctx.loading ? xstrdup(doc->ctx.loading) : NULL;
	enum status r;
	int file_error = error == HPDF_FILE_IO_ERROR || error == HPDF_FILE_OPEN_ERROR ||
	    detail == HPDF_FILE_IO_ERROR || detail == HPDF_FILE_OPEN_ERROR;
	doc_free(doc);
	if (font)
		r = diag_set(d, ST_NOINPUT, NULL, font, "font",
		    "font %s cannot be used (libharu error 0x%04lx, detail %lu); check TALLY_CJK_FONT,"
		    " TALLY_FONT_DIR, or install fonts-dejavu-core and fonts-arphic-uming", font, error, detail);
	else if (file_error)
		r = diag_set(d, ST_CANTCREAT, NULL, path, "sheet", "cannot write %s (libharu error 0x%04lx, detail %lu)",
		    path, error, detail);
	else
		r = diag_set(d, ST_INTERNAL, NULL, NULL, "sheet",
		    "internal error: libharu error 0x%04lx (detail %lu) drawing %s", error, detail, path);
	free(font);
	return r;
}

/* UTF-8 text, compression, the document's title, and the two DejaVu faces. */
static void
doc_start(struct pdf_doc *doc, const char *title)
{
	HPDF_SetCompressionMode(doc->pdf, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(doc->pdf);
	HPDF_SetCurrentEncoder(doc->pdf, "UTF-8");
	HPDF_SetInfoAttr(doc->pdf, HPDF_INFO_CREATOR, "tally");
	if (title)
		HPDF_SetInfoAttr(doc->pdf, HPDF_INFO_TITLE, title);
	doc->fonts.pdf = doc->pdf;
	doc->fonts.ctx = &doc->ctx;
	doc->fonts.fallback_path = doc->fallback;
	doc->ctx.loading = doc->regular;
	doc->fonts.regular = HPDF_GetFont(doc->pdf, HPDF_LoadTTFontFromFile(doc->pdf, doc->regular, HPDF_TRUE), "UTF-8");
	doc->ctx.loading = doc->bold;
	doc->fonts.bold = HPDF_GetFont(doc->pdf, HPDF_LoadTTFontFromFile(doc->pdf, doc->bold, HPDF_TRUE), "UTF-8");
	doc->ctx.loading = NULL;
}

static void fonts_finish(struct fontset *fs);

/* Finishes the PDF in memory (a libharu error jumps back like any other),
 * writes it whole through afile and frees the document.  ST_CANTCREAT
 * when the file cannot be written; the old one is then untouched. */
static enum status
doc_save(struct pdf_doc *doc, struct diag *d)
{
	fonts_finish(&doc->fonts);
	HPDF_SaveToStream(doc->pdf);
	HPDF_UINT32 size = HPDF_GetStreamSize(doc->pdf), got = size;
	doc->bytes = xmalloc(size ? size : 1);
	if (size)
		HPDF_ReadFromStream(doc->pdf, doc->bytes, &got);
	fwrite(doc->bytes, 1, got, doc->out.f);
	enum status r = afile_commit(&doc->out, d);
	doc_free(doc);
	return r;
}

/* Length of the UTF-8 sequence starting at p (1 for a stray byte). */
static size_t
seq_len(const unsigned char *p)
{
	size_t n = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 1;
	for (size_t i = 1; i < n; i++)
		if (p[i] == '\0')
			return i;
	return n;
}

/* Does the character at p lie beyond DejaVu Sans (U+2E80 and up: CJK)? */
static int
is_far_east(const unsigned char *p)
{
	return *p >= 0xe3 || (*p == 0xe2 && p[1] >= 0xba);
}

static HPDF_Font
font_for(struct fontset *fs, int bold, int far_east)
{
	if (far_east) {
		if (!fs->fallback_tried) {
			FILE *f = fopen(fs->fallback_path, "rb");
			fs->fallback_tried = 1;
			if (f != NULL) {
				fclose(f);
				size_t l = strlen(fs->fallback_path);
				fs->ctx->loading = fs->fallback_path;
				const char *name = l > 4 && strcmp(fs->fallback_path + l - 4, ".ttc") == 0
				    ? HPDF_LoadTTFontFromFile2(fs->pdf, fs->fallback_path, 0, HPDF_TRUE)
				    : HPDF_LoadTTFontFromFile(fs->pdf, fs->fallback_path, HPDF_TRUE);
				fs->fallback = HPDF_GetFont(fs->pdf, name, "UTF-8");
				fs->ctx->loading = NULL;
			}
		}
		if (fs->fallback)
			return fs->fallback;
	}
	return bold ? fs->bold : fs->regular;
}

/*
 * Load the CJK font now if s needs it.  font_for loads it lazily, and a
 * font libharu cannot read jumps out of whatever is drawing; the sheet and
 * the report call this for every string of their spec first, so that jump
 * comes before they hold any memory of their own.
 */
static void
preload(struct fontset *fs, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p && !fs->fallback_tried; p += seq_len(p))
		if (is_far_east(p))
			font_for(fs, 0, 1);
}

static void
preload_all(struct fontset *fs, char *const *v, size_t n)
{
	for (size_t i = 0; v && i < n && !fs->fallback_tried; i++)
		preload(fs, v[i]);
}

/* Decode the UTF-8 character at p (libharu's UTF-8 encoder reads the same
 * forms); 0xFFFD for anything malformed or beyond the BMP. */
static unsigned
code_point(const unsigned char *p, size_t n)
{
	if (n == 1)
		return p[0] < 0x80 ? p[0] : 0xfffd;
	if (n == 2)
		return ((p[0] & 0x1fu) << 6) | (p[1] & 0x3fu);
	if (n == 3)
		return ((p[0] & 0x0fu) << 12) | ((p[1] & 0x3fu) << 6) | (p[2] & 0x3fu);
	return 0xfffd;
}

/* Remember which code points each font draws (see fonts_finish). */
static void
mark_used(struct fontset *fs, HPDF_Font font, const char *s)
{
	int k = font == fs->regular ? 0 : font == fs->bold ? 1 : 2;
	if (fs->used[k] == NULL)
		fs->used[k] = xcalloc(65536 / 8, 1);
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = seq_len(p);
		unsigned c = code_point(p, n);
		fs->used[k][c >> 3] |= (unsigned char)(1u << (c & 7));
		p += n;
	}
}

static int
is_used(const unsigned char *used, unsigned c)
{
	return (used[c >> 3] >> (c & 7)) & 1;
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
 * So we keep the UTF-8 encoder (the text codes are Unicode code points,
 * CID = code point) and, just before saving, rewrite through libharu's own
 * object API the three things it wrote for the whole BMP, for the code
 * points this document actually drew: a valid ToUnicode (bfchar, identity),
 * a /W array and a CIDToGIDMap that stops at the highest code used.
 */
static void
font_finish(HPDF_Font font, const unsigned char *used)
{
	HPDF_FontAttr attr = font ? (HPDF_FontAttr)font->attr : NULL;
	if (attr == NULL || used == NULL || attr->descendant_font == NULL)
		return;
	HPDF_FontDef def = attr->fontdef;
	HPDF_Dict desc = attr->descendant_font;
	unsigned max = 0, n = 0;
	for (unsigned c = 0; c < 65536; c++)
		if (is_used(used, c)) {
			max = c;
			n++;
		}

	/* /W: [c [w w ...] ...] for runs of consecutive codes */
	HPDF_Array w = HPDF_Array_New(desc->mmgr), run = NULL;
	for (unsigned c = 0; c <= max; c++) {
		if (!is_used(used, c)) {
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
			HPDF_UINT16 gid = is_used(used, c) ? HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)c) : 0;
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
			if (!is_used(used, c))
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

static void
fonts_finish(struct fontset *fs)
{
	font_finish(fs->regular, fs->used[0]);
	font_finish(fs->bold, fs->used[1]);
	font_finish(fs->fallback, fs->used[2]);
}

/*
 * Walk s in runs of characters that one font draws, and return the total
 * width; draw 1 draws each run from x along the baseline y, draw 2 turned
 * a quarter left (reading upwards) from y along the baseline x.
 */
static float
runs(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float y,
    const char *s, int draw)
{
	const unsigned char *p = (const unsigned char *)s;
	float w = 0;
	while (*p) {
		int fe = is_far_east(p);
		const unsigned char *q = p;
		while (*q && is_far_east(q) == fe)
			q += seq_len(q);
		char *run = hold(fs, xstrndup((const char *)p, (size_t)(q - p)));
		HPDF_Page_SetFontAndSize(page, font_for(fs, bold, fe), size);
		float rw = HPDF_Page_TextWidth(page, run);
		if (draw) {
			HPDF_Page_BeginText(page);
			HPDF_Page_SetFontAndSize(page, font_for(fs, bold, fe), size);
			if (draw == 2) {   /* turned a quarter left: reading upwards */
				HPDF_Page_SetTextMatrix(page, 0, 1, -1, 0, x, y + w);
				HPDF_Page_ShowText(page, run);
			} else
				HPDF_Page_TextOut(page, x + w, y, run);
			mark_used(fs, font_for(fs, bold, fe), run);
			HPDF_Page_EndText(page);
		}
		unhold(fs, run);
		w += rw;
		p = q;
	}
	return w;
}

static void
text_at(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float y, const char *s)
{
	runs(page, fs, bold, size, x, y, s, 1);
}

static float
text_width(HPDF_Page page, struct fontset *fs, int bold, float size, const char *s)
{
	return runs(page, fs, bold, size, 0, 0, s, 0);
}

/*
 * Split text into lines no wider than w (font size size): at '\n', at
 * spaces, and inside a word only when the word alone is wider than w, so
 * nothing is ever cut.  Returns the number of lines; *out is a heap array
 * of heap strings (free with free_lines).
 */
static int
split_lines(HPDF_Page page, struct fontset *fs, int bold, float size, float w, const char *text,
    char ***out)
{
	int n = 0, cap = 4;
	char **v = xcalloc((size_t)cap, sizeof *v);
	char *copy = xstrdup(text ? text : "");
	char *saveline = NULL;
	for (char *para = strtok_r(copy, "\n", &saveline); para; para = strtok_r(NULL, "\n", &saveline)) {
		struct strbuf cur = {0};
		char *save = NULL;
		for (char *word = strtok_r(para, " ", &save); word;) {
			struct strbuf trial = {0};
			sb_printf(&trial, "%s%s%s", cur.len ? cur.s : "", cur.len ? " " : "", word);
			if (text_width(page, fs, bold, size, trial.s) <= w) {
				sb_free(&cur);
				cur = trial;
				word = strtok_r(NULL, " ", &save);
				continue;
			}
			sb_free(&trial);
			if (n + 2 > cap)
				v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
			if (cur.len) {         /* the line is full: start the next */
				v[n++] = sb_take(&cur);
				sb_free(&cur);
				continue;
			}
			/* one word wider than the line: break it after a hyphen
			 * that fits, else between characters */
			size_t k = 0, len = strlen(word), hyphen = 0;
			while (k < len) {
				size_t step = seq_len((const unsigned char *)word + k);
				char *part = xstrndup(word, k + step);
				int fits = text_width(page, fs, bold, size, part) <= w;
				free(part);
				if (!fits && k > 0)
					break;
				k += step;
				if (word[k - 1] == '-' && k < len)
					hyphen = k;
			}
			if (k < len && hyphen > 0)
				k = hyphen;
			v[n++] = xstrndup(word, k);
			word += k;
			if (*word == '\0')
				word = strtok_r(NULL, " ", &save);
		}
		if (cur.len) {
			if (n + 1 > cap)
				v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
			v[n++] = sb_take(&cur);
		}
		sb_free(&cur);
	}
	free(copy);
	*out = v;
	return n;
}

static void
free_lines(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Draw lines from the top (y is the first baseline); returns the next. */
static float
draw_lines(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float y, char **v, int n)
{
	for (int i = 0; i < n; i++, y -= size * 1.25f)
		text_at(page, fs, bold, size, x, y, v[i]);
	return y;
}

/* The smallest type on a sheet or report, in points.  Text shrinks to it
 * and no further: names and details wrap instead, and a single line that
 * still does not fit (a long number) is drawn condensed, never cut. */
#define MIN_PT 7.0f

/* Draw s on one line within width w, shrinking the font down to MIN_PT,
 * then condensing it; centred (align 0), right- (1) or left-aligned (-1). */
static void
fit_text(HPDF_Page page, struct fontset *font, int bold, float size, float x, float y, float w,
    const char *s, int align)
{
	float tw = text_width(page, font, bold, size, s);
	while (tw > w && size > MIN_PT) {
		size = size - 0.5f < MIN_PT ? MIN_PT : size - 0.5f;
		tw = text_width(page, font, bold, size, s);
	}
	if (w < 1)
		return;
	if (tw > w && tw > 0) {
		/* libharu takes 10..300 %: narrower than a tenth is a column of
		 * a 51-player sheet, left to overrun rather than fail */
		HPDF_Page_SetHorizontalScalling(page, fmaxf(10, 100 * w / tw));
		text_at(page, font, bold, size, x, y, s);
		HPDF_Page_SetHorizontalScalling(page, 100);
		return;
	}
	float off = align == 0 ? (w - tw) / 2 : align > 0 ? w - tw : 0;
	text_at(page, font, bold, size, x + off, y, s);
}

/* The largest size from size down to MIN_PT at which s wraps into at
 * most maxlines lines of width w; *v and *n get the lines (free_lines). */
static float
fit_lines(HPDF_Page page, struct fontset *fs, int bold, float size, float w, const char *s, int maxlines,
    char ***v, int *n)
{
	for (;;) {
		*n = split_lines(page, fs, bold, size, w, s, v);
		if (*n <= maxlines || size <= MIN_PT)
			return size;
		free_lines(*v, *n);
		size = size - 0.5f < MIN_PT ? MIN_PT : size - 0.5f;
	}
}

static void
line(HPDF_Page page, float x1, float y1, float x2, float y2, float width)
{
	HPDF_Page_SetLineWidth(page, width);
	HPDF_Page_MoveTo(page, x1, y1);
	HPDF_Page_LineTo(page, x2, y2);
	HPDF_Page_Stroke(page);
}

/* Word-wrap text into lines of width w from baseline y; returns the y
 * below the last line. */
static float
wrap_text(HPDF_Page page, struct fontset *font, float size, float x, float y, float w,
    const char *text)
{
	char **v;
	int n = split_lines(page, font, REGULAR, size, w, text, &v);
	y = draw_lines(page, font, REGULAR, size, x, y, v, n);
	free_lines(v, n);
	return y;
}

/* Clamp v to lo..hi. */
static float
clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The pieces of a pad that are measured before it is drawn. */
struct pad {
	float W, m, labw, colw, ptsw, notew, notex;
	float head_h, name_pt, foot_h, grid_h, base_h;
	int turned;               /* names turned upright: columns too narrow */
	float *row_h;             /* nrows heights */
	int extra;                /* rows under the hands: total, box, out */
	char **name_v[64];
	int name_n[64];
	char **foot_v;
	int foot_n;
	float foot_pt;
};

static void
pad_free(struct pad *pd, int nplayers)
{
	for (int i = 0; i < nplayers && i < 64; i++)
		free_lines(pd->name_v[i], pd->name_n[i]);
	free_lines(pd->foot_v, pd->foot_n);
	free(pd->row_h);
}

static const char *
cell(char *const *v, const struct sheet_spec *sp, int r, int i)
{
	return v ? v[(size_t)r * (size_t)sp->nplayers + (size_t)i] : NULL;
}

#define DETAIL_PT 7.5f
#define PAD_TITLE_H 30.0f

/*
 * Measure a pad for a region height tall: the name header (names wrap to
 * two lines before they shrink, down to MIN_PT), the footer (the result,
 * the rules played and the reminder, wrapped within the margins), and the
 * rows (each at least tall enough for its wrapped detail; all grow to
 * fill what is left).  Returns the height the pad needs at its smallest
 * comfortable rows (18 pt), to decide whether two pads fit on a page.
 */
static float
pad_measure(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, float W, float height,
    float sub_h, struct pad *pd)
{
	int n = sp->nplayers > 0 ? sp->nplayers : 1;
	memset(pd, 0, sizeof *pd);
	pd->W = W;
	pd->m = 36;
	float inner = W - 2 * pd->m;
	pd->labw = text_width(page, fs, REGULAR, 10, "Total") + 12;
	for (int r = 0; r < sp->nrows; r++)
		pd->labw = fmaxf(pd->labw, text_width(page, fs, REGULAR, 10, sp->row_labels[r]) + 12);
	if (sp->box_label)
		pd->labw = fmaxf(pd->labw, text_width(page, fs, REGULAR, 10, sp->box_label) + 12);
	pd->labw = clampf(pd->labw, 56, 110);
	pd->notew = sp->note_label ? (W > 700 ? 170 : 120) : 0;
	pd->colw = (inner - pd->labw - pd->notew) / (float)n;
	pd->notex = W - pd->m - pd->notew;
	pd->ptsw = pd->colw * 0.58f;

	/* names: 12 pt down to MIN_PT, two lines before they shrink further */
	float np_pt = 12;
	int most = 1;
	for (int i = 0; i < sp->nplayers && i < 64; i++) {
		float sz = fit_lines(page, fs, BOLD, 12, pd->colw - 6, sp->names[i] ? sp->names[i] : "", 2,
		    &pd->name_v[i], &pd->name_n[i]);
		np_pt = fminf(np_pt, sz);
	}
	for (int i = 0; i < sp->nplayers && i < 64; i++) {   /* all at the smallest size used */
		free_lines(pd->name_v[i], pd->name_n[i]);
		pd->name_n[i] = split_lines(page, fs, BOLD, np_pt, pd->colw - 6, sp->names[i] ? sp->names[i] : "",
		    &pd->name_v[i]);
		most = pd->name_n[i] > most ? pd->name_n[i] : most;
	}
	pd->name_pt = np_pt;
	pd->head_h = (float)most * np_pt * 1.2f + MIN_PT + 10;
	/* A word still wider than its column would break between letters:
	 * turn the names upright instead (as pads for many players do), on
	 * lines up to 110 pt long, as many side by side as the column holds. */
	int breaks = 0;
	for (int i = 0; i < sp->nplayers && i < 64 && !breaks; i++) {
		char *copy = xstrdup(sp->names[i] ? sp->names[i] : ""), *save = NULL;
		for (char *wd = strtok_r(copy, " ", &save); wd && !breaks; wd = strtok_r(NULL, " ", &save))
			breaks = text_width(page, fs, BOLD, np_pt, wd) > pd->colw - 6;
		free(copy);
	}
	int fit = (int)((pd->colw - 2) / (MIN_PT * 1.15f));
	if (breaks && fit >= 1) {
		float sz = 10, longest = 0;
		for (;; sz -= 0.5f) {
			int ok = 1;
			fit = (int)((pd->colw - 2) / (sz * 1.15f));
			for (int i = 0; i < sp->nplayers && i < 64; i++) {
				free_lines(pd->name_v[i], pd->name_n[i]);
				pd->name_n[i] = split_lines(page, fs, BOLD, sz, 110, sp->names[i] ? sp->names[i] : "",
				    &pd->name_v[i]);
				ok &= pd->name_n[i] <= fit;
			}
			if (ok || sz <= MIN_PT)
				break;
		}
		for (int i = 0; i < sp->nplayers && i < 64; i++)
			for (int k = 0; k < pd->name_n[i]; k++)
				longest = fmaxf(longest, text_width(page, fs, BOLD, sz, pd->name_v[i][k]));
		pd->turned = 1;
		pd->name_pt = sz;
		pd->head_h = longest + 8 + MIN_PT + 10;
	}

	/* footer: the result, then the rules played and the reminder */
	struct strbuf foot = {0};
	if (sp->rules_words)
		sb_add(&foot, sp->rules_words);
	if (sp->footer)
		sb_printf(&foot, "%s%s", foot.len ? "\n" : "", sp->footer);
	pd->foot_pt = 8;
	pd->foot_n = split_lines(page, fs, REGULAR, pd->foot_pt, inner, foot.len ? foot.s : "", &pd->foot_v);
	sb_free(&foot);
	pd->foot_h = (float)pd->foot_n * pd->foot_pt * 1.25f + 6;
	if (sp->result) {
		char **v;
		const char *nl = strchr(sp->result, '\n');
		char *first = xstrndup(sp->result, nl ? (size_t)(nl - sp->result) : strlen(sp->result));
		int k = split_lines(page, fs, BOLD, 13, inner, first, &v);
		free_lines(v, k);
		free(first);
		pd->foot_h += (float)k * 13 * 1.25f + 8;
		if (nl) {
			k = split_lines(page, fs, REGULAR, 10, inner, nl + 1, &v);
			free_lines(v, k);
			pd->foot_h += (float)k * 10 * 1.25f;
		}
	}

	/* rows: what each needs, then the rest shared out */
	pd->extra = 1 + (sp->box_label ? 1 : 0) + (sp->status ? 1 : 0);
	pd->grid_h = height - PAD_TITLE_H - sub_h - pd->head_h - pd->foot_h - 16;
	pd->row_h = xcalloc((size_t)sp->nrows + 1, sizeof *pd->row_h);
	float *need = xcalloc((size_t)sp->nrows + 1, sizeof *need), fixed = 0;
	for (int r = 0; r < sp->nrows; r++) {
		need[r] = 14;
		for (int i = 0; i < sp->nplayers; i++) {
			const char *det = cell(sp->detail, sp, r, i);
			if (det == NULL)
				continue;
			char **v;
			int k = split_lines(page, fs, REGULAR, DETAIL_PT, pd->colw - 6, det, &v);
			free_lines(v, k);
			need[r] = fmaxf(need[r], 11 * 1.2f + (float)k * DETAIL_PT * 1.2f + 5);
		}
	}
	float base = pd->grid_h / (float)(sp->nrows + pd->extra);
	for (int pass = 0; pass < 8; pass++) {   /* rows taller than base keep their need */
		float tall = 0;
		int nbase = pd->extra;
		for (int r = 0; r < sp->nrows; r++)
			if (need[r] > base)
				tall += need[r];
			else
				nbase++;
		base = (pd->grid_h - tall) / (float)(nbase > 0 ? nbase : 1);
	}
	pd->base_h = clampf(base, 14, 96);
	for (int r = 0; r < sp->nrows; r++) {
		pd->row_h[r] = fmaxf(need[r], pd->base_h);
		fixed += need[r] > 18 ? need[r] : 18;
	}
	free(need);
	return PAD_TITLE_H + sub_h + pd->head_h + fixed + 18 * (float)pd->extra + pd->foot_h + 16;
}

/* Draw the pad measured in pd with its top at top. */
static void
pad_draw(HPDF_Page page, struct fontset *font, const struct sheet_spec *sp, struct pad *pd, float top)
{
	float W = pd->W, m = pd->m, y = top, labw = pd->labw, colw = pd->colw, ptsw = pd->ptsw;
	float notex = pd->notex, notew = pd->notew, base = pd->base_h;
	/* type grows with the rows */
	float pt_pts = clampf(base * 0.45f, 11, 18), pt_run = clampf(base * 0.34f, 9, 14);
	float pt_lab = clampf(base * 0.34f, 10, 13);

	text_at(page, font, BOLD, 22, m, y - 20, sp->title);
	y -= PAD_TITLE_H;
	if (sp->subtitle)
		y = wrap_text(page, font, 9, m, y - 8, W - 2 * m, sp->subtitle) + 9;
	y -= 8;
	float gtop = y, hh = pd->head_h;

	/* header: player names (wrapped), and the two sub-columns */
	HPDF_Page_SetGrayFill(page, 0.9f);
	HPDF_Page_Rectangle(page, m, y - hh, W - 2 * m, hh);
	HPDF_Page_Fill(page);
	HPDF_Page_SetGrayFill(page, 0);
	for (int i = 0; i < sp->nplayers; i++) {
		float x = m + labw + colw * (float)i, ny = y - 3 - pd->name_pt;
		if (pd->turned && i < 64) {   /* upright, reading upwards, centred side by side */
			float lead = pd->name_pt * 1.15f;
			float bx = x + (colw - lead * (float)pd->name_n[i]) / 2 + pd->name_pt * 0.9f;
			for (int k = 0; k < pd->name_n[i]; k++)
				runs(page, font, BOLD, pd->name_pt, bx + lead * (float)k, y - hh + MIN_PT + 8,
				    pd->name_v[i][k], 2);
		}
		for (int k = 0; !pd->turned && i < 64 && k < pd->name_n[i]; k++, ny -= pd->name_pt * 1.2f)
			fit_text(page, font, BOLD, pd->name_pt, x + 3, ny, colw - 6, pd->name_v[i][k], 0);
		fit_text(page, font, REGULAR, MIN_PT, x + 2, y - hh + 3, ptsw - 4, sp->sub_left ? sp->sub_left : "points", 0);
		fit_text(page, font, REGULAR, MIN_PT, x + ptsw + 2, y - hh + 3, colw - ptsw - 4,
		    sp->sub_right ? sp->sub_right : "total", 0);
	}
	if (sp->note_label)
		fit_text(page, font, BOLD, 10, notex + 3, y - hh / 2 - 3, notew - 6, sp->note_label, -1);
	y -= hh;

	for (int r = 0; r < sp->nrows; r++) {
		float rh = pd->row_h[r], cy = y - rh;
		if (r % 2 == 1) {
			HPDF_Page_SetGrayFill(page, 0.96f);
			HPDF_Page_Rectangle(page, m, cy, W - 2 * m, rh);
			HPDF_Page_Fill(page);
			HPDF_Page_SetGrayFill(page, 0);
		}
		float lab_y = cy + rh - fminf(rh / 2 + pt_lab * 0.35f, 5 + pt_lab);
		fit_text(page, font, REGULAR, pt_lab, m + 4, lab_y, labw - 8, sp->row_labels[r], -1);
		if (sp->row_notes && sp->row_notes[r])
			wrap_text(page, font, MIN_PT + 0.5f, notex + 3, cy + rh - 3 - MIN_PT, notew - 6, sp->row_notes[r]);
		for (int i = 0; i < sp->nplayers; i++) {
			/* the points | total divider, stopping above a detail line */
			float x = m + labw + colw * (float)i;
			const char *det = cell(sp->detail, sp, r, i);
			float stop = det ? cy + rh - 6 - pt_pts * 0.8f : cy;
			HPDF_Page_SetGrayStroke(page, 0.7f);
			line(page, x + ptsw, y, x + ptsw, stop, 0.3f);
			HPDF_Page_SetGrayStroke(page, 0);
		}
		for (int i = 0; sp->points && i < sp->nplayers; i++) {
			float x = m + labw + colw * (float)i;
			const char *det = cell(sp->detail, sp, r, i), *pts = cell(sp->points, sp, r, i);
			const char *run = cell(sp->running, sp, r, i);
			/* points and total on the first line, details wrapped under both */
			float py = det ? cy + rh - 3 - pt_pts * 0.8f : cy + rh / 2 - pt_pts * 0.35f;
			float psz = det ? fminf(pt_pts, 11) : pt_pts, rsz = det ? fminf(pt_run, 9) : pt_run;
			if (pts)
				fit_text(page, font, BOLD, psz, x + 2, py, ptsw - 4, pts, 0);
			if (run)
				fit_text(page, font, REGULAR, rsz, x + ptsw + 2, py, colw - ptsw - 4, run, 0);
			if (det) {
				char **v;
				int k = split_lines(page, font, REGULAR, DETAIL_PT, colw - 6, det, &v);
				float dy = py - 2 - DETAIL_PT * 1.1f;
				for (int j = 0; j < k; j++, dy -= DETAIL_PT * 1.2f)
					fit_text(page, font, REGULAR, DETAIL_PT, x + 3, dy, colw - 6, v[j], 0);
				free_lines(v, k);
			}
		}
		y = cy;
		HPDF_Page_SetGrayStroke(page, 0.6f);
		line(page, m, y, W - m, y, 0.4f);
		HPDF_Page_SetGrayStroke(page, 0);
	}

	/* totals */
	float ty = y - base;
	line(page, m, y, W - m, y, 1.2f);
	fit_text(page, font, BOLD, pt_lab, m + 4, ty + base / 2 - pt_lab * 0.35f, labw - 8, "Total", -1);
	for (int i = 0; sp->totals && i < sp->nplayers; i++)
		fit_text(page, font, BOLD, pt_pts, m + labw + colw * (float)i + 2, ty + base / 2 - pt_pts * 0.35f,
		    colw - 4, sp->totals[i], 0);
	y = ty;
	line(page, m, y, W - m, y, 1.2f);

	if (sp->box_label) {
		float by = y - base;
		fit_text(page, font, REGULAR, pt_lab, m + 4, by + base / 2 - pt_lab * 0.35f, labw - 8, sp->box_label, -1);
		for (int i = 0; i < sp->nplayers; i++) {
			float x = m + labw + colw * (float)i;
			if (sp->box) {
				fit_text(page, font, BOLD, pt_pts, x + 2, by + base / 2 - pt_pts * 0.35f, colw - 4, sp->box[i], 0);
			} else {
				for (int k = 0; k < sp->box_marks && k < 12; k++) {
					float r = base * 0.18f, gap = (colw - 8) / (float)(sp->box_marks > 0 ? sp->box_marks : 1);
					if (r > gap / 2.5f)
						r = gap / 2.5f;
					HPDF_Page_SetLineWidth(page, 0.6f);
					HPDF_Page_Circle(page, x + 4 + gap * ((float)k + 0.5f), by + base / 2, r);
					HPDF_Page_Stroke(page);
				}
			}
		}
		y = by;
		line(page, m, y, W - m, y, 0.6f);
	}
	if (sp->status) {
		float sy = y - base;
		fit_text(page, font, REGULAR, pt_lab, m + 4, sy + base / 2 - pt_lab * 0.35f, labw - 8, "Out", -1);
		for (int i = 0; i < sp->nplayers; i++)
			if (sp->status[i])
				fit_text(page, font, REGULAR, pt_run, m + labw + colw * (float)i + 2, sy + base / 2 - pt_run * 0.35f,
				    colw - 4, sp->status[i], 0);
		y = sy;
		line(page, m, y, W - m, y, 0.6f);
	}

	/* the grid's vertical lines */
	line(page, m, gtop, m, y, 1);
	line(page, W - m, gtop, W - m, y, 1);
	line(page, m, gtop, W - m, gtop, 1);
	if (sp->note_label)
		line(page, notex, gtop, notex, y, 0.8f);
	for (int i = 0; i < sp->nplayers; i++) {
		float x = m + labw + colw * (float)i;
		line(page, x, gtop, x, y, 0.8f);
		HPDF_Page_SetGrayStroke(page, 0.7f);
		line(page, x + ptsw, gtop - hh + MIN_PT + 5, x + ptsw, gtop - hh, 0.3f);
		HPDF_Page_SetGrayStroke(page, 0);
	}

	/* footer: the result, then the rules played and the reminder */
	y -= 20;
	if (sp->result) {
		const char *nl = strchr(sp->result, '\n');
		char *first = xstrndup(sp->result, nl ? (size_t)(nl - sp->result) : strlen(sp->result));
		char **v;
		int k = split_lines(page, font, BOLD, 13, W - 2 * m, first, &v);
		y = draw_lines(page, font, BOLD, 13, m, y, v, k) - 4;
		free_lines(v, k);
		free(first);
		if (nl)
			y = wrap_text(page, font, 10, m, y, W - 2 * m, nl + 1);
		y -= 4;
	}
	HPDF_Page_SetGrayFill(page, 0.25f);
	draw_lines(page, font, REGULAR, pd->foot_pt, m, y, pd->foot_v, pd->foot_n);
	HPDF_Page_SetGrayFill(page, 0);
}

enum status
sheet_render(const struct sheet_spec *sp, const char *path, struct diag *d)
{
	struct pdf_doc doc;
	struct pad pd[2];
	enum status rc;

	if ((rc = doc_open(&doc, path, d)) != ST_OK)
		return rc;
	memset(pd, 0, sizeof pd);
	if (setjmp(doc.ctx.jb)) {
		pad_free(&pd[0], sp->nplayers);
		pad_free(&pd[1], sp->nplayers);
		return doc_failed(&doc, path, d);
	}
	doc_start(&doc, sp->title);
	struct fontset *font = &doc.fonts;
	size_t cells = (size_t)sp->nrows * (size_t)(sp->nplayers > 0 ? sp->nplayers : 0);
	const char *one[] = { sp->title, sp->subtitle, sp->result, sp->footer, sp->rules_words, sp->box_label,
		sp->note_label };
	preload_all(font, (char *const *)one, ARRAY_LEN(one));
	preload_all(font, sp->names, (size_t)sp->nplayers);
	preload_all(font, sp->row_labels, (size_t)sp->nrows);
	preload_all(font, sp->row_notes, (size_t)sp->nrows);
	preload_all(font, sp->points, sp->points ? cells : 0);
	preload_all(font, sp->running, sp->running ? cells : 0);
	preload_all(font, sp->detail, sp->detail ? cells : 0);
	preload_all(font, sp->totals, sp->totals ? (size_t)sp->nplayers : 0);
	preload_all(font, sp->box, sp->box ? (size_t)sp->nplayers : 0);
	preload_all(font, sp->status, sp->status ? (size_t)sp->nplayers : 0);

	HPDF_Page page = HPDF_AddPage(doc.pdf);
	int landscape = sp->nplayers > 8;
	HPDF_Page_SetSize(page, sp->a4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER,
	    landscape ? HPDF_PAGE_LANDSCAPE : HPDF_PAGE_PORTRAIT);
	float W = HPDF_Page_GetWidth(page), H = HPDF_Page_GetHeight(page), m = 36;
	char **sv;
	int sn = split_lines(page, font, REGULAR, 9, W - 2 * m, sp->subtitle ? sp->subtitle : "", &sv);
	free_lines(sv, sn);
	float sub_h = (float)sn * 9 * 1.25f + 8;
	/* a short blank pad prints twice, cut along the middle of the page */
	float half = (H - 2 * m) / 2 - 8;
	float want = pad_measure(page, font, sp, W, half, sub_h, &pd[0]);
	if (sp->points == NULL && want <= half) {
		pad_measure(page, font, sp, W, half, sub_h, &pd[1]);
		pad_draw(page, font, sp, &pd[0], H - m);
		pad_draw(page, font, sp, &pd[1], H / 2 - 8);
		HPDF_Page_SetGrayStroke(page, 0.6f);
		HPDF_UINT16 dash[2] = { 4, 3 };
		HPDF_Page_SetDash(page, dash, 2, 0);
		line(page, m, H / 2, W - m, H / 2, 0.5f);
		HPDF_Page_SetDash(page, NULL, 0, 0);
		HPDF_Page_SetGrayStroke(page, 0);
	} else {
		pad_free(&pd[0], sp->nplayers);
		pad_measure(page, font, sp, W, H - 2 * m, sub_h, &pd[0]);
		pad_draw(page, font, sp, &pd[0], H - m);
	}
	text_at(page, font, REGULAR, MIN_PT, m, m - 16, "tally score sheet");
	pad_free(&pd[0], sp->nplayers);
	pad_free(&pd[1], sp->nplayers);
	return doc_save(&doc, d);
}

/* Colours for the chart's lines, distinct in print and on screen, and a
 * dash pattern each so lines that run together stay told apart. */
static const float palette[][3] = {
	{ 0.12f, 0.38f, 0.71f }, { 0.85f, 0.33f, 0.10f }, { 0.20f, 0.60f, 0.20f }, { 0.58f, 0.25f, 0.62f },
	{ 0.80f, 0.65f, 0.05f }, { 0.05f, 0.62f, 0.65f }, { 0.55f, 0.35f, 0.20f }, { 0.90f, 0.30f, 0.60f },
	{ 0.40f, 0.40f, 0.40f }, { 0.10f, 0.10f, 0.10f },
};
#define NPALETTE ((int)(sizeof palette / sizeof palette[0]))

static void
set_series_style(HPDF_Page page, int p)
{
	static const HPDF_UINT16 dashes[][2] = { { 0, 0 }, { 5, 2 }, { 2, 2 }, { 7, 2 }, { 1, 3 } };
	const float *c = palette[p % NPALETTE];
	int k = (p / 2) % 5;   /* neighbours differ in colour, pairs in dash */
	HPDF_Page_SetRGBStroke(page, c[0], c[1], c[2]);
	if (k == 0)
		HPDF_Page_SetDash(page, NULL, 0, 0);
	else
		HPDF_Page_SetDash(page, dashes[k], 2, 0);
}

/* A "nice" step (1, 2 or 5 times a power of ten) near span / n. */
static long
nice_step(long span, int n)
{
	long raw = span / (n > 0 ? n : 1), p = 1;
	if (raw < 1)
		return 1;
	while (p * 10 <= raw)
		p *= 10;
	return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}

/* The chart of one game at x,y (bottom left), w by h: the y axis is what
 * decides the game, labelled at its top; the x axis counts the hands,
 * labelled under its tick numbers; tick labels never overlap. */
static void
draw_chart(HPDF_Page page, struct fontset *fs, const struct report_game *g, float x, float y, float w, float h)
{
	const float ts = MIN_PT + 0.5f;
	long lo = 0, hi = 0;
	int np = g->npoints;
	for (int p = 0; p < g->nplayers; p++)
		for (int k = 0; k < np; k++) {
			long v = g->series[p * np + k];
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
	long step = nice_step(hi - lo, 4);
	lo = (lo >= 0 ? lo / step : -((-lo + step - 1) / step)) * step;
	hi = ((hi + step - 1) / step) * step;
	if (hi == lo)
		hi = lo + step;
	float left = x + 36, bottom = y + 24, cw = w - 44, ch = h - 46;
	HPDF_Page_SetGrayStroke(page, 0.5f);
	line(page, left, bottom, left + cw, bottom, 0.6f);
	line(page, left, bottom, left, bottom + ch, 0.6f);
	char buf[32];
	/* y ticks: every step, thinned so labels sit at least 1.5 lines apart */
	long every = step;
	while (ch * (float)every / (float)(hi - lo) < ts * 1.6f)
		every += step;
	for (long v = lo; v <= hi; v += every) {
		float ty = bottom + ch * (float)(v - lo) / (float)(hi - lo);
		HPDF_Page_SetGrayStroke(page, v == 0 ? 0.55f : 0.88f);
		line(page, left, ty, left + cw, ty, v == 0 ? 0.6f : 0.3f);
		snprintf(buf, sizeof buf, "%ld", v);
		fit_text(page, fs, REGULAR, ts, x, ty - ts * 0.35f, 32, buf, 1);
	}
	HPDF_Page_SetGrayStroke(page, 0);
	text_at(page, fs, BOLD, ts, left - 4, bottom + ch + 12, g->measure ? g->measure : "points");
	/* x ticks: hand numbers, as many as fit without touching */
	int hands = np - 1;
	snprintf(buf, sizeof buf, "%d", hands);
	float lw = text_width(page, fs, REGULAR, ts, buf) + 6;
	int xe = 1;
	while (hands > 0 && cw * (float)xe / (float)hands < lw)
		xe++;
	for (int k = 0; k <= hands; k += xe) {
		float px = left + cw * (float)k / (float)(hands > 0 ? hands : 1);
		snprintf(buf, sizeof buf, "%d", k);
		fit_text(page, fs, REGULAR, ts, px - 12, bottom - ts - 2, 24, buf, 0);
	}
	if (g->x_label)
		fit_text(page, fs, REGULAR, ts, left, bottom - 2 * ts - 6, cw, g->x_label, 0);
	/* the lines, each nudged a little so equal runs lie side by side */
	for (int p = 0; p < g->nplayers; p++) {
		float nudge = ((float)p - (float)(g->nplayers - 1) / 2) * 1.5f;
		set_series_style(page, p);
		HPDF_Page_SetLineWidth(page, 1.3f);
		for (int k = 0; k < np; k++) {
			float px = left + cw * (float)k / (float)(hands > 0 ? hands : 1);
			float py = bottom + nudge + ch * (float)(g->series[p * np + k] - lo) / (float)(hi - lo);
			if (k == 0)
				HPDF_Page_MoveTo(page, px, py);
			else
				HPDF_Page_LineTo(page, px, py);
		}
		HPDF_Page_Stroke(page);
	}
	HPDF_Page_SetDash(page, NULL, 0, 0);
	HPDF_Page_SetRGBStroke(page, 0, 0, 0);
}

/* One report page with the title and subtitle; returns y below them. */
static HPDF_Page
report_page(struct pdf_doc *doc, const struct report_spec *sp, float *y)
{
	HPDF_Page page = HPDF_AddPage(doc->pdf);
	HPDF_Page_SetSize(page, sp->a4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER, HPDF_PAGE_PORTRAIT);
	float W = HPDF_Page_GetWidth(page), m = 36;
	*y = HPDF_Page_GetHeight(page) - m;
	text_at(page, &doc->fonts, BOLD, 18, m, *y - 16, sp->title ? sp->title : "Night report");
	*y -= 24;
	if (sp->subtitle)
		*y = wrap_text(page, &doc->fonts, 9, m, *y - 6, W - 2 * m, sp->subtitle);
	text_at(page, &doc->fonts, REGULAR, MIN_PT, m, m - 14, "tally night report");
	*y -= 6;
	return page;
}

/* Row r of t (-1: the headings) with its top at y: drawn when draw,
 * else only measured.  Returns its height. */
static float
table_row(HPDF_Page page, struct fontset *fs, const struct report_table *t, const float *cw, float size,
    float m, float y, int r, int draw)
{
	const float pad = 4, lead = size * 1.25f;
	int nc = t->ncols, most = 1;
	float x = m, tw = 0;
	for (int c = 0; c < nc; c++)
		tw += cw[c];
	for (int c = 0; c < nc; c++) {
		char **v;
		const char *cell = r < 0 ? t->heads[c] : t->cells[r * nc + c];
		int n = split_lines(page, fs, r < 0, size, cw[c] - 2 * pad, cell, &v);
		most = n > most ? n : most;
		if (draw)
			draw_lines(page, fs, r < 0, size, x + pad, y - 2 - size, v, n);
		free_lines(v, n);
		x += cw[c];
	}
	float rh = (float)most * lead + 5;
	if (draw) {
		if (r < 0) {   /* shade under the headings: drawn over, so outline only */
			HPDF_Page_SetGrayStroke(page, 0.3f);
			line(page, m, y, m + tw, y, 0.8f);
		}
		HPDF_Page_SetGrayStroke(page, r < 0 ? 0.3f : 0.75f);
		line(page, m, y - rh, m + tw, y - rh, r < 0 ? 0.8f : 0.4f);
		HPDF_Page_SetGrayStroke(page, 0);
	}
	return rh;
}

/*
 * A table across the page from y: column widths follow their words (each
 * at least its longest word), cells wrap; a new page continues it with
 * its headings.  Returns the y below it.
 */
static float
draw_table(struct pdf_doc *doc, const struct report_spec *sp, HPDF_Page *pagep, float y,
    const struct report_table *t)
{
	HPDF_Page page = *pagep;
	struct fontset *fs = &doc->fonts;
	float W = HPDF_Page_GetWidth(page), m = 36, tw = W - 2 * m, size = 9, pad = 4;
	int nc = t->ncols;
	float *want = xcalloc((size_t)nc, sizeof *want), *minw = xcalloc((size_t)nc, sizeof *minw);
	float *cw = xcalloc((size_t)nc, sizeof *cw);
	for (;;) {
		float sw = 0, sm = 0;
		for (int c = 0; c < nc; c++) {
			want[c] = minw[c] = 0;
			for (int r = -1; r < t->nrows; r++) {
				const char *cell = r < 0 ? t->heads[c] : t->cells[r * nc + c];
				if (cell == NULL)
					continue;
				float full = text_width(page, fs, r < 0, size, cell);
				want[c] = full > want[c] ? full : want[c];
				char *copy = xstrdup(cell), *save = NULL;
				for (char *wd = strtok_r(copy, " \n", &save); wd; wd = strtok_r(NULL, " \n", &save)) {
					float ww = text_width(page, fs, r < 0, size, wd);
					minw[c] = ww > minw[c] ? ww : minw[c];
				}
				free(copy);
			}
			want[c] += 2 * pad;
			minw[c] += 2 * pad;
			sw += want[c];
			sm += minw[c];
		}
		if (sm <= tw || size <= MIN_PT) {
			float extra = tw - (sw <= tw ? sw : sm);
			for (int c = 0; c < nc; c++) {
				float base = sw <= tw ? want[c] : minw[c];
				float share = sw <= tw ? 1.0f / (float)nc
				    : (want[c] - minw[c]) / (sw - sm > 0 ? sw - sm : 1);
				cw[c] = base + (extra > 0 ? extra * share : 0);
				if (cw[c] < 2 * pad + 1)
					cw[c] = 2 * pad + 1;
			}
			break;
		}
		size -= 0.5f;
	}
	if (t->caption) {
		text_at(page, fs, BOLD, 12, m, y - 14, t->caption);
		y -= 20;
	}
	for (int r = -1; r < t->nrows; r++) {
		float rh = table_row(page, fs, t, cw, size, m, y, r, 0);
		if (r >= 0 && y - rh < m + 10) {   /* continue on a new page, headings again */
			page = *pagep = report_page(doc, sp, &y);
			y -= table_row(page, fs, t, cw, size, m, y, -1, 1);
		}
		y -= table_row(page, fs, t, cw, size, m, y, r, 1);
	}
	if (t->legend) {
		HPDF_Page_SetGrayFill(page, 0.25f);
		y = wrap_text(page, fs, MIN_PT + 0.5f, m, y - 12, tw, t->legend);
		HPDF_Page_SetGrayFill(page, 0);
	}
	free(want);
	free(minw);
	free(cw);
	return y - 10;
}

/* A game with no hands: its title, the rules and who sits, no chart.
 * Drawn when draw, else measured; returns the height it takes. */
static float
unplayed_section(HPDF_Page page, struct fontset *fs, const struct report_game *g, float m, float W, float top,
    int draw)
{
	const float ts = MIN_PT + 1.5f;
	struct strbuf sb = {0};
	sb_add(&sb, "Not played: no hands yet.  Players: ");
	for (int p = 0; p < g->nplayers; p++)
		sb_printf(&sb, "%s%s", p ? ", " : "", g->names[p]);
	sb_addc(&sb, '.');
	if (g->rules)
		sb_printf(&sb, "\n%s", g->rules);
	char **v;
	int n = split_lines(page, fs, REGULAR, ts, W - 2 * m, sb.s, &v);
	if (draw) {
		line(page, m, top, W - m, top, 0.8f);
		text_at(page, fs, BOLD, 12, m, top - 16, g->title);
		draw_lines(page, fs, REGULAR, ts, m, top - 16 - ts * 1.6f, v, n);
	}
	free_lines(v, n);
	sb_free(&sb);
	return 16 + ts * 1.6f + (float)n * ts * 1.25f + 8;
}

/* One game's section, top at y, height block: title and result, the
 * rules in words, a legend (swatch, name, standing) and the chart. */
static void
draw_game(HPDF_Page page, struct fontset *fs, const struct report_game *g, float m, float W, float top,
    float block)
{
	const float ts = MIN_PT + 1.5f;
	char **v;
	int n;
	line(page, m, top, W - m, top, 0.8f);
	text_at(page, fs, BOLD, 12, m, top - 16, g->title);
	float tw = text_width(page, fs, BOLD, 12, g->title) + 16;
	n = split_lines(page, fs, REGULAR, ts, W - 2 * m - tw, g->result ? g->result : "", &v);
	for (int i = 0; i < n; i++) {
		float lw = text_width(page, fs, REGULAR, ts, v[i]);
		text_at(page, fs, REGULAR, ts, W - m - lw, top - 16 - (float)i * ts * 1.25f, v[i]);
	}
	free_lines(v, n);
	float y = top - 16 - (float)(n > 1 ? n : 1) * ts * 1.25f;
	if (g->rules) {
		HPDF_Page_SetGrayFill(page, 0.3f);
		y = wrap_text(page, fs, MIN_PT, m, y, W - 2 * m, g->rules);
		HPDF_Page_SetGrayFill(page, 0);
	}
	y -= 6;
	float legw = 200, ly = y - ts;
	int played = g->npoints > 1;
	for (int p = 0; p < g->nplayers; p++) {
		char **nm;
		int k = split_lines(page, fs, BOLD, ts, legw - 22, g->names[p], &nm);
		if (ly - (float)k * ts * 2.5f < top - block + 4) {
			free_lines(nm, k);
			fit_text(page, fs, REGULAR, MIN_PT, m, ly, legw, "(more players in the summary)", -1);
			break;
		}
		if (played) {
			set_series_style(page, p);
			line(page, m, ly + ts * 0.35f, m + 14, ly + ts * 0.35f, 2);
			HPDF_Page_SetDash(page, NULL, 0, 0);
			HPDF_Page_SetRGBStroke(page, 0, 0, 0);
		}
		/* the name (wrapped), and under it the standing in a smaller type */
		float after = draw_lines(page, fs, BOLD, ts, m + 18, ly, nm, k);
		free_lines(nm, k);
		if (g->standing && g->standing[p] && *g->standing[p]) {
			k = split_lines(page, fs, REGULAR, MIN_PT + 0.5f, legw - 22, g->standing[p], &nm);
			after = draw_lines(page, fs, REGULAR, MIN_PT + 0.5f, m + 18, after + ts * 0.15f, nm, k);
			free_lines(nm, k);
		}
		ly = after - 3;
	}
	if (played)
		draw_chart(page, fs, g, m + legw + 6, top - block + 6, W - 2 * m - legw - 6, y - (top - block + 6));
}

enum status
sheet_render_report(const struct report_spec *sp, const char *path, struct diag *d)
{
	struct pdf_doc doc;
	enum status rc;

	if ((rc = doc_open(&doc, path, d)) != ST_OK)
		return rc;
	if (setjmp(doc.ctx.jb))
		return doc_failed(&doc, path, d);
	doc_start(&doc, sp->title);
	struct fontset *font = &doc.fonts;
	preload(font, sp->title);
	preload(font, sp->subtitle);
	for (int t = 0; t < sp->ntables; t++) {
		const struct report_table *tb = &sp->tables[t];
		preload_all(font, (char *const *)tb->heads, (size_t)tb->ncols);
		preload_all(font, tb->cells, (size_t)tb->ncols * (size_t)tb->nrows);
		preload(font, tb->caption);
		preload(font, tb->legend);
	}
	for (int gi = 0; gi < sp->ngames; gi++) {
		const struct report_game *g = &sp->games[gi];
		const char *one[] = { g->title, g->result, g->measure, g->x_label, g->rules };
		preload_all(font, (char *const *)one, ARRAY_LEN(one));
		preload_all(font, g->names, (size_t)g->nplayers);
		preload_all(font, g->standing, (size_t)g->nplayers);
	}
	float y, m = 36;
	HPDF_Page page = report_page(&doc, sp, &y);
	for (int t = 0; t < sp->ntables; t++)
		y = draw_table(&doc, sp, &page, y, &sp->tables[t]);
	/* then the games: a played one takes half a page (two to a page), one
	 * not played only its lines; never on the summary page */
	float W = HPDF_Page_GetWidth(page), half = 0;
	int fresh = 0;
	for (int gi = 0; gi < sp->ngames; gi++) {
		const struct report_game *g = &sp->games[gi];
		float need = g->npoints > 1 ? half : unplayed_section(page, font, g, m, W, y, 0);
		if (!fresh || y - need < m) {
			page = report_page(&doc, sp, &y);
			half = (y - m) / 2;
			need = g->npoints > 1 ? half : need;
			fresh = 1;
		}
		if (g->npoints > 1)
			draw_game(page, font, g, m, W, y, half - 6);
		else
			unplayed_section(page, font, g, m, W, y, 1);
		y -= need;
	}
	return doc_save(&doc, d);
}
