"""A person against an engine the server seats (mcts with a fixed budget):
the engine's moves arrive as MoveMade like any other, the game ends, and
the server's log names the engine and verifies."""
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data):
    server = Server(GAMEHOST, data, "--engine-threads", "1")
    try:
        a = await Client.connect(server.url)
        created = await a.request({"create_game": {"game_type": "alien_city", "seed": "11",
                                                   "seats": [{"open": True}, {"engine": "mcts:iters=60"}],
                                                   "take_seat": 0}}, "game_created")
        game = created["game_created"]["game"]
        assert game["status"] == "PLAYING" and game["seats"][1]["engine"], game
        assert game["seats"][1]["player"].startswith("mcts:iters=60"), game["seats"][1]
        key = created["game_created"]["tokens"][0]["key"]
        position = (await a.wait_for("game"))["game"]["position"]
        rng = random.Random(5)
        engine_plies = 0
        while True:
            if position["info"]["to_move"] == 0 and position["info"]["legal_ids"]:
                await a.send({"move": {"key": key, "ply": position["ply"] + 1,
                                       "action_id": rng.choice(position["info"]["legal_ids"])}})
            m = await a.wait_for_any(("move_made", "game_ended", "error"), timeout=30)
            assert "error" not in m, m
            if "game_ended" in m:
                ended = m["game_ended"]
                break
            engine_plies += m["move_made"]["ply"]["player"] == 1
            position = m["move_made"]["position"]
        assert ended["reason"] == "GAME_OVER_BY_RULES" and engine_plies > 10, (ended["reason"], engine_plies)
        log = os.path.join(data, "games", game["game_id"] + ".ghlog")
        assert ended["result"] in gamehost_verify(GAMEHOST, log)
        exported = subprocess.run([GAMEHOST, "export", log, "--format", "json"], capture_output=True, text=True).stdout
        assert '"agent": "mcts:iters=60' in exported and '"agent": "human"' in exported, exported[:1500]
    finally:
        server.stop()


run_in_scratch(main)
