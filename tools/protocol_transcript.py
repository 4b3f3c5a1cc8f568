#!/usr/bin/python3
"""The transcript of docs/protocol.md, "A whole game": two clients play a short
Connect Four game on a fresh `gamehost serve`; prints every frame.

  tools/protocol_transcript.py build/bin/gamehost | sed ... (the elisions of the page)
"""
import asyncio, json, sys, os
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "server"))
from netclient import Client, Server
import tempfile
async def main():
    data = tempfile.mkdtemp()
    server = Server(sys.argv[1], data)
    out = []
    def log(who, direction, m):
        m = json.loads(json.dumps(m))
        def trim(x):
            if isinstance(x, dict):
                for k in list(x):
                    if k == "board" and isinstance(x[k], dict): x[k] = {"board": "…", "legend": "…"}
                    elif k == "text" and isinstance(x[k], str) and len(x[k]) > 60: x[k] = x[k][:40] + "…"
                    else: trim(x[k])
            elif isinstance(x, list):
                for y in x: trim(y)
        trim(m)
        out.append(f"{who} {direction} {json.dumps(m)}")
    a = await Client.connect(server.url); log("A", "←", json.loads(a.raw[0]))
    b = await Client.connect(server.url); log("B", "←", json.loads(b.raw[0]))
    async def req(c, who, body):
        body = dict(body); body["id"] = c.next_id; c.next_id += 1
        log(who, "→", body); await c.ws.send(json.dumps(body))
    async def drain(c, who, n):
        while True:
            try:
                m = await c.recv(0.3)
            except asyncio.TimeoutError:
                return
            log(who, "←", m)
    await req(a, "A", {"hello": {"protocol_version": 1, "client": "transcript", "name": "ann"}}); await drain(a, "A", 1)
    await req(a, "A", {"create_game": {"game_type": "connect_four", "seed": "1", "seats": [{"open": True}, {"open": True}], "take_seat": 0}})
    await drain(a, "A", 2)
    created = next(json.loads(f) for f in a.raw if "game_created" in json.loads(f))
    gid = created["game_created"]["game"]["game_id"]; ka = created["game_created"]["tokens"][0]["key"]
    await req(b, "B", {"join_game": {"game_id": gid, "seat": -1, "name": "bob"}}); await drain(b, "B", 2)
    kb = next(json.loads(f) for f in b.raw if "joined" in json.loads(f))["joined"]["key"]
    await drain(a, "A", 2)
    moves = [(0, "a"), (1, "b"), (0, "a"), (1, "b"), (0, "a"), (1, "b"), (0, "a")]
    for i, (s, col) in enumerate(moves):
        c, who, k = (a, "A", ka) if s == 0 else (b, "B", kb)
        await req(c, who, {"move": {"key": k, "ply": i + 1, "notation": col}})
        last = i == len(moves) - 1
        await drain(a, "A", 2 if last else 1); await drain(b, "B", 2 if last else 1)
    server.stop()
    print("\n".join(out))
asyncio.run(main())
