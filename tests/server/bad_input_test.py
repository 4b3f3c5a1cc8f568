"""Every bad input to `gamehost serve` is answered with an Error that names
it, the connection closed where it must be, and no game touched: a frame
that is not a message, a frame too large, an illegal move, a move out of
turn, a stale ply, a wrong token, an unknown game, a flood, a foreign
Origin, an unknown game type, a bad agent."""
import asyncio
import json
import os
import shutil
import sys
import tempfile

import websockets

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def expect_error(client, body, code, words):
    m = await client.request(body, "error")
    assert m["error"]["code"] == code, m
    assert words in m["error"]["message"], m
    return m


async def closed(client):
    try:
        while True:
            client.inbox.append(await client.recv(5))
    except websockets.ConnectionClosed:
        return True


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        a = await Client.connect(server.url)
        created = await a.request({"create_game": {"game_type": "alien_city", "seed": "1",
                                                   "seats": [{"open": True}, {"engine": "random"}], "take_seat": 0}},
                                  "game_created")
        key = created["game_created"]["tokens"][0]["key"]
        game_id = key["game_id"]
        view = (await a.wait_for("game"))["game"]
        assert view["position"]["info"]["to_move"] == 0, view  # Alien City: seat 0 moves first
        legal = view["position"]["info"]["legal_ids"]
        illegal = next(i for i in range(1, 100000) if i not in legal)

        await expect_error(a, {"move": {"key": key, "ply": 1, "action_id": illegal}}, "ILLEGAL_MOVE", f"action {illegal}")
        await expect_error(a, {"move": {"key": key, "ply": 1, "notation": "XX@Z99"}}, "ILLEGAL_MOVE", "XX@Z99")
        await expect_error(a, {"move": {"key": key, "ply": 5, "action_id": legal[0]}}, "STALE_MOVE", "the next ply is 1")
        wrong = dict(key, token="0" * 32)
        await expect_error(a, {"move": {"key": wrong, "ply": 1, "action_id": legal[0]}}, "BAD_TOKEN", "not this seat's")
        engine_seat = dict(key, seat=1)
        await expect_error(a, {"move": {"key": engine_seat, "ply": 1, "action_id": legal[0]}}, "BAD_TOKEN", "seat 1")
        await expect_error(a, {"watch": {"game_id": "nosuchgame"}}, "UNKNOWN_GAME", "nosuchgame")
        await expect_error(a, {"create_game": {"game_type": "chess", "seats": []}}, "UNKNOWN_GAME_TYPE", "chess")
        await expect_error(a, {"create_game": {"game_type": "alien_city", "seats": [{"open": True}, {"engine": "mcts:tme=1"}]}},
                           "BAD_AGENT", "tme")
        await expect_error(a, {"create_game": {"game_type": "alien_city", "seats": [{"open": True}]}},
                           "BAD_REQUEST", "2 seats, 1 given")
        await expect_error(a, {"create_game": {"game_type": "alien_city", "options": [{"name": "setup", "value": "nope"}],
                                               "seats": [{"open": True}, {"open": True}]}}, "BAD_OPTION", "setup")
        await expect_error(a, {"join_game": {"game_id": game_id, "seat": 1}}, "SEAT_TAKEN", "seat 1 is not open")
        await expect_error(a, {"abort": {"key": wrong}}, "BAD_TOKEN", "token")
        # Nothing was played by any of it.
        after = (await a.request({"watch": {"game_id": game_id}}, "game"))["game"]
        assert after["plies"] == view["plies"] and after["game"]["plies"] == 0, after["game"]

        # Out of turn: after seat 0's move the engine moves; seat 0 moving
        # again at once is either not its turn or a stale ply.
        await a.send({"move": {"key": key, "ply": 1, "action_id": legal[0]}})
        made = await a.wait_for("move_made")
        m = await a.request({"move": {"key": key, "ply": 2, "action_id": legal[0]}}, "error")
        assert m["error"]["code"] in ("NOT_YOUR_TURN", "STALE_MOVE", "ILLEGAL_MOVE"), m

        # A frame that is not a message: Error BAD_FRAME, then closed.
        c = await Client.connect(server.url)
        await c.ws.send("{not json")
        m = await c.wait_for("error")
        assert m["error"]["code"] == "BAD_FRAME" and "JSON" in m["error"]["message"], m
        assert await closed(c)
        c = await Client.connect(server.url + "?format=json")  # answers in JSON whatever it is sent
        await c.ws.send(b"\xff\xff\xff\xff")
        m = await c.wait_for("error")
        assert m["error"]["code"] == "BAD_FRAME" and "binary frame of 4 bytes" in m["error"]["message"], m
        assert await closed(c)
        c = await Client.connect(server.url)
        await c.ws.send(json.dumps({"id": 1, "no_such_request": {}}))
        m = await c.wait_for("error")
        assert m["error"]["code"] == "BAD_FRAME" and "no_such_request" in m["error"]["message"], m
        # Too large: over Welcome.max_message_bytes.
        c = await Client.connect(server.url)
        await c.ws.send(json.dumps({"id": 1, "hello": {"name": "x" * 70000}}))
        m = await c.wait_for("error")
        assert m["error"]["code"] == "TOO_LARGE" and "65536" in m["error"]["message"], m
        assert await closed(c)
        # A flood: RATE_LIMITED, then closed.
        c = await Client.connect(server.url)
        for i in range(1000):
            try:
                await c.ws.send(json.dumps({"id": i + 1, "ping": {"nonce": i}}))
            except websockets.ConnectionClosed:
                break
        assert await closed(c)
        codes = [x["error"]["code"] for x in c.inbox if "error" in x]
        assert "RATE_LIMITED" in codes, c.inbox[-3:]
        pongs = sum(1 for x in c.inbox if "pong" in x)
        assert 150 <= pongs < 1000, pongs  # the burst of 200, and more as it refills; never all
        # A page of another site may not open the WebSocket.
        try:
            await websockets.connect(server.url, origin="http://evil.example")
            raise AssertionError("a foreign Origin was accepted")
        except websockets.InvalidStatusCode as e:
            assert e.status_code == 403, e
        ok = await Client.connect(server.url, origin=server.http)  # its own pages may
        await ok.close()
        # The game is as it was after the one move.
        final = (await a.request({"watch": {"game_id": game_id}}, "game"))["game"]
        assert final["game"]["status"] == "PLAYING", final["game"]
    finally:
        server.stop()


run_in_scratch(main)
