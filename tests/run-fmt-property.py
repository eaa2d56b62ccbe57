#!/usr/bin/env python3
"""run-fmt-property.py UMPIRE: fmt and export keep everything the audit reads.

For every battle file in the tree that parses (examples, the e2e and hostile
cases, the ruleset cases, the fuzz seeds and regressions), the audit JSON of
`fmt FILE` must equal the audit JSON of FILE, as played and as derived,
lines mapped: fmt keeps every line that is not blank and folds runs of blank
lines, so a line of FILE maps to the line of the canonical form with the
same rank among the lines that are not blank.  Columns are left out (fmt
normalises spacing); every other key and value must be equal.  Objects about
an included file keep their lines (fmt prints only the top file).

The same files are imported into an empty archive, exported (as fmt
prints them) and imported into a second one: every row the two archives
hold must be equal, but for the stored text, its hash and the lines and
columns it moved (ok export-keeps NAME).

Each file is formatted in a scratch copy under build/fmt-property: with its
folder when it includes (hostile folders hold fifos and links), alone
otherwise.  Prints "ok fmt-keeps NAME" or "not ok fmt-keeps NAME" and the
first difference.
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

WORK = "build/fmt-property"
INCLUDES = re.compile(rb"^\s*(include|charts)\s", re.I | re.M)


def run(umpire, *args):
    try:
        p = subprocess.run([umpire, *args], stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    return p


def ranks(text):
    """Line number -> rank among the lines that are not blank."""
    out, rank = {}, 0
    for number, line in enumerate(text.decode("utf-8", "replace").split("\n"), 1):
        # the byte-order mark counts as blank space, as the lexer reads it
        if line.lstrip("\ufeff").strip(" \t\r"):
            rank += 1
            out[number] = rank
    return out


def normalise(value, top, rank, file):
    if isinstance(value, list):
        return [normalise(v, top, rank, file) for v in value]
    if not isinstance(value, dict):
        return value
    file = value.get("file", file)
    out = {}
    for key, v in value.items():
        if key in ("col", "file"):
            continue
        if key == "line" and isinstance(v, int) and file == top:
            v = rank.get(v, ("blank line", v))
        out[key] = normalise(v, top, rank, file)
    return out


def objects(out, top, rank):
    return [normalise(json.loads(l), top, rank, None) for l in out.decode().splitlines() if l.strip()]


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"  object {i + 1}:\n  before {json.dumps(x)[:400]}\n  after  {json.dumps(y)[:400]}"
    if len(a) != len(b):
        return f"  {len(a)} objects before fmt, {len(b)} after"
    return None


def scratch(f, n):
    d = os.path.join(WORK, str(n))
    os.makedirs(d)
    copy = os.path.join(d, os.path.basename(f))
    with open(f, "rb") as fh:
        text = fh.read()
    if INCLUDES.search(text):
        shutil.copytree(os.path.dirname(f), d, symlinks=True, dirs_exist_ok=True)
    else:
        shutil.copyfile(f, copy)
    return copy, text


def check(umpire, f, n):
    """None when fmt keeps f, "skip" when f does not parse, the failure otherwise."""
    copy, text = scratch(f, n)
    p = run(umpire, "check", "-q", copy)
    if not p or p.returncode != 0:
        return "skip"
    modes = ("claimed", "derived")
    before = [run(umpire, "audit", "--json", "--follow=" + m, copy) for m in modes]
    fmt = run(umpire, "fmt", copy)
    if not fmt or fmt.returncode != 0:
        return "fmt failed: " + (fmt.stderr.decode(errors="replace").splitlines() or ["timeout"])[0]
    orig = copy + ".orig"
    shutil.copyfile(copy, orig)
    with open(copy, "wb") as fh:
        fh.write(fmt.stdout)
    for mode, b in zip(modes, before):
        a = run(umpire, "audit", "--json", "--follow=" + mode, copy)
        if not a or not b:
            return f"audit as {mode} timed out"
        diff = first_difference(objects(b.stdout, copy, ranks(text)), objects(a.stdout, copy, ranks(fmt.stdout)))
        if diff:
            return f"audit JSON as {mode} differs after fmt\n{diff}"
    shutil.copyfile(orig, copy)
    why = round_trip(umpire, copy)
    return f"export-keeps: {why}" if why else None


# Columns that fmt's canonical text changes by design (its text, blank
# lines folded, spacing, attributes in canonical order), and the time of
# the import.
MOVED = {("file", "text"), ("battle", "content_hash"), ("battle", "imported_at"), ("event", "line"),
         ("event", "stmt"), ("finding", "line"), ("finding", "col"), ("finding", "stmt"),
         ("battle_attr", "seq")}

# A state's statement moves with the text as an event's does: it is
# compared as the rank of its event among its battle's.
RANKED = {(t, "stmt"): f"(SELECT count(*) FROM event e JOIN {o} x ON x.battle_id = e.battle_id "
                       f"WHERE x.id = {t}.{o}_id AND e.stmt < {t}.stmt)"
          for t, o in (("unit_state", "unit"), ("leader_state", "leader"))}


def rows(db):
    """Every row of every table of db, the moved columns left out."""
    con = sqlite3.connect(db)
    out = {}
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_schema WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%'")]
    for t in tables:
        cols = [r[1] for r in con.execute(f'PRAGMA table_info("{t}")') if (t, r[1]) not in MOVED]
        select = ", ".join(RANKED.get((t, c), f'"{c}"') for c in cols)
        out[t] = (cols, sorted(con.execute(f'SELECT {select} FROM "{t}"').fetchall(), key=repr))
    con.close()
    return out


def round_trip(umpire, copy):
    """None when export then import stores the same rows; the failure otherwise."""
    d = os.path.dirname(copy)
    a, b = os.path.join(d, "a.db"), os.path.join(d, "b.db")
    p = run(umpire, "db", "--db", a, "import", copy)
    if not p or p.returncode > 1:
        return None	# not stored (an include the archive keeps apart, a limit): nothing to compare
    e = run(umpire, "db", "--db", a, "export", "1")
    if not e or e.returncode != 0:
        return "export failed: " + (e.stderr.decode(errors="replace").splitlines() or ["timeout"])[0]
    with open(copy, "wb") as fh:	# in its place: its includes are beside it
        fh.write(e.stdout)
    p = run(umpire, "db", "--db", b, "import", copy)
    if not p or p.returncode > 1:
        return "the export does not import: " + (p.stderr.decode(errors="replace").splitlines() or ["timeout"])[0]
    x, y = rows(a), rows(b)
    for t in x:
        if x[t] != y.get(t):
            for r1, r2 in zip(x[t][1], y[t][1]):
                if r1 != r2:
                    return f"table {t} differs after export and import:\n  before {r1!r:.300}\n  after  {r2!r:.300}"
            return f"table {t}: {len(x[t][1])} rows before export and import, {len(y[t][1])} after"
    return None


def main():
    umpire = os.path.abspath(sys.argv[1])
    shutil.rmtree(WORK, ignore_errors=True)
    files = []
    for root in ("examples", "tests"):
        for d, _, names in os.walk(root):
            for name in names:
                f = os.path.join(d, name)
                fuzz = d.startswith(("tests/fuzz/seeds", "tests/fuzz/regressions"))
                if (name.endswith(".battle") or fuzz) and not name.endswith(".md") and os.path.isfile(f) \
                        and not os.path.islink(f):
                    files.append(f)
    status = 0
    for n, f in enumerate(sorted(files)):
        why = check(umpire, f, n)
        if why == "skip":
            print(f"ok fmt-keeps {f} # skip: does not parse")
        elif why:
            print(f"not ok fmt-keeps {f} ({why})")
            status = 1
        else:
            print(f"ok fmt-keeps {f}")
    return status


sys.exit(main())
