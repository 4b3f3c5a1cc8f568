"""What the City Planning secrecy checks share (tests/server/secrecy_test.py,
tools/serve_secrecy.py): each seat's view at every ply of a finished log
(`gamehost show --as`), and a search of received frames for the tiles of a
hand the receiver may not see at the frame's ply."""
import json
import re
import subprocess

TILE = re.compile(r"(?<![@\w])[CSMA][0-5](?!\w)")  # a tile, not a point ("P@M3")


def random_without_pass(rng):
    """A chooser for netclient.play_plies: random moves, but no pass while
    another move is legal (two passes end the game, ruling C17, and the
    checks want long games that draw every tile)."""
    def choose(p):
        moves = [a["id"] for a in p["info"].get("legal", []) if a["notation"] != "pass"]
        return rng.choice(moves or p["info"]["legal_ids"])
    return choose


def seat_views(gamehost, log, plies, pool=None):
    """Per ply: the text each seat may see (show --as), and each hand's
    tiles. With `pool` (an Executor) the shows run in it."""
    def show_as(ply, seat):
        return subprocess.run([gamehost, "show", log, "--ply", str(ply), "--as", seat],
                              capture_output=True, text=True, check=True).stdout
    keys = [(ply, seat) for ply in range(plies + 1) for seat in "AB"]
    texts = dict(zip(keys, pool.map(lambda k: show_as(*k), keys) if pool else (show_as(*k) for k in keys)))
    views = []
    for ply in range(plies + 1):
        seen = {seat: texts[(ply, seat)] for seat in "AB"}
        hands = {seat: set(TILE.findall(re.search(rf"^hand {seat}: (.*)$", seen[seat], re.M).group(1)))
                 for seat in "AB"}
        views.append((seen, hands))
    return views


def frame_ply(message, ply):
    """The ply a frame shows: its position's (GameView, MoveMade,
    GameEnded); `ply` (the last one seen) when it shows none."""
    for body in message.values():
        if not isinstance(body, dict):
            continue
        p = body.get("position")
        if not isinstance(p, dict) and isinstance(body.get("game"), dict):
            p = body["game"].get("position")
        if isinstance(p, dict) and "ply" in p:
            return int(p["ply"])
    return ply


def check(frames, who, views):
    """Searches JSON `frames` received by `who` ("A", "B" or "spectator");
    raises AssertionError naming the first tile it may not see. Returns
    the number of frames searched."""
    ply = 0
    for frame in frames:
        ply = frame_ply(json.loads(frame), ply)
        seen, hands = views[min(ply, len(views) - 1)]
        if who == "spectator":
            secret = (hands["A"] | hands["B"]) - (set(TILE.findall(seen["A"])) & set(TILE.findall(seen["B"])))
        else:
            other = "B" if who == "A" else "A"
            secret = hands[other] - set(TILE.findall(seen[who]))
        leaked = secret & set(TILE.findall(frame))
        if leaked:
            raise AssertionError(f"{who} received {sorted(leaked)} at ply {ply}: {frame[:300]}")
    return len(frames)


def sees_own_hand(frames, views, seat="A"):
    """Whether `seat`'s frames name a tile of its own hand (mid-game): the
    check above can fail only if this is true."""
    own = views[(len(views) - 1) // 2][1][seat]
    return any(own & set(TILE.findall(f)) for f in frames)
