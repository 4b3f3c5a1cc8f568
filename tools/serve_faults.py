#!/usr/bin/python3
"""The fault harness of `gamehost serve` (docs/reliability.md), run by hand,
not in the suite:

    /usr/bin/python3 tools/serve_faults.py build/bin [GAMES=1000] [KILLS=20] [THINK_MS=200]

BIN holds `gamehost` and `gamehost-net-load`. Starts `gamehost serve` on a
free port with a scratch data folder, and `gamehost-net-load --reconnect
--record DIR` with GAMES games between bots (each waits about THINK_MS
before its move, so that the games last through the kills). Once every game
is created, KILLS times, at random moments 0.5 to 2.5 s apart, the server is
killed with SIGKILL and started again on the same port and data; the bots
connect again and attach with their tokens. At the end:

- every game must have finished by the rules (the harness's own check);
- every log verifies (`gamehost verify`, two at a time);
- each bot's record (every MoveMade it received: ply and notation) is
  compared with the game's log as the server serves it (GET /games/ID.json,
  the log file read back): a ply acknowledged to a client that the log lacks
  or records differently is a lost move.

Exit status 1 on any failure. The figures go to docs/reliability.md.
"""
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

BIN = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
KILLS = int(sys.argv[3]) if len(sys.argv) > 3 else 20
THINK_MS = int(sys.argv[4]) if len(sys.argv) > 4 else 200
GAMEHOST = os.path.join(BIN, "gamehost")
LOAD = os.path.join(BIN, "gamehost-net-load")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port, data):
    proc = subprocess.Popen([GAMEHOST, "serve", "--port", str(port), "--data", data],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("gamehost serve stopped before listening:\n" + "".join(lines))
        lines.append(line)
        if "Serving" in line:
            # Drain the rest of its output in the background.
            threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
            return proc, sum(1 for l in lines if l.startswith("Resumed game"))


def main(data):
    port = free_port()
    records = os.path.join(data, "records")
    server, _ = start_server(port, data)
    load = subprocess.Popen([LOAD, "--server", f"http://127.0.0.1:{port}", "--games", str(GAMES),
                             "--think-ms", str(THINK_MS), "--reconnect", "--record", records],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = []
    created = threading.Event()

    def read_load():
        for line in load.stdout:
            output.append(line)
            if line.startswith("all ") and "games created" in line:
                created.set()
    reader = threading.Thread(target=read_load)
    reader.start()
    if not created.wait(600):
        raise SystemExit("the games were not all created in 10 minutes:\n" + "".join(output))
    rng = random.Random(1)
    kills, resumed, downtime = 0, [], []
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.5, 2.5))
        if load.poll() is not None:
            break  # every game is over
        server.send_signal(signal.SIGKILL)
        server.wait()
        kills += 1
        began = time.monotonic()
        server, n = start_server(port, data)
        downtime.append(time.monotonic() - began)
        resumed.append(n)
    print(f"{kills} kills (SIGKILL) and restarts; games resumed at each restart: "
          f"{min(resumed) if resumed else 0} to {max(resumed) if resumed else 0}; "
          f"restart to listening: {max(downtime) if downtime else 0:.2f} s at most", flush=True)
    load.wait()
    reader.join()
    print("".join(output), end="", flush=True)
    failures = [] if load.returncode == 0 else [f"gamehost-net-load exited {load.returncode}"]
    if kills < KILLS:
        failures.append(f"only {kills} kills: the games ended first (raise GAMES or THINK_MS)")

    # Every log verifies.
    logs = sorted(f for f in os.listdir(os.path.join(data, "games")) if f.endswith(".ghlog"))

    def verify(name):
        r = subprocess.run([GAMEHOST, "verify", os.path.join(data, "games", name)], capture_output=True, text=True)
        return name, r.returncode, r.stdout + r.stderr
    with ThreadPoolExecutor(2) as pool:
        unverified = [(n, out) for n, rc, out in pool.map(verify, logs) if rc != 0]
    for name, out in unverified[:10]:
        failures.append(f"{name} does not verify: {out.strip()[:300]}")
    print(f"logs: {len(logs)}, verified: {len(logs) - len(unverified)}")

    # Each bot's record against the log the server serves.
    compared = acknowledged = 0
    lost = []
    for record in sorted(os.listdir(records)):
        game_id = record.split(".")[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/games/{game_id}.json") as r:
            plies = json.load(r).get("plies", [])
        compared += 1
        with open(os.path.join(records, record)) as f:
            for line in f:
                ply, notation = line.rstrip("\n").split(" ", 1)
                acknowledged += 1
                ply = int(ply)
                if ply > len(plies) or plies[ply - 1].get("notation") != notation:
                    lost.append(f"{record}: ply {ply} '{notation}' acknowledged, the log has "
                                f"{plies[ply - 1].get('notation') if ply <= len(plies) else 'nothing'}")
    failures += lost[:10]
    print(f"records: {compared} bot records ({acknowledged} acknowledged plies) compared with the logs: "
          f"{len(lost)} missing or different")
    server.terminate()
    server.wait(30)
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


data = tempfile.mkdtemp(prefix="serve-faults-")
try:
    status = main(data)
finally:
    if not os.environ.get("KEEP_SERVE_DATA"):
        shutil.rmtree(data, ignore_errors=True)
print("ok" if status == 0 else "failed")
sys.exit(status)
