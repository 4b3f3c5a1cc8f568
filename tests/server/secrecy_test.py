"""A City Planning game through `gamehost serve` (secret chance, hidden
hands) between two players and a spectator: every frame each client
receives, from Welcome to GameEnded, is searched for the tiles of every hand
that client may not see at that ply (known from the finished log through
`gamehost show --as`), and none is found. The spectator sees neither hand."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_plies, run_in_scratch, two_player_game  # noqa: E402
from secrecy import check, random_without_pass, seat_views, sees_own_hand  # noqa: E402

GAMEHOST = sys.argv[1]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        clients, keys, pos, game_id = await two_player_game(server.url, "city_planning")
        watcher = await Client.connect(server.url)
        watched = (await watcher.request({"watch": {"game_id": game_id}}, "game"))["game"]
        assert "hand A: ? ? ?" in watched["position"]["text"] and "hand B: ? ? ?" in watched["position"]["text"], \
            watched["position"]["text"]
        assert watched["position"]["state"] == "" and pos[0]["state"] == "", "state bytes of a hidden game were sent"
        await play_plies(clients, keys, pos, 1000, random_without_pass(random.Random(9)))
        ended = {s: (await c.wait_for("game_ended"))["game_ended"] for s, c in clients.items()}
        ended[-1] = (await watcher.wait_for("game_ended"))["game_ended"]
        log = os.path.join(data, "games", game_id + ".ghlog")
        gamehost_verify(GAMEHOST, log)
        plies = len(ended[0]["plies"])
        views = seat_views(GAMEHOST, log, plies)
        counts = [check(clients[0].raw, "A", views), check(clients[1].raw, "B", views),
                  check(watcher.raw, "spectator", views)]
        print("frames checked", counts, "plies", plies)
        # Every ply reaches every client (the spectator joins after the
        # first few). No fixed length: the deal is the server's secret, and
        # even without passes one can end a game within 40 plies (2 random
        # deals of 300 did; most games last 90-170).
        assert plies > 20, plies
        assert min(counts) > plies - 10, (counts, plies)
        # The check can fail: seat A's own frames name A's hand.
        assert sees_own_hand(clients[0].raw, views), "the check never sees a tile"
    finally:
        server.stop()


run_in_scratch(main)
