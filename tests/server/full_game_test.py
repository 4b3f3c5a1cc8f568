"""A whole Alien City game through `gamehost serve`: two players and a
spectator over real WebSockets; the server's log verifies and its score is
the one every client was told."""
import asyncio
import os
import random
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_out, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        a = await Client.connect(server.url)
        b = await Client.connect(server.url)
        w = await Client.connect(server.url)
        await a.request({"hello": {"protocol_version": 1, "name": "ann"}}, "ack")
        created = await a.request({"create_game": {"game_type": "alien_city", "seed": "7",
                                                   "seats": [{"open": True}, {"open": True}], "take_seat": 0}},
                                  "game_created")
        game = created["game_created"]["game"]
        assert game["status"] == "WAITING", game
        key_a = created["game_created"]["tokens"][0]["key"]
        view_a = (await a.wait_for("game"))["game"]
        assert view_a["seat"] == 0 and view_a["game"]["seats"][0]["player"] == "ann", view_a
        joined = await b.request({"join_game": {"game_id": game["game_id"], "seat": -1, "name": "bob"}}, "joined")
        key_b = joined["joined"]["key"]
        assert key_b["seat"] == 1 and len(key_b["token"]) == 32, key_b
        view_b = (await b.wait_for("game"))["game"]
        assert view_b["game"]["status"] == "PLAYING", view_b["game"]
        await a.wait_for("seat_changed")
        view_a = (await a.wait_for("game"))["game"]  # the game starts: each seat gets it afresh
        assert view_a["position"]["info"]["legal_ids"], view_a
        watched = (await w.request({"watch": {"game_id": game["game_id"]}}, "game"))["game"]
        assert watched["seat"] == -1 and watched["position"]["text"], watched
        rng = random.Random(3)
        ended = await play_out({0: a, 1: b}, {0: key_a, 1: key_b}, {0: view_a["position"], 1: view_b["position"]},
                               lambda pos: rng.choice(pos["info"]["legal_ids"]), watchers=[w])
        for s, e in ended.items():
            assert e["reason"] == "GAME_OVER_BY_RULES", (s, e)
        scores = [int(x) for x in ended[0]["scores"]]
        assert ended[1]["scores"] == ended[0]["scores"] == ended[-1]["scores"]
        log = os.path.join(data, "games", game["game_id"] + ".ghlog")
        out = gamehost_verify(GAMEHOST, log)
        print(out)
        assert ended[0]["result"] in out, (ended[0]["result"], out)
        # The sequence numbers of each connection run 1, 2, 3, ... without a gap.
        import json
        for c in (a, b, w):
            seqs = [int(json.loads(f)["seq"]) for f in c.raw]
            assert seqs == list(range(1, 1 + len(seqs))), seqs[:10]
        print("scores", scores, "plies", len(ended[0]["plies"]))
        # SIGTERM stops the server cleanly.
        rest = server.stop()
        assert server.proc.returncode == 0 and "Stopped; unfinished games resume at the next start" in rest, rest
    finally:
        if server.proc.poll() is None:
            server.stop()


run_in_scratch(main)
