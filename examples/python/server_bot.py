"""A Python bot on a gamehost server: it joins open seats of Alien City and
plays them with the host's own MCTS, deciding on the state bytes the server
sends (docs/python.md, "Playing on a server").

    python3 examples/python/server_bot.py ws://localhost:8080/ws [GAMES] [AGENT]
"""
import asyncio
import sys

import gamehost
from gamehost import net


async def join_open(client, lobby, name):
    """Joins the first open Alien City game listed: (game, its rules), or (None, None)."""
    while lobby:
        summary = lobby.pop(0)
        if summary["game_type"] == "alien_city" and summary["status"] == "WAITING":
            try:
                game = await client.join(summary["game_id"], name=name)
                return game, gamehost.load_game("alien_city", seed=int(summary["seed"]))
            except net.ServerError:  # another bot was quicker
                continue
    return None, None


async def main(url, games, spec):
    engine, name, done = gamehost.agent(spec), f"python {spec}", 0
    async with await net.connect(url, name=name) as client:
        lobby = await client.list_games(open=True, subscribe=True)
        playing, rules = await join_open(client, lobby, name)
        async for event in client.events():
            lobby += [event["lobby_update"]["game"]] if "lobby_update" in event else []
            if playing is None:
                playing, rules = await join_open(client, lobby, name)
            elif playing.ended:
                print(f"game {playing.game_id}: {playing.ended['result']}", flush=True)
                playing, done = None, done + 1
                if done == games:
                    return
            elif playing.my_turn():
                state = rules.deserialize_state(playing.state_bytes())
                await client.move(playing, action_id=engine.step(state))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1,
                     sys.argv[3] if len(sys.argv) > 3 else "mcts:iters=300"))
