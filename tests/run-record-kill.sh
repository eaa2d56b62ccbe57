#!/bin/sh
# run-record-kill.sh UMPIRE: nothing the recorder accepted is lost, however
# it dies.  Turn 1 of Resaca de la Palma is piped into `umpire record` one
# line at a time; after each line lands in the log the recorder is killed
# with SIGKILL and started again for the next.  After every kill the log
# must hold exactly the template and the lines sent so far, and parse.
# Then the lines are sent in a burst and the recorder killed at moments
# spread over the burst: the log must be the template and a whole prefix
# of the lines (never half a line), and parse.  One "ok"/"not ok" per check.
set -u
umpire=$(cd "$(dirname "${1:-build/umpire}")" && pwd)/$(basename "${1:-build/umpire}")
work=build/record-kill
rm -rf "$work" && mkdir -p "$work" || exit 1
cp -R examples/oob "$work/" || exit 1
head -n 18 examples/resaca-de-la-palma.battle >"$work/template.battle"
python3 - "$umpire" "$work" <<'PY'
import os, signal, subprocess, sys, time
umpire, work = sys.argv[1], sys.argv[2]
with open("examples/resaca-de-la-palma.battle") as f:
    lines = f.read().split("\n")[18:42]
with open(os.path.join(work, "template.battle")) as f:
    template = f.read()
log = os.path.join(work, "log.battle")

def expected(k):
    return template + "".join(l + "\n" for l in lines[:k])

def parses():
    return subprocess.run([umpire, "check", "-q", log], capture_output=True).returncode == 0

def read():
    with open(log) as f:
        return f.read()

def start():
    return subprocess.Popen([umpire, "record", log], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

# one line at a time, killed after each
with open(log, "w") as f:
    f.write(template)
bad = 0
for k in range(1, len(lines) + 1):
    p = start()
    p.stdin.write((lines[k - 1] + "\n").encode())
    p.stdin.flush()
    want = expected(k)
    deadline = time.time() + 30
    while read() != want and time.time() < deadline and p.poll() is None:
        time.sleep(0.01)
    p.send_signal(signal.SIGKILL)
    p.wait()
    if read() != want or not parses():
        bad += 1
        print(f"# after line {k} and a kill the log is not the template and {k} lines, or does not parse")
        break
print(("ok" if bad == 0 else "not ok") + f" record-kill: each of {len(lines)} lines accepted survives a SIGKILL")

# a burst, killed part way
prefixes = [expected(k) for k in range(len(lines) + 1)]
bad = 0
for trial in range(8):
    with open(log, "w") as f:
        f.write(template)
    p = start()
    p.stdin.write("".join(l + "\n" for l in lines).encode())
    p.stdin.flush()
    time.sleep(0.05 + trial * 0.08)
    p.send_signal(signal.SIGKILL)
    p.wait()
    got = read()
    if got not in prefixes or not parses():
        bad += 1
        print(f"# trial {trial}: the log is not the template and a whole prefix of the lines")
print(("ok" if bad == 0 else "not ok") + " record-kill-burst: a kill mid-burst leaves whole lines that parse")
PY
