#!/usr/bin/python3
"""The server's part of a move on the web page (docs/performance.md, "The
served page in a browser"): two seats and a spectator of an Alien City
game on `gamehost serve`, each asking for scenes as the page does
(Hello.scenes, and Hello.scene_changes with --changes), play 40 random
moves; each move's time from the mover sending it to its MoveMade
received, and the size of that frame. No browser: what is left of the
page's click-to-answer time is the browser's.

Usage: tools/serve_round_trip.py GAMEHOST [--changes]
"""
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "server"))
from netclient import Client, Server  # noqa: E402


async def latest_position(client):
    """The position of the last GameView received (the game's start)."""
    while True:
        try:
            client.inbox.append(await client.recv(0.3))
        except asyncio.TimeoutError:
            break
    position = [m for m in client.inbox if "game" in m][-1]["game"]["position"]
    client.inbox = []
    return position


async def main(gamehost, changes):
    data = tempfile.mkdtemp(prefix="gh-round-trip-")
    server = Server(gamehost, data)
    try:
        hello = {"protocol_version": 1, "name": "bench", "scenes": True}
        if changes:
            hello["scene_changes"] = True
        seats = [await Client.connect(server.url + "?format=json") for _ in range(2)]
        watcher = await Client.connect(server.url + "?format=json")
        for c in seats + [watcher]:
            await c.request({"hello": hello}, "ack")
        made = await seats[0].request({"create_game": {"game_type": "alien_city", "seats": [{"open": True}, {"open": True}],
                                                       "take_seat": 0, "seed": "5"}}, "game_created")
        game_id = made["game_created"]["game"]["game_id"]
        keys = [made["game_created"]["tokens"][0]["key"],
                (await seats[1].request({"join_game": {"game_id": game_id, "seat": 1}}, "joined"))["joined"]["key"]]
        await watcher.request({"watch": {"game_id": game_id}}, "game")
        await asyncio.sleep(0.3)
        positions = [await latest_position(c) for c in seats]
        watcher.inbox = []
        rng, times, sizes = random.Random(3), [], []
        for ply in range(1, 41):
            mover = next(s for s in (0, 1) if positions[s]["info"]["to_move"] == s and positions[s]["info"].get("legal_ids"))
            start = time.perf_counter()
            rid = await seats[mover].send({"move": {"key": keys[mover], "ply": ply,
                                                    "action_id": rng.choice(positions[mover]["info"]["legal_ids"])}})
            answer = await seats[mover].wait_for("move_made", reply_to=rid)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(seats[mover].raw[-1]))
            positions[mover] = answer["move_made"]["position"]
            positions[1 - mover] = (await seats[1 - mover].wait_for("move_made"))["move_made"]["position"]
            await watcher.wait_for("move_made")
            if positions[0]["info"].get("terminal"):
                break
        times.sort()
        print(f"move to its MoveMade over {len(times)} moves: median {statistics.median(times):.1f} ms, "
              f"90th percentile {times[int(len(times) * 0.9)]:.1f} ms; the mover's frame: median "
              f"{statistics.median(sizes) / 1000:.0f} KB")
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


asyncio.run(main(sys.argv[1], "--changes" in sys.argv))
