"""Live clocks on the server: a seat that does not move within its time
loses, the log records why (a forfeit, reason "time") and verifies, and
both players are told."""
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        a = await Client.connect(server.url)
        b = await Client.connect(server.url)
        created = await a.request({"create_game": {"game_type": "alien_city", "seed": "3",
                                                   "time": {"live": {"base_ms": 1500, "increment_ms": 100}},
                                                   "seats": [{"open": True}, {"open": True}], "take_seat": 0}},
                                  "game_created")
        key_a = created["game_created"]["tokens"][0]["key"]
        game_id = key_a["game_id"]
        await b.request({"join_game": {"game_id": game_id, "seat": 1}}, "joined")
        await a.wait_for("game")
        view = (await a.wait_for("game"))["game"]
        clocks = view["clocks"]
        assert clocks["running"] == 0 and 1300 <= int(clocks["remaining_ms"][0]) <= 1500, clocks
        assert int(clocks["remaining_ms"][1]) == 1500, clocks
        position = view["position"]
        while position["info"]["to_move"] == 0:  # seat 0's turn (one or more plies)
            await a.send({"move": {"key": key_a, "ply": position["ply"] + 1,
                                   "action_id": position["info"]["legal_ids"][0]}})
            made = (await a.wait_for("move_made"))["move_made"]
            position = made["position"]
        assert made["clocks"]["running"] == 1, made["clocks"]
        assert 1400 <= int(made["clocks"]["remaining_ms"][0]) <= 1600, made["clocks"]  # less the time used, plus 100
        started = time.monotonic()
        ended = (await b.wait_for("game_ended", timeout=5))["game_ended"]
        waited = time.monotonic() - started
        assert ended["reason"] == "TIME_FORFEIT" and ended["seat"] == 1, ended
        assert ended["result"] == "White lost on time" or "lost on time" in ended["result"], ended["result"]
        assert 1.0 < waited < 5.0, waited
        assert [float(r) for r in ended["returns"]] == [1.0, -1.0], ended["returns"]
        assert (await a.wait_for("game_ended"))["game_ended"]["reason"] == "TIME_FORFEIT"
        log = os.path.join(data, "games", game_id + ".ghlog")
        out = gamehost_verify(GAMEHOST, log)
        assert "lost on time" in out, out
        js = subprocess.run([GAMEHOST, "export", log, "--format", "json"], capture_output=True, text=True)
        assert '"reason": "time"' in js.stdout, js.stdout[-800:] + js.stderr
    finally:
        server.stop()


run_in_scratch(main)
