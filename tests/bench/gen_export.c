/* SPDX-License-Identifier: ISC */
/*
 * gen_export.c: writes a `tally export` file of N recorded hands (a club's
 * decade: several hundred players, every kind of game) for `make bench`.
 * Every entry is legal, so `tally import` replays and accepts them all.
 * Usage: gen_export HANDS [SEED [UIDPREFIX [LAST DAYS]]] > file.json
 * (UIDPREFIX: "bench"; another prefix makes games that are not already in
 * a file made with it).  LAST (YYYY-MM-DD) and DAYS: the games are spread
 * over the DAYS evenings up to LAST instead of over the decade, as a
 * table's file of the last weeks of a club is (the same evenings as the
 * club's own games of those days).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long rng = 88172645463325252ULL;
static unsigned
rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

#define NPLAYERS 400
static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };

static char buf[1 << 16];
static size_t len;
static long total_hands, target_hands, games;
static int seats[16], nseat;
static const char *uid_prefix = "bench";
static time_t last_day;    /* 0: the decade; else the last evening (UTC midnight) */
static long recent_days;   /* how many evenings up to last_day */

static void
add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void
add(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	len += (size_t)vsnprintf(buf + len, sizeof buf - len, fmt, ap);
	va_end(ap);
}

static void
pick_players(int n)
{
	nseat = n;
	for (int i = 0; i < n; i++) {
		int again;
		do {
			seats[i] = (int)rnd(NPLAYERS);
			again = 0;
			for (int j = 0; j < i; j++)
				again |= seats[j] == seats[i];
		} while (again);
	}
}

static int nhands_game;
static void
hand(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void
hand(const char *fmt, ...)
{
	char e[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e, sizeof e, fmt, ap);
	va_end(ap);
	add("%s{\"entry\":\"", nhands_game ? "," : "");
	for (char *p = e; *p; p++)
		add(*p == '"' ? "\\\"" : "%c", *p);
	add("\",\"recorded\":null}");
	nhands_game++;
	total_hands++;
}

static void
begin(const char *kind, const char *opts, int n)
{
	long day = games * 3650L / (target_hands / 6 + 1);
	int y = 2016 + (int)(day / 365), doy = (int)(day % 365), mon = doy / 31 % 12 + 1, mday = doy % 28 + 1;
	if (last_day) {
		/* the evenings from DAYS back to LAST, in order */
		long back = recent_days - 1 - games * recent_days / (target_hands / 8 + 1);
		time_t t = last_day - (back < 0 ? 0 : back) * 86400L;
		struct tm tm;
		gmtime_r(&t, &tm);
		y = tm.tm_year + 1900, mon = tm.tm_mon + 1, mday = tm.tm_mday;
	}
	pick_players(n);
	len = 0;
	nhands_game = 0;
	add("{\"uid\":\"%s%010ld\",\"kind\":\"%s\",\"started\":\"%04d-%02d-%02dT20:%02d:00Z\",\"ended\":null,"
	    "\"closed\":false,\"dealer\":0,\"night\":{\"name\":\"%04d-%02d-%02d\",\"started\":\"%04d-%02d-%02dT19:00:00Z\","
	    "\"ended\":null},\"players\":[", uid_prefix, games, kind, y, mon, mday, (int)(games % 60),
	    y, mon, mday, y, mon, mday);
	for (int i = 0; i < n; i++)
		add("%s\"P%03d\"", i ? "," : "", seats[i]);
	add("],\"options\":[%s],\"hands\":[", opts);
}

static void
end(void)
{
	add("]}");
	printf("%s%s\n", games ? "," : "", buf);
	games++;
}

#define P(i) seats[i]

static void
golf(void)
{
	int n = 2 + (int)rnd(5);
	begin("golf", "", n);
	for (int h = 0; h < 9; h++) {
		char e[512] = "";
		for (int i = 0; i < n; i++)
			snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d=%u ", P(i), rnd(41));
		hand("%s", e);
	}
	end();
}

static void
split(int total, int n, int *out)
{
	for (int i = 0; i < n; i++)
		out[i] = 0;
	for (int k = 0; k < total; k++)
		out[rnd((unsigned)n)]++;
}

static void
trash(void)
{
	static const int per[] = { 13, 10, 8 }, hearts[] = { 13, 13, 12 };
	int n = 4 + (int)rnd(3), c[16];
	static const int order[] = { 0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0 };
	begin("trash", "", n);
	for (int h = 0; h < 12; h++) {
		char e[512] = "";
		int k = order[h];
		if (k == 4) {
			hand("--last P%03d", P(rnd((unsigned)n)));
			continue;
		}
		if (k == 5) {
			int a = (int)rnd((unsigned)n), b = (a + 1 + (int)rnd((unsigned)n - 1)) % n;
			hand("--first P%03d --second P%03d", P(a), P(b));
			continue;
		}
		split(k == 0 ? per[n - 4] : k == 1 ? hearts[n - 4] : 4, n, c);
		for (int i = 0; i < n; i++)
			if (c[i])
				snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d=%d ", P(i), c[i]);
		hand("%s", e);
	}
	end();
}

static void
chase(void)
{
	int n = 3 + (int)rnd(6), lives[16];
	begin("chase-ace", "", n);
	for (int i = 0; i < n; i++)
		lives[i] = 3;
	for (int round = 0; round < 300; round++) {
		int alive = 0, deck[52];
		for (int i = 0; i < n; i++)
			alive += lives[i] > 0;
		if (alive < 2)
			break;
		for (int i = 0; i < 52; i++)
			deck[i] = i / 4;
		for (int i = 51; i > 0; i--) {
			int j = (int)rnd((unsigned)i + 1), t = deck[i];
			deck[i] = deck[j];
			deck[j] = t;
		}
		char e[512] = "";
		int count[13] = {0}, top = 0, card[16];
		for (int i = 0; i < n; i++)
			if (lives[i] > 0) {
				card[i] = deck[top++];
				count[card[i]]++;
				snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d=%s ", P(i), ranks[card[i]]);
			}
		for (int r = 0; r < 13; r++)
			if (count[r] == 1) {
				for (int i = 0; i < n; i++)
					if (lives[i] > 0 && card[i] == r)
						lives[i]--;
				break;
			}
		hand("%s", e);
	}
	end();
}

static void
bankrupt(void)
{
	int n = 3 + (int)rnd(3);
	begin("bankrupt", "", n);
	for (int round = 0; round < 8; round++) {
		int deck[52];
		for (int i = 0; i < 52; i++)
			deck[i] = i / 4;
		for (int i = 51; i > 0; i--) {
			int j = (int)rnd((unsigned)i + 1), t = deck[i];
			deck[i] = deck[j];
			deck[j] = t;
		}
		char e[512] = "";
		for (int i = 0; i < n; i++)
			snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d=\"%s %s\" ", P(i), ranks[deck[2 * i]],
			    ranks[deck[2 * i + 1]]);
		hand("%s", e);
	}
	end();
}

static void
gin(void)
{
	long tot[2] = { 0, 0 };
	begin("gin", "", 2);
	while (tot[0] < 100 && tot[1] < 100) {
		int k = (int)rnd(2), dk = 1 + (int)rnd(9), dd = (int)rnd(60);
		hand("--knock P%03d P%03d=%d P%03d=%d", P(k), P(k), dk, P(1 - k), dd);
		if (dd > dk)
			tot[k] += dd - dk;
		else
			tot[1 - k] += dk - dd + 25;
	}
	end();
}

static void
account(void)
{
	begin("account", "[\"session_deals\",\"2\",true]", 4);
	for (int deal = 0; deal < 2; deal++) {
		hand("--out P%03d P%03d=%u P%03d=%u P%03d=%u", P(0), P(1), 1 + rnd(9), P(2), 1 + rnd(9), P(3), 1 + rnd(9));
		hand("--out P%03d P%03d=%u P%03d=%u", P(1), P(2), 1 + rnd(9), P(3), 1 + rnd(9));
		hand("--out P%03d P%03d=%u", P(2), P(3), 1 + rnd(9));
	}
	end();
}

static void
spite(void)
{
	begin("spite-malice", "[\"match_target\",\"1000\",true]", 2);
	for (int g = 0; g < 6; g++) {
		int w = (int)rnd(2);
		hand("--out P%03d P%03d=%u", P(w), P(1 - w), 1 + rnd(26));
	}
	end();
}

static void
patience(void)
{
	static const char *const kinds[] = { "accordion", "royal-marriage", "double-jump", "concertina" };
	int k = (int)rnd(4), n = 1 + (int)rnd(3);
	begin(kinds[k], "", n);
	for (int r = 0; r < 8; r++) {
		char e[256] = "";
		for (int i = 0; i < n; i++) {
			unsigned v = k == 0 ? 1 + rnd(52) : 2 + 2 * rnd(26);
			snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d=%u ", P(i), v);
		}
		hand("%s", e);
	}
	end();
}

static void
handfoot(void)
{
	int n = 2 + (int)rnd(3);
	begin("hand-foot", "", n);
	for (int r = 0; r < 4; r++) {
		char e[512] = "";
		for (int i = 0; i < n; i++)
			snprintf(e + strlen(e), sizeof e - strlen(e), "P%03d.left=%u ", P(i), 5 * (1 + rnd(30)));
		hand("%s", e);
	}
	end();
}

int
main(int argc, char **argv)
{
	target_hands = argc > 1 ? atol(argv[1]) : 1000000;
	if (argc > 2)
		rng ^= strtoull(argv[2], NULL, 10) * 0x9e3779b97f4a7c15ULL;
	if (argc > 3)
		uid_prefix = argv[3];
	if (argc > 5) {
		struct tm tm = {0};
		if (sscanf(argv[4], "%d-%d-%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday) != 3 || atol(argv[5]) < 1) {
			fprintf(stderr, "gen_export: LAST is YYYY-MM-DD and DAYS a number\n");
			return 64;
		}
		tm.tm_year -= 1900;
		tm.tm_mon -= 1;
		last_day = timegm(&tm);
		recent_days = atol(argv[5]);
	}
	printf("{\"tally_export\": 1, \"schema\": 4, \"games\": [\n");
	while (total_hands < target_hands) {
		switch (rnd(10)) {
		case 0: case 1: case 2: golf(); break;
		case 3: trash(); break;
		case 4: chase(); break;
		case 5: bankrupt(); break;
		case 6: gin(); break;
		case 7: account(); break;
		case 8: spite(); break;
		default: rnd(2) ? patience() : handfoot();
		}
	}
	printf("]}\n");
	fprintf(stderr, "gen_export: %ld games, %ld hands, %d players\n", games, total_hands, NPLAYERS);
	return 0;
}
