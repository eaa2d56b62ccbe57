#!/usr/bin/env python3
"""gen-league.py DIR N: writes N battles into DIR for `make bench`'s league
archive: the four examples (two Fire and Fury battles, Santa Anna Rules'
Buena Vista, Thomas's Arroyo Colorado) played over and over, each copy with
an id= of its own and a result whose victor turns between the sides and a
draw, so that every scenario has a balance.  Their includes and chart files
are copied beside them.  Prints the files' bytes with their includes, the
logs the archive holds."""
import os, re, shutil, sys

out, n = sys.argv[1], int(sys.argv[2])
examples = ["palo-alto", "resaca-de-la-palma", "buena-vista", "thomas-arroyo"]
for sub in ("oob", "charts"):
    if not os.path.exists(os.path.join(out, sub)):
        shutil.copytree(os.path.join("examples", sub), os.path.join(out, sub))
texts, sides, extra = {}, {}, {}
for name in examples:
    text = open(os.path.join("examples", name + ".battle")).read()
    texts[name] = re.sub(r"^result .*\n", "", text, flags=re.M)
    sides[name] = re.findall(r"^side (\S+)", open(os.path.join("examples", "oob", name + ".oob")).read()
                             if os.path.exists(os.path.join("examples", "oob", name + ".oob")) else text, flags=re.M) \
        or re.findall(r"^side (\S+)", text, flags=re.M)
    includes = re.findall(r'^(?:include|charts) "([^"]+)"', text, flags=re.M)
    extra[name] = sum(os.path.getsize(os.path.join("examples", p)) for p in includes)
total = 0
for i in range(n):
    name = examples[i % len(examples)]
    k = i // len(examples)
    victor = (sides[name] + ["draw"])[k % (len(sides[name]) + 1)]
    text = re.sub(r"^(battle .*?id=)(\S+)", lambda m: f"{m.group(1)}{m.group(2)}-{i}", texts[name], count=1, flags=re.M)
    text = re.sub(r"^(scenario .*)$", lambda m: m.group(1) + f"\nresult \"over\" victor={victor}", text, count=1,
                  flags=re.M)
    path = os.path.join(out, f"l{i:05d}.battle")
    with open(path, "w") as f:
        f.write(text)
    total += len(text.encode()) + extra[name]
print(total)
