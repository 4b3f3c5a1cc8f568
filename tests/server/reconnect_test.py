"""A player whose connection drops comes back with its seat's token
(Attach) and gets the whole game as it is now, then plays on; the lobby
shows the seat disconnected meanwhile."""
import asyncio
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        a = await Client.connect(server.url)
        b = await Client.connect(server.url)
        created = await a.request({"create_game": {"game_type": "alien_city", "seed": "3",
                                                   "seats": [{"open": True}, {"open": True}], "take_seat": 0}},
                                  "game_created")
        key_a = created["game_created"]["tokens"][0]["key"]
        game_id = key_a["game_id"]
        key_b = (await b.request({"join_game": {"game_id": game_id, "seat": 1}}, "joined"))["joined"]["key"]
        pos = {0: None, 1: None}
        pos[0] = (await a.wait_for("game", reply_to=None))["game"]  # on create
        pos[0] = (await a.wait_for("game"))["game"]["position"]     # the game starts
        pos[1] = (await b.wait_for("game"))["game"]["position"]
        clients, keys = {0: a, 1: b}, {0: key_a, 1: key_b}
        for _ in range(6):  # six moves, then seat 0 drops
            s = pos[0]["info"]["to_move"]
            await clients[s].send({"move": {"key": keys[s], "ply": pos[s]["ply"] + 1,
                                            "action_id": pos[s]["info"]["legal_ids"][0]}})
            for t in (0, 1):
                pos[t] = (await clients[t].wait_for("move_made"))["move_made"]["position"]
        played = pos[0]["ply"]
        await a.close()
        b.inbox = [m for m in b.inbox if "seat_changed" not in m]  # those of the start
        gone = (await b.wait_for("seat_changed"))["seat_changed"]
        assert gone["seat"]["seat"] == 0 and not gone["seat"]["connected"], gone
        listed = (await b.request({"list_games": {}}, "game_list"))["game_list"]["games"]
        seat0 = next(g for g in listed if g["game_id"] == game_id)["seats"][0]
        assert not seat0["connected"] and seat0["player"], seat0
        # Seat 1 moves while seat 0 is away (if it is its turn).
        while pos[1]["info"]["to_move"] == 1:
            await b.send({"move": {"key": key_b, "ply": played + 1, "action_id": pos[1]["info"]["legal_ids"][0]}})
            pos[1] = (await b.wait_for("move_made"))["move_made"]["position"]
            played += 1
        # Back, with the token: the whole game as it is now.
        a2 = await Client.connect(server.url)
        bad = await a2.request({"attach": {"key": dict(key_a, token="f" * 32)}}, "error")
        assert bad["error"]["code"] == "BAD_TOKEN", bad
        view = (await a2.request({"attach": {"key": key_a}}, "game"))["game"]
        assert view["seat"] == 0 and len(view["plies"]) == played == view["position"]["ply"], (len(view["plies"]), played)
        assert view["game"]["seats"][0]["connected"], view["game"]["seats"][0]
        back = (await b.wait_for("seat_changed"))["seat_changed"]
        assert back["seat"]["seat"] == 0 and back["seat"]["connected"], back
        assert view["position"]["info"]["to_move"] == 0 and view["position"]["info"]["legal_ids"], view["position"]["info"]
        await a2.send({"move": {"key": key_a, "ply": played + 1, "action_id": view["position"]["info"]["legal_ids"][0]}})
        made = await a2.wait_for("move_made")
        assert made["move_made"]["ply"]["ply"] == played + 1 and made["reply_to"] != "0", made
        seen_by_b = await b.wait_for("move_made")
        assert seen_by_b["move_made"]["ply"]["ply"] == played + 1 and seen_by_b["reply_to"] == "0"
        # A repeated move (the same ply again) is stale and changes nothing.
        again = await a2.request({"move": {"key": key_a, "ply": played + 1, "action_id": 1}}, "error")
        assert again["error"]["code"] in ("STALE_MOVE", "NOT_YOUR_TURN"), again
    finally:
        server.stop()


run_in_scratch(main)
