#!/usr/bin/env python3
"""run-fmt-property.py UMPIRE: fmt keeps everything the audit reads.

For every battle file in the tree that parses (examples, the e2e and hostile
cases, the ruleset cases, the fuzz seeds and regressions), the audit JSON of
`fmt FILE` must equal the audit JSON of FILE, as played and as derived,
lines mapped: fmt keeps every line that is not blank and folds runs of blank
lines, so a line of FILE maps to the line of the canonical form with the
same rank among the lines that are not blank.  Columns are left out (fmt
normalises spacing); every other key and value must be equal.  Objects about
an included file keep their lines (fmt prints only the top file).

Each file is formatted in a scratch copy under build/fmt-property: with its
folder when it includes (hostile folders hold fifos and links), alone
otherwise.  Prints "ok fmt-keeps NAME" or "not ok fmt-keeps NAME" and the
first difference.
"""
import json
import os
import re
import shutil
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
    with open(copy, "wb") as fh:
        fh.write(fmt.stdout)
    for mode, b in zip(modes, before):
        a = run(umpire, "audit", "--json", "--follow=" + mode, copy)
        if not a or not b:
            return f"audit as {mode} timed out"
        diff = first_difference(objects(b.stdout, copy, ranks(text)), objects(a.stdout, copy, ranks(fmt.stdout)))
        if diff:
            return f"audit JSON as {mode} differs after fmt\n{diff}"
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
