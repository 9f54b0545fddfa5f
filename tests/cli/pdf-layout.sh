# SPDX-License-Identifier: ISC
# pdf-layout.sh: layout checks on a PDF from its own text boxes
# (pdftotext -bbox-layout), for the sheet and report tests.
#
# layout_ok FILE MINPT: every word lies inside its page with a 12 pt
# edge, no two words overlap, and no word is set smaller than MINPT
# points (a word's box is 1.163 x its size in DejaVu Sans, 1.047 x in AR PL
# UMing, used for CJK; across, for a word turned upright; the check allows
# 2%).  Prints each fault (page, word, box) and fails if there is any.
layout_ok() {
	pdftotext -bbox-layout "$1" - 2>/dev/null | LC_ALL=C awk -v min="$2" '
	function attr(s, k,   r) {
		if (match(s, k "=\"[-0-9.]+\"") == 0) return ""
		r = substr(s, RSTART + length(k) + 2, RLENGTH - length(k) - 3)
		return r + 0
	}
	function flush(   i, j, ix, iy) {
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++) {
				ix = (x1[i] < x1[j] ? x1[i] : x1[j]) - (x0[i] > x0[j] ? x0[i] : x0[j])
				iy = (y1[i] < y1[j] ? y1[i] : y1[j]) - (y0[i] > y0[j] ? y0[i] : y0[j])
				if (ix > 0.5 && iy > 0.5) {
					printf "page %d: \"%s\" overlaps \"%s\"\n", page, t[i], t[j]; bad++
				}
			}
		n = 0
	}
	BEGIN { cjk = "[" sprintf("%c", 227) "-" sprintf("%c", 233) "]" }
	/<page / { flush(); page++; W = attr($0, "width"); H = attr($0, "height") }
	/<word / {
		n++
		x0[n] = attr($0, "xMin"); y0[n] = attr($0, "yMin"); x1[n] = attr($0, "xMax"); y1[n] = attr($0, "yMax")
		s = $0; sub(/.*">/, "", s); sub(/<\/word>.*/, "", s); t[n] = s
		if (x0[n] < 12 || y0[n] < 12 || x1[n] > W - 12 || y1[n] > H - 12) {
			printf "page %d: \"%s\" outside the page (%g %g %g %g)\n", page, s, x0[n], y0[n], x1[n], y1[n]; bad++
		}
		ratio = s ~ cjk ? 1.047 : 1.163
		# a word standing upright (turned names): its width is its height
		hgt = (y1[n] - y0[n]) > 2.5 * (x1[n] - x0[n]) && (y1[n] - y0[n]) > 2 * min * ratio ? x1[n] - x0[n] : y1[n] - y0[n]
		if (hgt < min * ratio * 0.98) {
			printf "page %d: \"%s\" set in %.1f pt, under %s\n", page, s, hgt / ratio, min; bad++
		}
	}
	END { flush(); if (page == 0) { print "no pages"; bad++ } exit bad > 0 }'
}

# used_height FILE: how far down page 1 the text reaches, as a percentage
# of the page height (the "tally score sheet" mark at the foot not counted).
used_height() {
	pdftotext -bbox-layout -f 1 -l 1 "$1" - 2>/dev/null | awk '
	/<page / { match($0, /height="[0-9.]+"/); H = substr($0, RSTART + 8, RLENGTH - 9) + 0 }
	/<word / && !/>tally<|>score<|>sheet</ {
		match($0, /yMax="[0-9.]+"/); y = substr($0, RSTART + 6, RLENGTH - 7) + 0
		if (y > low) low = y
	}
	END { printf "%d\n", 100 * low / H }'
}

# cells_ok FILE NAME...: on page 1 of a score sheet whose players are the
# one-word NAMEs (in order), every word from the names down to the Total
# row stays inside one player's column (the columns are found from the
# names' centres) or in the label column to their left.
cells_ok() {
	f=$1
	shift
	pdftotext -bbox-layout -f 1 -l 1 "$f" - 2>/dev/null | LC_ALL=C awk -v names="$*" '
	function attr(s, k) { match(s, k "=\"[-0-9.]+\""); return substr(s, RSTART + length(k) + 2, RLENGTH - length(k) - 3) + 0 }
	BEGIN { np = split(names, want, " ") }
	/<word / {
		n++; x0[n] = attr($0, "xMin"); y0[n] = attr($0, "yMin"); x1[n] = attr($0, "xMax"); y1[n] = attr($0, "yMax")
		s = $0; sub(/.*">/, "", s); sub(/<\/word>.*/, "", s); t[n] = s
	}
	END {
		# each name where it first stands; poppler may read a header
		# row out of order, so the order checked is left to right
		for (k = 1; k <= np; k++) {
			for (i = 1; i <= n && t[i] != want[k]; i++)
				;
			if (i > n || (k > 1 && (x0[i] + x1[i]) / 2 <= c[k - 1])) { print "names not found in order: " names; exit 1 }
			c[k] = (x0[i] + x1[i]) / 2; if (k == 1) top = y1[i]
		}
		w = (c[np] - c[1]) / (np - 1); left = c[1] - w / 2; right = c[np] + w / 2
		for (i = 1; i <= n; i++) if (t[i] == "Total" && y0[i] > top) { tot = y1[i]; break }
		if (!tot) { print "no Total row"; exit 1 }
		for (i = 1; i <= n; i++) {
			if (y0[i] < top || y0[i] > tot || x1[i] <= left) continue
			a = int((x0[i] - left + 0.5) / w); b = int((x1[i] - left - 0.5) / w)
			if (a != b || x1[i] > right + 0.5) { printf "\"%s\" crosses a column edge (%g..%g)\n", t[i], x0[i], x1[i]; bad++ }
		}
		exit bad > 0
	}'
}
