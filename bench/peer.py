#!/usr/bin/env python3
"""peer.py FILE: the parser a user would write instead of umpire, for
`make bench` to compare with: plain Python regular expressions over the
event lines of a battle log (maneuver checks, fires, charges), pulling out
ids, dice, modifiers, totals and effects.  It checks nothing; umpire's
`check` parses and checks every line and should still be 20 times faster."""
import re
import sys

FACE = re.compile(r"(?:d\d+)?\[(\d+)\]")
MOD = re.compile(r"([+-]\d+)([a-z][a-z0-9-]*)")
TOTAL = re.compile(r"=(-?\d+)")
UREF = re.compile(r"([A-Za-z0-9_-]+)(?::(\d+))?(?:@(\d+))?(?:\(([^)]*)\))?")
MC = re.compile(r"^mc(?:\s+(\S+))?\s+" + FACE.pattern + r":\s*(.*)$")
FIRE = re.compile(r"^fire\s+(.*?)\s*->\s*(\S+)\s+" + FACE.pattern + r"(.*)$")
CHARGE = re.compile(r"^(charge|breakthrough)\s+(.*?)\s*->\s*(.*?)\s+" + FACE.pattern + r"(.*)$")
WORD = re.compile(r"\b([a-z][a-z-]+)\b")


def claim(text):
    return {"mods": MOD.findall(text), "total": TOTAL.findall(text), "words": WORD.findall(text)}


def main():
    events = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            m = MC.match(line)
            if m:
                for part in m.group(3).split(";"):
                    u = UREF.match(part.strip())
                    claim(part)
                    events += 1 if u else 0
                continue
            m = FIRE.match(line)
            if m:
                [UREF.match(x.strip()) for x in m.group(1).split(",")]
                claim(m.group(4))
                events += 1
                continue
            m = CHARGE.match(line)
            if m:
                for side in m.group(5).split("|"):
                    FACE.search(side)
                    claim(side)
                events += 1
    print(events)


if __name__ == "__main__":
    main()
