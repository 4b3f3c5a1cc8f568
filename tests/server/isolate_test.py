"""`gamehost --isolate serve`: a plugin that crashes mid-game (the test game
fault_game, told to by GAMEHOST_FAULT) ends that game with the fault
recorded in its log and told to the players; the server and its other games
go on."""
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Client, Server, play_plies, two_player_game, run_in_scratch  # noqa: E402

GAMEHOST, FAULT_PLUGINS = sys.argv[1], sys.argv[2]


async def main(data):
    env = dict(os.environ, GAMEHOST_FAULT="crash:apply:3")
    server = Server(GAMEHOST, data, env=env, before=["--plugins", FAULT_PLUGINS, "--isolate"])
    try:
        clients, keys, pos, game_id = await two_player_game(server.url, "fault_game")
        other, other_keys, other_pos, other_id = await two_player_game(server.url, "alien_city", seed=2)
        await play_plies(clients, keys, pos, 5)
        ended = (await clients[0].wait_for("game_ended"))["game_ended"]
        assert ended["reason"] == "PLUGIN_FAULT", ended
        assert "fault_game: Apply at ply 3: crashed (signal 11" in ended["result"], ended["result"]
        assert (await clients[1].wait_for("game_ended"))["game_ended"]["reason"] == "PLUGIN_FAULT"
        # The server goes on: the other game is played on.
        other_pos = await play_plies(other, other_keys, other_pos, 4)
        assert other_pos[0]["ply"] == 4, other_pos[0]["ply"]
        listed = (await other[0].request({"list_games": {}}, "game_list"))["game_list"]["games"]
        assert {g["game_id"]: g["status"] for g in listed} == {game_id: "FINISHED", other_id: "PLAYING"}, listed
        v = subprocess.run([GAMEHOST, "--plugins", FAULT_PLUGINS, "verify",
                            os.path.join(data, "games", game_id + ".ghlog")], capture_output=True, text=True)
        assert v.returncode == 3 and ": faulted: fault_game" in v.stdout and "crashed" in v.stdout, v.stdout + v.stderr
    finally:
        server.stop()


run_in_scratch(main)
