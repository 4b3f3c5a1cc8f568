"""A finished game's files over HTTP: /games/ID.ppn is what `gamehost
export --format ppn` writes for an Alien City game, a Connect Four game has
no PPN (415, saying why), a game still waiting has no files (404); the
lobby lists each finished game's files (GameSummary.downloads)."""
import asyncio
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, run_in_scratch  # noqa: E402

GAMEHOST = sys.argv[1]


def get(url):
    """(status, body) of GET url."""
    try:
        with urllib.request.urlopen(url) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


async def finished(lobby, game_id):
    """The game's summary once the lobby lists it finished."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        games = (await lobby.request({"list_games": {"finished": True}}, "game_list"))["game_list"]["games"]
        for g in games:
            if g["game_id"] == game_id:
                return g
        await asyncio.sleep(0.2)
    raise AssertionError(f"game {game_id} did not finish within 60 s")


async def engines_game(c, game_type, seed):
    created = await c.request({"create_game": {"game_type": game_type, "seed": str(seed), "take_seat": -1,
                                               "seats": [{"engine": "random"}, {"engine": "random"}]}}, "game_created")
    return created["game_created"]["game"]["game_id"]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        c = await Client.connect(server.url)
        city = await engines_game(c, "alien_city", 4)
        four = await engines_game(c, "connect_four", 2)
        waiting = (await c.request({"create_game": {"game_type": "alien_city", "take_seat": -1,
                                                    "seats": [{"open": True}, {"open": True}]}},
                                   "game_created"))["game_created"]["game"]
        assert waiting["downloads"] == [], waiting["downloads"]

        summary = await finished(c, city)
        assert summary["downloads"] == [{"format": f, "path": f"/games/{city}.{f}"} for f in ("ghlog", "json", "ppn")], \
            summary["downloads"]
        log = os.path.join(data, "games", city + ".ghlog")
        exported = subprocess.run([GAMEHOST, "export", log, "--format", "ppn"], capture_output=True, text=True)
        assert exported.returncode == 0, exported.stderr
        status, body = get(f"{server.http}/games/{city}.ppn")
        assert status == 200 and body.decode() == exported.stdout, (status, body[:300])
        assert body.startswith(b"---\n") and b"1. " in body, body[:300]
        status, body = get(f"{server.http}/games/{city}.ghlog")
        assert status == 200 and body == open(log, "rb").read()

        summary = await finished(c, four)
        assert [d["format"] for d in summary["downloads"]] == ["ghlog", "json"], summary["downloads"]
        status, body = get(f"{server.http}/games/{four}.ppn")
        assert status == 415, (status, body)
        assert body.decode() == (f"game {four}: PPN export is for Alien City, not connect_four "
                                 f"(GET /games/{four}.ghlog or .json instead)\n"), body
        status, body = get(f"{server.http}/games/{four}.json")
        assert status == 200 and b'"game_id": "connect_four"' in body, body[:200]

        status, body = get(f"{server.http}/games/{waiting['game_id']}.ppn")
        assert status == 404 and body.decode() == f"no finished game '{waiting['game_id']}' on this server\n", body
        status, body = get(f"{server.http}/games/{city}.pgn")
        assert status == 404 and b"no '.pgn' file of a game" in body, body
        status, body = get(f"{server.http}/games/nosuch.ppn")
        assert status == 404 and body == b"no finished game 'nosuch' on this server\n", body
    finally:
        server.stop()


run_in_scratch(main)
