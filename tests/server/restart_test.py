"""kill -9 of the server mid-game, then a restart on the same data: every
unfinished game resumes from its log (a secret City Planning game through
its secret file too), the clients come back with their tokens, the games
finish and their logs verify. The clock is not charged for the downtime."""
import asyncio
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_plies, two_player_game, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def reattach(url, keys):
    clients, pos = {}, {}
    for s, key in keys.items():
        clients[s] = await Client.connect(url)
        view = (await clients[s].request({"attach": {"key": key}}, "game"))["game"]
        pos[s] = view["position"]
    return clients, pos, view


async def main(data):
    server = Server(GAMEHOST, data)
    live = {"live": {"base_ms": 600000, "increment_ms": 0}}
    ac, ak, ap, alien = await two_player_game(server.url, "alien_city", seed=5, time_control=live)
    cc, ck, cp, city = await two_player_game(server.url, "city_planning")  # secret chance, sealed plies
    ap = await play_plies(ac, ak, ap, 9)
    cp = await play_plies(cc, ck, cp, 6)
    alien_plies, city_plies = ap[0]["ply"], cp[0]["ply"]
    running = (await ac[0].request({"watch": {"game_id": alien}}, "game"))["game"]["clocks"]
    seat = running["running"]
    before_kill = int(running["remaining_ms"][seat])
    server.stop(kill=True)
    time.sleep(4)  # down: charged to nobody
    server.start()
    resumed = "".join(server.lines)
    assert f"Resumed game {alien}" in resumed and f"Resumed game {city}" in resumed, resumed

    ac, ap, view = await reattach(server.url, ak)
    assert len(view["plies"]) == alien_plies, (len(view["plies"]), alien_plies)
    left = int(view["clocks"]["remaining_ms"][seat])
    assert view["clocks"]["running"] == seat and before_kill - 2500 <= left <= before_kill + 1000, (before_kill, left)  # 4 s down: not charged
    cc, cp, view = await reattach(server.url, ck)
    assert view["position"]["ply"] == city_plies, (view["position"]["ply"], city_plies)

    rng = random.Random(2)
    choose = lambda p: rng.choice(p["info"]["legal_ids"])  # noqa: E731
    for clients, keys, pos, game_id in ((ac, ak, ap, alien), (cc, ck, cp, city)):
        await play_plies(clients, keys, pos, 400, choose)
        ended = (await clients[0].wait_for("game_ended"))["game_ended"]
        assert ended["reason"] == "GAME_OVER_BY_RULES", ended
        out = gamehost_verify(GAMEHOST, os.path.join(data, "games", game_id + ".ghlog"))
        assert ended["result"] in out, (ended["result"], out)
    server.stop(kill=True)
    # Killed after a game's result was in its log but before the records
    # said so: the log is the truth, the game is listed finished.
    db = sqlite3.connect(os.path.join(data, "server.sqlite"))
    with db:
        db.execute("UPDATE games SET status = 2 WHERE id = ?", (alien,))
    db.close()
    server.start()
    assert f"Game {alien} (alien_city): finished in its log" in "".join(server.lines), server.lines
    c = await Client.connect(server.url)
    games = (await c.request({"list_games": {}}, "game_list"))["game_list"]["games"]
    assert {g["game_id"]: g["status"] for g in games} == {alien: "FINISHED", city: "FINISHED"}, games
    server.stop()


run_in_scratch(main)
