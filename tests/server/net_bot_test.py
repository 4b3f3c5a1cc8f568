"""examples/python/net_bot.py plays whole games on a real server: once
creating its own game against a server engine, once joining a game another
client created; each log verifies with the result the bot printed."""
import asyncio
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, gamehost_verify  # noqa: E402

GAMEHOST = sys.argv[1]
BOT = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python", "net_bot.py")


def run_bot(*args):
    r = subprocess.run([sys.executable, BOT, *args], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("Result: "), r.stdout + r.stderr
    return r.stdout.strip()[len("Result: "):]


async def joined_game(server):
    c = await Client.connect(server.url)
    created = await c.request({"create_game": {"game_type": "alien_city", "take_seat": -1,
                                               "seats": [{"engine": "greedy"}, {"open": True}]}}, "game_created")
    return created["game_created"]["game"]["game_id"]


data = tempfile.mkdtemp(prefix="serve-test-")
server = Server(GAMEHOST, data)
try:
    first = run_bot(server.url)
    game_id = asyncio.run(joined_game(server))
    second = run_bot(server.url, game_id)
    logs = sorted(glob.glob(os.path.join(data, "games", "*.ghlog")))
    assert len(logs) == 2, logs
    results = {gamehost_verify(GAMEHOST, log).split("Result: ")[1].strip() for log in logs}
    assert results == {first, second} or len({first, second}) == 1 and results == {first}, (results, first, second)
finally:
    server.stop()
    shutil.rmtree(data, ignore_errors=True)
print("ok")
