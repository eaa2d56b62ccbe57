# umpire: one makefile.  Objects go to build/ (release) and build/asan/
# (tests, built with AddressSanitizer and UBSan); nothing is written outside
# build/ except by `make install`.

CC       ?= cc
PREFIX   ?= /usr/local
PKGS     := libpcre2-8 sqlite3 libedit
VERSION  := 0.1.0

WARN     := -Wall -Wextra -Werror -Wshadow -Wwrite-strings -Wstrict-prototypes \
            -Wmissing-prototypes -Wundef -Wpointer-arith -Wvla
STD      := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
DEFS     := -DUMPIRE_VERSION='"$(VERSION)"'
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
CFLAGS   ?= -O2 -g
ALL_CFLAGS = $(STD) $(WARN) $(DEFS) $(CFLAGS) $(PKG_CFLAGS) -MMD -MP
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TEST_CFLAGS = $(STD) $(WARN) $(DEFS) -O1 -g $(SAN) $(PKG_CFLAGS) \
              $(shell pkg-config --cflags cmocka 2>/dev/null) -MMD -MP

LIB_SRC  := $(wildcard grammar/*.c audit/*.c audit/*/*.c db/*.c reports/*.c) \
            $(filter-out recorder/main.c,$(wildcard recorder/*.c))
MAIN_SRC := recorder/main.c
TEST_SRC := $(wildcard tests/test_*.c)
TESTS    := $(patsubst tests/%.c,build/asan/%,$(TEST_SRC))

OBJ      := $(patsubst %.c,build/obj/%.o,$(LIB_SRC))
ASAN_OBJ := $(patsubst %.c,build/asan/obj/%.o,$(LIB_SRC))

.PHONY: all deps test demo install clean bench docs cites fuzz mutate coverage
# Test objects are intermediates make would delete; keep them so a second
# `make test` builds nothing.
.SECONDARY:
.DEFAULT_GOAL := all

all: build/umpire

deps:
	@sh scripts/deps.sh

build/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

build/asan/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -c $< -o $@

build/libumpire.a: $(OBJ)
	@rm -f $@
	ar rcs $@ $^

build/asan/libumpire.a: $(ASAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

build/umpire: build/obj/recorder/main.o build/libumpire.a
	$(CC) $(CFLAGS) -o $@ $^ $(PKG_LIBS)

build/asan/umpire: build/asan/obj/recorder/main.o build/asan/libumpire.a
	$(CC) $(SAN) -o $@ $^ $(PKG_LIBS)

build/asan/test_%: build/asan/obj/tests/test_%.o build/asan/obj/tests/testutil.o build/asan/libumpire.a
	$(CC) $(SAN) -o $@ $^ $(PKG_LIBS) $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

# The toy ruleset of the tests is written as a ruleset's folder in audit/
# would be (tests/run-toy-registry.sh builds it in audit/skirmish/): its
# "../audit.h" is found from a folder beside it.
build/asan/obj/tests/toy/skirmish.o: TEST_CFLAGS += -Iaudit/rff
build/asan/test_ruleset: build/asan/obj/tests/toy/skirmish.o

# `make test`: every cmocka suite, then the end-to-end cases, under the sanitizers.
# `make test T=test_rff` runs one suite, `make test T=e2e/017` the e2e cases
# whose name starts so: the developer's loop.
ifneq ($(T),)
test:
	@sh scripts/deps.sh test
	@case "$(T)" in \
	e2e/*) $(MAKE) -s --no-print-directory build/asan/umpire && sh tests/run-e2e.sh build/asan/umpire "$(patsubst e2e/%,%,$(T))" ;; \
	test_*) $(MAKE) -s --no-print-directory build/asan/$(T) && build/asan/$(T) ;; \
	*) echo "make test T=...: test_MODULE (a cmocka suite) or e2e/NNN (end-to-end cases)" >&2; exit 2 ;; \
	esac
else
test:
	@sh scripts/deps.sh test
	@$(MAKE) -s --no-print-directory $(TESTS) build/asan/umpire build/umpire
	@rm -rf build/stage && $(MAKE) --no-print-directory -s install DESTDIR=$(CURDIR)/build/stage PREFIX=/usr >/dev/null
	@sh tests/run-tests.sh $(TESTS)
endif

demo: deps
	@$(MAKE) -s --no-print-directory build/umpire
	@sh scripts/demo.sh

bench: build/umpire
	@sh scripts/bench.sh  # BENCH_SIZES="10000 100000" make bench for a quicker run

install: build/umpire
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/doc/umpire
	install -m 755 build/umpire $(DESTDIR)$(PREFIX)/bin/umpire
	install -m 644 docs/umpire.1 $(DESTDIR)$(PREFIX)/share/man/man1/umpire.1
	install -m 644 docs/notation.md docs/charts.md docs/diagnostics.md docs/rules.md docs/archive.md docs/reports.md docs/recorder.md README.md \
		$(DESTDIR)$(PREFIX)/share/doc/umpire/

clean:
	rm -rf build

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d) $(wildcard build/asan/obj/tests/*.d build/asan/obj/tests/toy/*.d build/obj/recorder/*.d)

# libFuzzer targets (clang): parse, fmt, audit, import (and every report),
# archive (a fuzzed archive file read every way), session (the recorder);
# FUZZ_SECONDS per target, FUZZ_TARGETS to pick (docs/testing.md).  `make
# test` builds them and runs each once over its seeds and regressions
# (tests/run-fuzz-targets.sh).
fuzz:
	@sh scripts/fuzz.sh

# Mutation testing: MUTANTS=40 SEED=1 FILES="audit/rff/rff_fire.c ..." make
# mutate; each mutant applied alone in a scratch copy under build/mutate,
# killed by the first test that fails (scripts/mutate.py, docs/testing.md).
mutate:
	@sh scripts/deps.sh test
	@python3 scripts/mutate.py

# Line and branch coverage (gcovr): a gcov build apart from the ASan one,
# HTML under build/coverage/html, the totals printed last.
coverage:
	@sh scripts/coverage.sh

# Regenerates the sections of the printed rules that citations name, from
# the seeds beside the tree (test_cite checks the file against them).
cites:
	@sh scripts/rff-cite-sections.sh ../shared/seeds >audit/rff/rff_cite_sections.def

# Regenerates the vocabulary section of docs/notation.md from the code.
docs: build/umpire
	@sed -n '1,/^<!-- generated by/p' docs/notation.md >build/notation.md
	@build/umpire help words all >>build/notation.md
	@mv build/notation.md docs/notation.md
