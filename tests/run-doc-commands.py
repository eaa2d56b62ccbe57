#!/usr/bin/env python3
"""run-doc-commands.py UMPIRE: every command the docs show, run.

README.md and docs/*.md show commands in code blocks: fenced blocks with
no language (a ```battle block is notation, not commands) and indented
ones.  A block is commands when its first line starts with a command
(umpire, build/umpire, make, sh, sed, python3, or NAME=VALUE); a block of
output ("umpire: error: ...", a recorder's prompt) is not.  Each line of a
command block runs, in order, in one shell per document, in a scratch
folder of its own (build/doc-commands/DOC/) holding a copy of examples/,
with `umpire` and `build/umpire` the binary under test; a command runs
when it exits 0 or 1 (1: findings, a file not canonical, versions that
differ), within a minute, without a crash.

A block a test cannot run (make test itself, a benchmark, a fuzzing run)
follows a line `<!-- doc-commands: not run: WHY -->`, and is counted as
skipped with its reason; so the docs cannot show a command that does not
run without saying so.

The README names files the reader has: my-game.battle, mine.battle and
yours.battle are copies of tests/reports/known.battle here.  One "ok" or
"not ok" line per command, then a "skipped" line per block not run.
"""
import os
import re
import shutil
import subprocess
import sys

COMMAND = re.compile(r"^(build/umpire|umpire|make|sh|sed|python3|[A-Z_]+=\S*)(\s|$)")
SKIP = re.compile(r"<!--\s*doc-commands:\s*not run:\s*(.*?)\s*-->")
STAND_INS = ("my-game.battle", "mine.battle", "yours.battle")


def blocks(path):
    """(line of the block's first command, [(line, text)], reason to skip or
    None) for each code block of path that holds commands."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        skip = SKIP.search(lines[i - 1]) if i else None
        if i and not skip and i >= 2 and not lines[i - 1].strip():
            skip = SKIP.search(lines[i - 2])
        if lines[i].startswith("```"):
            lang = lines[i][3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            body = [(k + 1, lines[k]) for k in range(i + 1, j) if lines[k].strip()]
            if lang in ("", "sh", "shell") and body and COMMAND.match(body[0][1]):
                out.append((body[0][0], body, skip.group(1) if skip else None))
            i = j + 1
            continue
        if lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()) and COMMAND.match(lines[i][4:]):
            j = i
            while j < len(lines) and lines[j].startswith("    "):
                j += 1
            body = [(k + 1, lines[k][4:]) for k in range(i, j) if lines[k].strip()]
            out.append((body[0][0], body, skip.group(1) if skip else None))
            i = j
            continue
        i += 1
    return out


def scratch(top, doc, umpire):
    """The folder a document's commands run in, made anew."""
    work = os.path.join(top, "build", "doc-commands", os.path.basename(doc)[:-3])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "build"))
    os.makedirs(os.path.join(work, "bin"))
    shutil.copytree(os.path.join(top, "examples"), os.path.join(work, "examples"))
    for name in STAND_INS:
        shutil.copy(os.path.join(top, "tests", "reports", "known.battle"), os.path.join(work, name))
    os.symlink(umpire, os.path.join(work, "build", "umpire"))
    os.symlink(umpire, os.path.join(work, "bin", "umpire"))
    return work


def run_doc(top, doc, umpire):
    """Runs doc's command blocks; its ok / not ok / skipped lines."""
    found = blocks(os.path.join(top, doc))
    if not found:
        return []
    work = scratch(top, doc, umpire)
    script = ["cd " + shell_quote(work), "export PATH=" + shell_quote(os.path.join(work, "bin")) + ":$PATH",
              "export UMPIRE_DB=" + shell_quote(os.path.join(work, "build", "default.db"))]
    report = []
    for first, body, skip in found:
        if skip:
            report.append(f"skipped {doc}:{first}: {skip}")
            continue
        for line, text in body:
            if text.lstrip().startswith("#"):  # a comment continuing the line above
                continue
            if re.match(r"^[A-Za-z_]\w*=\S*$", text.split("#")[0].strip()):  # a variable for what follows
                script.append(text)
                continue
            script.append(f"timeout 60 sh -c {shell_quote(text)} </dev/null >/dev/null 2>>errors.log; rc=$?")
            script.append(f'[ $rc -le 1 ] && echo "ok {doc}:{line}" || '
                          f'echo "not ok {doc}:{line}: exit $rc: {shell_quote_inner(text)}"')
    p = subprocess.run(["sh", "-c", "\n".join(script)], capture_output=True, text=True, env=os.environ.copy())
    report.extend(p.stdout.splitlines())
    if "not ok" in p.stdout:
        log = os.path.join(work, "errors.log")
        if os.path.exists(log):
            report.extend("# " + l for l in open(log, errors="replace").read().splitlines()[-10:])
    return report


def shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def shell_quote_inner(s):
    """s inside a double-quoted echo: no expansion of what it names."""
    return re.sub(r'([\\"$`])', r"\\\1", s)


def main():
    umpire = os.path.abspath(sys.argv[1])
    top = os.getcwd()
    docs = ["README.md"] + sorted(os.path.join("docs", f) for f in os.listdir("docs") if f.endswith(".md"))
    for doc in docs:
        for line in run_doc(top, doc, umpire):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
