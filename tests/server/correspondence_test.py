"""Correspondence time: the deadline is shown to both seats, a restart moves
it by the time the server was down, and a seat whose deadline passes loses
on time. (The deadline is moved into the past in the server's records
while it is stopped: a test cannot wait two days.)"""
import asyncio
import os
import shutil
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, two_player_game, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]
DAY = 86400000


async def main(data):
    server = Server(GAMEHOST, data)
    clients, keys, pos, game_id = await two_player_game(server.url, "alien_city", seed=1,
                                                        time_control={"correspondence": {"days_per_move": 2}})
    view = (await clients[1].request({"attach": {"key": keys[1]}}, "game"))["game"]
    clocks = view["clocks"]
    assert abs(int(clocks["deadline_ms"]) - int(clocks["server_time_ms"]) - 2 * DAY) < 5000, clocks
    server.stop()
    db = sqlite3.connect(os.path.join(data, "server.sqlite"))
    with db:
        alive = db.execute("SELECT value FROM server WHERE key = 'alive_ms'").fetchone()[0]
        # One day left at the stop: the downtime below is not charged.
        db.execute("UPDATE games SET deadline_ms = ? WHERE id = ?", (alive + DAY, game_id))
    db.close()
    time.sleep(1.5)
    server.start()
    c = await Client.connect(server.url)
    clocks = (await c.request({"attach": {"key": keys[0]}}, "game"))["game"]["clocks"]
    left = int(clocks["deadline_ms"]) - int(clocks["server_time_ms"])
    assert DAY - 1000 <= left <= DAY, left  # still a day: the 1.5 s down moved the deadline
    server.stop()
    db = sqlite3.connect(os.path.join(data, "server.sqlite"))
    with db:
        alive = db.execute("SELECT value FROM server WHERE key = 'alive_ms'").fetchone()[0]
        db.execute("UPDATE games SET deadline_ms = ? WHERE id = ?", (alive - 1000, game_id))  # passed
    db.close()
    server.start()
    c = await Client.connect(server.url)
    games = []
    for _ in range(50):
        games = (await c.request({"list_games": {"finished": True}}, "game_list"))["game_list"]["games"]
        if games:
            break
        await asyncio.sleep(0.1)
    assert games and games[0]["result"] == "Black lost on time", games
    out = gamehost_verify(GAMEHOST, os.path.join(data, "games", game_id + ".ghlog"))
    assert "Black lost on time" in out, out
    server.stop()


run_in_scratch(main)
