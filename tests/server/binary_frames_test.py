"""Binary frames: serialized protobuf both ways (encoded and decoded here
with protoc and proto/net.proto). With ?format=binary every frame from the
server is binary from Welcome on; without it Welcome is JSON and the server
follows the kind of the client's first message."""
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile

import websockets

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Server, run_in_scratch  # noqa: E402

GAMEHOST, PROTO_DIR = sys.argv[1], sys.argv[2]


def protoc(mode, message, data):
    r = subprocess.run(["protoc", f"--{mode}=gamehost.net.v1.{message}", "-I", PROTO_DIR,
                        os.path.join(PROTO_DIR, "net.proto")], input=data, capture_output=True, check=True)
    return r.stdout


def encode(text):
    return protoc("encode", "ClientMessage", text.encode())


def decode(frame):
    assert isinstance(frame, bytes), f"a text frame where a binary one was due: {frame[:80]}"
    return protoc("decode", "ServerMessage", frame).decode()


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        ws = await websockets.connect(server.url + "?format=binary")
        assert "welcome {" in decode(await ws.recv())
        await ws.send(encode('id: 1 create_game { game_type: "alien_city" seed: 2 seats { open: true } '
                             'seats { engine: "random" } take_seat: 0 }'))
        created = decode(await ws.recv())
        assert "reply_to: 1" in created and "game_created {" in created and 'game_type: "alien_city"' in created, created
        view = decode(await ws.recv())
        assert "game {" in view and "legal_ids: " in view, view[:400]
        # A JSON request on the binary connection is read; the answer stays binary.
        await ws.send('{"id": 2, "ping": {"nonce": "7"}}')
        pong = ""
        while "pong {" not in pong:  # after the SeatChanged of the creator's seat
            pong = decode(await ws.recv())
        assert "reply_to: 2" in pong and "nonce: 7" in pong, pong
        await ws.close()
        # No format asked: Welcome in JSON, then the kind of the first message.
        ws = await websockets.connect(server.url)
        assert isinstance(await ws.recv(), str)
        await ws.send(encode("id: 5 ping { nonce: 9 }"))
        pong = decode(await ws.recv())
        assert "reply_to: 5" in pong and "nonce: 9" in pong and "seq: 2" in pong, pong
        await ws.close()
    finally:
        server.stop()


run_in_scratch(main)
