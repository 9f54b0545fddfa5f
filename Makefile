# SPDX-License-Identifier: ISC
# tally: build, deps, demo, check, asan, bench, kill, install, clean.
# One `make` builds ./tally; `make check` installs what is missing (as root)
# and runs every test; `make demo` plays a scripted game night into ./demo/.

VERSION   = 0.1.0
PREFIX   ?= /usr/local
BINDIR    = $(PREFIX)/bin
MANDIR    = $(PREFIX)/share/man/man1
TPLDIR    = $(PREFIX)/share/tally/templates

# A packager's CC, CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS are added to the
# project's own flags (the T_* variables), never replace them, so
# `make CPPFLAGS="$(dpkg-buildflags --get CPPFLAGS)" ...` builds.  Warnings
# are errors only with DEVELOPER=1 (make check and CI set it): a newer
# compiler's new warning must not stop a distribution's build.
CC       ?= cc
CFLAGS   ?= -O2 -g
PKG_CONFIG ?= pkg-config
T_WARN    = -std=c11 -Wall -Wextra -Wformat=2 -Wshadow $(if $(DEVELOPER),-Werror)
WARN      = $(T_WARN)
# the libraries' flags from pkg-config where they ship .pc files (libharu
# ships none, and is loaded at run time); the plain names as a fallback
PC_PKGS   = sqlite3 jansson libutf8proc libedit
# fontconfig, FriBidi and HarfBuzz's subsetter serve only the sheets and are
# loaded like libharu (core/sheet_text.h): their headers, not their libraries
DL_PKGS   = fontconfig fribidi harfbuzz-subset
PC_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PC_PKGS) $(DL_PKGS) 2>/dev/null || echo -I/usr/include/editline -I/usr/include/fribidi -I/usr/include/harfbuzz)
PC_LIBS   := $(shell $(PKG_CONFIG) --libs sqlite3 jansson libutf8proc 2>/dev/null || echo -lsqlite3 -ljansson -lutf8proc)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
# libharu and libedit are not linked: the sheet renderer and table mode
# load them on first use (core/dynlib.h), so other commands start faster.
HPDF_SONAME := $(shell objdump -p /usr/lib/$$(gcc -dumpmachine 2>/dev/null)/libhpdf.so 2>/dev/null | sed -n 's/^ *SONAME *//p')
T_CPPFLAGS = -D_DEFAULT_SOURCE -DTALLY_VERSION='"$(VERSION)"' -DTEMPLATEDIR='"$(TPLDIR)"' \
            -Ibuild/$(VARIANT) $(PC_CFLAGS) $(if $(HPDF_SONAME),-DHPDF_SONAME='"$(HPDF_SONAME)"')
T_LDLIBS  = $(PC_LIBS) -lm -pthread -ldl
ALL_CPPFLAGS = $(T_CPPFLAGS) $(CPPFLAGS)
ALL_LDLIBS   = $(T_LDLIBS) $(LDLIBS)

# Debian packages the build, the tests and the demo need.
PKGS = gcc clang libclang-rt-14-dev valgrind make libsqlite3-dev libedit-dev libhpdf-dev libcmocka-dev libjansson-dev libutf8proc-dev \
       fonts-dejavu-core fonts-arphic-uming poppler-utils libfontconfig-dev libfribidi-dev libharfbuzz-dev sqlite3 perl mandoc tmux hledger
# the zone data the local-time tests read (TZ=America/New_York, Asia/Tokyo)
PKGS += tzdata
# localedef and the locale sources, for the Turkish-locale test (no root: LOCPATH)
PKGS += locales
# a face for each script the names test prints (CJK, Thai, Devanagari), and
# hb-view, which draws that test's references with HarfBuzz and FriBidi
PKGS += fonts-droid-fallback fonts-tlwg-garuda-ttf fonts-lohit-deva libharfbuzz-bin
# strace, for the test that a hand is reported before the close's syncs
PKGS += strace

VARIANT  ?= release
B         = build/$(VARIANT)

CORE_SRC  = $(wildcard core/*.c) $(wildcard games/*.c) $(wildcard db/*.c)
CMD_SRC   = $(wildcard cmd/*.c)
CORE_OBJ  = $(CORE_SRC:%.c=$(B)/%.o)
CMD_OBJ   = $(CMD_SRC:%.c=$(B)/%.o)
UNIT_SRC  = $(wildcard tests/unit/test_*.c)
UNIT_BIN  = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

ifeq ($(VARIANT),release)
TALLY     = tally
else
TALLY     = $(B)/tally
endif

.PHONY: all deps check test deb unit cli asan bench kill demo install uninstall clean lint fuzz fuzz-build fuzz-run valgrind

all: $(TALLY)

$(TALLY): $(CORE_OBJ) $(CMD_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# each object depends on the headers it includes (-MMD -MP), and all on
# the compiled-in schema
$(B)/%.o: %.c $(B)/schema.inc
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(WARN) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(CORE_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

# The schema and its migrations are kept as SQL (db/schema.sql is version 1,
# db/migrate-NN.sql takes NN-1 to NN); the build turns them into C strings.
MIGRATIONS = db/schema.sql $(sort $(wildcard db/migrate-*.sql))
$(B)/schema.inc: $(MIGRATIONS)
	@mkdir -p $(B)
	for f in $(MIGRATIONS); do \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $$f; echo ','; \
	done > $@.tmp
	mv $@.tmp $@

# The build's rules code as a hash (core/checkpoint.h): a checkpoint kept
# by one build is never trusted by a build of other rules.  Remade when a
# source of core/ or games/ changes; written only when the hash does.
RULES_SRC = $(sort $(wildcard core/*.c core/*.h games/*.c games/*.h))
$(B)/rules_hash.h: $(RULES_SRC)
	@mkdir -p $(B)
	printf '#define TALLY_RULES_HASH "%s"\n' "$$(cat $(RULES_SRC) | sha256sum | cut -c1-16)" > $@.tmp
	if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(B)/core/checkpoint.o: $(B)/rules_hash.h

$(B)/tests/%: tests/unit/%.c tests/unit/helpers.h $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CORE_OBJ) $(ALL_LDLIBS) $(CMOCKA_LIBS)

# Install missing Debian packages (root), or say the one line to run.
deps:
	@missing=""; for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing >/dev/null || exit 1; \
	  else \
	    echo "tally needs these Debian packages; run as root:"; \
	    echo "  apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

# The command-line tests run JOBS at a time (each has its own scratch
# directory, database and tmux session).
# (twice the cores: many of them wait on tmux or a sleeping import)
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) * 2 )))
cli: $(TALLY)
	TALLY=$(abspath $(TALLY)) TALLY_TEMPLATES=$(abspath templates) prove -j$(JOBS) -f tests/cli/

# Every test of the build as it is, installing nothing (the packager's and
# the developer's target); `make check` is the README's: it installs what
# is missing, turns warnings into errors and adds the sanitizer run.
test: all
	$(MAKE) unit
	$(MAKE) cli

check: deps
	$(MAKE) DEVELOPER=1 test
	$(MAKE) lint
	$(MAKE) DEVELOPER=1 asan
	@echo "make check: all tests passed, also under AddressSanitizer and UndefinedBehaviorSanitizer"

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	$(MAKE) VARIANT=asan CC=clang CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" unit cli

$(B)/bench/deadwood: tests/bench/deadwood.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CORE_OBJ) $(ALL_LDLIBS)

$(B)/bench/trial: tests/bench/trial.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CORE_OBJ) $(ALL_LDLIBS)

$(B)/bench/gen_export: tests/bench/gen_export.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -D_DEFAULT_SOURCE -o $@ $<

$(B)/bench/floor: tests/bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -o $@ $< -lsqlite3

$(B)/bench/jparse: tests/bench/jparse.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -o $@ $< $(PC_LIBS)

$(B)/bench/lockprobe: tests/bench/lockprobe.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -o $@ $< -lsqlite3

# BENCH_HANDS sets the size of the history benchmark (default a million).
# Fuzzing with libFuzzer (clang): the card parser, the entry tokenizer, the
# option parser, an import file, another table's database made hostile by
# SQL (db_sql) or by bytes (db_bytes), one line of table mode (on a scratch
# database, in a scratch directory: the paths given to a target are
# absolute) and every game's rules.  FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 30
# one target per game, read off the games themselves (their .name), so a
# new game is fuzzed with no list to keep
FUZZ_GAMES := $(shell sed -n 's/^[[:space:]]*\.name = "\([a-z-]*\)",.*/\1/p' games/*.c)
# FUZZ_TARGETS picks some of them (make fuzz FUZZ_TARGETS="entry golf").
FUZZ_TARGETS ?= cards entry options import checkpoint shell_line db_sql db_bytes $(FUZZ_GAMES)
FUZZ_CFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
fuzz: deps
	$(MAKE) VARIANT=fuzz CC=clang CFLAGS="$(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link" fuzz-run

fuzz-build: $(CORE_OBJ) $(CMD_OBJ)
	@mkdir -p $(B)/fuzz
	$(CC) $(ALL_CPPFLAGS) $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $(B)/fuzz/shell_line tests/fuzz/fuzz_shell_line.c \
	  $(filter-out $(B)/cmd/main.o,$(CMD_OBJ)) $(CORE_OBJ) $(ALL_LDLIBS)
	@for m in sql bytes; do \
	  $(CC) $(ALL_CPPFLAGS) $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_DB_MODE='"'$$m'"' -o $(B)/fuzz/db_$$m \
	    tests/fuzz/fuzz_hostile_db.c $(filter-out $(B)/cmd/main.o,$(CMD_OBJ)) $(CORE_OBJ) $(ALL_LDLIBS) || exit 1; \
	done
	@for t in cards entry options import checkpoint; do \
	  $(CC) $(ALL_CPPFLAGS) $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $(B)/fuzz/$$t tests/fuzz/fuzz_$$t.c $(CORE_OBJ) $(ALL_LDLIBS) || exit 1; \
	done
	@for g in $(FUZZ_GAMES); do \
	  $(CC) $(ALL_CPPFLAGS) $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_GAME='"'$$g'"' -o $(B)/fuzz/$$g \
	    tests/fuzz/fuzz_game.c $(CORE_OBJ) $(ALL_LDLIBS) || exit 1; \
	done

fuzz-run: fuzz-build
	@printf '%-20s %12s %8s\n' target executions crashes > $(B)/fuzz/summary
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  rm -rf $(B)/fuzz/corpus-$$t; mkdir -p $(B)/fuzz/corpus-$$t; cp tests/fuzz/corpus/$$t/* $(B)/fuzz/corpus-$$t/; \
	  if $(B)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	      -artifact_prefix=$(abspath $(B))/fuzz/crash-$$t- $(abspath $(B))/fuzz/corpus-$$t > $(B)/fuzz/$$t.log 2>&1; then c=0; else c=1; fail=1; fi; \
	  e=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(B)/fuzz/$$t.log); \
	  printf '%-20s %12s %8s\n' $$t "$${e:-?}" $$c >> $(B)/fuzz/summary; \
	  if [ $$c = 1 ]; then tail -30 $(B)/fuzz/$$t.log; fi; \
	done; cat $(B)/fuzz/summary; exit $$fail

# The command-line tests with every tally run under valgrind.
valgrind: all
	@mkdir -p build/valgrind
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect "$(abspath tally)" "$$@"\n' > build/valgrind/tally
	@chmod +x build/valgrind/tally
	TALLY=$(abspath build/valgrind/tally) TALLY_TEMPLATES=$(abspath templates) prove -f tests/cli/

bench: deps all $(B)/bench/deadwood $(B)/bench/trial $(B)/bench/gen_export $(B)/bench/lockprobe $(B)/bench/floor $(B)/bench/jparse
	sh tests/bench/typing.sh
	FLOOR=$(abspath $(B)/bench/floor) JPARSE=$(abspath $(B)/bench/jparse) GEN=$(abspath $(B)/bench/gen_export) sh tests/bench/ratios.sh
	sh tests/bench/bench.sh
	sh tests/bench/report.sh
	$(B)/bench/deadwood
	$(B)/bench/trial
	GEN=$(abspath $(B)/bench/gen_export) sh tests/bench/history.sh
	GEN=$(abspath $(B)/bench/gen_export) PROBE=$(abspath $(B)/bench/lockprobe) sh tests/bench/import.sh

# kill -9 during `tally hand` at random moments of its life, and after
# each kill every hand reported stored is in the file, none twice, and
# `tally check` passes (tests/tools/kill-hand.sh, which says why the WAL
# is not kept between runs).  KILLS runs: 200 take a minute or so;
# `make kill KILLS=1000` runs them all.
KILLS ?= 200
kill: all
	KILLS=$(KILLS) TALLY=$(abspath $(TALLY)) sh tests/tools/kill-hand.sh

demo: deps
	$(MAKE) all
	sh tests/demo.sh

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(TPLDIR)
	install -m 755 $(TALLY) $(DESTDIR)$(BINDIR)/tally
	install -m 644 man/tally.1 $(DESTDIR)$(MANDIR)/tally.1
	install -m 644 templates/*.sheet $(DESTDIR)$(TPLDIR)/
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	./$(TALLY) completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tally
	./$(TALLY) completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tally
	./$(TALLY) completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tally.fish

# A Debian package from `make install DESTDIR=...` with dpkg-deb: built for
# /usr in its own build directory (the template directory is compiled in),
# the control data written here, the run-time libraries named.
DEB_VERSION = $(VERSION)-1
DEB_ARCH   := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB_ROOT    = build/deb/root
DEB_DEPENDS = libc6, libsqlite3-0, libjansson4, libutf8proc2, libhpdf-2.3.0, libedit2, fonts-dejavu-core
deb:
	$(MAKE) VARIANT=deb PREFIX=/usr all
	rm -rf $(DEB_ROOT)
	$(MAKE) VARIANT=deb PREFIX=/usr DESTDIR=$(abspath $(DEB_ROOT)) install
	mkdir -p $(DEB_ROOT)/DEBIAN
	{ echo "Package: tally"; echo "Version: $(DEB_VERSION)"; echo "Architecture: $(DEB_ARCH)"; \
	  echo "Maintainer: the tally developers <tally@localhost>"; echo "Depends: $(DEB_DEPENDS)"; \
	  echo "Recommends: fonts-droid-fallback, libfontconfig1, libfribidi0, libharfbuzz-subset0"; echo "Section: games"; echo "Priority: optional"; \
	  echo "Installed-Size: $$(du -ks $(DEB_ROOT) | cut -f1)"; \
	  echo "Description: score keeper and game-night companion for card games"; \
	  echo " tally checks each hand against the game's rules, keeps every session in"; \
	  echo " SQLite, tracks chips, lives and eliminations, prints PDF score sheets and"; \
	  echo " answers questions about the history."; } > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --root-owner-group --build $(DEB_ROOT) tally_$(DEB_VERSION)_$(DEB_ARCH).deb

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tally $(DESTDIR)$(MANDIR)/tally.1
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tally $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tally \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tally.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/tally

# The man page, the layering (tests/tools/layering.sh: what each
# directory may include) and the kind lines (none outside games/).
lint:
	mandoc -T lint -W warning man/tally.1
	sh tests/tools/layering.sh
	@k=$$(sh tests/tools/kindlines.sh); if [ -n "$$k" ]; then echo "lines outside games/ that know a game's kind:"; \
	  echo "$$k"; exit 1; fi

clean:
	rm -rf build tally demo tally_*.deb
