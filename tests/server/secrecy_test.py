"""A City Planning game through `gamehost serve` (secret chance, hidden
hands) between two players and a spectator: every frame each client
receives, from Welcome to GameEnded, is searched for the tiles of every hand
that client may not see at that ply (known from the finished log through
`gamehost show --as`), and none is found. The spectator sees neither hand."""
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify, play_plies, two_player_game  # noqa: E402

GAMEHOST = sys.argv[1]
TILE = re.compile(r"(?<![@\w])[CSMA][0-5](?!\w)")  # not a point ("P@M3")


def seat_views(log, plies):
    """Per ply: the text each seat may see (show --as), and each hand's tiles."""
    views = []
    for ply in range(plies + 1):
        seen = {}
        for seat in ("A", "B"):
            out = subprocess.run([GAMEHOST, "show", log, "--ply", str(ply), "--as", seat],
                                 capture_output=True, text=True, check=True).stdout
            seen[seat] = out
        hands = {}
        for seat in ("A", "B"):
            line = re.search(rf"^hand {seat}: (.*)$", seen[seat], re.M).group(1)
            hands[seat] = set(TILE.findall(line))
        views.append((seen, hands))
    return views


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        clients, keys, pos, game_id = await two_player_game(server.url, "city_planning")
        watcher = await Client.connect(server.url)
        watched = (await watcher.request({"watch": {"game_id": game_id}}, "game"))["game"]
        assert "hand A: ? ? ?" in watched["position"]["text"] and "hand B: ? ? ?" in watched["position"]["text"], \
            watched["position"]["text"]
        assert watched["position"]["state"] == "" and pos[0]["state"] == "", "state bytes of a hidden game were sent"
        rng = random.Random(9)

        def choose(p):
            # Random moves, but no pass while another move is legal: two
            # passes in a row end the game (C17), and the check wants a
            # long game (every draw of both hands).
            moves = [a["id"] for a in p["info"].get("legal", []) if a["notation"] != "pass"]
            return rng.choice(moves or p["info"]["legal_ids"])

        await play_plies(clients, keys, pos, 1000, choose)
        ended = {s: (await c.wait_for("game_ended"))["game_ended"] for s, c in clients.items()}
        ended[-1] = (await watcher.wait_for("game_ended"))["game_ended"]
        log = os.path.join(data, "games", game_id + ".ghlog")
        gamehost_verify(GAMEHOST, log)
        plies = len(ended[0]["plies"])
        views = seat_views(log, plies)

        def check(frames, who):
            found = 0
            ply = 0
            for frame in frames:
                m = json.loads(frame)
                body = next(iter(k for k in m if k not in ("reply_to", "seq")))
                payload = m[body]
                # The ply a frame shows: its position's (a GameEnded: the last).
                if isinstance(payload, dict):
                    p = payload.get("position") or payload.get("game", {}).get("position") if isinstance(payload.get("game"), dict) else payload.get("position")
                    if isinstance(p, dict) and "ply" in p:
                        ply = int(p["ply"])
                seen, hands = views[ply]
                if who == "spectator":
                    secret = (hands["A"] | hands["B"]) - (set(TILE.findall(seen["A"])) & set(TILE.findall(seen["B"])))
                else:
                    other = "B" if who == "A" else "A"
                    secret = hands[other] - set(TILE.findall(seen[who]))
                leaked = secret & set(TILE.findall(frame))
                assert not leaked, f"{who} received {sorted(leaked)} at ply {ply} in {body}: {frame[:300]}"
                found += 1
            return found

        counts = [check(clients[0].raw, "A"), check(clients[1].raw, "B"), check(watcher.raw, "spectator")]
        print("frames checked", counts, "plies", plies)
        # Every ply reaches every client (the spectator joins after the
        # first few); a game without passes lasts some 90 plies at the least.
        assert plies > 60, plies
        assert min(counts) > plies - 10, (counts, plies)
        # The checker can fail: seat A's own frames name A's hand.
        own = views[plies // 2][1]["A"]
        assert any(own & set(TILE.findall(f)) for f in clients[0].raw), "the check never sees a tile"
    finally:
        server.stop()


data = tempfile.mkdtemp(prefix="serve-test-")
try:
    asyncio.run(main(data))
finally:
    if not os.environ.get("KEEP_SERVE_DATA"): shutil.rmtree(data, ignore_errors=True)
print("ok")
