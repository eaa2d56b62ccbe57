#!/bin/sh
# run-kill.sh UMPIRE: an import is whole or nothing, however it dies.  An
# archive holds one battle; a second is imported with UMPIRE_TEST_KILL_AT=N
# (the process kills itself with SIGKILL before its Nth write step) for
# every N from 1 until the import finishes; after each kill, every table of
# the archive must equal either the archive before the import or the
# archive after a clean one.  Then two and four processes import different
# battles into one new archive at once, and all must succeed; and one waits
# longer than ten seconds for another's write lock, and succeeds; and
# readers keep working, seeing whole battles only, while an import writes.
# One "ok" or "not ok" line per check.
set -u
umpire=$(cd "$(dirname "${1:-build/umpire}")" && pwd)/$(basename "${1:-build/umpire}")
work=build/kill
rm -rf "$work" && mkdir -p "$work" || exit 1
python3 - "$umpire" "$work" <<'PY'
import os, shutil, sqlite3, subprocess, sys, time
umpire, work = sys.argv[1], sys.argv[2]
first, second = "tests/e2e/031-db-commands/main.battle", "tests/e2e/031-db-commands/later.battle"

def run(db, *args, env=None):
    return subprocess.run([umpire, "db", "--db", db, *args], capture_output=True, env=env)

def dump(db):
    """Every table's rows, sorted; the import's time left out."""
    c = sqlite3.connect(db)
    tables = [r[0] for r in c.execute("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")]
    out = {}
    for t in tables:
        cols = [r[1] for r in c.execute(f"PRAGMA table_info({t})") if r[1] != "imported_at"]
        out[t] = sorted(map(repr, c.execute(f"SELECT {', '.join(cols)} FROM {t}")))
    c.close()
    return out

before = os.path.join(work, "before.db")
if run(before, "import", first).returncode != 0:
    print("not ok kill: the first import fails"); sys.exit(0)
clean = os.path.join(work, "clean.db")
shutil.copy(before, clean)
if run(clean, "import", second).returncode != 0:
    print("not ok kill: the clean import fails"); sys.exit(0)
want_before, want_after = dump(before), dump(clean)
trial = os.path.join(work, "trial.db")
n, bad, killed = 0, 0, 0
while True:
    n += 1
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(trial + suffix):
            os.remove(trial + suffix)
    shutil.copy(before, trial)
    r = run(trial, "import", second, env=dict(os.environ, UMPIRE_TEST_KILL_AT=str(n)))
    got = dump(trial)	# opening it recovers what the killed process left
    if got != want_before and got != want_after:
        bad += 1
        if bad <= 3:
            print(f"# killed before write step {n}: the archive is neither as before nor as after")
    if r.returncode == -9:
        killed += 1
        continue
    if r.returncode != 0 or got != want_after:
        print(f"not ok kill: the import that was not killed (step {n}) did not finish cleanly")
        bad += 1
    break
print(f"{'ok' if bad == 0 and killed > 20 else 'not ok'} kill: {killed} imports killed, one at each write "
      f"step, each leaving the archive as before or as after")

def concurrent(k, each=10):
    """k processes importing `each` battles of their own into one new archive
    at once: a process's later imports must not trip over another's writes."""
    db = os.path.join(work, f"together{k}.db")
    text = open("examples/palo-alto.battle").read()
    if not os.path.exists(os.path.join(work, "oob")):
        shutil.copytree("examples/oob", os.path.join(work, "oob"))
    lists = []
    for i in range(k):	# battles with ids of their own, beside the order of battle they include
        files = []
        for j in range(each):
            path = os.path.join(work, f"battle-{k}-{i}-{j}.battle")
            files.append(path)
            with open(path, "w") as f:
                f.write(text.replace("id=palo-alto", f"id=palo-alto-{i}-{j}", 1))
        lists.append(files)
    procs = [subprocess.Popen([umpire, "db", "--db", db, "import", *files], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for files in lists]
    outs = [p.communicate() for p in procs]
    codes = [p.returncode for p in procs]
    c = sqlite3.connect(db)
    stored = c.execute("SELECT count(*) FROM battle").fetchone()[0]
    c.close()
    ok = all(code == 0 for code in codes) and stored == k * each
    print(f"{'ok' if ok else 'not ok'} concurrent: {k} processes importing {each} battles each at once: "
          f"exits {codes}, {stored} stored")
    for (out, err), code in zip(outs, codes):
        if code != 0:
            print("  " + err.decode(errors="replace").strip().replace("\n", "\n  "))

def held(seconds=12):
    """An importer waits as long as another process holds the archive's
    write lock (here longer than the ten seconds SQLite's busy timeout
    used to give up after), then stores its battle."""
    db = os.path.join(work, "held.db")
    if run(db, "import", first).returncode != 0:
        print("not ok held: the first import fails"); return
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE campaign SET name = name")	# a write under way
    p = subprocess.Popen([umpire, "db", "--db", db, "import", second], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(seconds)
    waiting = p.poll() is None
    holder.execute("COMMIT")
    holder.close()
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    c = sqlite3.connect(db)
    stored = c.execute("SELECT count(*) FROM battle").fetchone()[0]
    c.close()
    ok = waiting and p.returncode == 0 and stored == 2
    print(f"{'ok' if ok else 'not ok'} held: an import waits {seconds} s for another's write lock, then stores "
          f"(still waiting: {waiting}, exit {p.returncode}, {stored} stored{', ' + err.decode().strip() if err else ''})")

def readers(n=30):
    """Readers keep working while an import writes (the archive is in WAL
    mode): `db query battles` runs again and again while another process
    imports n battles, each in a transaction of its own, and every run
    succeeds and sees whole battles only (each with all its events), never
    fewer than the run before."""
    db = os.path.join(work, "readers.db")
    text = open("examples/palo-alto.battle").read()
    if not os.path.exists(os.path.join(work, "oob")):
        shutil.copytree("examples/oob", os.path.join(work, "oob"))
    files = []
    for i in range(n + 1):
        path = os.path.join(work, f"reader-{i}.battle")
        files.append(path)
        with open(path, "w") as f:
            f.write(text.replace("id=palo-alto", f"id=reader-{i}", 1))
    if run(db, "import", files[0]).returncode != 0:
        print("not ok readers: the first import fails"); return
    p = subprocess.Popen([umpire, "db", "--db", db, "import", *files[1:]], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    reads, failed, partial, last, fewer = 0, 0, 0, 0, 0
    while True:
        done = p.poll() is not None
        r = run(db, "query", "battles", "--format", "csv")
        reads += 1
        if r.returncode != 0:
            failed += 1
        else:
            rows = [line.split(",") for line in r.stdout.decode().splitlines()[1:] if line]
            events = {row[6] for row in rows}
            partial += len(events) > 1	# every copy has as many events as the others
            fewer += len(rows) < last
            last = max(last, len(rows))
        if done:
            break
    p.communicate()
    ok = p.returncode == 0 and failed == 0 and partial == 0 and fewer == 0 and last == n + 1 and reads > 2
    print(f"{'ok' if ok else 'not ok'} readers: {reads} reads while {n} battles were imported: {failed} failed, "
          f"{partial} saw a battle in part, {fewer} saw fewer than before; {last} battles at the end")

concurrent(2)
concurrent(4)
held()
readers()
PY
