"""A small client of gamehost serve for the end-to-end tests (JSON frames,
Debian's python3-websockets): starts the real server, speaks net.proto."""
import asyncio
import json
import os
import re
import subprocess
import sys
import time

import websockets


class Server:
    """`gamehost serve --port 0` in a data folder; the port read from its first line."""

    def __init__(self, gamehost, data, *extra, env=None):
        self.gamehost, self.data, self.extra = gamehost, data, list(extra)
        self.env = env
        self.start()

    def start(self):
        self.proc = subprocess.Popen([self.gamehost, "serve", "--port", "0", "--data", self.data, *self.extra],
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
