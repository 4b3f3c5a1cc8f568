#!/usr/bin/python3
"""The secrets harness of `gamehost serve` (docs/reliability.md), run by
hand, not in the suite:

    /usr/bin/python3 tools/serve_secrecy.py build/bin/gamehost [GAMES=50] [AT_ONCE=10] [FIRST=0]

(Debian's python3, which has python3-websockets.)

Plays GAMES City Planning games (secret chance, hidden hands) through one
real server, AT_ONCE at a time, each between two players with a spectator
watching from before the first move. Halfway through each game the second
player connects again with its token (Attach) and plays on from the new
connection; after the end both seats attach again and a new spectator
watches the finished game. Every frame each of those connections receives,
from Welcome on, is kept. When the game is over its log is verified and, for
every ply, `gamehost show --as` gives what each seat may see and the tiles
of both hands; every frame is then searched for a tile of a hand its
receiver may not see at the ply the frame shows. Exit status 1 on any tile
found, an unverified log or a game that did not finish.

The tiles are known to the harness only from the finished logs: the server
reveals the secrets in the result, never before.
"""
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "server"))
from netclient import Client, Server, play_plies, two_player_game  # noqa: E402
from secrecy import check, random_without_pass, seat_views, sees_own_hand  # noqa: E402

GAMEHOST = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 50
AT_ONCE = int(sys.argv[3]) if len(sys.argv) > 3 else 10
FIRST = int(sys.argv[4]) if len(sys.argv) > 4 else 0  # the first game's number (its players' names and moves)


async def one_game(server, number, data, pool):
    clients, keys, pos, game_id = await two_player_game(server.url, "city_planning", names=(f"a{number}", f"b{number}"))
    watcher = await Client.connect(server.url)
    await watcher.request({"watch": {"game_id": game_id}}, "game")
    choose = random_without_pass(random.Random(number))
    receivers = {"A": [clients[0]], "B": [clients[1]], "spectator": [watcher]}
    await play_plies(clients, keys, pos, 30, choose)
    # B comes back on a new connection: the game as it is now, then on.
    again = await Client.connect(server.url)
    pos[1] = (await again.request({"attach": {"key": keys[1]}}, "game"))["game"]["position"]
    await clients[1].close()
    clients[1] = again
    receivers["B"].append(again)
    await play_plies(clients, keys, pos, 1000, choose)
    for c in clients.values():
        await c.wait_for("game_ended")
    await watcher.wait_for("game_ended")
    # After the end: both seats and a new spectator ask for the game.
    for seat, who in ((0, "A"), (1, "B")):
        late = await Client.connect(server.url)
        await late.request({"attach": {"key": keys[seat]}}, "game")
        receivers[who].append(late)
    late_watcher = await Client.connect(server.url)
    await late_watcher.request({"watch": {"game_id": game_id}}, "game")
    receivers["spectator"].append(late_watcher)
    await asyncio.sleep(0.2)  # anything sent after the answers
    for group in receivers.values():
        for c in group:
            await c.close()

    log = os.path.join(data, "games", game_id + ".ghlog")
    loop = asyncio.get_running_loop()
    verified = await loop.run_in_executor(None, lambda: subprocess.run(
        [GAMEHOST, "verify", log], capture_output=True, text=True))
    if verified.returncode != 0:
        raise AssertionError(f"{log} does not verify: {verified.stdout}{verified.stderr}")
    ended = json.loads(next(f for f in receivers["A"][0].raw if '"game_ended"' in f))["game_ended"]
    plies = len(ended["plies"])
    views = await loop.run_in_executor(None, seat_views, GAMEHOST, log, plies, pool)
    counts = {who: sum(check(c.raw, who, views) for c in group) for who, group in receivers.items()}
    # The check can fail: seat A's own frames name A's hand.
    if not sees_own_hand(receivers["A"][0].raw, views):
        raise AssertionError("the check never sees a tile of A's own hand in A's frames")
    return plies, counts


async def main(data):
    server = Server(GAMEHOST, data)
    pool = ThreadPoolExecutor(2)
    totals = {"games": 0, "plies": 0, "A": 0, "B": 0, "spectator": 0}
    try:
        for start in range(FIRST, FIRST + GAMES, AT_ONCE):
            batch = range(start, min(FIRST + GAMES, start + AT_ONCE))
            results = await asyncio.gather(*(one_game(server, n, data, pool) for n in batch))
            for plies, counts in results:
                totals["games"] += 1
                totals["plies"] += plies
                for who, n in counts.items():
                    totals[who] += n
            print(f"{totals['games']} games checked: {totals['plies']} plies, frames to A {totals['A']}, "
                  f"to B {totals['B']}, to spectators {totals['spectator']}", flush=True)
    finally:
        server.stop()
        pool.shutdown()
    print(f"games: {totals['games']} City Planning games, {totals['plies']} plies, every log verified")
    print(f"frames searched: {totals['A']} to seat A, {totals['B']} to seat B, {totals['spectator']} to spectators; "
          f"no tile of a hand the receiver may not see")


data = tempfile.mkdtemp(prefix="serve-secrecy-")
try:
    asyncio.run(main(data))
finally:
    if not os.environ.get("KEEP_SERVE_DATA"):
        shutil.rmtree(data, ignore_errors=True)
print("ok")
