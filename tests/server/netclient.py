"""A small client of gamehost serve for the end-to-end tests (JSON frames,
Debian's python3-websockets): starts the real server, speaks net.proto."""
import asyncio
import json
import os
import re
import subprocess
import sys
import shutil
import tempfile
import time

import websockets


class Server:
    """`gamehost serve --port 0` in a data folder; the port read from its first line."""

    def __init__(self, gamehost, data, *extra, env=None, before=()):
        """`before`: options of gamehost itself (--plugins DIR, --isolate)."""
        self.gamehost, self.data, self.extra, self.before = gamehost, data, list(extra), list(before)
        self.env = env
        self.start()

    def start(self):
        self.proc = subprocess.Popen([self.gamehost, *self.before, "serve", "--port", "0", "--data", self.data, *self.extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env)
        self.lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("gamehost serve stopped before listening:\n" + "".join(self.lines))
            self.lines.append(line)
            m = re.search(r"at (http://[^/ ]+)/", line)
            if m:
                self.http = m.group(1)
                self.url = "ws" + self.http[4:] + "/ws"
                return

    def stop(self, kill=False):
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        rest = self.proc.stdout.read()
        self.proc.wait(10)
        return rest


class Client:
    """One connection. Every message received is kept (raw, for the secrecy
    test) and queued; requests get increasing ids."""

    def __init__(self, ws):
        self.ws, self.next_id, self.raw, self.inbox = ws, 1, [], []

    @classmethod
    async def connect(cls, url, **kw):
        c = cls(await websockets.connect(url, max_size=None, **kw))
        welcome = await c.recv()
        assert "welcome" in welcome, welcome
        return c

    async def send(self, body):
        body = dict(body)
        body["id"] = self.next_id
        self.next_id += 1
        await self.ws.send(json.dumps(body))
        return body["id"]

    async def recv(self, timeout=10):
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(frame)
        return json.loads(frame)

    async def wait_for(self, kind, timeout=10, reply_to=None):
        """The next message with body `kind` (others are kept in inbox)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if kind in m and (reply_to is None or m.get("reply_to") == str(reply_to)):
                    return self.inbox.pop(i)
            self.inbox.append(await self.recv(max(0.01, deadline - time.monotonic())))

    async def request(self, body, kind, timeout=10):
        rid = await self.send(body)
        m = await self.wait_for(kind, timeout, reply_to=rid)
        return m

    async def close(self):
        await self.ws.close()


async def play_out(players, keys, view, choose, watchers=()):
    """Plays the game of `view` to its end: the seat to move sends choose(position)
    (an action id); every client follows MoveMade. Returns the GameEnded each saw."""
    position = dict(view)
    ended = {}
    while True:
        mover = next((s for s in players if position[s]["info"]["to_move"] == s and
                      position[s]["info"]["legal_ids"]), None)
        if mover is None or any(s in ended for s in players):
            break
        ply = position[mover]["ply"] + 1
        await players[mover].send({"move": {"key": keys[mover], "ply": ply,
                                            "action_id": choose(position[mover])}})
        # Every client sees MoveMade until the mover's seat changes or the game ends.
        for s, c in list(players.items()) + [(-1 - i, w) for i, w in enumerate(watchers)]:
            while True:
                m = await c.wait_for_any(("move_made", "game_ended", "error"))
                if "error" in m:
                    raise AssertionError(f"seat {s}: {m['error']}")
                if "game_ended" in m:
                    ended[s] = m["game_ended"]
                    break
                if s in players:
                    position[s] = m["move_made"]["position"]
                if m["move_made"]["ply"]["ply"] >= ply and (
                        m["move_made"]["position"]["info"]["to_move"] >= 0 or m["move_made"]["position"]["info"]["terminal"]):
                    break
    for s, c in list(players.items()) + [(-1 - i, w) for i, w in enumerate(watchers)]:
        if s not in ended:
            ended[s] = (await c.wait_for("game_ended"))["game_ended"]
    return ended


async def _wait_for_any(self, kinds, timeout=10):
    deadline = time.monotonic() + timeout
    while True:
        for i, m in enumerate(self.inbox):
            if any(k in m for k in kinds):
                return self.inbox.pop(i)
        self.inbox.append(await self.recv(max(0.01, deadline - time.monotonic())))


Client.wait_for_any = _wait_for_any


def gamehost_verify(gamehost, log):
    """`gamehost verify LOG`: its output (asserting success)."""
    r = subprocess.run([gamehost, "verify", log], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


async def two_player_game(url, game_type, seed=None, time_control=None, names=("ann", "bob"), **create):
    """Creates a game with two open seats, the first taken by client a, the
    second joined by client b; `create`: more CreateGame fields
    (takebacks_allowed=True). Returns (clients, keys, positions, game_id)."""
    a = await Client.connect(url)
    b = await Client.connect(url)
    body = {"game_type": game_type, "seats": [{"open": True}, {"open": True}], "take_seat": 0, "name": names[0],
            **create}
    if seed is not None:
        body["seed"] = str(seed)
    if time_control:
        body["time"] = time_control
    created = await a.request({"create_game": body}, "game_created")
    key_a = created["game_created"]["tokens"][0]["key"]
    game_id = key_a["game_id"]
    key_b = (await b.request({"join_game": {"game_id": game_id, "seat": 1, "name": names[1]}}, "joined"))["joined"]["key"]
    await a.wait_for("game")  # as created
    pos_a = (await a.wait_for("game"))["game"]["position"]  # the game starts
    pos_b = (await b.wait_for("game"))["game"]["position"]
    return {0: a, 1: b}, {0: key_a, 1: key_b}, {0: pos_a, 1: pos_b}, game_id


async def play_plies(clients, keys, pos, count, choose=lambda p: p["info"]["legal_ids"][0]):
    """`count` plies by whichever seat is to move (chance plies in between
    arrive as MoveMade too). Updates and returns pos; stops at the game's end."""
    for _ in range(count):
        mover = next((s for s in clients if pos[s]["info"]["to_move"] == s and pos[s]["info"]["legal_ids"]), None)
        if mover is None:
            return pos
        ply = pos[mover]["ply"] + 1
        await clients[mover].send({"move": {"key": keys[mover], "ply": ply, "action_id": choose(pos[mover])}})
        for s, c in clients.items():
            while True:
                m = await c.wait_for_any(("move_made", "game_ended", "error"))
                assert "error" not in m, m
                if "game_ended" in m:
                    c.inbox.insert(0, m)
                    pos[s] = m["game_ended"]["position"]
                    break
                pos[s] = m["move_made"]["position"]
                if pos[s]["ply"] >= ply and pos[s]["info"]["to_move"] != -1:
                    break
    return pos


def run_in_scratch(main):
    """Runs `await main(data)` with a scratch data folder, removed after;
    prints "ok" when main returned."""
    data = tempfile.mkdtemp(prefix="serve-test-")
    try:
        asyncio.run(main(data))
    finally:
        shutil.rmtree(data, ignore_errors=True)
    print("ok")
