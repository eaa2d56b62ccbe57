#!/bin/sh
# run-record-tty.sh UMPIRE: the recorder in a real terminal (tmux).  Turn 1
# of Resaca de la Palma is typed into `umpire record` as players would:
# keywords, ids, modifier codes and effects completed with Tab, the odds
# shown for a check typed without its die, McIntosh's and Taylor's checks
# typed with the facts and the die only and completed by the recorder
# (Gallant +1, Elite +2, Fresh +2: 3 + 5 = 8, Double Quick), Belknap's
# check first typed without the march column's +1 (002:26), which the
# recorder points out, then edited and corrected; a wrong line typed and
# taken back with undo.  The log must then equal the one written by hand
# (after fmt).  Colours appear on the terminal, and not with NO_COLOR set;
# letters past ASCII typed with no locale set reach the log intact.  What
# the notation cannot hold (U+0085, a byte not UTF-8, a control character)
# is refused with the message piped mode gives, and a refused line comes
# back as text, never as keys.
# One "ok"/"not ok" line per check.
set -u
umpire=$(cd "$(dirname "${1:-build/umpire}")" && pwd)/$(basename "${1:-build/umpire}")
if ! command -v tmux >/dev/null 2>&1; then
	echo "not ok record-tty: tmux is missing (scripts/deps.sh test installs it)"
	exit 0
fi
work=$(pwd)/build/record-tty
rm -rf "$work" && mkdir -p "$work" || exit 1
cp -R examples/oob "$work/" || exit 1
head -n 18 examples/resaca-de-la-palma.battle >"$work/template.battle"
head -n 42 examples/resaca-de-la-palma.battle >"$work/want.battle"
python3 - "$umpire" "$work" <<'PY'
import os, re, subprocess, sys, time
umpire, work = sys.argv[1], sys.argv[2]
sock = ["tmux", "-L", "umpire-test-%d" % os.getpid(), "-f", "/dev/null"]
PROMPT = re.compile(r"^(T\d+ \w+( [\w-]+)?( \(\w+\))?|before turn 1)> |^accept as logged|^take the completed", re.M)
failures = []

def tmux(*args):
    return subprocess.run(sock + list(args), capture_output=True, text=True)

def screen(escapes=False):
    return tmux("capture-pane", "-p", "-J", "-S", "-2000", *(["-e"] if escapes else []), "-t", "rec").stdout

def wait_for(text, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if text in screen():
            return True
        time.sleep(0.05)
    failures.append("never saw %r" % text)
    return False

def prompts():
    return len(PROMPT.findall(screen()))

def send(*keys):
    tmux("send-keys", "-t", "rec", *keys)

def line(*keys, expect=None):
    """Types keys and Enter; waits for the next prompt (or expect)."""
    before = prompts()
    send(*keys)
    send("Enter")
    if expect:
        wait_for(expect)
        return
    deadline = time.time() + 30
    while prompts() <= before and time.time() < deadline:
        time.sleep(0.05)

def start(log, env=""):
    tmux("kill-server")
    tmux("start-server", ";", "set-option", "-g", "history-limit", "10000", ";",
         "new-session", "-d", "-s", "rec", "-x", "200", "-y", "50",
         "cd %s && %s %s record --from template.battle %s; echo EXITED $?; sleep 60" % (work, env, umpire, log))
    wait_for("'?' for help")

start("log.battle")
send("tu", "Tab"); line("1 US daylight")
send("phase ma", "Tab"); line("")
line('note "15:00. McCall\'s light companies have found Arista\'s line behind the resaca; Ridgely\'s battery comes up the road."')
line("# US column (002:39-41): 8 or more Double Quick, 3-7 Well Handled, 1-2 Tardy.")
# the odds before the roll: McCall, Veteran +1 and Fresh +2 (002:19-27),
# goes Double Quick on 8 or more (002:39): faces 5-10
send("mc mcin", "Tab", ": mcc", "Tab")
line("move", expect="mccall: 1-4 well-handled (40%), 5-10 double-quick (60%)")
send("C-u")
# the facts and the die only: the recorder completes the line
send("mc mcin", "Tab", "[5]: mcc", "Tab")
line("move; 5inf move; ridgely move unlimber fire", expect="take the completed line (Enter)")
wait_for("complete as: mc mcintosh [5]: mccall +1vet +2fresh =8 double-quick move; 5inf +1vet +2fresh =8 "
         "double-quick move; ridgely +2elite +2bty +1limbered =10 double-quick move unlimber fire")
line("")
line("unlimber ridgely  # flying artillery on a Double Quick: full move, unlimber and fire (000:811)")
# the march column's +1 left out: 2 + 1 + 2 = 5 claimed, 6 derived
line("mc belknap [2]: 8inf +1vet +2fresh =5 well-handled move; 4inf +1vet +2fresh =5 well-handled move",
     expect="accept as logged (a), edit (e) or discard (d)?")
wait_for("8inf [2] +0able +1vet +2fresh +1column =6 well-handled")
wait_for("warning modifier-missing: +1column missing")
line("e", expect="maneuver> mc belknap [2]: 8inf +1vet +2fresh =5 well-handled move; 4inf")
send("C-u")
line("mc belknap [2]: 8inf +1vet +2fresh +1column =6 well-handled move; 4inf +1vet +2fresh =5 well-handled move")
line("mc taylor [3]: may form open", expect="take the completed line (Enter)")
line("")
line("dismount mccall")
line("undo", expect="undone: dismount mccall")
line("dismount may  # the dragoons dismount to push into the chaparral with their carbines")
send("phase fi", "Tab"); line("defensive", expect="T1 US fire (defensive)> ")  # the prompt names the fire
for text in [
    "# Mexican LG at 14\" (24\" band): 1 point a stand (002:174), 2 points -3. Elite: 4 or less Desultory.",
    "fire lvgun:2@14 -> ridgely [6] -3fp pts=2 =3 desultory-fire",
    "# Mexican MG at 10\" (12\" band): 3 points a stand (002:173), 6 points 0; partial cover -1.",
    "fire 8pdr:2@10 -> 5inf(cover=partial) [3] +0fp -1partial pts=6 =2 desultory-fire",
    "phase fire offensive",
    "# US LG at 14\" (24\" band): 2 points a stand, 4 points -1. Trained gun 5-6 Galling: 1 gun stand silenced.",
    "fire ridgely:2@14 -> lvgun [7] -1fp pts=4 =6 galling-fire",
    "silence lvgun",
    "# Dismounted carbines at 4\"; the 2nd Light is in open order in the chaparral: -2 (002:188).",
    "fire may:4@4 -> 2lt(cover=partial) [8] -1fp -2open-partial pts=4 =5 galling-fire",
    "# Rifles at 8\": 1 point a stand. The 2nd Light is now disordered: Galling costs a stand (002:199).",
    "fire mccall:5@8 -> 2lt(cover=partial) [9] -1fp -2open-partial pts=5 =6 galling-fire loss=1",
    "phase charge",
]:
    line(text)
line("status 2lt", expect="2lt: 7 of 8 stands, fresh, disordered")
send("C-d")
wait_for("EXITED 0")
colored = "\x1b[" in screen(escapes=True)
tmux("kill-server")

def fmt(path):
    """The turns of the log after fmt: the header is the new game's (e2e 054)."""
    out = subprocess.run([umpire, "fmt", path], capture_output=True, text=True).stdout
    return out[out.find("\nturn ") + 1:] if "\nturn " in out else out


got, want = fmt(os.path.join(work, "log.battle")), fmt(os.path.join(work, "want.battle"))
with open(os.path.join(work, "log.battle")) as f:
    raw = f.read()
if failures or got != want:
    for f in failures[:5]:
        print("# " + f)
    if got != want:
        print("# the log differs from the one written by hand:")
        import difflib
        for d in list(difflib.unified_diff(want.split("\n"), got.split("\n"), lineterm=""))[:20]:
            print("# " + d)
    print("not ok record-tty: a turn typed with completion, a correction and an undo")
else:
    print("ok record-tty: a turn typed with completion, a correction and an undo equals the log written by hand")
print(("ok" if "mc belknap [2]: 8inf +1vet +2fresh =5" not in raw and "dismount mccall" not in raw else "not ok")
      + " record-tty-file: neither the corrected line nor the undone one is in the log")
print(("ok" if colored else "not ok") + " record-tty-colour: colours on a terminal")

failures.clear()
start("plain.battle", env="NO_COLOR=1 LANG= LC_ALL=")
line("turn 1 US daylight")
line('note "Peña de la Pañuela"  # ñ, é and ü, typed under no locale')
send("C-d")
wait_for("EXITED 0")
plain = "\x1b[" not in screen(escapes=True)
tmux("kill-server")
print(("ok" if plain and not failures else "not ok") + " record-tty-no-color: no colours with NO_COLOR set")
with open(os.path.join(work, "plain.battle"), encoding="utf-8") as f:
    tail = f.read().split("\n")[-2]
print(("ok" if tail == 'note "Peña de la Pañuela"  # ñ, é and ü, typed under no locale' else "not ok")
      + " record-tty-utf8: letters past ASCII typed at the terminal reach the log")

# What the notation cannot hold is refused at the terminal as when piped,
# with the same message: a C1 control (U+0085, NEL), a byte that is not
# UTF-8, a control character typed with Ctrl-V.  Piped first, into the same
# log at the same line, for the messages to compare.
failures.clear()
start("keys.battle", env="NO_COLOR=1")
line("turn 1 US daylight")
send("C-d")
wait_for("EXITED 0")
tmux("kill-server")
bad = [b'note "a\xc2\x85b"', b'note "a\xffb"', b"\x04phase maneuver"]
piped = subprocess.run([umpire, "record", "keys.battle"], cwd=work, input=b"\n".join(bad) + b"\n",
                       capture_output=True).stderr.decode("utf-8", "replace")
want_said = [l for l in piped.split("\n") if ": error " in l]
start("keys.battle", env="NO_COLOR=1")
send("note \"a"); send("-H", "c2", "85"); line('b"', expect=want_said[0] if len(want_said) > 0 else "(none)")
send("C-u")
send("note \"a"); send("-H", "ff"); line('b"', expect=want_said[1] if len(want_said) > 1 else "(none)")
send("C-u")
# the refused line comes back as text: its Ctrl-D is not a key that ends
# the session
send("C-v", "C-d"); line("phase maneuver", expect=want_said[2] if len(want_said) > 2 else "(none)")
time.sleep(0.5)
alive = "EXITED" not in screen()
send("C-u")
line("phase maneuver")
send("C-d")
wait_for("EXITED 1")
tmux("kill-server")
with open(os.path.join(work, "keys.battle"), "rb") as f:
    tail = f.read().split(b"\n")[-3:]
print(("ok" if len(want_said) == 3 and not failures else "not ok")
      + " record-tty-refuses: U+0085, a byte not UTF-8 and a control character refused with the piped messages")
for f in failures[:5]:
    print("# " + f)
print(("ok" if alive and tail == [b"turn 1 US daylight", b"phase maneuver", b""] else "not ok")
      + " record-tty-ctrl-d: a refused line starting with Ctrl-D comes back as text; the session goes on")
PY
