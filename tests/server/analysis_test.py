"""Analyze of earlier plies: a spectator and a seat of an Alien City game in
play get, for an earlier ply, the very analysis the latest position had at
that ply; a ply beyond the game is BAD_REQUEST. A City Planning game (hidden
information) is analysed at no ply while it is played (UNAVAILABLE), and at
earlier plies once it is over."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, play_out, play_plies, run_in_scratch, two_player_game  # noqa: E402

GAMEHOST = sys.argv[1]


async def request_any(client, body):
    await client.send(body)
    rid = client.next_id - 1
    while True:
        m = await client.wait_for_any(("analysis", "error"), timeout=20)
        if int(m.get("reply_to", 0)) == rid:
            return m


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        clients, keys, pos, game_id = await two_player_game(server.url, "alien_city", seed=6)
        watcher = await Client.connect(server.url)
        await watcher.request({"watch": {"game_id": game_id}}, "game")
        live = {}
        for _ in range(8):
            ply = pos[0]["ply"]
            m = await request_any(watcher, {"analyze": {"game_id": game_id, "topic": "score", "latest": True}})
            assert "analysis" in m and int(m["analysis"]["ply"]) == ply, m
            live[ply] = m["analysis"]["text"]
            pos = await play_plies(clients, keys, pos, 1)
        assert len(set(live.values())) > 2, live  # the score changes as the city grows
        for ply, text in live.items():
            m = await request_any(watcher, {"analyze": {"game_id": game_id, "topic": "score", "ply": ply}})
            assert "analysis" in m, m
            assert int(m["analysis"]["ply"]) == ply and m["analysis"]["text"] == text, (ply, m, text)
        first = min(live)
        m = await request_any(clients[1], {"analyze": {"game_id": game_id, "topic": "score", "ply": first}})
        assert m["analysis"]["text"] == live[first], m
        m = await request_any(watcher, {"analyze": {"game_id": game_id, "topic": "score", "ply": 999}})
        assert m["error"]["code"] == "BAD_REQUEST" and "Analyze.ply 999" in m["error"]["message"], m

        clients, keys, pos, game_id = await two_player_game(server.url, "city_planning", seed=3)
        pos = await play_plies(clients, keys, pos, 4)
        for ply in (1, None):
            body = {"game_id": game_id, "topic": "score", **({"latest": True} if ply is None else {"ply": ply})}
            m = await request_any(clients[0], {"analyze": body})
            assert m["error"]["code"] == "UNAVAILABLE", m
        rng = random.Random(2)
        await play_out(clients, keys, pos, lambda p: rng.choice(p["info"]["legal_ids"]))
        m = await request_any(clients[1], {"analyze": {"game_id": game_id, "topic": "score", "ply": 2}})
        assert "analysis" in m and int(m["analysis"]["ply"]) == 2 and m["analysis"]["text"], m
    finally:
        server.stop()


run_in_scratch(main)
