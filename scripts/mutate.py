#!/usr/bin/env python3
"""mutate.py: mutation testing of umpire (`make mutate`).

Draws mutants from the C files of the rules (audit/rff/, audit/sar/,
audit/thomas/, and state.c, audit.c, claim.c) and, with a smaller share, db/,
reports/facts.c and grammar/parse.c, applies each alone to a scratch copy of
the tree under build/mutate (never the working files), rebuilds what changed
and runs the tests that can kill it, fastest first: the cmocka suites (the
mutated module's own first), then the end-to-end cases, then the hostile
corpus, stopping at the first that fails.  It prints each survivor (file:line
and the change) and ends with "mutation: K killed of N (P%)".

Mutants: a number in a table or initializer moved by one; a relational
operator flipped (< and <=, > and >=, == and !=); a binary + and - swapped; a
statement that adds a modifier or changes state (a call, or an assignment
through ->) removed.  A mutant that does not compile is stillborn: counted
apart, not in N.  Equivalent mutants (no possible observable change) are
listed by hand in tests/mutate-equivalent.txt, "FILE:LINE:COL: CHANGE # why",
and left out of the draw.

Environment: MUTANTS (how many, default 40; "all" for every mutant of the
pool, in file order), KINDS (comma-separated: boundary for < <= > >=
flips, equality, arithmetic, number, statement; default all kinds), SEED
(the draw; the same seed gives the same mutants on the same tree, default
1), ONLY (FILE:LINE:COL ...: just those mutants, listed equivalent or not,
to re-check a survivor), FILES (space-separated
paths: draw from these only), SINCE (a git revision: every mutant on a
line of a C file outside tests/ changed since it, equivalent ones left out,
the check a change needs before it lands; with FILES, of those files only;
MUTANTS=N draws N of them, MUTANTS=all takes every one), MUTATE_SUITES=cmocka to stop after the
cmocka suites (a quick loop).  The scratch build is without the sanitizers,
for speed; a mutant that survives it is retried in a second scratch tree
built as make test builds (ASan and UBSan), its cmocka suites only, since a
read past an array that changes no value still fails make test
(MUTATE_SANITIZERS=0 skips that).
"""
import contextlib
import os
import random
import re
import shutil
import subprocess
import sys
import time

SCRATCH = "build/mutate/tree"
SCRATCH_SAN = "build/mutate/tree-san"	# the same with make test's sanitizers, for survivors
RULES = re.compile(r"^audit/((rff|sar|thomas)/\w+|state|audit|claim)\.c$")
OTHERS = re.compile(r"^(db/\w+|reports/facts|grammar/parse)\.c$")
RULES_SHARE = 0.8

# Code with its strings and character constants blanked, so that no
# operator inside them is taken; comments are cut.
STRING = re.compile(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'')
RELATIONAL = re.compile(r"(?<![<>=!\-])(<=|>=|==|!=|<|>)(?![<>=])")
ARITH = re.compile(r"(?<=[\w\)\]]) ([+-]) (?=[\w\(])")
NUMBER = re.compile(r"(?<![\w.])(-?\d+)(?![\w.])")
REMOVABLE = re.compile(r"^\s*(\w+(->|\.)\w+(\[[^\]]*\])?\s*([+\-*|&]?=|\+\+|--)[^=].*;|"
                       r"\w*(mod|state|set|mark|add|record|claim|apply|lose|loss)\w*\(.*\);)\s*$")


def code_part(line):
    """The line with strings blanked and any comment cut."""
    blanked = STRING.sub(lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', line)
    cut = blanked.find("/*")
    cut2 = blanked.find("//")
    cuts = [c for c in (cut, cut2) if c >= 0]
    return blanked[: min(cuts)] if cuts else blanked


def mutants_of(path):
    """Every mutant of the file: (path, line number, new line, description)."""
    out = []
    in_comment = False
    with open(path) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if in_comment:
            if "*/" in line:
                in_comment = False
            continue
        if stripped.startswith("/*") and "*/" not in stripped:
            in_comment = True
            continue
        if stripped.startswith(("#", "/*", "*", "//")) or not stripped:
            continue
        code = code_part(line)
        for m in RELATIONAL.finditer(code):
            op = m.group(1)
            if op in ("<", ">") and re.search(r"#include|<\w+\.h>", code):
                continue
            if op == ">" and m.start() > 0 and code[m.start() - 1] == "-":
                continue	# ->
            new = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}[op]
            out.append((path, i + 1, line[: m.start()] + new + line[m.end():], f"{op} -> {new}", m.start() + 1))
        for m in ARITH.finditer(code):
            op = m.group(1)
            new = "-" if op == "+" else "+"
            out.append((path, i + 1, line[: m.start(1)] + new + line[m.end(1):], f"binary {op} -> {new}", m.start(1) + 1))
        initializer = re.search(r"\.\w+\s*=|^\s*\{|=\s*\{", code) is not None or re.search(r"\{.*\d.*\}", code)
        if initializer and not re.search(r"\[\s*\d+\s*\]\s*;", code):
            for m in NUMBER.finditer(code):
                if re.search(r"sizeof\s*\(?\s*[\w.>-]+\[$", code[: m.start()]):
                    continue	# sizeof a / sizeof a[0]: every element has one size
                v = int(m.group(1))
                for new in (v + 1, v - 1):
                    out.append((path, i + 1, line[: m.start()] + str(new) + line[m.end():],
                                f"{v} -> {new} in an initializer", m.start() + 1))
        if REMOVABLE.match(code) and not stripped.startswith(("return", "if", "for", "while", "else")):
            indent = line[: len(line) - len(line.lstrip())]
            out.append((path, i + 1, indent + "{}	/* mutant: statement removed (braces: an if with a lone ; would not compile) */", "statement removed: " + stripped,
                        len(indent) + 1))
    return out


def equivalent():
    """(path, line, change) of the mutants listed as equivalent."""
    listed = set()
    try:
        with open("tests/mutate-equivalent.txt") as f:
            for l in f:
                l = l.split("#", 1)[0].strip()
                if not l:
                    continue
                where, change = l.split(": ", 1)
                path, line, col = where.rsplit(":", 2)
                listed.add((path, int(line), int(col), change.strip()))
    except FileNotFoundError:
        pass
    return listed


def kind_of(what):
    """A mutant's kind, for KINDS: boundary (< <= > >=), equality (== !=),
    arithmetic, number, statement."""
    op = what.split()[0]
    if op in ("<", "<=", ">", ">="):
        return "boundary"
    if op in ("==", "!="):
        return "equality"
    return {"binary": "arithmetic", "statement": "statement"}.get(op, "number")


def changed_lines(since):
    """{path: set of line numbers} of the C lines outside tests/ added or
    changed since the revision, from git diff -U0's hunk headers."""
    diff = subprocess.run(["git", "diff", "-U0", since, "--", "*.c"], capture_output=True, text=True,
                          check=True).stdout
    lines, path = {}, None
    for l in diff.split("\n"):
        if l.startswith("+++ "):
            path = l[6:] if l.startswith("+++ b/") else None
            if path and path.startswith("tests/"):
                path = None
        elif l.startswith("@@") and path:
            m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", l)
            start, count = int(m.group(1)), int(m.group(2) or 1)
            lines.setdefault(path, set()).update(range(start, start + count))
    return lines


def draw(n, seed, files):
    tracked = subprocess.run(["git", "ls-files", "*.c"], capture_output=True, text=True).stdout.split()
    if files:
        rules, others = [f for f in files if f in tracked], []
    else:
        rules = [f for f in tracked if RULES.match(f)]
        others = [f for f in tracked if OTHERS.match(f)]
    only = os.environ.get("ONLY", "").replace(",", " ").split()
    if only:	# ONLY=FILE:LINE:COL ...: those mutants, equivalent or not (to re-check one)
        want = [w.rsplit(":", 2) for w in only]
        return [m for w in want for m in mutants_of(w[0]) if m[1] == int(w[1]) and m[4] == int(w[2])]
    skip = equivalent()
    since = os.environ.get("SINCE")
    if since:	# SINCE=REV: every mutant on a line changed since REV
        lines = changed_lines(since)
        pool = [m for f in sorted(lines) if f in tracked and (not files or f in files) for m in mutants_of(f)
                if m[1] in lines[f] and (m[0], m[1], m[4], m[3]) not in skip]
        return pool if n <= 0 or n >= len(pool) else sorted(random.Random(seed).sample(pool, n))
    stale = sorted(e for e in skip if os.path.exists(e[0]) and
                   e not in {(m[0], m[1], m[4], m[3]) for m in mutants_of(e[0])})
    for e in stale:	# the line moved or changed: the entry names no mutant now
        print(f"mutate: tests/mutate-equivalent.txt names no mutant now: {e[0]}:{e[1]}:{e[2]}: {e[3]}", file=sys.stderr)
    kinds = os.environ.get("KINDS", "").split(",") if os.environ.get("KINDS") else None
    pool_rules = [m for f in sorted(rules) for m in mutants_of(f)
                  if (m[0], m[1], m[4], m[3]) not in skip and (not kinds or kind_of(m[3]) in kinds)]
    pool_others = [m for f in sorted(others) for m in mutants_of(f)
                   if (m[0], m[1], m[4], m[3]) not in skip and (not kinds or kind_of(m[3]) in kinds)]
    if n <= 0:	# MUTANTS=all: every mutant of the pool, in file order
        return pool_rules + pool_others
    rng = random.Random(seed)
    chosen = []
    for _ in range(n):
        pool = pool_rules if (rng.random() < RULES_SHARE or not pool_others) else pool_others
        if not pool:
            break
        chosen.append(pool.pop(rng.randrange(len(pool))))
    return chosen


def copy_tree(tree):
    """The tracked files into tree, those that changed only; a file the tree
    still has that is no longer tracked (one moved or removed since the
    scratch tree was made) goes, or the build would compile it again."""
    os.makedirs(tree, exist_ok=True)
    shared = os.path.join(os.path.dirname(tree), "shared")
    if os.path.isdir("../shared") and not os.path.exists(shared):
        os.symlink(os.path.abspath("../shared"), shared)
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split("\n")
    tracked = set(f for f in files if f)
    for top, dirs, names in os.walk(tree):
        rel = os.path.relpath(top, tree)
        if rel == "build" or rel.startswith("build" + os.sep):
            dirs[:] = []
            continue
        for name in names:
            f = os.path.normpath(os.path.join(rel, name))
            if f not in tracked:
                os.remove(os.path.join(top, name))
    for f in files:
        if not f:
            continue
        dest = os.path.join(tree, f)
        if os.path.islink(f) or not os.path.isfile(f):
            continue
        os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
        if not os.path.exists(dest) or open(f, "rb").read() != open(dest, "rb").read():
            shutil.copy2(f, dest)


def make_scratch():
    """The scratch tree: the tracked files, built once without sanitizers.
    The seeds the tests read beside the clone (../shared) are linked beside
    it too, or the suites that check against them would skip."""
    copy_tree(SCRATCH)
    return build()


def build():
    tests = sorted("build/asan/" + os.path.basename(t)[:-2] for t in os.listdir(os.path.join(SCRATCH, "tests"))
                   if t.startswith("test_") and t.endswith(".c"))
    p = subprocess.run(["make", "-s", "-j2", "SAN=", *tests, "build/asan/umpire"], cwd=SCRATCH,
                       capture_output=True, text=True, errors="replace")
    return p.returncode == 0, tests


def suites_for(path, tests):
    """The cmocka suites, the mutated module's own first."""
    base = os.path.basename(path)[:-2]
    stem = base.split("_")[0]
    own = [t for t in tests if os.path.basename(t) in ("test_" + base, "test_" + stem)]
    return own + [t for t in tests if t not in own]


def run(cmd, timeout, tree=SCRATCH):
    try:
        p = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode == 0 and "not ok" not in p.stdout
    except subprocess.TimeoutExpired:
        return False	# a mutant that hangs a test is killed


def make(*targets, tree=SCRATCH):
    """Builds targets in a scratch tree, without sanitizers but in
    SCRATCH_SAN; whether it built."""
    san = [] if tree == SCRATCH_SAN else ["SAN="]
    p = subprocess.run(["make", "-s", "-j2", *san, *targets], cwd=tree, capture_output=True, text=True, errors="replace")
    return p.returncode == 0


def killer(path, tests):
    """The first test that fails with the mutant in place, or None.  Each
    suite is linked only when its turn comes: most mutants die in the
    first, and relinking every suite for each would triple the cost."""
    for t in suites_for(path, tests):
        if not make(t) or not run([t], 120):
            return t
    if os.environ.get("MUTATE_SUITES") == "cmocka":
        return None
    if not make("build/asan/umpire"):
        return "build/asan/umpire (does not link)"
    if not run(["sh", "tests/run-e2e.sh", "build/asan/umpire"], 900):
        return "e2e"
    if not run(["sh", "tests/hostile/run.sh", "build/asan/umpire"], 900):
        return "hostile"
    return None


@contextlib.contextmanager
def mutated(tree, path, line, new):
    """Line `line` of path in tree replaced by new for the block, then the
    file put back and touched, so the next build rebuilds it as it was."""
    target = os.path.join(tree, path)
    with open(target) as f:
        original = f.read()
    lines = original.split("\n")
    lines[line - 1] = new
    with open(target, "w") as f:
        f.write("\n".join(lines))
    try:
        yield
    finally:
        with open(target, "w") as f:
            f.write(original)
        os.utime(target)


def sanitized_killer(path, tests, new, line):
    """A survivor retried as make test builds it, with ASan and UBSan: a
    read past an array or an arena block that changes no value is still a
    failure of make test.  The module's cmocka suites first, then the
    others; the first that fails, or None."""
    with mutated(SCRATCH_SAN, path, line, new):
        for t in suites_for(path, tests):
            if not make(t, tree=SCRATCH_SAN) or not run([t], 300, tree=SCRATCH_SAN):
                return t + " (sanitizers)"
        return None


def main():
    n = os.environ.get("MUTANTS", "40")
    n = 0 if n == "all" else int(n)
    seed = int(os.environ.get("SEED", "1"))
    files = os.environ.get("FILES", "").split()
    mutants = draw(n, seed, files)
    start = time.time()
    ok, tests = make_scratch()
    copy_tree(SCRATCH_SAN)	# built as survivors need it
    if not ok:
        print("mutate: the scratch tree does not build", file=sys.stderr)
        return 2
    os.environ["TMPDIR"] = os.path.abspath("build/mutate")
    killed = stillborn = 0
    survivors = []
    for k, (path, line, new, what, col) in enumerate(mutants, 1):
        with mutated(SCRATCH, path, line, new):
            if not make(suites_for(path, tests)[0]):
                stillborn += 1
                print(f"[{k}/{len(mutants)}] {path}:{line}:{col}: {what}: does not compile (stillborn)", flush=True)
                continue
            by = killer(path, tests)
            if not by and os.environ.get("MUTATE_SANITIZERS", "1") != "0":
                by = sanitized_killer(path, tests, new, line)
            if by:
                killed += 1
                print(f"[{k}/{len(mutants)}] {path}:{line}:{col}: {what}: killed by {by}", flush=True)
            else:
                survivors.append(f"{path}:{line}:{col}: {what}")
                print(f"[{k}/{len(mutants)}] {path}:{line}:{col}: {what}: SURVIVED", flush=True)
    build()
    total = killed + len(survivors)
    print(f"seed {seed}, {len(mutants)} drawn, {stillborn} stillborn, {time.time() - start:.0f} s")
    if survivors:
        print("survivors:")
        for s in survivors:
            print("  " + s)
    print(f"mutation: {killed} killed of {total} ({100.0 * killed / total if total else 0:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
