# umpire: one makefile.  Objects go to build/ (release) and build/asan/
# (tests, built with AddressSanitizer and UBSan); nothing is written outside
# build/ except by `make install`.

CC       ?= cc
PREFIX   ?= /usr/local
PKGS     := libpcre2-8 sqlite3
VERSION  := 0.1.0

WARN     := -Wall -Wextra -Werror -Wshadow -Wwrite-strings -Wstrict-prototypes \
            -Wmissing-prototypes -Wundef -Wpointer-arith -Wvla
STD      := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
DEFS     := -DUMPIRE_VERSION='"$(VERSION)"'
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS   ?= -O2 -g
ALL_CFLAGS = $(STD) $(WARN) $(DEFS) $(CFLAGS) $(PKG_CFLAGS) -MMD -MP
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TEST_CFLAGS = $(STD) $(WARN) $(DEFS) -O1 -g $(SAN) $(PKG_CFLAGS) \
              $(shell pkg-config --cflags cmocka 2>/dev/null) -MMD -MP

LIB_SRC  := $(wildcard grammar/*.c audit/*.c db/*.c reports/*.c) \
            $(filter-out recorder/main.c,$(wildcard recorder/*.c))
MAIN_SRC := recorder/main.c
TEST_SRC := $(wildcard tests/test_*.c)
TESTS    := $(patsubst tests/%.c,build/asan/%,$(TEST_SRC))

OBJ      := $(patsubst %.c,build/obj/%.o,$(LIB_SRC))
ASAN_OBJ := $(patsubst %.c,build/asan/obj/%.o,$(LIB_SRC))

.PHONY: all deps test unit e2e demo install clean bench
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

# `make test`: every cmocka suite, then the end-to-end cases, under the sanitizers.
test: deps
	@$(MAKE) --no-print-directory $(TESTS) build/asan/umpire build/umpire
	@sh tests/run-tests.sh $(TESTS)

demo: deps
	@$(MAKE) --no-print-directory build/umpire
	@sh scripts/demo.sh

bench: build/umpire
	@sh scripts/bench.sh

install: build/umpire
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/umpire $(DESTDIR)$(PREFIX)/bin/umpire
	install -m 644 docs/umpire.1 $(DESTDIR)$(PREFIX)/share/man/man1/umpire.1

clean:
	rm -rf build

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d) $(wildcard build/asan/obj/tests/*.d build/obj/recorder/*.d)
