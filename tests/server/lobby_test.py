"""The lobby of `gamehost serve`: the list with its updates, the join
password, invite links, abort before the first move, resign, rematch with
the seats turned, hints only where the game allows them, a correspondence
deadline, and the finished game's log over HTTP."""
import asyncio
import os
import shutil
import sys
import tempfile
import subprocess
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_plies  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data, password_file):
    server = Server(GAMEHOST, data, "--join-password-file", password_file)
    try:
        a = await Client.connect(server.url)
        b = await Client.connect(server.url)
        lobby = await Client.connect(server.url)
        assert (await lobby.request({"list_games": {"subscribe": True}}, "game_list"))["game_list"] == {"games": []}
        # The join password.
        refused = await a.request({"create_game": {"game_type": "alien_city", "seats": [{"open": True}] * 2}}, "error")
        assert refused["error"]["code"] == "BAD_PASSWORD", refused
        wrong = await a.request({"hello": {"name": "ann", "join_password": "guess"}}, "error")
        assert wrong["error"]["code"] == "BAD_PASSWORD", wrong
        await a.request({"hello": {"name": "ann", "join_password": "club secret"}}, "ack")
        await b.request({"hello": {"name": "bob", "join_password": "club secret"}}, "ack")

        # An invite seat, hints allowed, correspondence time.
        created = (await a.request({"create_game": {
            "game_type": "alien_city", "seed": "4", "hints_allowed": True,
            "time": {"correspondence": {"days_per_move": 2}},
            "seats": [{"open": True}, {"invite": True}], "take_seat": 0}}, "game_created"))["game_created"]
        game_id = created["game"]["game_id"]
        key_a, invite = created["tokens"][0]["key"], created["tokens"][1]
        assert invite["invite_url"] == f"{server.http}/#join={game_id}:1:{invite['key']['token']}", invite
        update = (await lobby.wait_for("lobby_update"))["lobby_update"]["game"]
        assert update["game_id"] == game_id and update["status"] == "WAITING" and update["seats"][1]["invited"], update
        joined = await b.request({"join_game": {"game_id": game_id, "seat": 1}}, "error")
        assert joined["error"]["code"] == "SEAT_TAKEN", joined  # kept for the invite's holder
        view_b = (await b.request({"attach": {"key": invite["key"]}}, "game"))["game"]
        assert view_b["seat"] == 1 and view_b["game"]["seats"][1]["player"] == "bob", view_b["game"]["seats"]
        started = (await a.wait_for("game"))["game"]  # as created
        started = (await a.wait_for("game"))["game"]  # the game starts
        clocks = started["clocks"]
        due = int(clocks["deadline_ms"]) - int(clocks["server_time_ms"])
        assert clocks["running"] == 0 and abs(due - 2 * 86400000) < 5000, clocks

        # A hint for the seat to move; none for the other.
        hint = (await a.request({"hint": {"key": key_a}}, "analysis", timeout=20))["analysis"]
        assert hint["action_id"] in started["position"]["info"]["legal_ids"] and hint["notation"], hint
        other = await b.request({"hint": {"key": invite["key"]}}, "error")
        assert other["error"]["code"] == "NOT_YOUR_TURN", other

        # Abort only before the first move.
        pos = {0: started["position"], 1: view_b["position"]}
        pos = await play_plies({0: a, 1: b}, {0: key_a, 1: invite["key"]}, pos, 1)
        late = await a.request({"abort": {"key": key_a}}, "error")
        assert late["error"]["code"] == "NOT_ALLOWED", late
        # Resign: both told, the log records it and verifies.
        await b.request({"resign": {"key": invite["key"]}}, "ack")
        ended = (await a.wait_for("game_ended"))["game_ended"]
        assert ended["reason"] == "RESIGNED" and ended["seat"] == 1 and ended["result"] == "White resigned", ended
        log = os.path.join(data, "games", game_id + ".ghlog")
        assert "White resigned" in gamehost_verify(GAMEHOST, log)
        with urllib.request.urlopen(f"{server.http}/games/{game_id}.ghlog") as r:
            assert r.read() == open(log, "rb").read()
        with urllib.request.urlopen(f"{server.http}/games/{game_id}.json") as r:
            exported = subprocess.run([GAMEHOST, "export", log, "--format", "json"], capture_output=True, text=True)
            assert r.read().decode() == exported.stdout, exported.stderr

        # Rematch: once both offered, a new game with the seats turned.
        await a.request({"rematch": {"key": key_a}}, "ack")
        offered = (await b.wait_for("rematch_offered"))["rematch_offered"]
        assert offered == {"game_id": game_id, "seat": 0}, offered
        await b.request({"rematch": {"key": invite["key"]}}, "ack")
        again_a = (await a.wait_for("joined"))["joined"]["key"]
        again_b = (await b.wait_for("joined"))["joined"]["key"]
        assert again_a["game_id"] == again_b["game_id"] != game_id, (again_a, again_b)
        assert (again_a["seat"], again_b["seat"]) == (1, 0), (again_a, again_b)
        view = (await a.wait_for("game"))["game"]
        assert view["game"]["status"] == "PLAYING" and view["game"]["seats"][0]["player"] == "bob", view["game"]
        # Abort before the first move.
        await b.request({"abort": {"key": again_b}}, "ack")
        ended = (await a.wait_for("game_ended"))["game_ended"]
        assert ended["reason"] == "ABORTED_BEFORE_START", ended
        games = (await lobby.request({"list_games": {"finished": True}}, "game_list"))["game_list"]["games"]
        assert sorted(g["status"] for g in games) == ["ABORTED", "FINISHED"], games

        # No hints where the creator did not allow them.
        c = (await a.request({"create_game": {"game_type": "alien_city", "seats": [{"open": True}, {"engine": "random"}],
                                              "take_seat": 0}}, "game_created"))["game_created"]
        await a.wait_for("game")
        no = await a.request({"hint": {"key": c["tokens"][0]["key"]}}, "error")
        assert no["error"]["code"] == "NOT_ALLOWED", no
        with urllib.request.urlopen(server.http + "/") as r:
            assert b"/ws" in r.read()
    finally:
        server.stop()


data = tempfile.mkdtemp(prefix="serve-test-")
password = os.path.join(data, "password")
with open(password, "w") as f:
    f.write("club secret\n")
try:
    asyncio.run(main(os.path.join(data, "server"), password))
finally:
    shutil.rmtree(data, ignore_errors=True)
print("ok")
