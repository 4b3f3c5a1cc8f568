#!/usr/bin/python3
"""Position.scene keeps the hands hidden (docs/web.md, "The served page").

Runs the City Planning secrecy test of the server (tests/server/secrecy_test.py:
two seats and a spectator, every frame searched for the tiles of every hand
that client may not see at that ply) with every client asking for scenes
(Hello.scenes), so the scenes the web page draws are searched too. Then
checks that scenes were sent, and that a seat's own scenes draw its own
tiles (so the search would find a leaked one).

Usage: scene_secrecy_test.py GAMEHOST SOURCE_DIR
"""
import json
import os
import re
import runpy
import sys

SOURCE = sys.argv[2]
sys.path.insert(0, os.path.join(SOURCE, "tests", "server"))
import netclient  # noqa: E402

TILE = re.compile(r"(?<![@\w])[CSMA][0-5](?!\w)")
scenes = {"positions": 0, "with_scene": 0, "scene_tiles": 0}
connect = netclient.Client.connect.__func__
recv = netclient.Client.recv


async def connect_with_scenes(cls, url, **kw):
    c = await connect(cls, url, **kw)
    await c.request({"hello": {"protocol_version": 1, "client": "scene_secrecy_test", "scenes": True}}, "ack")
    return c


async def recv_counting(self, timeout=10):
    m = await recv(self, timeout)
    body = next(iter(k for k in m if k not in ("reply_to", "seq")))
    payload = m[body]
    position = payload.get("position") if isinstance(payload, dict) else None
    if isinstance(position, dict):
        scenes["positions"] += 1
        scene = position.get("scene")
        if scene and scene.get("layers"):
            scenes["with_scene"] += 1
            if TILE.search(json.dumps(scene)):
                scenes["scene_tiles"] += 1
    return m


netclient.Client.connect = classmethod(connect_with_scenes)
netclient.Client.recv = recv_counting
sys.argv = [os.path.join(SOURCE, "tests", "server", "secrecy_test.py"), sys.argv[1]]
runpy.run_path(sys.argv[0], run_name="__main__")
print("scenes", scenes)
assert scenes["positions"] > 50 and scenes["with_scene"] == scenes["positions"], scenes
assert scenes["scene_tiles"] > 0, "no scene ever drew a tile: the search could not fail"
print("ok: scenes sent with every position, no hidden tile in any")
