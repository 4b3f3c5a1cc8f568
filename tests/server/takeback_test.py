"""Takebacks through `gamehost serve` (docs/protocol.md, "Takebacks"): an
Alien City game created with takebacks allowed, where ann (seat 0) offers
to take back her move and bob's reply. A declined offer changes nothing, not
even a byte of the log; an offer survives a kill -9 of the server; the
accepted one is in the log (it verifies and lists the plies taken back),
every client gets the position from before ann's move, a restart after it
resumes there, and the game goes on to its end with the score `gamehost
verify` gives. Refused: a game created without takebacks, nothing to take
back, a wrong token, a second offer, answering one's own offer, and in City
Planning a takeback across a draw (the rules' chance is never undone). An
engine seat of the server declines at once."""
import asyncio
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_out, play_plies, two_player_game, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


async def refused(client, body, code, words):
    m = await client.request(body, "error")
    assert m["error"]["code"] == code and words in m["error"]["message"], (body, m)
    return m["error"]["message"]


async def reattach(url, keys):
    clients, pos, views = {}, {}, {}
    for s, key in keys.items():
        clients[s] = await Client.connect(url)
        views[s] = (await clients[s].request({"attach": {"key": key}}, "game"))["game"]
        pos[s] = views[s]["position"]
    return clients, pos, views


def log_bytes(path):
    with open(path, "rb") as f:
        return f.read()


async def not_agreed(url):
    clients, keys, pos, _ = await two_player_game(url, "alien_city", seed=7)
    await play_plies(clients, keys, pos, 2)
    await refused(clients[0], {"takeback": {"key": keys[0]}}, "NOT_ALLOWED", "created without takebacks")


async def engine_declines(url):
    """A seat of the server's engines declines at once."""
    a = await Client.connect(url)
    created = await a.request({"create_game": {"game_type": "connect_four", "seed": "1", "takebacks_allowed": True,
                                               "seats": [{"open": True}, {"engine": "random"}], "take_seat": 0}},
                              "game_created")
    key = created["game_created"]["tokens"][0]["key"]
    view = (await a.wait_for("game"))["game"]
    await a.send({"move": {"key": key, "ply": 1, "action_id": view["position"]["info"]["legal_ids"][0]}})
    while True:
        made = (await a.wait_for("move_made"))["move_made"]
        if made["ply"]["ply"] == 2:
            break
    await a.request({"takeback": {"key": key, "ply": 2}}, "ack")
    assert (await a.wait_for("takeback_offered"))["takeback_offered"]["offer"]["plies"] == 2
    assert (await a.wait_for("takeback_declined"))["takeback_declined"]["seat"] == 1
    view = (await a.request({"attach": {"key": key}}, "game"))["game"]
    assert len(view["plies"]) == 2 and not any(p["taken_back"] for p in view["plies"]), view["plies"]


async def across_a_draw(url):
    """City Planning: a draw follows a seat's move; taking it back is refused."""
    clients, keys, pos, game_id = await two_player_game(url, "city_planning", seed=3, takebacks_allowed=True)
    rng = random.Random(4)
    for _ in range(12):
        pos = await play_plies(clients, keys, pos, 1, lambda p: rng.choice(p["info"]["legal_ids"]))
        plies = (await clients[0].request({"attach": {"key": keys[0]}}, "game"))["game"]["plies"]
        for seat in (0, 1):
            moved = [p for p in plies if p["player"] == seat]
            if moved and any(p["player"] == -1 for p in plies if p["ply"] > moved[-1]["ply"]):
                message = await refused(clients[seat], {"takeback": {"key": keys[seat]}}, "NOT_ALLOWED",
                                        "is the rules' chance")
                print("City Planning:", message)
                return
    raise AssertionError("no draw followed a seat's move in 12 plies")


async def main(data):
    server = Server(GAMEHOST, data)
    await not_agreed(server.url)
    await engine_declines(server.url)
    await across_a_draw(server.url)

    clients, keys, pos, game_id = await two_player_game(server.url, "alien_city", seed=7, takebacks_allowed=True)
    log = os.path.join(data, "games", game_id + ".ghlog")
    listed = (await clients[0].request({"list_games": {"playing": True}}, "game_list"))["game_list"]["games"]
    assert [g["takebacks_allowed"] for g in listed if g["game_id"] == game_id] == [True], listed
    await refused(clients[1], {"takeback": {"key": keys[1]}}, "NOT_ALLOWED", "no move to take back")
    await refused(clients[0], {"takeback": {"key": dict(keys[0], token="0" * 32)}}, "BAD_TOKEN", "token")

    # Both seats move (a move of Alien City is a build and a claim or a
    # decline); the positions after each ply as ann saw them.
    rng = random.Random(5)
    choose = lambda p: rng.choice(p["info"]["legal_ids"])  # noqa: E731
    state_after = {0: pos[0]["state"]}
    while pos[0]["ply"] < 6 or pos[0]["info"]["to_move"] != 0:
        pos = await play_plies(clients, keys, pos, 1, choose)
        state_after[pos[0]["ply"]] = pos[0]["state"]
    played = pos[0]["ply"]
    await refused(clients[0], {"takeback": {"key": keys[0], "ply": played - 1}}, "STALE_MOVE", "plies were played")

    # Offered, then declined: nothing changes.
    before = log_bytes(log)
    await clients[0].request({"takeback": {"key": keys[0], "ply": played}}, "ack")
    offer = (await clients[1].wait_for("takeback_offered"))["takeback_offered"]["offer"]
    assert offer["seat"] == 0 and offer["first_ply"] + offer["plies"] - 1 == played, offer
    assert offer["plies"] >= 2, offer  # ann's move and bob's reply
    await clients[0].wait_for("takeback_offered")
    await refused(clients[1], {"takeback": {"key": keys[1]}}, "NOT_ALLOWED", "offered a takeback already")
    await refused(clients[0], {"takeback_answer": {"key": keys[0], "accept": True}}, "NOT_ALLOWED", "own offer")
    await clients[1].request({"takeback_answer": {"key": keys[1], "accept": False}}, "ack")
    for c in clients.values():
        assert (await c.wait_for("takeback_declined"))["takeback_declined"]["seat"] == 1
    assert log_bytes(log) == before
    await refused(clients[1], {"takeback_answer": {"key": keys[1], "accept": True}}, "NOT_ALLOWED", "no takeback")
    view = (await clients[0].request({"attach": {"key": keys[0]}}, "game"))["game"]
    assert len(view["plies"]) == played and "takeback_offer" not in view["game"], view["game"]

    # Offered again; the server is killed with the offer pending and comes back with it.
    await clients[0].request({"takeback": {"key": keys[0], "ply": played}}, "ack")
    await clients[1].wait_for("takeback_offered")
    server.stop(kill=True)
    server.start()
    clients, pos, views = await reattach(server.url, keys)
    assert views[1]["game"]["takeback_offer"]["first_ply"] == offer["first_ply"], views[1]["game"]
    watcher = await Client.connect(server.url)
    await watcher.request({"watch": {"game_id": game_id}}, "game")

    # Accepted: in the log, then told to every client.
    rid = await clients[1].send({"takeback_answer": {"key": keys[1], "accept": True}})
    taken = {1: (await clients[1].wait_for("taken_back", reply_to=rid))["taken_back"],
             0: (await clients[0].wait_for("taken_back"))["taken_back"],
             -1: (await watcher.wait_for("taken_back"))["taken_back"]}
    first = offer["first_ply"]
    for s, t in taken.items():
        assert t["position"]["ply"] == played and t["position"]["state"] == state_after[first - 1], s
        assert [p.get("taken_back", False) for p in t["plies"]] == [p["ply"] >= first for p in t["plies"]], t["plies"]
    assert taken[0]["position"]["info"]["to_move"] == 0 and taken[0]["position"]["info"]["legal_ids"]
    pos = {0: taken[0]["position"], 1: taken[1]["position"]}
    out = subprocess.run([GAMEHOST, "verify", log], capture_output=True, text=True).stdout
    assert f"unfinished: alien_city 1.0.0, seed 7, {played} plies verified" in out, out
    text = subprocess.run([GAMEHOST, "export", log, "--format", "text"], capture_output=True, text=True).stdout
    assert text.count("taken back") == offer["plies"], text
    await refused(clients[0], {"takeback": {"key": keys[0]}}, "NOT_ALLOWED", "not moved since the last takeback")

    # A restart after the takeback resumes from the position before it.
    server.stop(kill=True)
    server.start()
    clients, pos, views = await reattach(server.url, keys)
    assert views[0]["position"]["state"] == state_after[first - 1] and len(views[0]["plies"]) == played
    assert sum(p.get("taken_back", False) for p in views[0]["plies"]) == offer["plies"]

    # The game goes on to its end; its score is the one verify finds.
    ended = await play_out(clients, keys, pos, choose)
    assert ended[0]["reason"] == "GAME_OVER_BY_RULES" and ended[0]["scores"] == ended[1]["scores"], ended
    assert sum(p.get("taken_back", False) for p in ended[0]["plies"]) == offer["plies"]
    out = gamehost_verify(GAMEHOST, log)
    assert ended[0]["result"] in out, (ended[0]["result"], out)
    print(out.strip())
    print("taken back", offer, "scores", ended[0]["scores"])
    server.stop()


run_in_scratch(main)
