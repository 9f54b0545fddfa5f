/* SPDX-License-Identifier: ISC */
/* sheet.c: PDF score sheets with libharu (see sheet.h). */
#define _GNU_SOURCE
#include "sheet.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "afile.h"
#include "sheet_hpdf.h"
#include "sheet_tounicode.h"
#include "sheet_text.h"
#include "util.h"

#ifndef TEMPLATEDIR
#define TEMPLATEDIR "/usr/local/share/tally/templates"
#endif
#define FONT_DIR "/usr/share/fonts/truetype/dejavu/"

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
			enum status rc = diag_set(d, ST_USAGE, NULL, path, "template",
			    "%s:%d: expected 'key = value'", path, lineno);
			free(line);
			free(path);
			fclose(f);
			sb_release(&footer);
			sheet_template_release(t);
			return rc;
		}
		*eq = '\0';
		char *key = trim(s), *val = trim(eq + 1);
		if (strcmp(key, "title") == 0) {
			free(t->title);
			t->title = xstrdup(val);
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
	sb_release(&footer);
	if (t->title == NULL)
		t->title = xstrdup(name);
	return ST_OK;
}

void
sheet_template_release(struct sheet_template *t)
{
	free(t->title);
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
 * The fonts of one document.  DejaVu Sans has Latin, Greek, Cyrillic,
 * Hebrew, Arabic and the suit symbols; a character it lacks (CJK, Thai,
 * Devanagari) is drawn in the face fontconfig finds for it
 * (core/sheet_text.h), cut down to the characters the sheet draws.
 */
#define MAX_FACES 16
struct pdf_font {
	HPDF_Font font;
	const struct sheet_face *face;  /* NULL for the two DejaVu faces */
	int bold;
	unsigned char *cover;           /* the code points a subset holds; NULL: all */
	unsigned char *used;            /* a bit per BMP code point drawn */
};
struct pending {                        /* code points waiting for a face */
	const struct sheet_face *face;
	int bold;
	unsigned *cps;
	size_t n, cap;
};
struct fontset {
	HPDF_Doc pdf;
	struct render_ctx *ctx;
	HPDF_Font regular, bold;
	/* Heap memory a drawing function holds while libharu may jump out of
	 * it: doc_free releases whatever is still here. */
	void *held[8];
	struct pdf_font f[2 + MAX_FACES];  /* [REGULAR], [BOLD], then others */
	int nf;
	struct pending pend[MAX_FACES];
	int npend;
	unsigned char *known[2], *has[2]; /* per DejaVu weight: asked, has it */
	/* The subset font file libharu is reading (a temporary file of
	 * sheet_text_subset): if libharu jumps out, doc_free removes it. */
	char *loading_sub;
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
	char *regular, *bold;             /* font files */
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
	for (int i = 0; i < (int)ARRAY_LEN(doc->fonts.f); i++) {
		free(doc->fonts.f[i].used);
		free(doc->fonts.f[i].cover);
	}
	for (int i = 0; i < doc->fonts.npend; i++)
		free(doc->fonts.pend[i].cps);
	if (doc->fonts.loading_sub) {
		unlink(doc->fonts.loading_sub);
		free(doc->fonts.loading_sub);
	}
	for (int i = 0; i < 2; i++) {
		free(doc->fonts.known[i]);
		free(doc->fonts.has[i]);
	}
	memset(&doc->fonts, 0, sizeof doc->fonts);
	free(doc->regular);
	free(doc->bold);
	free(doc->bytes);
	afile_abort(&doc->out);   /* nothing when it was committed */
	doc->regular = doc->bold = NULL;
	doc->bytes = NULL;
	doc->pdf = NULL;
}

/* ST_NOINPUT when DejaVu Sans is missing, ST_CANTCREAT when path cannot be
 * created, ST_INTERNAL when libharu cannot start; nothing to free then. */
static enum status
doc_open(struct pdf_doc *doc, const char *path, struct diag *d)
{
	const char *fontdir = getenv("TALLY_FONT_DIR");
	FILE *probe;
	enum status rc;

	memset(doc, 0, sizeof *doc);
	if ((rc = sheet_hpdf_load(d)) != ST_OK)
		return rc;
	if (fontdir == NULL || *fontdir == '\0')
		fontdir = FONT_DIR;
	doc->regular = xasprintf("%s/DejaVuSans.ttf", fontdir);
	doc->bold = xasprintf("%s/DejaVuSans-Bold.ttf", fontdir);
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
	doc->ctx.loading = doc->regular;
	doc->fonts.regular = HPDF_GetFont(doc->pdf, HPDF_LoadTTFontFromFile(doc->pdf, doc->regular, HPDF_TRUE), "UTF-8");
	doc->ctx.loading = doc->bold;
	doc->fonts.bold = HPDF_GetFont(doc->pdf, HPDF_LoadTTFontFromFile(doc->pdf, doc->bold, HPDF_TRUE), "UTF-8");
	doc->ctx.loading = NULL;
	doc->fonts.f[REGULAR].font = doc->fonts.regular;
	doc->fonts.f[BOLD].font = doc->fonts.bold;
	doc->fonts.f[BOLD].bold = 1;
	doc->fonts.nf = 2;
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

static int
bit(const unsigned char *set, unsigned c)
{
	return set != NULL && ((set[c >> 3] >> (c & 7)) & 1);
}

static void
set_bit(unsigned char **set, unsigned c)
{
	if (*set == NULL)
		*set = xcalloc(65536 / 8, 1);
	(*set)[c >> 3] |= (unsigned char)(1u << (c & 7));
}

/* Does the DejaVu face of this weight draw c?  (asked of libharu once) */
static int
dejavu_has(struct fontset *fs, int bold, unsigned c)
{
	if (c < 0x80)
		return 1;
	if (!bit(fs->known[bold], c)) {
		set_bit(&fs->known[bold], c);
		if (sheet_font_has_glyph(bold ? fs->bold : fs->regular, c))
			set_bit(&fs->has[bold], c);
	}
	return bit(fs->has[bold], c);
}

/* Load face for the code points cps[0..n-1]: a subset holding just them
 * when HarfBuzz can cut one, else the whole face.  A face libharu cannot
 * read jumps to ctx->jb, named by ctx->loading. */
static struct pdf_font *
load_face(struct fontset *fs, const struct sheet_face *face, int bold, const unsigned *cps, size_t n)
{
	if (fs->nf == (int)ARRAY_LEN(fs->f))
		return NULL;
	struct pdf_font *pf = &fs->f[fs->nf];
	char *sub = sheet_text_subset(face, cps, n);
	size_t l = strlen(face->path);
	const char *name;
	fs->ctx->loading = face->path;
	if (sub) {
		fs->loading_sub = sub;
		name = HPDF_LoadTTFontFromFile(fs->pdf, sub, HPDF_TRUE);
		fs->loading_sub = NULL;
		unlink(sub);   /* libharu keeps the file open to embed it */
		free(sub);
	} else if (l > 4 && strcmp(face->path + l - 4, ".ttc") == 0)
		name = HPDF_LoadTTFontFromFile2(fs->pdf, face->path, (HPDF_UINT)face->index, HPDF_TRUE);
	else
		name = HPDF_LoadTTFontFromFile(fs->pdf, face->path, HPDF_TRUE);
	pf->font = HPDF_GetFont(fs->pdf, name, "UTF-8");
	fs->ctx->loading = NULL;
	pf->face = face;
	pf->bold = bold;
	if (sub)
		for (size_t i = 0; i < n; i++)
			set_bit(&pf->cover, cps[i]);
	fs->nf++;
	return pf;
}

/* The font that draws c in this weight: DejaVu Sans when it has c, else a
 * face loaded for c (see preload), else DejaVu's .notdef box. */
static HPDF_Font
font_for(struct fontset *fs, int bold, unsigned c)
{
	if (dejavu_has(fs, bold, c))
		return fs->f[bold].font;
	const struct sheet_face *face = sheet_text_face(c, bold);
	if (face == NULL)
		return fs->f[bold].font;
	for (int i = 2; i < fs->nf; i++)
		if (fs->f[i].face == face && fs->f[i].bold == bold && (fs->f[i].cover == NULL || bit(fs->f[i].cover, c)))
			return fs->f[i].font;
	struct pdf_font *pf = load_face(fs, face, bold, &c, 1);  /* not preloaded */
	return pf ? pf->font : fs->f[bold].font;
}

/* Note the characters of s that a face other than DejaVu draws. */
static void
gather(struct fontset *fs, const char *s)
{
	char *vis = sheet_text_visual(s);
	for (const unsigned char *p = (const unsigned char *)vis; *p; p += seq_len(p)) {
		unsigned c = code_point(p, seq_len(p));
		for (int bold = 0; bold < 2; bold++) {
			const struct sheet_face *face;
			if (dejavu_has(fs, bold, c) || (face = sheet_text_face(c, bold)) == NULL)
				continue;
			int k = 0;
			while (k < fs->npend && (fs->pend[k].face != face || fs->pend[k].bold != bold))
				k++;
			if (k == fs->npend) {
				if (k == MAX_FACES)
					continue;
				fs->pend[fs->npend++] = (struct pending){ face, bold, NULL, 0, 0 };
			}
			struct pending *pe = &fs->pend[k];
			if (pe->n == pe->cap)
				pe->cps = xrealloc(pe->cps, (pe->cap = pe->cap ? 2 * pe->cap : 32) * sizeof *pe->cps);
			pe->cps[pe->n++] = c;
		}
	}
	free(vis);
}

/* Load a face for each character gathered that no loaded font has. */
static void
load_pending(struct fontset *fs)
{
	for (int k = 0; k < fs->npend; k++) {
		struct pending *pe = &fs->pend[k];
		size_t m = 0;
		for (size_t i = 0; i < pe->n; i++) {
			int have = 0;
			for (int j = 2; j < fs->nf && !have; j++)
				have = fs->f[j].face == pe->face && fs->f[j].bold == pe->bold &&
				    (fs->f[j].cover == NULL || bit(fs->f[j].cover, pe->cps[i]));
			if (!have)
				pe->cps[m++] = pe->cps[i];
		}
		pe->n = m;
		if (m)
			load_face(fs, pe->face, pe->bold, pe->cps, m);
		pe->n = 0;
	}
}

/*
 * Load the fonts s needs now, beyond DejaVu Sans.  font_for would load
 * them lazily, and a font libharu cannot read jumps out of whatever is
 * drawing; the sheet and the report call this for every string of their
 * spec first, so that jump comes before they hold any memory of their own.
 * preload_all loads one subset for all the strings of v.
 */
static void
preload(struct fontset *fs, const char *s)
{
	if (s) {
		gather(fs, s);
		load_pending(fs);
	}
}

static void
preload_all(struct fontset *fs, char *const *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		if (v[i])
			gather(fs, v[i]);
	load_pending(fs);
}

/* Remember which code points each font draws (see fonts_finish). */
static void
mark_used(struct fontset *fs, HPDF_Font font, const char *s)
{
	int k = 0;
	while (k < fs->nf - 1 && fs->f[k].font != font)
		k++;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = seq_len(p);
		set_bit(&fs->f[k].used, code_point(p, n));
		p += n;
	}
}

static void
fonts_finish(struct fontset *fs)
{
	for (int i = 0; i < fs->nf; i++)
		sheet_font_finish(fs->f[i].font, fs->f[i].used);
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
	char *vis = hold(fs, sheet_text_visual(s));
	const unsigned char *p = (const unsigned char *)vis;
	/* libharu's TextWidth leaves out the horizontal scaling fit_text
	 * condenses with, but the glyphs are drawn scaled: each run starts
	 * where the scaled one before it ends, or a face change (a CJK part
	 * of a name) leaves a gap and the end runs past the cell */
	float scale = HPDF_Page_GetHorizontalScalling(page) / 100, w = 0;
	while (*p) {
		HPDF_Font font = font_for(fs, bold, code_point(p, seq_len(p)));
		const unsigned char *q = p;
		while (*q && font_for(fs, bold, code_point(q, seq_len(q))) == font)
			q += seq_len(q);
		char *run = hold(fs, xstrndup((const char *)p, (size_t)(q - p)));
		HPDF_Page_SetFontAndSize(page, font, size);
		float rw = HPDF_Page_TextWidth(page, run) * scale;
		if (draw) {
			HPDF_Page_BeginText(page);
			HPDF_Page_SetFontAndSize(page, font, size);
			if (draw == 2) {   /* turned a quarter left: reading upwards */
				HPDF_Page_SetTextMatrix(page, 0, 1, -1, 0, x, y + w);
				HPDF_Page_ShowText(page, run);
			} else
				HPDF_Page_TextOut(page, x + w, y, run);
			mark_used(fs, font, run);
			HPDF_Page_EndText(page);
		}
		unhold(fs, run);
		w += rw;
		p = q;
	}
	unhold(fs, vis);
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
				sb_release(&cur);
				cur = trial;
				word = strtok_r(NULL, " ", &save);
				continue;
			}
			sb_release(&trial);
			if (n + 2 > cap)
				v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
			if (cur.len) {         /* the line is full: start the next */
				v[n++] = sb_take(&cur);
				sb_release(&cur);
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
			/* never one letter alone on the next line ("h" of
			 * "Featherstonehaugh"): take one more from this one */
			else if (k < len && k + seq_len((const unsigned char *)word + k) == len) {
				size_t b = k - 1;   /* the start of the character before */
				while (b > 0 && ((unsigned char)word[b] & 0xC0) == 0x80)
					b--;
				if (b > 0)
					k = b;
			}
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
		sb_release(&cur);
	}
	free(copy);
	*out = v;
	return n;
}

static void free_lines(char **v, int n);

/* split_lines() of one paragraph into as few lines, each as even as the
 * words allow, so no word is left alone on the last line: the narrowest
 * width (down to half of w) that needs no more lines than w does. */
static int
split_balanced(HPDF_Page page, struct fontset *fs, int bold, float size, float w, const char *text,
    char ***out)
{
	int n = split_lines(page, fs, bold, size, w, text, out);
	if (n < 2)
		return n;
	float lo = w / 2, hi = w;
	for (int i = 0; i < 12; i++) {   /* bisect the width to a fraction of a point */
		float mid = (lo + hi) / 2;
		char **v;
		int k = split_lines(page, fs, bold, size, mid, text, &v);
		free_lines(v, k);
		if (k <= n)
			hi = mid;
		else
			lo = mid;
	}
	free_lines(*out, n);
	return split_lines(page, fs, bold, size, hi, text, out);
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

/*
 * The measures of a pad.  They are those of the score pads clubs buy (the
 * printed Hand & Foot, Golf, Hollywood Gin and Spades pads): a pad is a
 * form to write on, so its measures are fixed, not stretched to a page.
 */
#define MM 2.8346457f              /* points in a millimetre */
#define ROW_H (8.2f * MM)          /* every writable row, on every page */
#define PTS_MIN (10.0f * MM)       /* a points column, at least */
#define TOTAL_MIN (12.0f * MM)     /* a total, at least ... */
#define TOTAL4_MIN (15.0f * MM)    /* ... where totals reach four digits */
#define NOTES_W (25.0f * MM)       /* the notes column, where there are notes */
#define INROW_W PTS_MIN            /* a sub-column of a hand's row ("won"),
                                    * at least; wider for its heading */
#define VALUE_PT 11.0f             /* a hand's values; running totals bold */
#define TOTAL_PT 14.0f             /* the totals, bold */
#define LABEL_PT 9.0f              /* row labels */
#define DETAIL_PT 7.0f             /* a detail, on its own line in its cell */
#define CELL_PAD 3.0f              /* words in a cell clear of its rules, as a name is */
#define WORDS2_PT 9.0f             /* words too wide for a cell, on two lines */
#define RULE_W 0.4f                /* inner rules ... */
#define RULE_GREY 0.5f             /* ... at 50% grey */
#define PAD_TITLE_H 30.0f
#define CARD_W (3.2f * MM)         /* a card of a layout drawn by the title */
#define CARD_H (4.4f * MM)
#define CARD_GAP (0.8f * MM)
/* The band of the sides' names over the players' in a partnership pad:
 * a heading above the grid, as the team names head a printed partnership
 * pad, not a line of the grid to write on. */
#define SIDE_BAND (6.0f * MM)
#define PAGE_FOOT_H 16.0f          /* "page 2 of 3" under the grid */

/* One line of a pad's grid, from the top: what it shows.  A hand is one
 * GL_HAND row, or (with sub-lines) a block of GL_ACROSS, GL_SUB,
 * GL_SCORE and GL_RUN lines headed by its row label. */
enum gl_kind {
	GL_START,   /* what the players start with, above hand 1 */
	GL_HAND,    /* a hand's row: points | running, or its across values */
	GL_ACROSS,  /* a hand's block: its across values */
	GL_SUB,     /* a hand's block: one sub-line ("clean books") */
	GL_SCORE,   /* a hand's block: the points, details under them */
	GL_RUN,     /* a hand's block: the running figure */
	GL_TOTAL,
	GL_BOX,
	GL_STATUS,
	GL_FOOT,    /* a foot line ("final") */
	GL_SIDE     /* partnership play: each side's total across its columns,
	             * the game's Total (GL_TOTAL is then the partners' parts) */
};

struct gline {
	enum gl_kind kind;
	int row;      /* the hand (GL_HAND to GL_RUN), the foot line (GL_FOOT) */
	int sub;      /* GL_SUB: the sub-line */
	int first, last;  /* the first / last line of a hand's block */
	int heavy;    /* a heavy rule under it: the totals' line and the one above */
	int det;      /* a hand's points line with details under some of them */
	float h;      /* its height: ROW_H */
};

/* The pieces of a pad that are measured before it is drawn.  Across the
 * page: the label column (labw; with sub-lines, the hand labels), the
 * sub-line labels (linew, 0 without), the players (colw each, split at
 * ptsw into points | total, with the in-row sub-columns between them,
 * inw each, the running figure from runx) and the notes (notew at
 * notex). */
struct pad {
	float W, m, labw, linew, colw, ptsw, inw, runx, notew, notex;
	float head_h, name_pt, foot_h, grid_h;
	float band_h;             /* the sides' band above the grid, or 0 */
	float hands_top, hands_bottom;  /* where the hands' lines begin and end */
	int turned;               /* names turned upright: columns too narrow */
	int last;                 /* the pad's last page: the totals and the footer */
	struct gline *gl;         /* the grid's lines, top to bottom */
	int ngl;
	char **name_v[64];
	int name_n[64];
	char **foot_v;
	int foot_n;
	float foot_pt;
};

static void
pad_release(struct pad *pd, int nplayers)
{
	for (int i = 0; i < nplayers && i < 64; i++)
		free_lines(pd->name_v[i], pd->name_n[i]);
	free_lines(pd->foot_v, pd->foot_n);
	free(pd->gl);
	memset(pd, 0, sizeof *pd);
}

static const char *
cell(char *const *v, const struct sheet_spec *sp, int r, int i)
{
	return v ? v[(size_t)r * (size_t)sp->nplayers + (size_t)i] : NULL;
}

/* Cell a (0-based) of player i's across values in hand r, or of a foot
 * line. */
static const char *
across_cell(const struct sheet_spec *sp, int r, int i, int a)
{
	return sp->across ? sp->across[((size_t)r * (size_t)sp->nplayers + (size_t)i) * (size_t)sp->nacross + (size_t)a]
	    : NULL;
}

static const char *
foot_cell(const struct sheet_spec *sp, int f, int i, int a)
{
	const struct sheet_line *fl = &sp->foot[f];
	if (fl->cells == NULL)
		return NULL;
	return fl->across ? fl->cells[(size_t)i * (size_t)sp->nacross + (size_t)a] : fl->cells[i];
}

static const char *
sub_cell(const struct sheet_spec *sp, int r, int l, int i)
{
	return sp->lines ? sp->lines[((size_t)r * (size_t)sp->nlines + (size_t)l) * (size_t)sp->nplayers + (size_t)i]
	    : NULL;
}

/* The label of line g: what its label column says. */
static const char *
gline_label(const struct sheet_spec *sp, const struct gline *g)
{
	switch (g->kind) {
	case GL_START: return sp->start_label;
	case GL_HAND: return sp->row_labels[g->row];
	case GL_ACROSS: return "";
	case GL_SUB: return sp->line_labels[g->sub];
	case GL_SCORE: return sp->sub_left ? sp->sub_left : "score";
	case GL_RUN: return sp->sub_right ? sp->sub_right : "total";
	case GL_TOTAL: return sp->nsides > 0 ? "Own total" : "Total";
	case GL_BOX: return sp->box_label;
	case GL_STATUS: return sp->status_label ? sp->status_label : "Place";
	case GL_FOOT: return sp->foot[g->row].label ? sp->foot[g->row].label : "";
	case GL_SIDE: return "Total";
	}
	return "";
}

/* Is line g the game's Total: the players', or in partnership play the
 * sides' (a side scores as one; the partners' totals are its parts)? */
static int
is_game_total(const struct sheet_spec *sp, const struct gline *g)
{
	return g->kind == (sp->nsides > 0 ? GL_SIDE : GL_TOTAL);
}

/* Does line g's label sit in the sub-line label column (a hand's block)? */
static int
in_block(const struct gline *g)
{
	return g->kind == GL_ACROSS || g->kind == GL_SUB || g->kind == GL_SCORE || g->kind == GL_RUN;
}

/* Is line g one of a hand's (a row, or a line of its block)? */
static int
is_hand(const struct gline *g)
{
	return g->kind == GL_HAND || in_block(g);
}

static void
add_gline(struct pad *pd, enum gl_kind kind, int row, int sub)
{
	struct gline *g = &pd->gl[pd->ngl++];
	memset(g, 0, sizeof *g);
	g->kind = kind;
	g->row = row;
	g->sub = sub;
	g->h = ROW_H;
}

/* Does any player of hand r have a detail? */
static int
has_detail(const struct sheet_spec *sp, int r)
{
	for (int i = 0; sp->detail && i < sp->nplayers; i++)
		if (cell(sp->detail, sp, r, i))
			return 1;
	return 0;
}

/* The grid's lines, top to bottom, into pd->gl. */
static void
pad_lines(const struct sheet_spec *sp, struct pad *pd)
{
	int per = sp->nlines > 0 ? (sp->nacross > 0) + sp->nlines + 2 : 1;
	pd->gl = xcalloc((size_t)sp->nrows * (size_t)per + 5 + (size_t)(sp->nfoot > 0 ? sp->nfoot : 0), sizeof *pd->gl);
	pd->ngl = 0;
	if (sp->start_label)
		add_gline(pd, GL_START, 0, 0);
	for (int r = 0; r < sp->nrows; r++) {
		int from = pd->ngl;
		if (sp->nlines <= 0)
			add_gline(pd, GL_HAND, r, 0);
		else {
			if (sp->nacross > 0)
				add_gline(pd, GL_ACROSS, r, 0);
			for (int l = 0; l < sp->nlines; l++)
				add_gline(pd, GL_SUB, r, l);
			add_gline(pd, GL_SCORE, r, 0);
			add_gline(pd, GL_RUN, r, 0);
		}
		pd->gl[from].first = 1;
		pd->gl[pd->ngl - 1].last = 1;
	}
	add_gline(pd, GL_TOTAL, 0, 0);
	if (sp->box_label)
		add_gline(pd, GL_BOX, 0, 0);
	if (sp->status)
		add_gline(pd, GL_STATUS, 0, 0);
	for (int f = 0; f < sp->nfoot; f++)
		add_gline(pd, GL_FOOT, f, 0);
	if (sp->nsides > 0)   /* last, so the box across a side's columns ends the grid */
		add_gline(pd, GL_SIDE, 0, 0);
	for (int g = 0; g < pd->ngl; g++) {
		struct gline *gl = &pd->gl[g];
		/* heavy under the hands, and round the game's Total */
		gl->heavy = gl->kind == GL_TOTAL || (g + 1 < pd->ngl && pd->gl[g + 1].kind == GL_TOTAL) ||
		    is_game_total(sp, gl) || (g + 1 < pd->ngl && is_game_total(sp, &pd->gl[g + 1]));
		gl->det = (gl->kind == GL_HAND || gl->kind == GL_SCORE) && has_detail(sp, gl->row);
	}
}

/*
 * A label in width w: on one line at *size or smaller down to MIN_PT,
 * else wrapped at MIN_PT (never cut).  Returns the number of lines in *v
 * (free_lines); *size is the size used.
 */
static int
label_fit(HPDF_Page page, struct fontset *fs, int bold, float *size, float w, const char *s, char ***v)
{
	float sz = *size;
	while (sz > MIN_PT && text_width(page, fs, bold, sz, s ? s : "") > w)
		sz -= 0.5f;
	*size = sz;
	return split_lines(page, fs, bold, sz, w, s, v);
}

/*
 * Draw text in the box x..x+w, from its top down to top - h, at size: wrapped
 * at spaces into the lines the box holds; when more lines are needed than
 * it holds, the words go on fewer, longer lines, each condensed to w
 * (fit_text), so nothing is cut and nothing leaves the box.  align as
 * fit_text; centred in the box's height.
 */
static void
box_text(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float w, float top, float h,
    const char *s, int align)
{
	float lead = size * 1.2f;
	int fit = (int)((h - 2) / lead), n;
	char **v;
	if (fit < 1)
		fit = 1;
	n = split_lines(page, fs, bold, size, w, s, &v);
	for (float wide = w * 1.25f; n > fit && wide < w * 10; wide *= 1.25f) {
		free_lines(v, n);
		n = split_lines(page, fs, bold, size, wide, s, &v);
	}
	/* the first baseline: the block of n lines centred in h (a line's
	 * box reaches 0.93 of the size above its baseline, 0.24 below) */
	float b0 = top - (h - (float)n * lead) / 2 - size * 0.93f - (lead - size * 1.17f) / 2;
	for (int k = 0; k < n; k++)
		fit_text(page, fs, bold, size, x, b0 - lead * (float)k, w, v[k], align);
	free_lines(v, n);
}

/* Draw a label in x..x+w of the line cy..cy+h: at LABEL_PT or smaller
 * on one line, else wrapped within the line. */
static void
draw_label(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float w, float cy, float h,
    const char *s)
{
	char **v;
	int n = label_fit(page, fs, bold, &size, w, s, &v);
	free_lines(v, n);
	box_text(page, fs, bold, size, x, w, cy + h, h, s ? s : "", -1);
}

/* The most characters of any total or running figure: four or more
 * digits want the wider total column. */
static int
total_digits(const struct sheet_spec *sp)
{
	size_t most = 3, cells = (size_t)sp->nrows * (size_t)sp->nplayers;
	for (size_t k = 0; sp->running && k < cells; k++)
		if (sp->running[k] && strlen(sp->running[k]) > most)
			most = strlen(sp->running[k]);
	for (int i = 0; sp->totals && i < sp->nplayers; i++)
		if (sp->totals[i] && strlen(sp->totals[i]) > most)
			most = strlen(sp->totals[i]);
	return (int)most;
}

/* In-row sub-columns drawn: only where a hand is a single row. */
static int
inrow_count(const struct sheet_spec *sp)
{
	return sp->nlines > 0 || sp->nacross > 0 ? 0 : sp->ninrow;
}

/* The width of each in-row sub-column: INROW_W, or its widest heading
 * at MIN_PT ("deal score"). */
static float
inrow_w(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp)
{
	float w = INROW_W;
	for (int k = 0; k < inrow_count(sp); k++)
		if (sp->inrow_labels && sp->inrow_labels[k])
			w = fmaxf(w, text_width(page, fs, REGULAR, MIN_PT, sp->inrow_labels[k]) + 5);
	return w;
}

/* The least width of a player's column: a points column, the in-row
 * sub-columns and a total side by side, the across sub-columns, or (a
 * hand's block, a value a line) a total. */
static float
col_min(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp)
{
	float total = total_digits(sp) >= 4 ? TOTAL4_MIN : TOTAL_MIN;
	if (sp->nacross > 0)
		return fmaxf((float)sp->nacross * PTS_MIN, total);
	if (sp->nlines > 0)
		return total;
	return PTS_MIN + (float)inrow_count(sp) * inrow_w(page, fs, sp) + total;
}

/* The label column widths: row labels, or (with sub-lines) the hand
 * labels and the sub-line labels; the notes; the players' share, never
 * under col_min. */
static void
pad_widths(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, struct pad *pd, float W)
{
	int n = sp->nplayers > 0 ? sp->nplayers : 1;
	float inner = W - 2 * pd->m, own = text_width(page, fs, BOLD, LABEL_PT, "Total") + 12;
	if (sp->nlines > 0) {
		pd->labw = 0;
		for (int r = 0; r < sp->nrows; r++)
			pd->labw = fmaxf(pd->labw, text_width(page, fs, BOLD, LABEL_PT, sp->row_labels[r]) + 10);
		pd->labw = clampf(pd->labw, 40, 34 * MM);
		for (int g = 0; g < pd->ngl; g++)
			if (in_block(&pd->gl[g]))
				pd->linew = fmaxf(pd->linew, text_width(page, fs, REGULAR, LABEL_PT, gline_label(sp, &pd->gl[g])) + 10);
		pd->linew = clampf(pd->linew, 40, 40 * MM);
	} else {
		for (int g = 0; g < pd->ngl; g++)
			own = fmaxf(own, text_width(page, fs, REGULAR, LABEL_PT, gline_label(sp, &pd->gl[g])) + 12);
		/* the labels give way (they shrink, then wrap in their row)
		 * before the players go on a page of their own */
		float room = inner - (sp->note_label ? NOTES_W : 0) - (float)n * col_min(page, fs, sp);
		pd->labw = clampf(own, 48, clampf(room, 48, 36 * MM));
	}
	pd->notew = sp->note_label ? NOTES_W : 0;
	pd->colw = fmaxf(col_min(page, fs, sp), (inner - pd->labw - pd->linew - pd->notew) / (float)n);
	pd->notex = pd->m + pd->labw + pd->linew + pd->colw * (float)n;
	/* the total's side of a cell at its least, the points the rest
	 * (half the cell at most, unless in-row sub-columns stand between) */
	pd->inw = inrow_w(page, fs, sp);
	float total = total_digits(sp) >= 4 ? TOTAL4_MIN : TOTAL_MIN, inw = (float)inrow_count(sp) * pd->inw;
	pd->ptsw = inw > 0 ? fmaxf(PTS_MIN, pd->colw - inw - total) : clampf(pd->colw * 0.5f, PTS_MIN, pd->colw - total);
	pd->runx = pd->ptsw + inw;
	pd->W = pd->notex + pd->notew + pd->m;   /* the grid's right edge + the margin */
}

/* The name header: names wrap to two lines before they shrink, down to
 * MIN_PT; a word still wider than its column turns the names upright. */
static void
pad_names(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, struct pad *pd)
{
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
	if (!breaks || fit < 1)
		return;
	float sz = 10, longest = 0;
	for (;; sz -= 0.5f) {
		int ok = 1;
		fit = (int)((pd->colw - 2) / (sz * 1.15f));
		/* upright there is room down the header: a line as long as the
		 * longest word (to 180 pt), so no word breaks between letters
		 * that need not; a hyphenated one breaks after its hyphen */
		float len = 110;
		for (int i = 0; i < sp->nplayers && i < 64; i++) {
			char *copy = xstrdup(sp->names[i] ? sp->names[i] : ""), *save = NULL;
			for (char *wd = strtok_r(copy, " -", &save); wd; wd = strtok_r(NULL, " -", &save))
				len = fmaxf(len, fminf(180, text_width(page, fs, BOLD, sz, wd)));
			free(copy);
		}
		for (int i = 0; i < sp->nplayers && i < 64; i++) {
			free_lines(pd->name_v[i], pd->name_n[i]);
			pd->name_n[i] = split_lines(page, fs, BOLD, sz, len, sp->names[i] ? sp->names[i] : "",
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

/* A layout's figure, at the right of the title: a caption, then the
 * layout's rows of card outlines. */
#define FIG_PT 8.0f
static void
layout_caption(const struct sheet_spec *sp, char *cap, size_t size)
{
	const char *const rows[] = { "", "one row", "two rows", "three rows", "four rows" };
	snprintf(cap, size, "each player's layout: %d cards, %s of %d", sp->layout_rows * sp->layout_cols,
	    sp->layout_rows < 5 ? rows[sp->layout_rows] : "rows", sp->layout_cols);
}

/* The width the figure takes at the right of the title band (0: none). */
static float
layout_figure_w(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp)
{
	char cap[96];
	if (sp->layout_rows <= 0)
		return 0;
	layout_caption(sp, cap, sizeof cap);
	return text_width(page, fs, REGULAR, FIG_PT, cap) + 3 * MM +
	    (float)sp->layout_cols * (CARD_W + CARD_GAP) - CARD_GAP;
}

/* Each player's layout (Golf's 3 x 3) as card outlines with its caption
 * before them, the figure's top right at right, top. */
static void
layout_figure(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, float right, float top)
{
	char cap[96];
	layout_caption(sp, cap, sizeof cap);
	float cards_w = (float)sp->layout_cols * (CARD_W + CARD_GAP) - CARD_GAP;
	float cards_h = (float)sp->layout_rows * (CARD_H + CARD_GAP) - CARD_GAP;
	float x = right - cards_w;
	text_at(page, fs, REGULAR, FIG_PT, x - 3 * MM - text_width(page, fs, REGULAR, FIG_PT, cap),
	    top - cards_h / 2 - FIG_PT / 3, cap);
	HPDF_Page_SetLineWidth(page, 0.6f);
	for (int r = 0; r < sp->layout_rows; r++)
		for (int c = 0; c < sp->layout_cols; c++)
			HPDF_Page_Rectangle(page, x + (float)c * (CARD_W + CARD_GAP),
			    top - (float)(r + 1) * CARD_H - (float)r * CARD_GAP, CARD_W, CARD_H);
	HPDF_Page_Stroke(page);
}

/* The footer: the result, then the rules played. */
static void
pad_footer_measure(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, struct pad *pd)
{
	float inner = pd->W - 2 * pd->m;
	struct strbuf foot = {0};
	if (sp->rules_words)
		sb_add(&foot, sp->rules_words);
	if (sp->footer)
		sb_printf(&foot, "%s%s", foot.len ? "\n" : "", sp->footer);
	pd->foot_pt = 8;
	pd->foot_n = split_lines(page, fs, REGULAR, pd->foot_pt, inner, foot.len ? foot.s : "", &pd->foot_v);
	sb_release(&foot);
	pd->foot_h = (float)pd->foot_n * pd->foot_pt * 1.25f + 6;
	if (sp->result == NULL)
		return;
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

/*
 * Measure the page of a pad that holds its grid lines from `from` to
 * `to` (pad_lines' order) in a region height tall: the columns (from
 * every line, so that the pages match), the name header and the footer
 * (on the last page: the result and the rules played, wrapped within the
 * margins; else a line saying it goes on).  Every line is ROW_H.  Returns
 * the height the page takes.
 */
/* The narrowest a detail is set before it wraps: 85% of its width. */
#define DETAIL_SQUEEZE 0.85f
/* Each line of a detail after its first adds this to its row. */
#define DETAIL_LINE (DETAIL_PT * 1.2f)

/* The width of line g's detail in a player's cell: under the first
 * across value, under the points of a points | total row, or the
 * column's (a hand block's score line). */
static float
detail_w(const struct sheet_spec *sp, const struct pad *pd, const struct gline *g)
{
	if (g->kind == GL_HAND && sp->nacross > 0)
		return pd->colw / (float)sp->nacross;
	return g->kind == GL_HAND ? pd->ptsw : pd->colw;
}

/* Append line s (taken) to *v, *n lines long. */
static void
push_line(char ***v, int *n, char *s)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

/* One clause of a detail in lines room wide, appended to *v: whole when
 * it fits; else its melds ("2♠ 3♠ 4♠ | 7♥ 7♦ 7♣") as many to a line as
 * fit, a meld never split; else wrapped between words, balanced. */
static void
clause_lines(HPDF_Page page, struct fontset *fs, const char *c, float room, char ***v, int *n)
{
	if (text_width(page, fs, REGULAR, DETAIL_PT, c) <= room) {
		push_line(v, n, xstrdup(c));
		return;
	}
	if (strstr(c, " | ")) {
		int n0 = *n, ok = 1;
		struct strbuf cur = {0};
		for (const char *p = c; ok && *p;) {
			const char *end = strstr(p, " | ");
			size_t len = end ? (size_t)(end - p) : strlen(p);
			char *meld = xstrndup(p, len);
			char *trial = cur.len ? xasprintf("%s | %s%s", cur.s, meld, end ? " |" : "")
			    : xasprintf("%s%s", meld, end ? " |" : "");
			int fits = text_width(page, fs, REGULAR, DETAIL_PT, trial) <= room;
			if (fits || cur.len == 0) {
				ok = fits;
				if (cur.len)
					sb_add(&cur, " | ");
				sb_add(&cur, meld);
			} else {
				push_line(v, n, xasprintf("%s |", cur.s));
				sb_release(&cur);
				sb_add(&cur, meld);
				ok = text_width(page, fs, REGULAR, DETAIL_PT, meld) <= room;
			}
			free(trial);
			free(meld);
			p = end ? end + 3 : p + len;
		}
		if (ok) {
			push_line(v, n, sb_take(&cur));
			sb_release(&cur);
			return;
		}
		sb_release(&cur);
		while (*n > n0)   /* a meld wider than the cell: words after all */
			free((*v)[--*n]);
	}
	char **w;
	int k = split_balanced(page, fs, REGULAR, DETAIL_PT, room, c, &w);
	for (int i = 0; i < k; i++)
		push_line(v, n, w[i]);
	free(w);
}

/* A detail in lines for a cell w wide: one when it fits (set down to
 * DETAIL_SQUEEZE of its width), else a line or more per clause ("7♥ 7♦
 * 7♣;" / "deadwood 5♦ = 5") as clause_lines() sets it.  Never squeezed
 * below readable.  Returns the count; *out for free_lines(). */
static int
detail_lines(HPDF_Page page, struct fontset *fs, const char *det, float w, char ***out)
{
	float room = (w - 4) / DETAIL_SQUEEZE;
	int n = 0;
	*out = NULL;
	if (text_width(page, fs, REGULAR, DETAIL_PT, det) <= room) {
		push_line(out, &n, xstrdup(det));
		return n;
	}
	for (const char *p = det; *p;) {
		const char *end = strstr(p, "; ");
		char *c = end ? xasprintf("%.*s;", (int)(end - p), p) : xstrdup(p);
		clause_lines(page, fs, c, room, out, &n);
		free(c);
		p = end ? end + 2 : p + strlen(p);
	}
	return n;
}

/* The height of each line of the grid: ROW_H, and a row whose details
 * wrap grows by a DETAIL_LINE for each line past the first. */
static void
pad_heights(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, struct pad *pd)
{
	for (int k = 0; k < pd->ngl; k++) {
		struct gline *g = &pd->gl[k];
		int most = 1;
		for (int i = 0; g->det && i < sp->nplayers; i++) {
			const char *det = cell(sp->detail, sp, g->row, i);
			char **v;
			int n = det ? detail_lines(page, fs, det, detail_w(sp, pd, g), &v) : 0;
			if (det)
				free_lines(v, n);
			most = n > most ? n : most;
		}
		g->h = ROW_H + (float)(most - 1) * DETAIL_LINE;
	}
}

/* The height of lines from..to-1 of the grid. */
static float
rows_h(const struct pad *pd, int from, int to)
{
	float h = 0;
	for (int g = from; g < to && g < pd->ngl; g++)
		h += pd->gl[g].h;
	return h;
}

static float
pad_measure(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, float W, float sub_h,
    struct pad *pd, int from, int to)
{
	memset(pd, 0, sizeof *pd);
	pd->m = 36;
	pad_lines(sp, pd);
	pad_widths(page, fs, sp, pd, W);
	pad_heights(page, fs, sp, pd);
	to = to < 0 || to > pd->ngl ? pd->ngl : to;
	pd->last = to == pd->ngl;
	memmove(pd->gl, pd->gl + from, (size_t)(to - from) * sizeof *pd->gl);
	pd->ngl = to - from;
	pad_names(page, fs, sp, pd);
	pd->band_h = sp->nsides > 0 ? SIDE_BAND : 0;   /* the sides' names over their partners' */
	if (pd->last)
		pad_footer_measure(page, fs, sp, pd);
	else
		pd->foot_h = 20;
	pd->grid_h = rows_h(pd, 0, pd->ngl);
	return PAD_TITLE_H + sub_h + pd->band_h + pd->head_h + pd->grid_h + pd->foot_h + 16;
}

/* The hands among grid lines from..to. */
static int
hands_in(const struct pad *pd, int from, int to)
{
	int n = 0;
	for (int g = from; g < to && g < pd->ngl; g++)
		n += is_hand(&pd->gl[g]) && pd->gl[g].first;
	return n;
}

/*
 * Where the pages of a pad end, in a region height tall: ends[k] is the
 * grid line after page k's last (*npages of them).  A page takes as many
 * whole hands as its rows hold (a hand's block is never split), the last
 * the rest with the totals and the footer; the last page never holds a
 * hand alone when the page before it can give it one.  Returns a heap
 * array.
 */
static int *
pad_pages(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, float W, float height, float sub_h,
    int *npages)
{
	struct pad pd;
	pad_measure(page, fs, sp, W, sub_h, &pd, 0, -1);   /* foot_h: the last page's */
	int ngl = pd.ngl, n = 0, from = 0;
	int *ends = xcalloc((size_t)ngl + 1, sizeof *ends);
	float frame = PAD_TITLE_H + sub_h + pd.band_h + pd.head_h + 16;
	float room_last = height - frame - pd.foot_h + 0.01f, room = height - frame - 20 + 0.01f;
	while (from < ngl) {
		if (rows_h(&pd, from, ngl) <= room_last) {
			ends[n++] = ngl;
			break;
		}
		int cut = from;
		for (int g = from + 1; g < ngl && rows_h(&pd, from, g) <= room; g++)
			if (pd.gl[g].first && is_hand(&pd.gl[g]))
				cut = g;   /* a hand begins at g: the page may end before it */
		if (cut == from)   /* a hand taller than the page: it has the page */
			for (cut = from + 1; cut < ngl && !(pd.gl[cut].first && is_hand(&pd.gl[cut])) &&
			    pd.gl[cut - 1].kind != GL_TOTAL; cut++)
				;
		ends[n++] = cut;
		from = cut;
	}
	/* one hand of a few rows alone on the last page: the page before
	 * gives it one; a hand of a block of lines (a Hand & Foot round) is
	 * not a few rows, and moving one would leave a third of the page
	 * before white */
	if (n >= 2) {
		int b = n >= 3 ? ends[n - 3] : 0, a = ends[n - 2];
		if (hands_in(&pd, a, ngl) == 1 && hands_in(&pd, b, a) >= 3 && rows_h(&pd, a, ngl) < room / 4) {
			int cut = a - 1;
			while (cut > b && !(pd.gl[cut].first && is_hand(&pd.gl[cut])))
				cut--;
			if (rows_h(&pd, cut, ngl) <= room_last)
				ends[n - 2] = cut;
		}
	}
	pad_release(&pd, sp->nplayers);
	*npages = n;
	return ends;
}

/* The left edge of player i's cell. */
static float
col_x(const struct pad *pd, int i)
{
	return pd->m + pd->labw + pd->linew + pd->colw * (float)i;
}

/* An inner rule: RULE_W at RULE_GREY. */
static void
inner_rule(HPDF_Page page, float x1, float y1, float x2, float y2)
{
	HPDF_Page_SetGrayStroke(page, RULE_GREY);
	line(page, x1, y1, x2, y2, RULE_W);
	HPDF_Page_SetGrayStroke(page, 0);
}

/* The dividers inside player i's cell from y down to stop: points |
 * total (across == 0) or between the across sub-columns. */
static void
cell_dividers(HPDF_Page page, const struct sheet_spec *sp, const struct pad *pd, int i, int across, float y,
    float stop)
{
	float x = col_x(pd, i);
	for (int k = 0; !across && k <= inrow_count(sp); k++)
		inner_rule(page, x + pd->ptsw + pd->inw * (float)k, y, x + pd->ptsw + pd->inw * (float)k, stop);
	for (int a = 1; across && a < sp->nacross; a++)
		inner_rule(page, x + pd->colw * (float)a / (float)sp->nacross, y,
		    x + pd->colw * (float)a / (float)sp->nacross, stop);
}

/* Partnership play: over the grid from y, each side's name in a box
 * across its partners' columns, framed as the grid is (its foot is the
 * grid's top rule), the sides parted as heavily as their columns below;
 * the label columns have nothing above them. */
static void
pad_side_band(HPDF_Page page, struct fontset *font, const struct sheet_spec *sp, const struct pad *pd, float y)
{
	float h = pd->band_h, x0 = col_x(pd, 0), x1 = col_x(pd, sp->nplayers);
	HPDF_Page_SetGrayFill(page, 0.9f);
	HPDF_Page_Rectangle(page, x0, y - h, x1 - x0, h);
	HPDF_Page_Fill(page);
	HPDF_Page_SetGrayFill(page, 0);
	line(page, x0, y, x1, y, 1);
	for (int s = 0; s < sp->nsides; s++) {
		const struct sheet_side *sd = &sp->sides[s];
		float x = col_x(pd, sd->first), w = pd->colw * (float)sd->n;
		fit_text(page, font, BOLD, 11, x + 3, y - h / 2 - 11 * 0.35f, w - 6, sd->name ? sd->name : "", 0);
		line(page, x, y, x, y - h, sd->first > 0 ? 1.6f : 1);
	}
	line(page, x1, y, x1, y - h, 1);
}

/* The header: player names (wrapped or upright), and under them the
 * headings of the cells' sub-columns. */
static void
pad_header(HPDF_Page page, struct fontset *font, const struct sheet_spec *sp, const struct pad *pd, float y)
{
	float m = pd->m, colw = pd->colw, hh = pd->head_h, sub_y = y - hh + 3;
	HPDF_Page_SetGrayFill(page, 0.9f);
	HPDF_Page_Rectangle(page, m, y - hh, pd->W - 2 * m, hh);
	HPDF_Page_Fill(page);
	HPDF_Page_SetGrayFill(page, 0);
	for (int i = 0; i < sp->nplayers; i++) {
		float x = col_x(pd, i), ny = y - 3 - pd->name_pt;
		if (pd->turned && i < 64) {   /* upright, reading upwards, centred side by side */
			float lead = pd->name_pt * 1.15f;
			float bx = x + (colw - lead * (float)pd->name_n[i]) / 2 + pd->name_pt * 0.9f;
			for (int k = 0; k < pd->name_n[i]; k++)
				runs(page, font, BOLD, pd->name_pt, bx + lead * (float)k, y - hh + MIN_PT + 8,
				    pd->name_v[i][k], 2);
		}
		for (int k = 0; !pd->turned && i < 64 && k < pd->name_n[i]; k++, ny -= pd->name_pt * 1.2f)
			fit_text(page, font, BOLD, pd->name_pt, x + 3, ny, colw - 6, pd->name_v[i][k], 0);
		if (sp->nacross > 0) {
			float aw = colw / (float)sp->nacross;
			for (int a = 0; a < sp->nacross; a++)
				fit_text(page, font, REGULAR, MIN_PT, x + aw * (float)a + 2, sub_y, aw - 4,
				    sp->across_labels && sp->across_labels[a] ? sp->across_labels[a] : "", 0);
			cell_dividers(page, sp, pd, i, 1, y - hh + MIN_PT + 5, y - hh);
		} else if (sp->nlines <= 0) {
			fit_text(page, font, REGULAR, MIN_PT, x + 2, sub_y, pd->ptsw - 4, sp->sub_left ? sp->sub_left : "points", 0);
			for (int k = 0; k < inrow_count(sp); k++)
				fit_text(page, font, REGULAR, MIN_PT, x + pd->ptsw + pd->inw * (float)k + 2, sub_y, pd->inw - 4,
				    sp->inrow_labels && sp->inrow_labels[k] ? sp->inrow_labels[k] : "", 0);
			fit_text(page, font, REGULAR, MIN_PT, x + pd->runx + 2, sub_y, colw - pd->runx - 4,
			    sp->sub_right ? sp->sub_right : "total", 0);
			cell_dividers(page, sp, pd, i, 0, y - hh + MIN_PT + 5, y - hh);
		}
	}
	if (sp->note_label)
		box_text(page, font, BOLD, 8, pd->notex + 3, pd->notew - 6, y, hh, sp->note_label, -1);
}

/* Is s a number ("-12", "+5", "1,250")?  Numbers are right-aligned. */
static int
is_number(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	if (*s < '0' || *s > '9')
		return 0;
	for (; *s; s++)
		if ((*s < '0' || *s > '9') && *s != ',' && *s != '.')
			return 0;
	return 1;
}

/* Words in x..x+w of the line cy..cy+h, on the baseline py: on one line
 * at size where they fit; else, where no detail goes under them (top 0),
 * broken between words onto two lines at WORDS2_PT ("3 piles:" over
 * "soft win"), as a name wraps before it shrinks; else on one line made
 * to fit (fit_text). */
static void
cell_words(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float w, float cy, float h,
    const char *s, float py, int top)
{
	float lead = WORDS2_PT * 1.15f, widest = 0;
	if (text_width(page, fs, bold, size, s) > w && !top && 2 * lead <= h - 2 && strchr(s, ' ')) {
		char *copy = xstrdup(s), *save = NULL, **v = NULL;
		for (char *wd = strtok_r(copy, " ", &save); wd; wd = strtok_r(NULL, " ", &save))
			widest = fmaxf(widest, text_width(page, fs, bold, WORDS2_PT, wd));
		free(copy);
		int n = widest <= w ? split_balanced(page, fs, bold, WORDS2_PT, w, s, &v) : 0;
		if (n == 2) {
			float y1 = cy + h / 2 + lead / 2 - WORDS2_PT * 0.35f;
			fit_text(page, fs, bold, WORDS2_PT, x, y1, w, v[0], 0);
			fit_text(page, fs, bold, WORDS2_PT, x, y1 - lead, w, v[1], 0);
		}
		free_lines(v, n);
		if (n == 2)
			return;
	}
	fit_text(page, fs, bold, size, x, py, w, s, 0);
}

/* A value in x..x+w of the line cy..cy+h: a number right-aligned with a
 * true minus sign (U+2212), words centred; at the top of the line when a
 * detail goes under it (top).  Returns the baseline. */
static float
cell_value(HPDF_Page page, struct fontset *fs, int bold, float size, float x, float w, float cy, float h,
    const char *s, int top)
{
	/* a line's box reaches 0.93 of the size above its baseline, 0.24
	 * below: alone, centred; over a detail, 1.2 pt under the line's top */
	float py = top ? cy + h - 1.2f - size * 0.93f : cy + h / 2 - size * 0.35f;
	if (s == NULL)
		return py;
	if (!is_number(s)) {   /* words ("1 pile: win") clear of the rules as a name is */
		cell_words(page, fs, bold, size, x + CELL_PAD, w - 2 * CELL_PAD, cy, h, s, py, top);
		return py;
	}
	char *t = s[0] == '-' ? xasprintf("\xE2\x88\x92%s", s + 1) : NULL;
	fit_text(page, fs, bold, size, x + 2, py, w - 5, t ? t : s, 1);
	free(t);
	return py;
}

/* The detail of hand r, player i, on one DETAIL_PT line under the value
 * whose baseline is py, inside the sub-cell x..x+w that holds the points
 * (never across a divider: a long one is set narrower, still DETAIL_PT,
 * which is MIN_PT). */
static void
cell_detail(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, int r, int i, float x, float w,
    float py, float size)
{
	const char *det = cell(sp->detail, sp, r, i);
	if (det == NULL)
		return;
	float dy = py - size * 0.24f - 0.6f - DETAIL_PT * 0.93f;
	char **v;
	int n = detail_lines(page, fs, det, w, &v);
	for (int k = 0; k < n; k++)   /* each line squeezed at most to DETAIL_SQUEEZE */
		fit_text(page, fs, REGULAR, DETAIL_PT, x + 2, dy - (float)k * DETAIL_LINE, w - 4, v[k], 0);
	free_lines(v, n);
}

/* Player i's across values of line g (a hand's, or a foot line's), with
 * the dividers; the hand's detail under them. */
static void
cell_across(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, const struct pad *pd,
    const struct gline *g, int i, float cy, int bold)
{
	float x = col_x(pd, i), aw = pd->colw / (float)sp->nacross, py = 0;
	int det = g->kind == GL_HAND && g->det;
	for (int a = 0; a < sp->nacross; a++) {
		const char *s = g->kind == GL_FOOT ? foot_cell(sp, g->row, i, a) : across_cell(sp, g->row, i, a);
		py = cell_value(page, fs, bold, VALUE_PT, x + aw * (float)a, aw, cy, g->h, s, det);
	}
	cell_dividers(page, sp, pd, i, 1, cy + g->h, cy);
	if (det)   /* under the first value: the hand's own (the card dealt) */
		cell_detail(page, fs, sp, g->row, i, x, aw, py, VALUE_PT);
}

/* A yes/no line's tick box in x..x+w of the line cy..cy+h, ticked for
 * "yes" (U+2713), empty for "no" or a blank pad; none for "" (the player
 * sat the hand out: nothing to tick). */
static void
cell_tick(HPDF_Page page, struct fontset *fs, float x, float w, float cy, float h, const char *s)
{
	float side = VALUE_PT, bx = x + (w - side) / 2, by = cy + (h - side) / 2;
	if (s && *s == '\0')
		return;
	HPDF_Page_SetLineWidth(page, 0.6f);
	HPDF_Page_Rectangle(page, bx, by, side, side);
	HPDF_Page_Stroke(page);
	if (s && strcmp(s, "yes") == 0)
		fit_text(page, fs, BOLD, VALUE_PT - 2, bx, by + side / 2 - (VALUE_PT - 2) * 0.35f, side, "\xE2\x9C\x93", 0);
}

/* Player i's cell of a hand's row without across values: points | the
 * in-row values (a tick box for a yes/no) | running (bold), the detail
 * under them. */
static void
cell_split(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, const struct pad *pd,
    const struct gline *g, int i, float cy)
{
	float x = col_x(pd, i);
	int det = g->det;
	float py = cell_value(page, fs, REGULAR, VALUE_PT, x, pd->ptsw, cy, g->h, cell(sp->points, sp, g->row, i), det);
	for (int k = 0; k < inrow_count(sp); k++) {
		float kx = x + pd->ptsw + pd->inw * (float)k;
		const char *v = sp->inrow ? sp->inrow[((size_t)g->row * (size_t)sp->nplayers + (size_t)i) *
		    (size_t)sp->ninrow + (size_t)k] : NULL;
		if (sp->inrow_ticks && sp->inrow_ticks[k])
			cell_tick(page, fs, kx, pd->inw, cy, g->h, v);
		else
			cell_value(page, fs, REGULAR, VALUE_PT, kx, pd->inw, cy, g->h, v, det);
	}
	cell_value(page, fs, BOLD, VALUE_PT, x + pd->runx, pd->colw - pd->runx, cy, g->h, cell(sp->running, sp, g->row, i),
	    det);
	cell_dividers(page, sp, pd, i, 0, cy + g->h, cy);
	if (det)
		cell_detail(page, fs, sp, g->row, i, x, pd->ptsw, py, VALUE_PT);
}

/* A blank box's circles to cross off (box_marks of them). */
static void
cell_marks(HPDF_Page page, const struct sheet_spec *sp, const struct pad *pd, int i, float cy, float h)
{
	float x = col_x(pd, i);
	for (int k = 0; k < sp->box_marks && k < 12; k++) {
		float r = h * 0.22f, gap = (pd->colw - 8) / (float)(sp->box_marks > 0 ? sp->box_marks : 1);
		if (r > gap / 2.5f)
			r = gap / 2.5f;
		HPDF_Page_SetLineWidth(page, 0.6f);
		HPDF_Page_Circle(page, x + 4 + gap * ((float)k + 0.5f), cy + h / 2, r);
		HPDF_Page_Stroke(page);
	}
}

/* Player i's cell of line g, top at cy + g->h. */
static void
gline_cell(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, const struct pad *pd,
    const struct gline *g, int i, float cy)
{
	float x = col_x(pd, i), w = pd->colw, h = g->h;
	switch (g->kind) {
	case GL_START:
		if (sp->start_right && sp->nlines <= 0 && sp->nacross <= 0) {   /* beside a row's running figure */
			cell_dividers(page, sp, pd, i, 0, cy + h, cy);
			x += pd->runx;
			w -= pd->runx;
		}
		cell_value(page, fs, BOLD, VALUE_PT, x, w, cy, h, sp->start ? sp->start[i] : NULL, 0);
		break;
	case GL_HAND:
		if (sp->nacross > 0)
			cell_across(page, fs, sp, pd, g, i, cy, REGULAR);
		else
			cell_split(page, fs, sp, pd, g, i, cy);
		break;
	case GL_ACROSS:
		cell_across(page, fs, sp, pd, g, i, cy, REGULAR);
		break;
	case GL_SUB:
		if (sp->line_ticks && sp->line_ticks[g->sub])
			cell_tick(page, fs, x, w, cy, h, sub_cell(sp, g->row, g->sub, i));
		else
			cell_value(page, fs, REGULAR, VALUE_PT, x, w, cy, h, sub_cell(sp, g->row, g->sub, i), 0);
		break;
	case GL_SCORE: {
		float py = cell_value(page, fs, REGULAR, VALUE_PT, x, w, cy, h, cell(sp->points, sp, g->row, i), g->det);
		if (g->det)
			cell_detail(page, fs, sp, g->row, i, x, w, py, VALUE_PT);
		break;
	}
	case GL_RUN:
		cell_value(page, fs, BOLD, VALUE_PT, x, w, cy, h, cell(sp->running, sp, g->row, i), 0);
		break;
	case GL_TOTAL:   /* in partnership play a partner's part: a running figure's size */
		cell_value(page, fs, BOLD, sp->nsides > 0 ? VALUE_PT : TOTAL_PT, x, w, cy, h,
		    sp->totals ? sp->totals[i] : NULL, 0);
		break;
	case GL_BOX:
		if (sp->box)
			cell_value(page, fs, BOLD, VALUE_PT, x, w, cy, h, sp->box[i], 0);
		else
			cell_marks(page, sp, pd, i, cy, h);
		break;
	case GL_STATUS:
		cell_value(page, fs, BOLD, VALUE_PT, x, w, cy, h, sp->status[i], 0);
		break;
	case GL_FOOT:
		if (sp->foot[g->row].across && sp->nacross > 0)
			cell_across(page, fs, sp, pd, g, i, cy, BOLD);
		else
			cell_value(page, fs, BOLD, VALUE_PT, x, w, cy, h, foot_cell(sp, g->row, i, 0), 0);
		break;
	case GL_SIDE:   /* one box across the side's columns, from its first:
	                 * its total centred, so it reads as the side's, not
	                 * as the last partner's */
		for (int s = 0; s < sp->nsides; s++)
			if (sp->sides[s].first == i && sp->sides[s].total)
				fit_text(page, fs, BOLD, TOTAL_PT, x + 2, cy + h / 2 - TOTAL_PT * 0.35f,
				    w * (float)sp->sides[s].n - 4, sp->sides[s].total, 0);
		break;
	}
}

/* Line g of the grid with its top at y: shading, labels, the note of its
 * hand, the cells, and the rule under it. */
static void
draw_gline(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, const struct pad *pd,
    const struct gline *g, float y)
{
	float m = pd->m, R = pd->W - m, cy = y - g->h, lx = m + pd->labw;
	int hand = is_hand(g);
	float bh = 0;   /* a hand's height: its row, or its block */
	for (const struct gline *k = g; hand && g->first && (k == g || !(k - 1)->last) && k < pd->gl + pd->ngl; k++)
		bh += k->h;
	if (hand && g->first && g->row % 2 == 1) {   /* every other hand shaded, the whole block at once */
		HPDF_Page_SetGrayFill(page, 0.96f);
		HPDF_Page_Rectangle(page, m, y - bh, R - m, bh);
		HPDF_Page_Fill(page);
		HPDF_Page_SetGrayFill(page, 0);
	}
	if (g->kind == GL_HAND)
		draw_label(page, fs, REGULAR, LABEL_PT, m + 4, pd->labw - 8, cy, g->h, sp->row_labels[g->row]);
	else if (in_block(g))
		draw_label(page, fs, REGULAR, LABEL_PT, lx + 4, pd->linew - 8, cy, g->h, gline_label(sp, g));
	else
		draw_label(page, fs, is_game_total(sp, g), is_game_total(sp, g) ? 11 : LABEL_PT, m + 4,
		    pd->labw + pd->linew - 8, cy, g->h, gline_label(sp, g));
	if (in_block(g) && g->first)   /* the hand's label heads its block */
		draw_label(page, fs, BOLD, LABEL_PT, m + 4, pd->labw - 8, cy, g->h, sp->row_labels[g->row]);
	if (hand && g->first && sp->row_notes && sp->row_notes[g->row] && sp->row_notes[g->row][0]) {
		/* beside the hand's first line when it fits there, else down
		 * the hand's block */
		char **v;
		int k = split_lines(page, fs, REGULAR, DETAIL_PT, pd->notew - 6, sp->row_notes[g->row], &v);
		free_lines(v, k);
		float nh = (float)k * DETAIL_PT * 1.2f + 2 <= g->h ? g->h : bh;
		box_text(page, fs, REGULAR, DETAIL_PT, pd->notex + 3, pd->notew - 6, y, nh, sp->row_notes[g->row], -1);
	}
	for (int i = 0; i < sp->nplayers; i++)
		gline_cell(page, fs, sp, pd, g, i, cy);
	if (hand && !g->last)   /* a light rule between the lines of one hand */
		inner_rule(page, lx, cy, sp->note_label ? pd->notex : R, cy);
	else if (g->heavy)
		line(page, m, cy, R, cy, 1.2f);
	else
		inner_rule(page, m, cy, R, cy);
}

/* The grid's vertical lines from gtop down to bottom: the frame, the
 * label columns (the sub-line labels' only beside the hands), the notes
 * and each player's column; the rule under the names. */
static void
pad_frame(HPDF_Page page, const struct sheet_spec *sp, const struct pad *pd, float gtop, float bottom)
{
	float m = pd->m, R = pd->W - m;
	line(page, m, gtop, m, bottom, 1);
	line(page, R, gtop, R, bottom, 1);
	line(page, m, gtop, R, gtop, 1);
	line(page, m, gtop - pd->head_h, R, gtop - pd->head_h, 0.8f);
	line(page, m, bottom, R, bottom, 1);
	if (pd->linew > 0)
		inner_rule(page, m + pd->labw, pd->hands_top, m + pd->labw, pd->hands_bottom);
	if (sp->note_label)
		line(page, pd->notex, gtop, pd->notex, bottom, 0.8f);
	/* partnership play: a side's box on the last line has no rule
	 * between its partners' columns, and sides are parted more heavily */
	float side_h = pd->ngl > 0 && pd->gl[pd->ngl - 1].kind == GL_SIDE ? pd->gl[pd->ngl - 1].h : 0;
	for (int i = 0; i < sp->nplayers; i++) {
		int inner = 0, edge = 0;
		for (int s = 0; s < sp->nsides; s++) {
			inner |= i > sp->sides[s].first && i < sp->sides[s].first + sp->sides[s].n;
			edge |= i == sp->sides[s].first && i > 0;
		}
		line(page, col_x(pd, i), gtop, col_x(pd, i), inner ? bottom + side_h : bottom,
		    edge ? 1.6f : 0.8f);
	}
}

/* Under the grid from y: the result, then the rules played. */
static void
pad_footer(HPDF_Page page, struct fontset *font, const struct sheet_spec *sp, const struct pad *pd, float y)
{
	float m = pd->m, w = pd->W - 2 * m;
	y -= 20;
	if (!pd->last) {
		fit_text(page, font, REGULAR, MIN_PT + 1, m, y + 6, w, "(the pad goes on overleaf)", -1);
		return;
	}
	if (sp->result) {
		const char *nl = strchr(sp->result, '\n');
		char *first = xstrndup(sp->result, nl ? (size_t)(nl - sp->result) : strlen(sp->result));
		char **v;
		int k = split_lines(page, font, BOLD, 13, w, first, &v);
		y = draw_lines(page, font, BOLD, 13, m, y, v, k) - 4;
		free_lines(v, k);
		free(first);
		if (nl)
			y = wrap_text(page, font, 10, m, y, w, nl + 1);
		y -= 4;
	}
	HPDF_Page_SetGrayFill(page, 0.25f);
	draw_lines(page, font, REGULAR, pd->foot_pt, m, y, pd->foot_v, pd->foot_n);
	HPDF_Page_SetGrayFill(page, 0);
}

/* Draw the pad measured in pd with its top at top. */
static void
pad_draw(HPDF_Page page, struct fontset *font, const struct sheet_spec *sp, struct pad *pd, float top)
{
	float m = pd->m, y = top;
	text_at(page, font, BOLD, 22, m, y - 20, sp->title);
	/* a dealt layout's shape stands at the right of the title band */
	float fig_w = layout_figure_w(page, font, sp);
	if (fig_w > 0)
		layout_figure(page, font, sp, pd->W - m, y);
	y -= PAD_TITLE_H;
	if (sp->subtitle)
		y = wrap_text(page, font, 9, m, y - 8, pd->W - 2 * m - (fig_w > 0 ? fig_w + 6 * MM : 0), sp->subtitle) + 9;
	y -= 8;
	if (sp->nsides > 0) {
		pad_side_band(page, font, sp, pd, y);
		y -= pd->band_h;
	}
	float gtop = y;
	pad_header(page, font, sp, pd, y);
	y -= pd->head_h;
	pd->hands_top = pd->hands_bottom = y;
	for (int g = 0; g < pd->ngl; g++) {
		const struct gline *gl = &pd->gl[g];
		if (gl->kind == GL_START)
			pd->hands_top = y - gl->h;
		draw_gline(page, font, sp, pd, gl, y);
		y -= gl->h;
		if (is_hand(gl))
			pd->hands_bottom = y;
	}
	pad_frame(page, sp, pd, gtop, y);
	pad_footer(page, font, sp, pd, y);
}

/* Load the CJK font now if any string of sp needs it (see preload). */
static void
preload_spec(struct fontset *font, const struct sheet_spec *sp)
{
	size_t n = (size_t)(sp->nplayers > 0 ? sp->nplayers : 0), cells = (size_t)sp->nrows * n;
	const char *one[] = { sp->title, sp->subtitle, sp->result, sp->footer, sp->rules_words, sp->box_label,
		sp->note_label, sp->start_label };
	preload_all(font, (char *const *)one, ARRAY_LEN(one));
	preload_all(font, sp->names, n);
	preload_all(font, sp->row_labels, (size_t)(sp->nrows + sp->extra_rows));
	preload_all(font, sp->row_notes, (size_t)(sp->nrows + sp->extra_rows));
	preload_all(font, sp->points, sp->points ? cells : 0);
	preload_all(font, sp->running, sp->running ? cells : 0);
	preload_all(font, sp->detail, sp->detail ? cells : 0);
	preload_all(font, sp->totals, sp->totals ? n : 0);
	preload_all(font, sp->box, sp->box ? n : 0);
	preload_all(font, sp->status, sp->status ? n : 0);
	preload_all(font, sp->start, sp->start ? n : 0);
	preload_all(font, (char *const *)sp->line_labels, (size_t)(sp->nlines > 0 ? sp->nlines : 0));
	preload_all(font, sp->lines, sp->lines ? cells * (size_t)sp->nlines : 0);
	preload_all(font, (char *const *)sp->across_labels, (size_t)(sp->nacross > 0 ? sp->nacross : 0));
	preload_all(font, sp->across, sp->across ? cells * (size_t)sp->nacross : 0);
	preload_all(font, (char *const *)sp->inrow_labels, (size_t)(sp->ninrow > 0 ? sp->ninrow : 0));
	preload_all(font, sp->inrow, sp->inrow ? cells * (size_t)sp->ninrow : 0);
	for (int f = 0; f < sp->nfoot; f++) {
		preload(font, sp->foot[f].label);
		preload_all(font, sp->foot[f].cells, sp->foot[f].cells ? n * (size_t)(sp->foot[f].across ? sp->nacross : 1) : 0);
	}
}

/*
 * The players of a pad that do not fit one page's width go on pages of
 * their own, side by side: a slice is sp with players p0..p0+np-1.  Its
 * arrays are new (the strings are sp's); slice_release frees them.
 */
struct slice {
	struct sheet_spec s;
	void *mem[24];
	int nmem;
	struct sheet_line *foot;
};

/* Players p0..p0+np-1 of v, laid out [block][player][inner] with n
 * players; NULL for NULL. */
static char **
pick(struct slice *sl, char *const *v, int nblocks, int n, int inner, int p0, int np)
{
	if (v == NULL)
		return NULL;
	char **o = xcalloc((size_t)nblocks * (size_t)np * (size_t)inner + 1, sizeof *o);
	for (int b = 0; b < nblocks; b++)
		for (int i = 0; i < np; i++)
			for (int a = 0; a < inner; a++)
				o[((size_t)b * (size_t)np + (size_t)i) * (size_t)inner + (size_t)a] =
				    v[((size_t)b * (size_t)n + (size_t)(p0 + i)) * (size_t)inner + (size_t)a];
	sl->mem[sl->nmem++] = o;
	return o;
}

static void
slice_make(struct slice *sl, const struct sheet_spec *sp, int p0, int np)
{
	int n = sp->nplayers, r = sp->nrows, na = sp->nacross > 0 ? sp->nacross : 1;
	sl->s = *sp;
	sl->s.nplayers = np;
	sl->s.names = pick(sl, sp->names, 1, n, 1, p0, np);
	sl->s.points = pick(sl, sp->points, r, n, 1, p0, np);
	sl->s.running = pick(sl, sp->running, r, n, 1, p0, np);
	sl->s.detail = pick(sl, sp->detail, r, n, 1, p0, np);
	sl->s.totals = pick(sl, sp->totals, 1, n, 1, p0, np);
	sl->s.box = pick(sl, sp->box, 1, n, 1, p0, np);
	sl->s.status = pick(sl, sp->status, 1, n, 1, p0, np);
	sl->s.start = pick(sl, sp->start, 1, n, 1, p0, np);
	sl->s.lines = pick(sl, sp->lines, r * (sp->nlines > 0 ? sp->nlines : 0), n, 1, p0, np);
	sl->s.across = pick(sl, sp->across, r, n, na, p0, np);
	sl->s.inrow = pick(sl, sp->inrow, r, n, sp->ninrow > 0 ? sp->ninrow : 1, p0, np);
	sl->foot = xcalloc((size_t)sp->nfoot + 1, sizeof *sl->foot);
	for (int f = 0; f < sp->nfoot; f++) {
		sl->foot[f] = sp->foot[f];
		if (sl->nmem < (int)ARRAY_LEN(sl->mem) - 1)
			sl->foot[f].cells = pick(sl, sp->foot[f].cells, 1, n, sp->foot[f].across ? na : 1, p0, np);
		else
			sl->foot[f].cells = NULL;
	}
	sl->s.foot = sl->foot;
}

static void
slice_release(struct slice *sl)
{
	for (int k = 0; k < sl->nmem; k++)
		free(sl->mem[k]);
	free(sl->foot);
	memset(sl, 0, sizeof *sl);
}

/* The renderer's state kept off the stack, so that a libharu error (a
 * longjmp) can free it: the slices of the players and the page ends. */
struct pad_plan {
	struct slice *slices;
	int nslices;
	int **ends;
	int *npages;
};

static void
plan_release(struct pad_plan *pl)
{
	for (int k = 0; k < pl->nslices; k++) {
		slice_release(&pl->slices[k]);
		free(pl->ends[k]);
	}
	free(pl->slices);
	free(pl->ends);
	free(pl->npages);
	memset(pl, 0, sizeof *pl);
}

/*
 * A blank pad of no fixed length that goes on overleaf (sl, its first
 * players' slice, in npages pages): the most of sp->extra_rows more rows
 * that its pages hold, so its last page is as full as the others.
 */
static int
fill_rows(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, struct slice *sl, float W, float height,
    float sub_h, int npages)
{
	int base = sl->s.nrows, lo = 0, hi = sp->extra_rows;
	while (lo < hi) {   /* pages only grow with rows: the last e that keeps npages */
		int e = (lo + hi + 1) / 2, n;
		sl->s.nrows = base + e;
		free(pad_pages(page, fs, &sl->s, W, height, sub_h, &n));
		if (n <= npages)
			lo = e;
		else
			hi = e - 1;
	}
	sl->s.nrows = base;
	return lo;
}

/* The page's foot: the sheet's mark, and "page 2 of 3" when there are more. */
static void
page_foot(HPDF_Page page, struct fontset *font, float W, int k, int n)
{
	text_at(page, font, REGULAR, MIN_PT, 36, 36 - 16, "tally score sheet");
	if (n > 1) {
		char buf[48];
		snprintf(buf, sizeof buf, "page %d of %d", k, n);
		fit_text(page, font, REGULAR, 9, W / 2, 36 - 16, W / 2 - 36, buf, 1);
	}
}

/* The players a page of width W holds at their least widths. */
static int
players_fit(HPDF_Page page, struct fontset *fs, const struct sheet_spec *sp, float W)
{
	struct pad pd;
	memset(&pd, 0, sizeof pd);
	pd.m = 36;
	pad_lines(sp, &pd);
	pad_widths(page, fs, sp, &pd, W);
	float room = W - 2 * pd.m - pd.labw - pd.linew - pd.notew;
	pad_release(&pd, 0);
	return (int)(room / col_min(page, fs, sp));
}

/* Sets the document's title, author and creation date. */
static void
doc_info(struct pdf_doc *doc, const struct sheet_spec *sp)
{
	if (sp->doc_title)
		HPDF_SetInfoAttr(doc->pdf, HPDF_INFO_TITLE, sp->doc_title);
	HPDF_SetInfoAttr(doc->pdf, HPDF_INFO_AUTHOR, sp->author ? sp->author : "tally");
	if (sp->created > 0) {
		time_t t = (time_t)sp->created;
		struct tm tm;
		if (gmtime_r(&t, &tm)) {
			HPDF_Date dt = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
				'Z', 0, 0 };
			HPDF_SetInfoDateAttr(doc->pdf, HPDF_INFO_CREATION_DATE, dt);
		}
	}
}

enum status
sheet_render(const struct sheet_spec *sp, const char *path, struct diag *d)
{
	struct pdf_doc doc;
	struct pad pd[2];
	enum status rc;
	struct pad_plan *pl = xcalloc(1, sizeof *pl);

	if ((rc = doc_open(&doc, path, d)) != ST_OK) {
		free(pl);
		return rc;
	}
	memset(pd, 0, sizeof pd);
	if (setjmp(doc.ctx.jb)) {
		pad_release(&pd[0], sp->nplayers);
		pad_release(&pd[1], sp->nplayers);
		plan_release(pl);
		free(pl);
		return doc_failed(&doc, path, d);
	}
	doc_start(&doc, sp->title);
	doc_info(&doc, sp);
	struct fontset *font = &doc.fonts;
	preload_spec(font, sp);

	/* upright when the players fit at their least widths, else sideways,
	 * else sideways on as many pages across as they need */
	HPDF_Page page = HPDF_AddPage(doc.pdf);
	HPDF_PageSizes size = sp->a4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER;
	HPDF_PageDirection dir = HPDF_PAGE_PORTRAIT;
	HPDF_Page_SetSize(page, size, dir);
	int n = sp->nplayers > 0 ? sp->nplayers : 1, per = n;
	if (players_fit(page, font, sp, HPDF_Page_GetWidth(page)) < n) {
		dir = HPDF_PAGE_LANDSCAPE;
		HPDF_Page_SetSize(page, size, dir);
		int fit = players_fit(page, font, sp, HPDF_Page_GetWidth(page));
		fit = fit < 1 ? 1 : fit;
		int groups = (n + fit - 1) / fit;
		per = (n + groups - 1) / groups;
	}
	float W = HPDF_Page_GetWidth(page), H = HPDF_Page_GetHeight(page), m = 36;
	char **sv;
	int sn = split_lines(page, font, REGULAR, 9, W - 2 * m, sp->subtitle ? sp->subtitle : "", &sv);
	free_lines(sv, sn);
	float sub_h = (float)sn * 9 * 1.25f + 8;

	pl->nslices = (n + per - 1) / per;
	pl->slices = xcalloc((size_t)pl->nslices, sizeof *pl->slices);
	pl->ends = xcalloc((size_t)pl->nslices, sizeof *pl->ends);
	pl->npages = xcalloc((size_t)pl->nslices, sizeof *pl->npages);
	int total = 0;
	for (int k = 0; k < pl->nslices; k++) {
		int p0 = k * per;
		slice_make(&pl->slices[k], sp, p0, p0 + per > n ? n - p0 : per);
		pl->ends[k] = pad_pages(page, font, &pl->slices[k].s, W, H - 2 * m - PAGE_FOOT_H, sub_h, &pl->npages[k]);
		total += pl->npages[k];
	}
	/* a short blank pad prints twice, cut along the middle of the page */
	float half = (H - 2 * m) / 2 - 8;
	int twice = sp->points == NULL && pl->nslices == 1 && pad_measure(page, font, sp, W, sub_h, &pd[0], 0, -1) <= half;
	pad_release(&pd[0], sp->nplayers);
	/* a blank pad of no fixed length fills its last page, the only one
	 * too (Chase the Ace: rounds where nobody loses a life) */
	int more = sp->points == NULL && sp->extra_rows > 0 && !twice
	    ? fill_rows(page, font, sp, &pl->slices[0], W, H - 2 * m - PAGE_FOOT_H, sub_h, pl->npages[0]) : 0;
	for (int k = 0; more > 0 && k < pl->nslices; k++) {   /* every slice has the same rows */
		total -= pl->npages[k];
		pl->slices[k].s.nrows += more;
		free(pl->ends[k]);
		pl->ends[k] = pad_pages(page, font, &pl->slices[k].s, W, H - 2 * m - PAGE_FOOT_H, sub_h, &pl->npages[k]);
		total += pl->npages[k];
	}
	if (twice) {
		pad_measure(page, font, sp, W, sub_h, &pd[0], 0, -1);
		pad_measure(page, font, sp, W, sub_h, &pd[1], 0, -1);
		pad_draw(page, font, sp, &pd[0], H - m);
		pad_draw(page, font, sp, &pd[1], H / 2 - 8);
		HPDF_Page_SetGrayStroke(page, 0.6f);
		HPDF_UINT16 dash[2] = { 4, 3 };
		HPDF_Page_SetDash(page, dash, 2, 0);
		line(page, m, H / 2, W - m, H / 2, 0.5f);
		HPDF_Page_SetDash(page, NULL, 0, 0);
		HPDF_Page_SetGrayStroke(page, 0);
		page_foot(page, font, W, 1, 1);
	} else {
		pad_release(&pd[0], sp->nplayers);
		for (int k = 0, no = 0; k < pl->nslices; k++)
			for (int p = 0, from = 0; p < pl->npages[k]; from = pl->ends[k][p++]) {
				if (no > 0) {
					page = HPDF_AddPage(doc.pdf);
					HPDF_Page_SetSize(page, size, dir);
				}
				pad_measure(page, font, &pl->slices[k].s, W, sub_h, &pd[0], from, pl->ends[k][p]);
				pad_draw(page, font, &pl->slices[k].s, &pd[0], H - m);
				page_foot(page, font, W, ++no, total);
				pad_release(&pd[0], pl->slices[k].s.nplayers);
			}
	}
	pad_release(&pd[0], sp->nplayers);
	pad_release(&pd[1], sp->nplayers);
	plan_release(pl);
	free(pl);
	return doc_save(&doc, d);
}

/* Colours for the chart's lines, distinct on screen, and a dash pattern
 * each of the first six so that six players stay told apart in black and
 * white; a player keeps both all night (report_game.colour). */
static const float palette[][3] = {
	{ 0.12f, 0.38f, 0.71f }, { 0.85f, 0.33f, 0.10f }, { 0.20f, 0.60f, 0.20f }, { 0.58f, 0.25f, 0.62f },
	{ 0.80f, 0.65f, 0.05f }, { 0.05f, 0.62f, 0.65f }, { 0.55f, 0.35f, 0.20f }, { 0.90f, 0.30f, 0.60f },
	{ 0.40f, 0.40f, 0.40f }, { 0.10f, 0.10f, 0.10f },
};
#define NPALETTE ((int)(sizeof palette / sizeof palette[0]))
#define NSTYLES 6
/* The fewest hands a game's chart needs: fewer are read from the table. */
#define CHART_HANDS 3

static void
set_series_style(HPDF_Page page, int p)
{
	/* solid, long dash, dots, dash-dot, short dash, long dash-dot-dot */
	static const HPDF_UINT16 dashes[NSTYLES][6] = { { 0 }, { 8, 3 }, { 1, 2 }, { 6, 2, 1, 2 }, { 3, 3 },
		{ 10, 2, 1, 2, 1, 2 } };
	static const int ndash[NSTYLES] = { 0, 2, 2, 4, 2, 6 };
	const float *c = palette[p % NPALETTE];
	int k = p % NSTYLES;
	HPDF_Page_SetRGBStroke(page, c[0], c[1], c[2]);
	if (ndash[k] == 0)
		HPDF_Page_SetDash(page, NULL, 0, 0);
	else
		HPDF_Page_SetDash(page, dashes[k], (HPDF_UINT)ndash[k], 0);
}

/* The style of player p of game g. */
static int
style_of(const struct report_game *g, int p)
{
	return g->colour ? g->colour[p] : p;
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

/* A chart's empty cell (COLUMN_NONE, core/rules.h): no point. */
#define NO_POINT LONG_MIN
/* The most a chart's axis reaches either way, and the most y grid lines
 * it draws, whatever the values. */
#define CHART_MAX (LONG_MAX / 8)
#define CHART_TICKS 40

/* Where v sits between lo and hi, 0 to 1 (no point: at lo). */
static float
chart_y(long v, long lo, long hi)
{
	if (v == NO_POINT)
		return 0;
	double f = ((double)v - (double)lo) / ((double)hi - (double)lo);
	return (float)(f < 0 ? 0 : f > 1 ? 1 : f);
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
			if (v == NO_POINT)
				continue;
			/* beyond any score a game keeps: drawn at the edge, so the
			 * arithmetic below cannot overflow */
			v = v < -CHART_MAX ? -CHART_MAX : v > CHART_MAX ? CHART_MAX : v;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
	/* the grid every nice step; the axis ends a tenth of a step past the
	 * values, so a low of -200 under a step of 2000 gives an axis to
	 * -200, not to -2000 with a tenth of the chart used */
	long step = nice_step(hi - lo, 4), unit = step >= 10 ? step / 10 : 1;
	lo = (lo >= 0 ? lo / unit : -((-lo + unit - 1) / unit)) * unit;
	hi = ((hi + unit - 1) / unit) * unit;
	if (hi == lo)
		hi = lo + step;
	/* room at the right for each line's name at its end */
	float labw = 0;
	for (int p = 0; p < g->nplayers; p++)
		labw = fmaxf(labw, text_width(page, fs, BOLD, ts, g->names[p]));
	labw = fminf(labw + 6, w * 0.3f);
	float left = x + 36, bottom = y + 24, cw = w - 44 - labw, ch = h - 46;
	HPDF_Page_SetGrayStroke(page, 0.5f);
	line(page, left, bottom, left + cw, bottom, 0.6f);
	line(page, left, bottom, left, bottom + ch, 0.6f);
	char buf[32];
	/* y ticks: every step, thinned so labels sit at least 1.5 lines apart */
	double room = ch > 1 ? ch : 1;
	long mult = (long)ceil(ts * 1.6 * (double)(hi - lo) / (room * (double)step));
	long every = step * (mult > 1 ? mult : 1);
	long first = lo >= 0 ? (lo + every - 1) / every * every : -(-lo / every * every);
	long nticks = (hi - first) / every;
	for (long t = 0; t <= nticks && t <= CHART_TICKS; t++) {
		long v = first + t * every;
		float ty = bottom + ch * (float)(v - lo) / (float)(hi - lo);
		HPDF_Page_SetGrayStroke(page, v == 0 ? 0.55f : 0.88f);
		line(page, left, ty, left + cw, ty, v == 0 ? 0.6f : 0.3f);
		grouped_number(v, 0, buf, sizeof buf);
		fit_text(page, fs, REGULAR, ts, x, ty - ts * 0.35f, 32, buf, 1);
	}
	HPDF_Page_SetGrayStroke(page, 0);
	text_at(page, fs, BOLD, ts, left - 4, bottom + ch + 12, g->measure ? g->measure : "points");
	/* x ticks: hand numbers, as many as fit without touching */
	int hands = np - 1;
	snprintf(buf, sizeof buf, "%d", hands);
	float lw = text_width(page, fs, REGULAR, ts, buf) + 6;
	int xe = 1;
	if (hands > 0 && cw * (float)xe / (float)hands < lw)
		xe = cw > 1 ? (int)fminf(ceilf(lw * (float)hands / cw), (float)hands) : hands;
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
		set_series_style(page, style_of(g, p));
		HPDF_Page_SetLineWidth(page, 1.3f);
		int drawn = 0;
		float sx = -1, sy = 0;
		for (int k = 0; k < np; k++) {
			if (g->series[p * np + k] == NO_POINT) {
				drawn = 0;   /* no point: the line breaks */
				continue;
			}
			float px = left + cw * (float)k / (float)(hands > 0 ? hands : 1);
			float py = bottom + nudge + ch * chart_y(g->series[p * np + k], lo, hi);
			if (drawn++ == 0)
				HPDF_Page_MoveTo(page, px, py);
			else
				HPDF_Page_LineTo(page, px, py);
			if (sx < 0 && k > 0 && drawn == 1) {   /* the first point, after the start */
				sx = px;
				sy = py;
			}
		}
		HPDF_Page_Stroke(page);
		if (sx >= 0) {   /* a late arrival: a dot where their line starts */
			const float *c = palette[style_of(g, p) % NPALETTE];
			HPDF_Page_SetRGBFill(page, c[0], c[1], c[2]);
			HPDF_Page_Circle(page, sx, sy, 2.2f);
			HPDF_Page_Fill(page);
			HPDF_Page_SetGrayFill(page, 0);
		}
	}
	HPDF_Page_SetDash(page, NULL, 0, 0);
	HPDF_Page_SetRGBStroke(page, 0, 0, 0);
	/* each line's name at its end, moved apart so no two touch, lowest
	 * first */
	int *order = hold(fs, xcalloc((size_t)g->nplayers + 1, sizeof *order));
	float *ly = hold(fs, xcalloc((size_t)g->nplayers + 1, sizeof *ly));
	for (int p = 0; p < g->nplayers; p++) {
		order[p] = p;
		ly[p] = bottom + ch * chart_y(g->series[p * np + np - 1], lo, hi) - ts * 0.35f;
	}
	for (int a = 1; a < g->nplayers; a++)   /* by height: few players, insertion */
		for (int b = a; b > 0 && ly[order[b]] < ly[order[b - 1]]; b--) {
			int t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	for (int a = 1; a < g->nplayers; a++)
		if (ly[order[a]] < ly[order[a - 1]] + ts * 1.15f)
			ly[order[a]] = ly[order[a - 1]] + ts * 1.15f;
	for (int p = 0; p < g->nplayers; p++) {
		const float *c = palette[style_of(g, p) % NPALETTE];
		HPDF_Page_SetRGBFill(page, c[0] * 0.8f, c[1] * 0.8f, c[2] * 0.8f);
		fit_text(page, fs, BOLD, ts, left + cw + 4, ly[p], labw - 4, g->names[p], -1);
	}
	HPDF_Page_SetGrayFill(page, 0);
	unhold(fs, order);
	unhold(fs, ly);
}

/* The title's size, and the floor it shrinks to before it wraps: a long
 * night name ("A rather long night name for the Saturday club
 * gathering") stays inside the margins. */
#define TITLE_PT 18.0f
#define TITLE_MIN_PT 12.0f

/* Draw title s from top y in x..x+w: at TITLE_PT on one line, else the
 * largest size down to TITLE_MIN_PT at which it fits, else wrapped into
 * even lines at TITLE_MIN_PT (a word wider than w condensed, fit_text).
 * Returns y below it, 24 pt for a line at TITLE_PT. */
static float
title_lines(HPDF_Page page, struct fontset *fs, float x, float y, float w, const char *s)
{
	float size = TITLE_PT;
	while (size > TITLE_MIN_PT && text_width(page, fs, BOLD, size, s) > w)
		size -= 0.5f;
	char **v;
	int n = text_width(page, fs, BOLD, size, s) > w ? split_balanced(page, fs, BOLD, size, w, s, &v)
	    : split_lines(page, fs, BOLD, size, INFINITY, s, &v);
	for (int k = 0; k < n; k++)
		fit_text(page, fs, BOLD, size, x, y - size * (16 / TITLE_PT) - size * 1.2f * (float)k, w, v[k], -1);
	free_lines(v, n);
	return y - size * (24 / TITLE_PT) - size * 1.2f * (float)(n > 1 ? n - 1 : 0);
}

/* One report page with the title and subtitle; returns y below them. */
static HPDF_Page
report_page(struct pdf_doc *doc, const struct report_spec *sp, float *y)
{
	HPDF_Page page = HPDF_AddPage(doc->pdf);
	HPDF_Page_SetSize(page, sp->a4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER, HPDF_PAGE_PORTRAIT);
	float W = HPDF_Page_GetWidth(page), m = 36;
	*y = HPDF_Page_GetHeight(page) - m;
	*y = title_lines(page, &doc->fonts, m, *y, W - 2 * m, sp->title ? sp->title : "Night report");
	if (sp->subtitle)
		*y = wrap_text(page, &doc->fonts, 9, m, *y - 6, W - 2 * m, sp->subtitle);
	text_at(page, &doc->fonts, REGULAR, MIN_PT, m, m - 14, "tally night report");
	*y -= 6;
	return page;
}

/* Row r of t (-1: the headings, heads) with its top at y: drawn when
 * draw, else only measured.  Returns its height. */
static float
table_row(HPDF_Page page, struct fontset *fs, const struct report_table *t, const char *const *heads,
    const float *cw, float size, float m, float y, int r, int draw)
{
	const float pad = 4, lead = size * 1.25f;
	int nc = t->ncols, most = 1;
	float x = m, tw = 0;
	for (int c = 0; c < nc; c++)
		tw += cw[c];
	for (int c = 0; c < nc; c++) {
		char **v;
		const char *cell = r < 0 ? heads[c] : t->cells[r * nc + c];
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

/* The summary's type: 9 pt, shrinking to TABLE_FIT_PT to keep page 1
 * whole (a handout reads best on one sheet), and to MIN_PT only for a
 * table too wide for the page. */
#define TABLE_PT 9.0f
#define TABLE_FIT_PT 8.0f
#define TABLE_CAPTION 20.0f   /* a caption's height */
#define TABLE_GAP 10.0f       /* under a table */
#define LEGEND_PT (MIN_PT + 0.5f)
/* The fewest rows a table starts with at a page's foot; fewer go over. */
#define TABLE_LEAST_ROWS 3

/* A summary table laid out: its headings (its own or the short ones),
 * type size, column widths and row heights. */
struct tab {
	const struct report_table *t;
	const char *const *heads;
	float size, tw;
	float *cw;      /* ncols widths */
	float *rh;      /* nrows + 1 heights: [0] the headings, [r + 1] row r */
	float legend;   /* the legend's height, 0: none */
	float *unit;    /* 6 * ncols widths at 1 pt (tab_measure) */
};

/* What t's cells and headings want across, measured once at 10 pt
 * (widths grow with the size): per column, the widest cell and the
 * longest word, of the cells ([0], [1]), of the headings ([2], [3]) and
 * of the short headings ([4], [5]). */
static void
tab_measure(HPDF_Page page, struct fontset *fs, struct tab *tb)
{
	const struct report_table *t = tb->t;
	int nc = t->ncols;
	for (int c = 0; c < nc; c++)
		for (int r = -2; r < t->nrows; r++) {
			const char *const *hv = r == -1 ? t->heads : t->short_heads;
			const char *cell = r >= 0 ? t->cells[r * nc + c] : hv ? hv[c] : NULL;
			int set = r >= 0 ? 0 : r == -1 ? 2 : 4;
			float *want = &tb->unit[set * nc + c], *least = &tb->unit[(set + 1) * nc + c];
			if (cell == NULL)
				continue;
			float full = text_width(page, fs, r < 0, 10, cell) / 10;
			*want = full > *want ? full : *want;
			char *copy = xstrdup(cell), *save = NULL;
			for (char *wd = strtok_r(copy, " \n", &save); wd; wd = strtok_r(NULL, " \n", &save)) {
				float ww = text_width(page, fs, r < 0, 10, wd) / 10;
				*least = ww > *least ? ww : *least;
			}
			free(copy);
		}
}

/* The widths of tb's columns with its short headings (shorts) or its
 * own at size across tb->tw into cw: each at least its longest word,
 * the room left shared as the words want it.  Returns 1 when the least
 * widths fit in tw. */
static int
table_widths(const struct tab *tb, int shorts, float size, float *cw)
{
	/* a point over the words: widths scaled from 10 pt may fall a
	 * hair short of the width split_lines measures at size */
	const float pad = 4.5f;
	int nc = tb->t->ncols, h = shorts ? 4 : 2;
	float sw = 0, sm = 0, tw = tb->tw;
	for (int c = 0; c < nc; c++) {
		sw += fmaxf(tb->unit[c], tb->unit[h * nc + c]) * size + 2 * pad;
		sm += fmaxf(tb->unit[nc + c], tb->unit[(h + 1) * nc + c]) * size + 2 * pad;
	}
	float extra = tw - (sw <= tw ? sw : sm);
	for (int c = 0; c < nc; c++) {
		float want = fmaxf(tb->unit[c], tb->unit[h * nc + c]) * size + 2 * pad;
		float least = fmaxf(tb->unit[nc + c], tb->unit[(h + 1) * nc + c]) * size + 2 * pad;
		float base = sw <= tw ? want : least;
		float share = sw <= tw ? 1.0f / (float)nc : (want - least) / (sw - sm > 0 ? sw - sm : 1);
		cw[c] = base + (extra > 0 ? extra * share : 0);
		if (cw[c] < 2 * pad + 1)
			cw[c] = 2 * pad + 1;
	}
	return sm <= tw;
}

/* Lay tb->t out with its short headings (shorts) or its own at size:
 * widths, row heights, legend. */
static void
tab_layout(HPDF_Page page, struct fontset *fs, struct tab *tb, int shorts, float size)
{
	const struct report_table *t = tb->t;
	tb->heads = shorts ? t->short_heads : t->heads;
	tb->size = size;
	table_widths(tb, shorts, size, tb->cw);
	for (int r = -1; r < t->nrows; r++)
		tb->rh[r + 1] = table_row(page, fs, t, tb->heads, tb->cw, size, 0, 0, r, 0);
	tb->legend = 0;
	if (t->legend) {
		char **v;
		int n = split_lines(page, fs, REGULAR, LEGEND_PT, tb->tw, t->legend, &v);
		free_lines(v, n);
		tb->legend = 12 + (float)n * LEGEND_PT * 1.25f;
	}
}

/* Choose tb's headings and size: its own headings from TABLE_PT down to
 * least, else the short headings ("#3") from TABLE_PT down to MIN_PT,
 * else its own headings down to MIN_PT (words then overrun no cell:
 * the columns keep their least widths). */
static void
tab_fit(HPDF_Page page, struct fontset *fs, struct tab *tb, float least)
{
	const struct report_table *t = tb->t;
	for (float s = TABLE_PT; s >= least; s -= 0.5f)
		if (table_widths(tb, 0, s, tb->cw)) {
			tab_layout(page, fs, tb, 0, s);
			return;
		}
	for (float s = TABLE_PT; t->short_heads && s >= MIN_PT; s -= 0.5f)
		if (table_widths(tb, 1, s, tb->cw)) {
			tab_layout(page, fs, tb, 1, s);
			return;
		}
	float s = least;
	while (s > MIN_PT && !table_widths(tb, 0, s, tb->cw))
		s -= 0.5f;
	tab_layout(page, fs, tb, t->short_heads != NULL, s);
}

/* The height of rows from..to-1 of tb as one part: the caption on the
 * first part, the headings on each, the legend on the last. */
static float
tab_height(const struct tab *tb, int from, int to)
{
	float h = (from == 0 && tb->t->caption ? TABLE_CAPTION : 0) + tb->rh[0] + TABLE_GAP;
	for (int r = from; r < to; r++)
		h += tb->rh[r + 1];
	return h + (to == tb->t->nrows ? tb->legend : 0);
}

/* The most rows from `from` on that fit in room as one part. */
static int
tab_rows_fit(const struct tab *tb, int from, float room)
{
	int to = from;
	while (to < tb->t->nrows && tab_height(tb, from, to + 1) <= room)
		to++;
	return to - from;
}

/* Draw rows from..to-1 of tb as one part, its top at y; returns the y
 * under it. */
static float
tab_draw(HPDF_Page page, struct fontset *fs, const struct tab *tb, int from, int to, float m, float y)
{
	const struct report_table *t = tb->t;
	if (from == 0 && t->caption) {
		text_at(page, fs, BOLD, 12, m, y - 14, t->caption);
		y -= TABLE_CAPTION;
	}
	y -= table_row(page, fs, t, tb->heads, tb->cw, tb->size, m, y, -1, 1);
	for (int r = from; r < to; r++)
		y -= table_row(page, fs, t, tb->heads, tb->cw, tb->size, m, y, r, 1);
	if (to == t->nrows && t->legend) {
		HPDF_Page_SetGrayFill(page, 0.25f);
		y = wrap_text(page, fs, LEGEND_PT, m, y - 12, tb->tw, t->legend);
		HPDF_Page_SetGrayFill(page, 0);
	}
	return y - TABLE_GAP;
}

/* The champion under the title: the label, the names large, and why;
 * drawn when draw, else measured.  Returns its height. */
static float
champion_block(HPDF_Page page, struct fontset *fs, const struct report_spec *sp, float m, float w, float top,
    int draw)
{
	if (sp->champion == NULL)
		return 0;
	char **v;
	int n = split_lines(page, fs, REGULAR, TABLE_PT, w, sp->champion_why ? sp->champion_why : "", &v);
	if (draw) {
		HPDF_Page_SetGrayFill(page, 0.3f);
		text_at(page, fs, BOLD, 10, m, top - 12, sp->champion_label ? sp->champion_label : "Champion");
		HPDF_Page_SetGrayFill(page, 0);
		fit_text(page, fs, BOLD, 20, m, top - 34, w, sp->champion, -1);
		draw_lines(page, fs, REGULAR, TABLE_PT, m, top - 50, v, n);
	}
	free_lines(v, n);
	return 50 + (float)(n > 0 ? n - 1 : 0) * TABLE_PT * 1.25f + 14;
}

/*
 * The summary from y on page *pagep: the champion, then the tables, each
 * whole on page 1 where they all fit at TABLE_FIT_PT or more; else each
 * table whole where it fits, moved whole to the next page where that
 * page holds it, and a table longer than that broken evenly: its rows
 * shared alike between the pages it needs, so no page holds a few rows
 * alone.  Returns the y under it; *pagep and *npages follow the pages.
 */
static float
draw_summary(struct pdf_doc *doc, const struct report_spec *sp, HPDF_Page *pagep, float y, int *npages)
{
	HPDF_Page page = *pagep;
	struct fontset *fs = &doc->fonts;
	float W = HPDF_Page_GetWidth(page), H = HPDF_Page_GetHeight(page), m = 36, tw = W - 2 * m;
	/* a fresh page's room: the same header on every page */
	float full = y - m, champ = champion_block(page, fs, sp, m, tw, y, 0);
	int nt = sp->ntables;
	struct tab *tabs = xcalloc((size_t)nt + 1, sizeof *tabs);
	(void)H;
	for (int i = 0; i < nt; i++) {
		tabs[i].t = &sp->tables[i];
		tabs[i].tw = tw;
		tabs[i].cw = xcalloc((size_t)sp->tables[i].ncols + 1, sizeof *tabs[i].cw);
		tabs[i].rh = xcalloc((size_t)sp->tables[i].nrows + 2, sizeof *tabs[i].rh);
		tabs[i].unit = xcalloc((size_t)sp->tables[i].ncols * 6 + 1, sizeof *tabs[i].unit);
		tab_measure(page, fs, &tabs[i]);
	}
	int fits = 0;
	for (float least = TABLE_PT; least >= TABLE_FIT_PT && !fits; least -= 0.5f) {
		float sum = champ;
		for (int i = 0; i < nt; i++) {
			tab_fit(page, fs, &tabs[i], least);
			sum += tab_height(&tabs[i], 0, tabs[i].t->nrows);
		}
		fits = sum <= full;
	}
	if (!fits)   /* over a page anyway: the type stays readable */
		for (int i = 0; i < nt; i++)
			tab_fit(page, fs, &tabs[i], TABLE_PT);
	champion_block(page, fs, sp, m, tw, y, 1);
	y -= champ;
	int used = 0;   /* something but the page's header is on it */
	for (int i = 0; i < nt; i++) {
		const struct tab *tb = &tabs[i];
		int rows = tb->t->nrows;
		if (tab_height(tb, 0, rows) <= y - m) {
			y = tab_draw(page, fs, tb, 0, rows, m, y);
			used = 1;
			continue;
		}
		if ((used && tab_height(tb, 0, rows) <= full) ||
		    (used && tab_rows_fit(tb, 0, y - m) < TABLE_LEAST_ROWS)) {
			page = *pagep = report_page(doc, sp, &y);
			++*npages;
			if (tab_height(tb, 0, rows) <= y - m) {
				y = tab_draw(page, fs, tb, 0, rows, m, y);
				continue;
			}
		}
		/* broken evenly: as many parts as the rows need, each about
		 * rows / parts long */
		int here = tab_rows_fit(tb, 0, y - m), parts = 1;
		for (int from = here; from < rows; parts++) {
			int k = tab_rows_fit(tb, from, full);
			from += k > 0 ? k : 1;
		}
		int target = (rows + parts - 1) / parts, from = 0;
		while (from < rows) {
			int k = tab_rows_fit(tb, from, y - m);
			k = k < 1 ? 1 : k > target ? target : k;
			if (rows - (from + k) < TABLE_LEAST_ROWS && tab_height(tb, from, rows) <= y - m)
				k = rows - from;
			y = tab_draw(page, fs, tb, from, from + k, m, y);
			from += k;
			if (from < rows) {
				page = *pagep = report_page(doc, sp, &y);
				++*npages;
			}
		}
		used = 1;
	}
	for (int i = 0; i < nt; i++) {
		free(tabs[i].cw);
		free(tabs[i].rh);
		free(tabs[i].unit);
	}
	free(tabs);
	return y;
}

/* A game with no hands, or too few to chart: its title, who sits (or
 * the standings in words), the rules, no chart.
 * Drawn when draw, else measured; returns the height it takes. */
static float
unplayed_section(HPDF_Page page, struct fontset *fs, const struct report_game *g, float m, float W, float top,
    int draw)
{
	const float ts = MIN_PT + 1.5f;
	struct strbuf sb = {0};
	if (g->npoints <= 1) {
		sb_add(&sb, g->abandoned ? "Abandoned before any hand was played: no result.  Players: "
		    : "Not played: no hands yet.  Players: ");
		for (int p = 0; p < g->nplayers; p++)
			sb_printf(&sb, "%s%s", p ? ", " : "", g->names[p]);
	} else {   /* too short to chart: the standings in words */
		sb_printf(&sb, "%s.  ", g->result ? g->result : "");
		for (int p = 0; p < g->nplayers; p++)
			sb_printf(&sb, "%s%s: %s", p ? "; " : "", g->names[p], g->standing && g->standing[p] ? g->standing[p] : "");
	}
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
	sb_release(&sb);
	return 16 + ts * 1.6f + (float)n * ts * 1.25f + 8;
}

/* A game's result beside its title, in lines: one when it fits, else a
 * line per clause ("1st Ann & Cid 8,495 (...);" then "2nd ...") when
 * each fits, else balanced lines; never a word alone on the last. */
static int
result_lines(HPDF_Page page, struct fontset *fs, float size, float w, const char *result, char ***out)
{
	int n = split_lines(page, fs, REGULAR, size, w, result, out), clauses = 1;
	if (n < 2 || strstr(result, "; ") == NULL)
		return n < 2 ? n : (free_lines(*out, n), split_balanced(page, fs, REGULAR, size, w, result, out));
	struct strbuf sb = {0};
	for (const char *p = result; *p; p++) {
		sb_addc(&sb, *p);
		if (p[0] == ';' && p[1] == ' ') {
			sb_addc(&sb, '\n');
			clauses++;
			p++;
		}
	}
	char **v;
	int k = split_lines(page, fs, REGULAR, size, w, sb.s, &v);
	sb_release(&sb);
	free_lines(*out, n);
	if (k == clauses) {
		*out = v;
		return k;
	}
	free_lines(v, k);
	return split_balanced(page, fs, REGULAR, size, w, result, out);
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
	n = result_lines(page, fs, ts, W - 2 * m - tw, g->result ? g->result : "", &v);
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
	int played = g->npoints > CHART_HANDS;
	for (int p = 0; p < g->nplayers; p++) {
		char **nm;
		int k = split_lines(page, fs, BOLD, ts, legw - 22, g->names[p], &nm);
		if (ly - (float)k * ts * 2.5f < top - block + 4) {
			free_lines(nm, k);
			fit_text(page, fs, REGULAR, MIN_PT, m, ly, legw, "(more players in the summary)", -1);
			break;
		}
		if (played) {
			set_series_style(page, style_of(g, p));
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

/*
 * The height of a chart's slot: a page's room (from top down to the
 * margin m) shared by 2, 3 or 4 charts, whichever lays the games out on
 * the fewest pages (the larger charts between equals).  y is where the
 * games start, on the summary's last page when it has room (cont); each
 * game's need[] is its height, 0 for a chart.
 */
static float
game_slot(const struct report_spec *sp, const float *need, float top, float y0, float m, int cont)
{
	float best = (top - m) / 2;
	int fewest = -1;
	for (int k = 2; k <= 4; k++) {
		float slot = (top - m) / (float)k, y = y0;
		int pages = 0, fresh = cont && y0 - m >= slot;
		for (int gi = 0; gi < sp->ngames; gi++) {
			float h = need[gi] > 0 ? need[gi] : slot;
			if (!fresh || y - h < m - 0.5f) {
				pages++;
				y = top;
				fresh = 1;
			}
			y -= h;
		}
		if (fewest < 0 || pages < fewest) {
			fewest = pages;
			best = slot;
		}
	}
	return best;
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
	const char *top[] = { sp->title, sp->subtitle, sp->champion_label, sp->champion, sp->champion_why };
	preload_all(font, (char *const *)top, ARRAY_LEN(top));
	for (int t = 0; t < sp->ntables; t++) {
		const struct report_table *tb = &sp->tables[t];
		preload_all(font, (char *const *)tb->heads, (size_t)tb->ncols);
		if (tb->short_heads)
			preload_all(font, (char *const *)tb->short_heads, (size_t)tb->ncols);
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
	int npages = 1;
	HPDF_Page page = report_page(&doc, sp, &y);
	float page_top = y, W = HPDF_Page_GetWidth(page);
	y = draw_summary(&doc, sp, &page, y, &npages);
	/* then the games, never on page 1: a charted one takes a slot, a
	 * quarter to a half of a page; one too short to chart only its
	 * lines */
	float *need = xcalloc((size_t)sp->ngames + 1, sizeof *need);
	for (int gi = 0; gi < sp->ngames; gi++)
		need[gi] = sp->games[gi].npoints > CHART_HANDS ? 0 : unplayed_section(page, font, &sp->games[gi], m, W, y, 0);
	float slot = game_slot(sp, need, page_top, y, m, npages > 1);
	int fresh = npages > 1 && y - m >= slot;   /* the summary's last page has room */
	for (int gi = 0; gi < sp->ngames; gi++) {
		const struct report_game *g = &sp->games[gi];
		float h = need[gi] > 0 ? need[gi] : slot;
		if (!fresh || y - h < m - 0.5f) {
			page = report_page(&doc, sp, &y);
			fresh = 1;
		}
		if (need[gi] > 0)
			unplayed_section(page, font, g, m, W, y, 1);
		else
			draw_game(page, font, g, m, W, y, slot - 6);
		y -= h;
	}
	free(need);
	return doc_save(&doc, d);
}
