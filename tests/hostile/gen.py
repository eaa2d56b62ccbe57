#!/usr/bin/env python3
"""Generates tests/hostile/ (this script's folder): the hostile inputs and cases.txt.

Run it from anywhere: python3 tests/hostile/gen.py.  It rewrites every case
and cases.txt, and leaves run.sh and itself alone.

Each case: category, short name, command, expected exit, expected code, setup,
and either one file (bytes) or a dict of files for a directory case.
Expectations are written from docs/notation.md, docs/diagnostics.md,
docs/rules.md and docs/umpire.1, not from the program's output.
"""
import os
import shutil
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

# --- building blocks ---------------------------------------------------------

OOB = (b'battle "Hostile" id=hostile\n'
       b'side US nation=US "Americans"\n'
       b'  leader lee "Capt Lee" gallant\n'
       b'  unit a "A" inf veteran spirited M stands=8 cmd=lee line\n'
       b'  unit g "G" gun elite flcLG stands=2 cmd=lee unlimbered battery\n'
       b'side MEX nation=MEX "Mexicans"\n'
       b'  leader ar "Gen Arista" able\n'
       b'  unit b "B" inf trained spirited IM stands=10 cmd=ar line\n')
HEAD = OOB + b'turn 1 US daylight\n'
MAN = HEAD + b'phase maneuver\n'
FIRE = HEAD + b'phase fire\n'
CHG = HEAD + b'phase charge\n'

US_OOB = (b'side US nation=US "Americans"\n'
          b'  leader lee "Capt Lee" gallant\n'
          b'  unit a "A" inf veteran spirited M stands=8 cmd=lee line\n')
MEX_TAIL = (b'side MEX nation=MEX "Mexicans"\n'
            b'  unit b "B" inf trained spirited IM stands=10 line\n'
            b'turn 1 US daylight\n'
            b'disorder a\n'
            b'note "after the include"\n')


def main_inc(*paths):
    s = b'battle "Includes" id=includes\n'
    for p in paths:
        s += b'include "' + p + b'"\n'
    return s + MEX_TAIL


def units(n, prefix="u"):
    """n extra US infantry units commanded by lee, declared in the US side."""
    return b"".join(b'  unit %s%d "U%d" inf trained spirited M stands=4 cmd=lee line\n'
                    % (prefix.encode(), i, i) for i in range(1, n + 1))


def oob_with(extra_us=b"", extra_mex=b""):
    return (b'battle "Hostile" id=hostile\n'
            b'side US nation=US "Americans"\n'
            b'  leader lee "Capt Lee" gallant\n'
            b'  unit a "A" inf veteran spirited M stands=8 cmd=lee line\n'
            b'  unit g "G" gun elite flcLG stands=2 cmd=lee unlimbered battery\n'
            + extra_us +
            b'side MEX nation=MEX "Mexicans"\n'
            b'  leader ar "Gen Arista" able\n'
            b'  unit b "B" inf trained spirited IM stands=10 cmd=ar line\n'
            + extra_mex)


CASES = []


def add(cat, name, cmd, exit, code, content=None, files=None, setup="-", why=""):
    CASES.append(dict(cat=cat, name=name, cmd=cmd, exit=exit, code=code, content=content,
                      files=files, setup=setup, why=why))


CHK, AUD, FMT = "check", "audit", "fmt --check"

# =============================================================================
# 1. includes
# =============================================================================
I = "inc"
add(I, "inc-absolute-etc-passwd", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/etc/passwd")},
    why="absolute path out of the battle's folder")
add(I, "inc-absolute-etc-shadow", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/etc/shadow")})
add(I, "inc-absolute-proc-environ", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"/proc/self/environ")})
add(I, "inc-dotdot-etc-passwd", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"../../../../../../../../../../etc/passwd")})
add(I, "inc-dotdot-parent-folder", CHK, 1, "include-failed", files={"main.battle": main_inc(b"..")})
add(I, "inc-dotdot-from-fragment", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"oob/us.oob"),
           "oob/us.oob": b'include "../../../../../../../../etc/hostname"\n' + US_OOB},
    why="a fragment in a subfolder climbs out with ..")
add(I, "inc-dotdot-back-inside", CHK, 0, "-",
    files={"main.battle": main_inc(b"oob/../oob/./us.oob"), "oob/us.oob": US_OOB},
    why="control: .. that stays inside the folder is fine")
add(I, "inc-symlink-file-out", CHK, 1, "include-failed", files={"main.battle": main_inc(b"link.oob")},
    setup="ln -s /etc/passwd link.oob")
add(I, "inc-symlink-dir-out", CHK, 1, "include-failed", files={"main.battle": main_inc(b"up/etc/passwd")},
    setup="ln -s / up")
add(I, "inc-symlink-chain-out", CHK, 1, "include-failed", files={"main.battle": main_inc(b"l1.oob")},
    setup="ln -s /etc/passwd l2.oob && ln -s l2.oob l1.oob")
add(I, "inc-symlink-loop", CHK, 1, "include-failed", files={"main.battle": main_inc(b"loop.oob")},
    setup="ln -s loop.oob loop.oob")
add(I, "inc-symlink-dangling", CHK, 1, "include-failed", files={"main.battle": main_inc(b"dangling.oob")},
    setup="ln -s missing.oob dangling.oob")
add(I, "inc-symlink-inside", CHK, 0, "-", files={"main.battle": main_inc(b"alias.oob"), "us.oob": US_OOB},
    setup="ln -s us.oob alias.oob", why="control: a link inside the folder to a file inside it")
add(I, "inc-symlink-to-main", CHK, 1, "include-cycle", files={"main.battle": main_inc(b"again.battle")},
    setup="ln -s main.battle again.battle", why="a link to the including file is a cycle")
add(I, "inc-directory", CHK, 1, "include-failed", files={"main.battle": main_inc(b"oob"), "oob/us.oob": US_OOB})
add(I, "inc-directory-dot", CHK, 1, "include-failed", files={"main.battle": main_inc(b".")})
add(I, "inc-directory-trailing-slash", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"oob/"), "oob/us.oob": US_OOB})
add(I, "inc-root-folder", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/")})
add(I, "inc-fifo", CHK, 1, "include-failed", files={"main.battle": main_inc(b"pipe.oob")},
    setup="mkfifo pipe.oob", why="must not hang waiting for a writer")
add(I, "inc-fifo-via-symlink", CHK, 1, "include-failed", files={"main.battle": main_inc(b"p.oob")},
    setup="mkfifo pipe && ln -s pipe p.oob")
add(I, "inc-dev-stdin", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/dev/stdin")})
add(I, "inc-dev-fd-0", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/dev/fd/0")})
add(I, "inc-dev-zero", CHK, 1, "include-failed", files={"main.battle": main_inc(b"/dev/zero")})
add(I, "inc-symlink-dev-zero", CHK, 1, "include-failed", files={"main.battle": main_inc(b"zero.oob")},
    setup="ln -s /dev/zero zero.oob")
add(I, "inc-symlink-dev-stdin", CHK, 1, "include-failed", files={"main.battle": main_inc(b"in.oob")},
    setup="ln -s /dev/stdin in.oob")
add(I, "inc-missing", CHK, 1, "include-failed", files={"main.battle": main_inc(b"no-such.oob")})
add(I, "inc-missing-folder", CHK, 1, "include-failed", files={"main.battle": main_inc(b"no/such/folder/x.oob")})
add(I, "inc-binary-nul", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"bin.oob"), "bin.oob": b'side US\0\0\0binary\n'})
add(I, "inc-binary-png", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"map.oob"),
           "map.oob": b'\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0\x90\x91h6'})
add(I, "inc-utf16", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"us.oob"), "us.oob": b'\xff\xfe' + US_OOB.decode().encode("utf-16-le")},
    why="UTF-16 text holds NUL bytes: no battle text")
add(I, "inc-prose-stops", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"us.oob", b"letter.txt"), "us.oob": US_OOB,
           "letter.txt": b"# kept from the e-mail\n\n" + b"Dear umpire, here is our game of Saturday.\n" * 60},
    why="notation.md (Includes): an include that does not begin as notation is read no further")
add(I, "inc-latin1", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"us.oob"),
           "us.oob": US_OOB + b'  unit pena "Pe\xf1a" inf raw spirited M stands=4 cmd=lee\n'},
    why="notation.md (Includes): an included file that is not UTF-8 text is refused whole")
add(I, "inc-cycle-2", CHK, 1, "include-cycle",
    files={"main.battle": main_inc(b"a.oob"), "a.oob": b'include "main.battle"\n' + US_OOB})
add(I, "inc-cycle-3", CHK, 1, "include-cycle",
    files={"main.battle": main_inc(b"a.oob"), "a.oob": b'include "b.oob"\n',
           "b.oob": b'include "main.battle"\n' + US_OOB})
add(I, "inc-cycle-2-below-top", CHK, 1, "include-cycle",
    files={"main.battle": main_inc(b"a.oob"), "a.oob": b'include "b.oob"\n' + US_OOB,
           "b.oob": b'include "a.oob"\n'})
add(I, "inc-cycle-3-subfolders", CHK, 1, "include-cycle",
    files={"main.battle": main_inc(b"x/a.oob"), "x/a.oob": b'include "../y/b.oob"\n' + US_OOB,
           "y/b.oob": b'include "../x/a.oob"\n'})
add(I, "inc-self", CHK, 1, "include-cycle", files={"main.battle": b'battle "Self"\ninclude "main.battle"\n'})
add(I, "inc-self-dotted", CHK, 1, "include-cycle",
    files={"main.battle": b'battle "Self"\ninclude "././sub/../main.battle"\n', "sub/keep.oob": b"# kept\n"})
add(I, "inc-twice", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"us.oob", b"us.oob"), "us.oob": US_OOB})
add(I, "inc-twice-spelled-differently", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"us.oob", b"./oob/../us.oob"), "us.oob": US_OOB, "oob/keep.oob": b"# kept\n"})
add(I, "inc-diamond", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"a.oob", b"b.oob"), "a.oob": b'include "common.oob"\n',
           "b.oob": b'include "common.oob"\n', "common.oob": US_OOB})


def chain(n):
    f = {"main.battle": main_inc(b"d01.oob")}
    for i in range(1, n + 1):
        nxt = b'include "d%02d.oob"\n' % (i + 1) if i < n else US_OOB
        f["d%02d.oob" % i] = b"# depth %d\n" % i + nxt
    return f


add(I, "inc-nest-15", CHK, 0, "-", files=chain(15), why="control: 15 nested includes")
add(I, "inc-nest-16", CHK, 0, "-", files=chain(16), why="notation.md: includes may nest 16 deep")
add(I, "inc-nest-17", CHK, 1, "include-failed", files=chain(17), why="one past the limit of 16")
add(I, "inc-nest-40", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"d01.oob"),
           "gen.awk": b'BEGIN {\n  for (i = 1; i <= 40; i++) {\n    f = sprintf("d%02d.oob", i)\n'
                      b'    printf "include \\"d%02d.oob\\"\\n", i + 1 > f\n    close(f)\n  }\n'
                      b'  print "# the bottom" > "d41.oob"\n}\n'},
    setup="awk -f gen.awk")
add(I, "inc-empty-path", CHK, 1, "include-failed", files={"main.battle": main_inc(b"")})
add(I, "inc-space-path", CHK, 1, "include-failed", files={"main.battle": main_inc(b" ")})
add(I, "inc-long-path", CHK, 1, "include-failed", files={"main.battle": main_inc(b"a" * 5000 + b".oob")},
    why="a path longer than PATH_MAX")
add(I, "inc-backslash-path", CHK, 1, "include-failed",
    files={"main.battle": main_inc(b"oob\\\\us.oob"), "oob/us.oob": US_OOB})
add(I, "inc-sparse-300mb", CHK, 1, "include-failed", files={"main.battle": main_inc(b"big.oob")},
    setup="truncate -s 300M big.oob", why="over the 256 MiB a battle may hold; must not be read")
add(I, "inc-no-quotes", CHK, 1, "expected", files={"main.battle": b'battle "I"\ninclude us_oob\n' + MEX_TAIL,
                                                   "us.oob": US_OOB})
add(I, "inc-trailing-text", CHK, 1, "trailing",
    files={"main.battle": b'battle "I"\ninclude "us.oob" "more.oob"\n' + MEX_TAIL, "us.oob": US_OOB})
add(I, "inc-fragment-with-battle-line", CHK, 1, "misplaced",
    files={"main.battle": main_inc(b"us.oob"), "us.oob": b'battle "Another"\n' + US_OOB},
    why="battle opens the top-level file only")

# =============================================================================
# 2. excerpts: control characters, encodings, long lines
# =============================================================================
T = "txt"
add(T, "txt-esc-in-note", CHK, 1, "bad-token", HEAD + b'note "\x1b[31mred\x1b[0m"\n')
add(T, "txt-esc-osc-in-unit-name", CHK, 1, "bad-token",
    oob_with(b'  unit c "C\x1b]0;pwned\x07" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(T, "txt-esc-in-comment", CHK, 1, "bad-token", HEAD + b'note "x"  # \x1b[2J\x1b[H cleared\n')
add(T, "txt-esc-in-id", CHK, 1, "bad-token", HEAD + b'disorder a\x1b[8m\n')
add(T, "txt-bel-in-note", CHK, 1, "bad-token", HEAD + b'note "ding\x07"\n')
add(T, "txt-bel-in-battle-title", CHK, 1, "bad-token", b'battle "Bell\x07" id=bell\n' + HEAD.split(b"\n", 1)[1])
add(T, "txt-nul-in-note", CHK, 1, "bad-token", HEAD + b'note "before\x00after"\n')
add(T, "txt-nul-in-id", CHK, 1, "bad-token",
    oob_with(b'  unit c\x00d "C" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(T, "txt-nul-in-comment", CHK, 1, "bad-token", HEAD + b'# a comment \x00 with a NUL\n')
add(T, "txt-del-in-note", CHK, 1, "bad-token", HEAD + b'note "rub\x7fout"\n')
add(T, "txt-del-in-comment", CHK, 1, "bad-token", HEAD + b'# rub\x7fout\n')
add(T, "txt-cr-alone-in-note", CHK, 1, "bad-token", HEAD + b'note "over\rwritten"\n')
add(T, "txt-cr-only-line-ends", CHK, 1, "bad-token", HEAD.replace(b"\n", b"\r") + b'note "x"\r')
add(T, "txt-cr-cr-lf", CHK, 1, "bad-token", HEAD + b'note "x"\r\r\n')
add(T, "txt-vt-ff-as-space", CHK, 1, "bad-token", HEAD + b'note\x0b"x"\x0c\n')
add(T, "txt-c1-csi-in-note", CHK, 1, "bad-token", HEAD + b'note "\xc2\x9b31mred"\n',
    why="U+009B is a control character (C1 CSI)")
add(T, "txt-c1-nel-in-comment", CHK, 1, "bad-token", HEAD + b'# next\xc2\x85line\n',
    why="U+0085 is a control character")
add(T, "txt-invalid-utf8-note", CHK, 1, "bad-encoding", HEAD + b'note "caf\xff"\n')
add(T, "txt-invalid-utf8-comment", CHK, 1, "bad-encoding", HEAD + b'# caf\xe9\n')
add(T, "txt-invalid-utf8-id", CHK, 1, "bad-encoding",
    oob_with(b'  unit pe\xf1a "P" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(T, "txt-overlong-slash", CHK, 1, "bad-encoding", HEAD + b'note "..\xc0\xaf..\xc0\xafetc"\n')
add(T, "txt-overlong-nul", CHK, 1, "bad-encoding", HEAD + b'note "a\xc0\x80b"\n')
add(T, "txt-overlong-3-byte", CHK, 1, "bad-encoding", HEAD + b'note "\xe0\x80\xaf"\n')
add(T, "txt-overlong-4-byte", CHK, 1, "bad-encoding", HEAD + b'note "\xf0\x80\x80\xaf"\n')
add(T, "txt-surrogate", CHK, 1, "bad-encoding", HEAD + b'note "\xed\xa0\x80\xed\xb0\x80"\n')
add(T, "txt-beyond-10ffff", CHK, 1, "bad-encoding", HEAD + b'note "\xf4\x90\x80\x80"\n')
add(T, "txt-five-byte-sequence", CHK, 1, "bad-encoding", HEAD + b'note "\xf8\x88\x80\x80\x80"\n')
add(T, "txt-truncated-utf8-at-eof", CHK, 1, "bad-encoding", HEAD + b'note "\xe2\x82')
add(T, "txt-lone-continuation", CHK, 1, "bad-encoding", HEAD + b'note "\x80"\n')
add(T, "txt-bom-mid-file", CHK, 1, "bad-token", HEAD + b'\xef\xbb\xbfnote "x"\n',
    why="a BOM is accepted only at the start of the file")
add(T, "txt-bom-in-string", CHK, 0, "-", HEAD + b'note "zero\xef\xbb\xbfwidth"\n',
    why="control: U+FEFF is a format character, free text may hold it")
add(T, "txt-double-bom", CHK, 1, "bad-token", b'\xef\xbb\xbf\xef\xbb\xbf' + HEAD + b'note "x"\n')
add(T, "txt-bom-fmt-check", FMT, 1, "-", b'\xef\xbb\xbf' + HEAD + b'note "x"\n',
    why="accepted, but fmt writes no BOM")
add(T, "txt-rlo-in-string", CHK, 1, "bad-token",
    oob_with(b'  unit c "C \xe2\x80\xaereversed" inf raw spirited M stands=4\n') + b'turn 1 US\n',
    why="notation.md: bidirectional overrides and isolates are refused, as control characters are")
add(T, "txt-rlo-in-id", CHK, 1, "bad-token",
    oob_with(b'  unit c\xe2\x80\xae "C" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(T, "txt-zero-width-space-in-id", CHK, 1, "bad-token",
    oob_with(b'  unit c\xe2\x80\x8bd "C" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(T, "txt-nbsp-as-space", CHK, 1, "bad-token", HEAD + b'note\xc2\xa0"x"\n')
add(T, "txt-esc-in-include-path", CHK, 1, "bad-token", b'battle "I"\ninclude "us\x1b[2J.oob"\n')
add(T, "txt-tab-in-string", CHK, 0, "-", HEAD + b'note "a\tb"\n', why="control: a tab is allowed")
add(T, "txt-unicode-id", CHK, 1, "unknown-id",
    oob_with(b'  unit le\xc3\xb3n "Le\xc3\xb3n" inf raw spirited M stands=4\n') + b'turn 1 US\ndisorder LE\xc3\x93N\n',
    why="notation.md: ids of any alphabet; case is folded for A-Z only, so LE\u00d3N is not le\u00f3n")
add(T, "txt-unicode-id-same", CHK, 0, "-",
    oob_with(b'  unit le\xc3\xb3n "Le\xc3\xb3n" inf raw spirited M stands=4\n') + b'turn 1 US\ndisorder LE\xc3\xb3N\n',
    why="control: the ASCII letters of an id of any alphabet match without regard to case")

GEN_HEAD = {"head.battle": HEAD}
add(T, "txt-long-note-100k", CHK, 0, "-", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{printf \"note \\\"\"; for(i=0;i<10000;i++) printf \"ten bytes \"; print \"\\\"\"}'; } > main.battle")
add(T, "txt-long-comment-100k", CHK, 0, "-", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{printf \"# \"; for(i=0;i<10000;i++) printf \"ten bytes \"; print \"\"}'; } > main.battle")
add(T, "txt-long-id-100k", CHK, 0, "-", files={"oob.battle": OOB},
    setup="{ cat oob.battle; awk 'BEGIN{s=\"x\"; while (length(s) < 100000) s = s s; print \"  unit \" s \" \\\"Long\\\" inf raw spirited M stands=4\"; print \"turn 1 US\"; print \"disorder \" s}'; } > main.battle",
    why="a 100 KB id, declared and used: no length limit is documented")
add(T, "txt-long-line-error-at-end", CHK, 1, "bad-token", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{printf \"note \\\"\"; for(i=0;i<10000;i++) printf \"ten bytes \"; print \"\\\" $\"}'; } > main.battle")
add(T, "txt-long-invalid-utf8-100k", CHK, 1, "bad-encoding", files=GEN_HEAD,
    setup="{ cat head.battle; printf 'note \"'; head -c 100000 /dev/zero | tr '\\000' '\\377'; printf '\"\\n'; } > main.battle")
add(T, "txt-long-note-10mb", CHK, 0, "-", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{printf \"note \\\"\"; for(i=0;i<1000000;i++) printf \"ten bytes \"; print \"\\\"\"}'; } > main.battle",
    why="a 10 MB line: no quadratic blow-up, no hang")
add(T, "txt-300-string-tokens", CHK, 1, "too-many", HEAD + b'note' + b' "x"' * 300 + b'\n')
add(T, "txt-300-commas", CHK, 1, "too-many", FIRE + b'fire a:8@6' + b' ,' * 300 + b' -> b [5]\n')

# =============================================================================
# 3. numbers
# =============================================================================
N = "num"


def unit_line(stands):
    return oob_with(b'  unit c "C" inf raw spirited M stands=' + stands + b'\n') + b'turn 1 US\n'


add(N, "num-stands-huge", CHK, 1, "out-of-range", unit_line(b"999999999"))
add(N, "num-stands-zero", CHK, 1, "out-of-range", unit_line(b"0"))
add(N, "num-stands-negative", CHK, 1, "out-of-range", unit_line(b"-5"), why="stands 1-99")
add(N, "num-stands-20-digits", CHK, 1, "out-of-range", unit_line(b"99999999999999999999"))
add(N, "num-stands-100", CHK, 1, "out-of-range", unit_line(b"100"), why="one past 99")
add(N, "num-stands-99", CHK, 0, "-", unit_line(b"99"), why="control: the largest allowed")
add(N, "num-face-huge", CHK, 1, "out-of-range", MAN + b'mc lee [999999999]: a\n')
add(N, "num-face-10-digits", CHK, 1, "out-of-range", MAN + b'mc lee [9999999999]: a\n')
add(N, "num-face-negative", CHK, 1, "out-of-range", MAN + b'mc lee [-1]: a\n')
add(N, "num-face-long-leading-zeros", CHK, 0, "-", MAN + b'mc lee [ 0000000007 ]: a\n',
    why="notation.md: spaces inside and leading zeros are allowed")
add(N, "num-die-d0", CHK, 1, "out-of-range", MAN + b'mc lee d0[1]: a\n')
add(N, "num-die-d1", CHK, 1, "out-of-range", MAN + b'mc lee d1[1]: a\n')
add(N, "num-die-d99999", CHK, 1, "out-of-range", MAN + b'mc lee d99999[5]: a\n')
add(N, "num-die-d6-face-0", CHK, 1, "out-of-range", MAN + b'mc lee d6[0]: a\n',
    why="0 stands for 10 on a d10 only")
add(N, "num-face-0-on-d10", CHK, 0, "-", MAN + b'mc lee [0]: a\n', why="control: [0] is 10 on a d10")
add(N, "num-range-huge", CHK, 1, "out-of-range", FIRE + b'fire a:8@999 -> b [5]\n', why='range 0-200"')
add(N, "num-range-negative", CHK, 1, "out-of-range", FIRE + b'fire a:8@-1 -> b [5]\n')
add(N, "num-fire-stands-zero", CHK, 1, "out-of-range", FIRE + b'fire a:0@6 -> b [5]\n')
add(N, "num-fire-stands-huge", CHK, 1, "out-of-range", FIRE + b'fire a:999999999@6 -> b [5]\n')
add(N, "num-turn-zero", CHK, 1, "out-of-range", OOB + b'turn 0 US\n')
add(N, "num-turn-10000", CHK, 1, "out-of-range", OOB + b'turn 10000 US\n')
add(N, "num-turn-negative", CHK, 1, "out-of-range", OOB + b'turn -1 US\n')
add(N, "num-turn-huge", CHK, 1, "out-of-range", OOB + b'turn 99999999999999 US\n')
add(N, "num-turn-9999", CHK, 0, "turn-order", HEAD + b'turn 9999 MEX\n', why="control: a warning only")
add(N, "num-total-huge", CHK, 1, "out-of-range", MAN + b'mc lee [6]: a =99999\n')
add(N, "num-total-negative-huge", CHK, 1, "out-of-range", MAN + b'mc lee [6]: a =-99999\n')
add(N, "num-modifier-huge", CHK, 1, "out-of-range", MAN + b'mc lee [6]: a +99999vet\n')
add(N, "num-modifier-negative-huge", CHK, 1, "out-of-range", MAN + b'mc lee [6]: a -999999999vet\n')
add(N, "num-modifier-10-digits", CHK, 1, "out-of-range", MAN + b'mc lee [6]: a +9999999999vet\n')
add(N, "num-charge-diff-huge", CHK, 1, "out-of-range", CHG + b'charge a -> b [5] | [4] : +99999 hp\n')
add(N, "num-charge-diff-negative-huge", CHK, 1, "out-of-range",
    CHG + b'charge a -> b [5] | [4] : -999999999 repulsed\n')
add(N, "num-stands-adjust-huge", CHK, 1, "out-of-range", HEAD + b'stands a +999999999 "x"\n')
add(N, "num-stands-adjust-negative-huge", CHK, 1, "out-of-range", HEAD + b'stands a -999999999 "x"\n')
add(N, "num-stands-adjust-unsigned-huge", CHK, 1, "out-of-range", HEAD + b'stands a 999999999 "x"\n')
add(N, "num-silence-huge", CHK, 1, "out-of-range", HEAD + b'silence g 999999999\n')
add(N, "num-silence-negative", CHK, 1, "out-of-range", HEAD + b'silence g -1\n')
add(N, "num-low-ammo-huge", CHK, 1, "out-of-range", HEAD + b'low-ammo g 999999999\n')
add(N, "num-low-ammo-negative", CHK, 1, "out-of-range", HEAD + b'low-ammo g -1\n')
add(N, "num-loss-huge", CHK, 1, "out-of-range", FIRE + b'fire a:8@6 -> b [5] loss=999999999\n')
add(N, "num-pts-huge", CHK, 1, "out-of-range", FIRE + b'fire a:8@6 -> b [5] pts=99999\n')
add(N, "num-silenced-claim-huge", CHK, 1, "out-of-range", FIRE + b'fire a:8@6 -> g [5] silenced=999999999\n')
add(N, "num-men-per-stand-huge", CHK, 1, "out-of-range",
    b'battle "Hostile" id=hostile men-per-stand=99999999999\n' + HEAD.split(b"\n", 1)[1])
add(N, "num-date-feb-30", CHK, 1, "out-of-range",
    b'battle "Hostile" id=hostile date=1847-02-30\n' + HEAD.split(b"\n", 1)[1])
add(N, "num-date-zero", CHK, 1, "out-of-range",
    b'battle "Hostile" id=hostile date=0000-00-00\n' + HEAD.split(b"\n", 1)[1])
add(N, "num-start-time-25-61", CHK, 1, "out-of-range",
    b'battle "Hostile" id=hostile start=25:61 turn-minutes=20\n' + HEAD.split(b"\n", 1)[1])
add(N, "num-twilight-99", CHK, 1, "out-of-range", OOB + b'turn 1 US twilight 99 evening\n')
add(N, "num-turn-minutes-huge", CHK, 1, "out-of-range",
    b'battle "Hostile" id=hostile start=14:00 turn-minutes=999999999\n' + HEAD.split(b"\n", 1)[1])

# =============================================================================
# 4. limits
# =============================================================================
L = "lim"
U33 = oob_with(units(33)) + b'turn 1 US daylight\n'
add(L, "lim-33-units-mc", CHK, 1, "too-many",
    U33 + b'phase maneuver\nmc lee [6]: ' + b"; ".join(b"u%d" % i for i in range(1, 34)) + b'\n')
add(L, "lim-32-units-mc", CHK, 0, "-",
    U33 + b'phase maneuver\nmc lee [6]: ' + b"; ".join(b"u%d" % i for i in range(1, 33)) + b'\n',
    why="control: exactly 32")
add(L, "lim-33-firers", CHK, 1, "too-many",
    U33 + b'phase fire\nfire ' + b", ".join(b"u%d@4" % i for i in range(1, 34)) + b' -> b [5]\n')
add(L, "lim-33-chargers", CHK, 1, "too-many",
    U33 + b'phase charge\ncharge ' + b", ".join(b"u%d" % i for i in range(1, 34)) + b' -> b [5] | [5]\n')
M33 = oob_with(b"", units(33, "m").replace(b"cmd=lee", b"cmd=ar")) + b'turn 1 US daylight\n'
add(L, "lim-33-defenders", CHK, 1, "too-many",
    M33 + b'phase charge\ncharge a -> ' + b", ".join(b"m%d" % i for i in range(1, 34)) + b' [5] | [5]\n')
MODS = [b"+1gallant", b"+0able", b"+2fresh", b"+0worn", b"+1att", b"+1bc", b"+1col", b"+1square",
        b"+1garrison", b"+1cover", b"-2ooc", b"-2outflanked", b"-2broken", b"+2elite", b"+1vet",
        b"+0trained", b"-1raw", b"-1key-lost", b"-1heavy", b"-2greater", b"-1prov", b"-2spent",
        b"+2bty", b"+1limb", b"-1poor"]
mods33 = (MODS + MODS)[:33]
add(L, "lim-33-modifiers", CHK, 1, "too-many", MAN + b'mc lee [6]: a ' + b" ".join(mods33) + b'\n')
add(L, "lim-32-modifiers", CHK, 0, "repeated-modifier", MAN + b'mc lee [6]: a ' + b" ".join(mods33[:32]) + b'\n',
    why="control: exactly 32 (some repeated: a warning)")
FACTS = [b"outflanked", b"ooc", b"cover", b"key-lost", b"heavy-casualties", b"greater-losses", b"close",
         b"fortified", b"ground=open"]
add(L, "lim-33-facts", CHK, 1, "too-many",
    MAN + b'mc lee [6]: a(' + b",".join((FACTS * 4)[:33]) + b')\n')
add(L, "lim-33-actions", CHK, 1, "too-many", MAN + b'mc lee [6]: a' + b" move" * 33 + b'\n')
add(L, "lim-33-charge-targets", CHK, 1, "too-many",
    M33 + b'phase maneuver\nmc lee [6]: a dq charge ' + b", ".join(b"m%d" % i for i in range(1, 34)) + b'\n',
    why="the targets of a charge action are a list of units too")
add(L, "lim-mc-two-units-out-of-command", CHK, 1, "too-many", MAN + b'mc [6]: a; g\n')


def tokens_line(n):
    """An mc line of exactly n tokens: 'mc lee [6] :' then 8 units with modifiers and 7 ';'."""
    fixed = 4 + 8 + 7
    m = n - fixed
    per = [m // 8 + (1 if i < m % 8 else 0) for i in range(8)]
    parts = []
    for i, k in enumerate(per):
        parts.append(b"v%d " % (i + 1) + b" ".join([b"+1vet"] * k))
    return b"mc lee [6]: " + b"; ".join(parts) + b"\n"


V8 = oob_with(b"".join(b'  unit v%d "V%d" inf veteran spirited M stands=4 cmd=lee line\n' % (i, i)
                       for i in range(1, 9))) + b'turn 1 US daylight\nphase maneuver\n'
add(L, "lim-256-tokens", CHK, 0, "repeated-modifier", V8 + tokens_line(256),
    why="diagnostics.md: too-many is for MORE than 256 tokens; 256 are allowed")
add(L, "lim-257-tokens", CHK, 1, "too-many", V8 + tokens_line(257))
add(L, "lim-100k-tokens", CHK, 1, "too-many", files=GEN_HEAD,
    setup="{ cat head.battle; echo 'phase maneuver'; awk 'BEGIN{printf \"mc lee [6]: a\"; for(i=0;i<100000;i++) printf \" +1vet\"; print \"\"}'; } > main.battle")
add(L, "lim-3000-sides", CHK, 0, "-", files={"gen.awk": b'BEGIN {\n  print "battle \\"Many sides\\""\n'
                                                      b'  for (i = 1; i <= 3000; i++) {\n'
                                                      b'    printf "side s%d nation=US\\n", i\n'
                                                      b'    printf "  unit u%d \\"U\\" inf raw spirited M stands=4\\n", i\n  }\n'
                                                      b'  print "turn 1 s1"\n  print "note \\"x\\""\n}\n'},
    setup="awk -f gen.awk > main.battle")
add(L, "lim-3000-empty-sides", CHK, 0, "empty-side", files={"gen.awk": b'BEGIN {\n  print "battle \\"Empty sides\\""\n'
                                                            b'  for (i = 1; i <= 3000; i++) printf "side s%d nation=MEX\\n", i\n'
                                                            b'  print "turn 1"\n}\n'},
    setup="awk -f gen.awk > main.battle", why="3000 warnings, past the 500 shown")
add(L, "lim-5000-units", CHK, 0, "-", files={"gen.awk": b'BEGIN {\n  print "battle \\"Many units\\""\n'
                                                       b'  print "side US nation=US"\n  print "  leader lee \\"Lee\\" able"\n'
                                                       b'  for (i = 1; i <= 5000; i++) printf "  unit u%d \\"U\\" inf raw spirited M stands=4 cmd=lee\\n", i\n'
                                                       b'  print "turn 1 US"\n  print "phase maneuver"\n  print "mc lee [6]: u5000"\n}\n'},
    setup="awk -f gen.awk > main.battle")
CHAIN_AWK = (b'# a chain of N leaders, each under the one declared before\n'
             b'BEGIN {\n  if (!n) n = 3000\n  print "battle \\"Chain of command\\""\n  print "side US nation=US"\n'
             b'  print "  leader l1 \\"L1\\" able" (cycle ? " under=l" n : "")\n'
             b'  for (i = 2; i <= n; i++) printf "  leader l%d \\"L%d\\" able under=l%d\\n", i, i, i - 1\n'
             b'  printf "  unit u \\"U\\" inf raw spirited M stands=4 cmd=l%d\\n", n\n'
             b'  print "turn 1 US"\n  print "phase maneuver"\n  printf "mc l%d [6]: u\\n", n\n}\n')
# shared by the three cases below: run.sh exports HOSTILE, this folder
SHARED = {"lib/chain.awk": CHAIN_AWK}
CHAIN = 'awk %s -f "$HOSTILE/lib/chain.awk" > main.battle'
add(L, "lim-3000-leader-chain", CHK, 0, "-", files={"README": b"setup writes main.battle: a chain\n"},
    setup=CHAIN % "")
add(L, "lim-3000-leader-chain-audit", AUD, 0, "-", files={"README": b"setup writes main.battle: a chain to audit\n"},
    setup=CHAIN % "", why="the audit follows the chain of command for provisional command")
add(L, "lim-3000-leader-cycle", CHK, 1, "command-cycle", files={"README": b"setup writes main.battle: a cycle\n"},
    setup=CHAIN % "-v cycle=1", why="l1 under the last of 3000: one loop")
add(L, "lim-3000-leader-reverse-chain", CHK, 1, "before-declaration",
    files={"gen.awk": b'BEGIN {\n  print "battle \\"Upside down\\""\n  print "side US nation=US"\n'
                      b'  for (i = 1; i < 3000; i++) printf "  leader l%d \\"L\\" able under=l%d\\n", i, i + 1\n'
                      b'  print "  leader l3000 \\"L\\" able"\n'
                      b'  print "  unit u \\"U\\" inf raw spirited M stands=4 cmd=l1"\n  print "turn 1 US"\n}\n'},
    setup="awk -f gen.awk > main.battle", why="2999 errors, each superior used before its declaration")
add(L, "lim-under-self", CHK, 1, "command-cycle",
    b'battle "C"\nside US nation=US\n  leader a "A" able under=a\n  unit u "U" inf raw spirited M stands=4 cmd=a\nturn 1 US\n')
add(L, "lim-under-two-cycle", CHK, 1, "command-cycle",
    b'battle "C"\nside US nation=US\n  leader a "A" able under=b\n  leader b "B" able under=a\n'
    b'  unit u "U" inf raw spirited M stands=4 cmd=a\nturn 1 US\n')
add(L, "lim-600-errors", CHK, 1, "unknown-keyword", HEAD + b'advance a\n' * 600,
    why="more than 500 errors: the rest are counted, not shown")
add(L, "lim-100k-errors", CHK, 1, "unknown-keyword", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{for(i=0;i<100000;i++) print \"advance a\"}'; } > main.battle")
add(L, "lim-600-warnings", CHK, 0, "turn-order",
    OOB + b"".join(b'turn %d\n' % (2 * i + 1) for i in range(600)))
add(L, "lim-600-warnings-then-error", CHK, 1, "unknown-keyword",
    OOB + b"".join(b'turn %d\n' % (2 * i + 1) for i in range(600)) + b'advance a\n',
    why="diagnostics.md/notation.md: every mistake is reported; an error must not be hidden behind 500 warnings")
add(L, "lim-50k-events", CHK, 0, "-", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{for(i=0;i<50000;i++) print \"note \\\"x\\\"\"}'; } > main.battle")
add(L, "lim-50k-events-audit", AUD, 0, "-", files=GEN_HEAD,
    setup="{ cat head.battle; awk 'BEGIN{for(i=0;i<50000;i++) print \"disorder b\\nrally b\"}'; } > main.battle")
add(L, "lim-300-include-files", CHK, 0, "-",
    files={"gen.awk": b'BEGIN {\n  print "battle \\"Many includes\\"" > "main.battle"\n'
                      b'  print "side US nation=US" > "main.battle"\n'
                      b'  for (i = 1; i <= 300; i++) {\n    printf "include \\"f%d.oob\\"\\n", i > "main.battle"\n'
                      b'    f = sprintf("f%d.oob", i)\n'
                      b'    printf "  unit u%d \\"U\\" inf raw spirited M stands=4\\n", i > f\n    close(f)\n  }\n'
                      b'  print "turn 1 US" > "main.battle"\n}\n'},
    setup="awk -f gen.awk")

# =============================================================================
# 5. structure
# =============================================================================
S = "str"
add(S, "str-empty-file", CHK, 0, "no-header", b"")
add(S, "str-only-comments", CHK, 0, "no-header", b"# nothing\n# but comments\n  # indented\n")
add(S, "str-only-blank-lines", CHK, 0, "no-header", b"\n\n   \n\t\n\n")
add(S, "str-only-bom", CHK, 0, "no-header", b"\xef\xbb\xbf")
add(S, "str-truncated-mid-string", CHK, 1, "unterminated-string", HEAD + b'note "the smoke lies hea')
add(S, "str-truncated-mid-line", CHK, 1, "expected", FIRE + b'fire a:8@6 -> ')
add(S, "str-truncated-mid-face", CHK, 1, "bad-token", MAN + b'mc lee [6')
add(S, "str-truncated-after-backslash", CHK, 1, "unterminated-string", HEAD + b'note "abc\\')
add(S, "str-no-final-newline", CHK, 0, "-", HEAD + b'note "x"', why="control")
add(S, "str-side-before-battle", CHK, 1, "misplaced", HEAD.split(b"\n", 1)[1] + HEAD.split(b"\n", 1)[0] + b"\n")
add(S, "str-two-battles", CHK, 1, "misplaced", b'battle "Again"\n' + HEAD)
add(S, "str-unit-before-side", CHK, 1, "misplaced",
    b'battle "B"\n  unit c "C" inf raw spirited M stands=4\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-leader-before-side", CHK, 1, "misplaced", b'battle "B"\n  leader x "X" able\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-scenario-after-side", CHK, 1, "misplaced", OOB + b'scenario "Late"\nturn 1 US\n')
add(S, "str-option-after-side", CHK, 1, "misplaced", OOB + b'option panic-loss=text\nturn 1 US\n')
add(S, "str-unit-after-turn", CHK, 1, "misplaced", HEAD + b'  unit c "C" inf raw spirited M stands=4\n')
add(S, "str-side-after-turn", CHK, 1, "misplaced", HEAD + b'side X nation=US\n')
add(S, "str-mc-before-turn", CHK, 1, "misplaced", OOB + b'phase maneuver\nmc lee [6]: a\n')
add(S, "str-note-before-turn", CHK, 1, "misplaced", OOB + b'note "too early"\n')
add(S, "str-phase-before-turn", CHK, 1, "misplaced", OOB + b'phase fire\n')
add(S, "str-event-before-side", CHK, 1, "misplaced", b'battle "E"\ndisorder a\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-fire-in-maneuver-phase", CHK, 1, "misplaced", MAN + b'fire a:8@6 -> b [5]\n')
add(S, "str-mc-in-charge-phase", CHK, 1, "misplaced", CHG + b'mc lee [6]: a\n')
add(S, "str-reroll-first", CHK, 1, "misplaced", CHG + b'reroll [4] | [2]\n')
add(S, "str-ruling-after-turn", CHK, 1, "misplaced", HEAD + b'ruling accept by=x "nothing before"\n')
add(S, "str-duplicate-unit", CHK, 1, "duplicate-id",
    oob_with(b'  unit a "Again" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(S, "str-duplicate-case", CHK, 1, "duplicate-id",
    oob_with(b'  unit A "Again" inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(S, "str-duplicate-leader-and-unit", CHK, 1, "duplicate-id",
    oob_with(b'  leader a "Leader A" able\n') + b'turn 1 US\n', why="units and leaders share one name space")
add(S, "str-duplicate-side-case", CHK, 1, "duplicate-id",
    OOB + b'side us nation=US "Again"\n  unit c "C" inf raw spirited M stands=4\nturn 1 US\n')
add(S, "str-side-and-unit-same-id", CHK, 0, "-",
    oob_with(b'  unit us "Same as the side" inf raw spirited M stands=4\n') + b'turn 1 US\n',
    why="control: sides have their own name space")
add(S, "str-duplicate-accented-case", CHK, 0, "-",
    oob_with(b'  unit \xc3\xa9lite "E1" inf raw spirited M stands=4\n  unit \xc3\x89LITE "E2" inf raw spirited M stands=4\n')
    + b'turn 1 US\n', why="notation.md: case is folded for A-Z only: \u00e9lite and \u00c9LITE are two ids")
add(S, "str-duplicate-greek-case", CHK, 0, "-",
    oob_with(b'  unit \xcf\x83 "s1" inf raw spirited M stands=4\n  unit \xce\xa3 "s2" inf raw spirited M stands=4\n')
    + b'turn 1 US\n')
add(S, "str-cyrillic-lookalike-id", CHK, 1, "unknown-id",
    oob_with(b'  unit \xd0\xb0a "Cyrillic a, Latin a" inf raw spirited M stands=4\n') + b'turn 1 US\ndisorder aa\n',
    why="homoglyphs are different ids")
add(S, "str-upper-case-everything", CHK, 0, "-",
    b'BATTLE "Loud" ID=loud\nSIDE US NATION=US\n  LEADER LEE "Lee" GALLANT\n'
    b'  UNIT A "A" INF VETERAN SPIRITED M STANDS=8 CMD=LEE LINE\nSIDE MEX NATION=MEX\n'
    b'  UNIT B "B" INF TRAINED SPIRITED IM STANDS=10 LINE\nTURN 1 US DAYLIGHT\nPHASE MANEUVER\nMC LEE [6]: a DQ\n',
    why="control: keywords, words and ids without regard to case")
add(S, "str-unknown-keyword", CHK, 1, "unknown-keyword", HEAD + b'advance a\n')
add(S, "str-fullwidth-keyword", CHK, 1, "unknown-keyword", b'\xef\xbd\x82attle "Fullwidth b"\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-unknown-word", CHK, 1, "unknown-word",
    oob_with(b'  unit c "C" inf supervet spirited M stands=4\n') + b'turn 1 US\n')
add(S, "str-unknown-id", CHK, 1, "unknown-id", HEAD + b'disorder zz\n')
add(S, "str-missing-value-stands", CHK, 1, "expected",
    oob_with(b'  unit c "C" inf raw spirited M stands=\n') + b'turn 1 US\n')
add(S, "str-missing-value-battle-id", CHK, 1, "expected", b'battle "B" id=\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-missing-value-cmd", CHK, 1, "expected",
    oob_with(b'  unit c "C" inf raw spirited M stands=4 cmd=\n') + b'turn 1 US\n')
add(S, "str-missing-value-fact", CHK, 1, "expected", FIRE + b'fire a:8@6 -> b(cover=) [5]\n')
add(S, "str-missing-value-by", CHK, 1, "expected", FIRE + b'fire a:8@6 -> b [5]\n  ruling accept "why" by=\n')
add(S, "str-missing-total", CHK, 1, "expected", MAN + b'mc lee [6]: a =\n')
add(S, "str-unterminated-unit-name", CHK, 1, "unterminated-string",
    oob_with(b'  unit c "C inf raw spirited M stands=4\n') + b'turn 1 US\n')
add(S, "str-unterminated-escaped-quote", CHK, 1, "unterminated-string", HEAD + b'note "abc\\"\n')
add(S, "str-crlf", CHK, 0, "-", (HEAD + b'note "x"\n').replace(b"\n", b"\r\n"), why="CR before LF is accepted")
add(S, "str-crlf-fmt-check", FMT, 1, "-", (HEAD + b'note "x"\n').replace(b"\n", b"\r\n"), why="fmt writes LF")
add(S, "str-mixed-crlf-and-cr", CHK, 1, "bad-token", HEAD.replace(b"\n", b"\r\n") + b'note "x"\rnote "y"\r\n')
add(S, "str-tabs", CHK, 0, "-", (HEAD + b'note "x"\n').replace(b" ", b"\t").replace(b'"\tCapt\tLee"', b'"Capt Lee"'),
    why="tabs as white space")
add(S, "str-tabs-fmt-check", FMT, 1, "-", HEAD.replace(b"  unit", b"\tunit") + b'note\t"x"\n')
add(S, "str-unknown-ruleset", CHK, 1, "unknown-rules", b'battle "B" rules=dba\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-ruleset-path", CHK, 1, "unknown-rules",
    b'battle "B" rules="../../../../etc/passwd"\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-ruleset-empty", CHK, 1, "unknown-rules", b'battle "B" rules=""\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-ruleset-later", CHK, 1, "unknown-rules", b'battle "B" rules=sar\n' + HEAD.split(b"\n", 1)[1],
    why="notation.md: sar and thomas come later")
add(S, "str-unknown-option", CHK, 1, "unknown-rules",
    b'battle "B"\noption no-such-option=yes\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-bad-option-value", CHK, 1, "unknown-rules",
    b'battle "B"\noption panic-loss=sometimes\n' + HEAD.split(b"\n", 1)[1])
add(S, "str-missing-stands", CHK, 1, "missing", oob_with(b'  unit c "C" inf raw spirited M\n') + b'turn 1 US\n')
add(S, "str-side-without-nation", CHK, 1, "missing",
    OOB + b'side X "No nation"\n  unit c "C" inf raw spirited M stands=4\nturn 1 US\n')
add(S, "str-ruling-without-by", CHK, 1, "missing", FIRE + b'fire a:8@6 -> b [5]\n  ruling accept "why"\n')
add(S, "str-two-totals", CHK, 1, "duplicate", MAN + b'mc lee [6]: a =9 =10\n')
add(S, "str-wrong-kind", CHK, 1, "wrong-kind", HEAD + b'detach a\n')
add(S, "str-before-declaration", CHK, 1, "before-declaration",
    b'battle "B"\nside US nation=US\n  unit c "C" inf raw spirited M stands=4 cmd=x\n  leader x "X" able\nturn 1 US\n')
add(S, "str-trailing", CHK, 1, "trailing", HEAD + b'disorder a b\n')
add(S, "str-bare-keyword", CHK, 1, "expected", HEAD + b'disorder\n')
add(S, "str-arrow-only-line", CHK, 1, "expected", HEAD + b'->\n')
add(S, "str-empty-side", CHK, 0, "empty-side", OOB + b'side X nation=US\nturn 1 US\n')
add(S, "str-turn-repeated", CHK, 0, "turn-order", HEAD + b'turn 1 US daylight\n')
add(S, "str-phase-backwards", CHK, 0, "phase-order", HEAD + b'phase charge\nphase maneuver\n')
add(S, "str-fmt-check-with-errors", FMT, 1, "unknown-keyword", HEAD + b'advance a\n')
add(S, "str-fmt-check-empty", FMT, 0, "-", b"")
add(S, "str-fmt-check-trailing-spaces", FMT, 1, "-", HEAD + b'note "x"   \n')
add(S, "str-audit-does-not-parse", AUD, 2, "unknown-keyword", HEAD + b'advance a\n',
    why="umpire.1: audit exits 2 for a log that does not parse")
add(S, "str-audit-empty-file", AUD, 0, "-", b"", why="a warning is no error: nothing to audit")
add(S, "str-top-level-fifo", CHK, 0, "-", files={"game.txt": HEAD},
    setup="mkfifo main.battle && { cat game.txt >main.battle & }",
    why="umpire.1: the file named on the command line may be a pipe (umpire check <(zcat game.gz)); "
        "only includes must be regular files")
add(S, "str-top-level-directory", CHK, 2, "-", files={"README": b"setup makes main.battle a directory\n"},
    setup="mkdir main.battle")
add(S, "str-top-level-dev-zero", CHK, 2, "-", files={"README": b"setup links main.battle to /dev/zero\n"},
    setup="ln -s /dev/zero main.battle", why="an endless file: refused, not read forever")
add(S, "str-top-level-dangling-link", CHK, 2, "-", files={"README": b"setup makes main.battle a dangling link\n"},
    setup="ln -s nowhere.battle main.battle")
add(S, "str-comments-before-battle", CHK, 0, "-", b"# a header comment\n\n" + HEAD, why="control")

# =============================================================================
# 6. audit-level hostility that parses
# =============================================================================
A = "aud"
add(A, "aud-removed-then-mc", AUD, 1, "inconsistent-state", HEAD + b'remove a "gone"\nphase maneuver\nmc lee [6]: a\n')
add(A, "aud-removed-then-fire", AUD, 1, "inconsistent-state", HEAD + b'remove a "gone"\nphase fire\nfire a:8@6 -> b [5]\n')
add(A, "aud-removed-target", AUD, 1, "inconsistent-state", HEAD + b'remove b "gone"\nphase fire\nfire a:8@6 -> b [5]\n')
add(A, "aud-removed-then-charge", AUD, 1, "inconsistent-state",
    HEAD + b'remove a "gone"\nphase charge\ncharge a -> b [5] | [5]\n')
add(A, "aud-removed-then-form", AUD, 1, "inconsistent-state", HEAD + b'remove a "gone"\nform a square\n')
add(A, "aud-removed-twice", AUD, 0, "-", HEAD + b'remove a "gone"\nremove a "still gone"\n',
    why="rules.md: saying remove again is allowed")
add(A, "aud-stands-below-zero-then-fire", AUD, 1, "inconsistent-state",
    HEAD + b'stands a -99 "wiped out"\nphase fire\nfire a@6 -> b [5]\n',
    why="a unit reduced to one stand or fewer is removed (000:532)")
add(A, "aud-leader-lost-then-leads", AUD, 1, "inconsistent-state",
    HEAD + b'leader-lost lee "captured"\nphase maneuver\nmc lee [6]: a\n')
add(A, "aud-shot-dead-then-attach", AUD, 1, "inconsistent-state", HEAD + b'fallen lee [10] shot-dead\nattach lee a\n')
add(A, "aud-fire-at-own-side", AUD, 1, "illegal-action", FIRE + b'fire a:8@6 -> g [5]\n')
add(A, "aud-fire-at-itself", AUD, 1, "illegal-action", FIRE + b'fire a:8@6 -> a [5]\n')
add(A, "aud-charge-own-side", AUD, 1, "illegal-action", CHG + b'charge a -> g [5] | [5]\n')
add(A, "aud-charge-itself", AUD, 1, "illegal-action", CHG + b'charge a -> a [5] | [5]\n')
add(A, "aud-attach-to-enemy", AUD, 1, "illegal-action", HEAD + b'attach lee b\n')
add(A, "aud-enemy-leader-leads-check", AUD, 1, "illegal-action", MAN + b'mc ar [6]: a\n')
add(A, "aud-reroll-after-swept", AUD, 1, "illegal-action",
    CHG + b'charge a -> b [10] | [1] : swept\n  reroll [5] | [5]\n', why="a reroll not after a Desperate Struggle")
add(A, "aud-reroll-no-struggle", AUD, 1, "illegal-action", CHG + b'charge a -> b [10] | [1]\n  reroll [5] | [5]\n')
add(A, "aud-struggle-not-rerolled", AUD, 0, "missing-roll", CHG + b'charge a -> b [5] | [6]\nturn 2 MEX daylight\n',
    why="a Desperate Struggle not rolled again: a missing-roll warning")
add(A, "aud-ruling-nothing-to-settle", AUD, 0, "-", FIRE + b'fire a:8@6 -> b [5]\n  ruling accept by=smith "as played"\n')
add(A, "aud-ruling-override-unclaimed", AUD, 0, "-",
    FIRE + b'fire a:8@6 -> b [5]\n  ruling override lively-fire by=smith "smoke"\n')
add(A, "aud-ruling-after-note", AUD, 0, "-", HEAD + b'note "quiet"\n  ruling accept by=smith "nothing happened"\n')
add(A, "aud-ruling-after-stands", AUD, 0, "-", HEAD + b'stands a -1 "straggling"\n  ruling accept by=smith "agreed"\n')
add(A, "aud-ruling-at-start", AUD, 2, "misplaced", HEAD + b'ruling accept by=smith "nothing"\n',
    why="a ruling not following an event does not parse")
add(A, "aud-reroll-without-charge", AUD, 2, "misplaced", CHG + b'reroll [4] | [2]\n')
add(A, "aud-stands-pile-up", AUD, 0, "-", HEAD + b'stands a +99 "reinforced"\n' * 200 + b'phase fire\nfire a@6 -> b [5]\n',
    why="19 808 stands: no overflow, no crash")
add(A, "aud-d20-roll", AUD, 1, "illegal-action", MAN + b'mc lee d20[17]: a\n', why="a roll on another die than the d10")

# =============================================================================


def write():
    os.makedirs(OUT, exist_ok=True)
    for e in os.listdir(OUT):  # everything but the runner is generated
        if e in ("run.sh", "gen.py"):
            continue
        p = os.path.join(OUT, e)
        shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    for rel, data in SHARED.items():  # scripts several setups use
        p = os.path.join(OUT, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
    lines = []
    for i, c in enumerate(CASES, 1):
        name = "%03d-%s" % (i, c["name"])
        if c["files"] is not None:
            d = os.path.join(OUT, name)
            for rel, data in c["files"].items():
                p = os.path.join(d, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "wb") as f:
                    f.write(data)
        else:
            with open(os.path.join(OUT, name + ".battle"), "wb") as f:
                f.write(c["content"])
        assert "\t" not in c["setup"]
        lines.append("\t".join([name, c["cmd"], str(c["exit"]), c["code"], c["setup"]]))
    with open(os.path.join(OUT, "cases.txt"), "w") as f:
        f.write(HEADER)
        f.write("\n".join(lines) + "\n")


HEADER = """\
# Hostile inputs for umpire: one line per case, fields separated by one TAB:
#
#   NAME<TAB>COMMAND<TAB>EXIT<TAB>CODE<TAB>SETUP
#
# NAME     the case: the file NAME.battle, or the directory NAME/ whose
#          top-level file is NAME/main.battle (with the files it includes).
#          The prefix after the number is the category: inc- includes,
#          txt- control characters, encodings and long lines, num- numbers,
#          lim- limits, str- structure, aud- audit-level (parses, audited).
# COMMAND  check, audit or fmt --check: run as `umpire COMMAND FILE` in a
#          scratch copy of the case (the directory, or a directory holding
#          the one file), with a timeout of 10 seconds and stdin from /dev/null.
# EXIT     the expected exit status: 0 fine (warnings allowed), 1 errors or
#          findings (or not canonical, for fmt --check), 2 unreadable file or
#          usage (for audit also: a log that does not parse).
# CODE     a diagnostic or finding code that must appear in stdout+stderr as
#          "error CODE:", "warning CODE:" or "note CODE:" (also
#          "error (overruled) CODE:"), or - for none required.
# SETUP    a shell command run (sh -c) in the scratch copy before the command,
#          for what cannot be a checked-in file (a FIFO, a symbolic link,
#          /dev/zero, a 100 KB line, a 3000-leader chain), or -; scripts
#          several setups share are in $HOSTILE/lib.
#
# The expectations come from docs/notation.md, docs/diagnostics.md,
# docs/rules.md and docs/umpire.1, not from the program's output (gen.py,
# which writes this corpus, gives the reason for the less obvious ones). Besides
# EXIT and CODE, every case must finish within the timeout, without a signal,
# an exit status above 2, or a sanitizer report. run.sh runs them all.
"""

if __name__ == "__main__":
    write()
    from collections import Counter
    print(len(CASES), Counter(c["cat"] for c in CASES))
