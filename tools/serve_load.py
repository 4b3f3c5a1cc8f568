#!/usr/bin/python3
"""Load on `gamehost serve`, by hand (docs/performance.md, "Network server"):
GAMES Alien City games at once over loopback WebSocket, two bot connections
each playing random legal moves in JSON frames, all in this one process.
Reports moves per second, the round trip of a move (sent, to its MoveMade
back at the mover and at the other seat) as p50 and p99, and the server's
memory per game; then verifies every log.

  tools/serve_load.py build/bin/gamehost GAMES
"""
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "server"))
from netclient import Server, two_player_game  # noqa: E402

GAMEHOST, GAMES = sys.argv[1], int(sys.argv[2])
trips, moves = [], 0


async def one_game(url, seed):
    global moves
    clients, keys, pos, game_id = await two_player_game(url, "alien_city", seed=seed)
    rng = random.Random(seed)
    while True:
        mover = next((s for s in clients if pos[s]["info"]["to_move"] == s and pos[s]["info"]["legal_ids"]), None)
        if mover is None:
            break
        sent = time.monotonic()
        await clients[mover].send({"move": {"key": keys[mover], "ply": pos[mover]["ply"] + 1,
                                            "action_id": rng.choice(pos[mover]["info"]["legal_ids"])}})
        for s, c in clients.items():
            m = await c.wait_for_any(("move_made", "error"), timeout=60)
            assert "error" not in m, m
            pos[s] = m["move_made"]["position"]
        trips.append(time.monotonic() - sent)
        moves += 1
    for c in clients.values():
        await c.wait_for("game_ended", timeout=60)
        await c.close()
    return game_id


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


async def main(data):
    server = Server(GAMEHOST, data)
    idle = rss_kib(server.proc.pid)
    start = time.monotonic()
    tasks = [asyncio.create_task(one_game(server.url, seed)) for seed in range(1, GAMES + 1)]
    await asyncio.sleep(3)
    busy = rss_kib(server.proc.pid)
    ids = await asyncio.gather(*tasks)
    wall = time.monotonic() - start
    with open(f"/proc/{server.proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    server.stop()
    trips.sort()
    print(f"{GAMES} games, {moves} moves in {wall:.1f} s: {moves / wall:.0f} moves/s")
    print(f"round trip p50 {trips[len(trips) // 2] * 1000:.1f} ms, p99 {trips[int(len(trips) * 0.99)] * 1000:.1f} ms")
    print(f"server CPU: {cpu:.1f} s, {cpu / moves * 1000:.2f} ms a move")
    print(f"server memory: {idle} KiB idle, {busy} KiB with the games in play: {(busy - idle) / GAMES:.0f} KiB a game")
    bad = [i for i in ids if subprocess.run([GAMEHOST, "verify", os.path.join(data, "games", i + ".ghlog")],
                                            capture_output=True).returncode != 0]
    print(f"logs verified: {GAMES - len(bad)} of {GAMES}")


data = tempfile.mkdtemp(prefix="serve-load-")
try:
    asyncio.run(main(data))
finally:
    shutil.rmtree(data, ignore_errors=True)
