"""A Python bot on a gamehost server: it joins open seats of Alien City and
plays them with the host's own MCTS, deciding on the state bytes the server
sends (docs/python.md, "Playing on a server").

    python3 examples/python/server_bot.py ws://localhost:8080/ws [GAMES] [AGENT]
"""
import asyncio
import sys

import gamehost
from gamehost import net


async def main(url, games, spec):
    engine = gamehost.agent(spec)
    async with await net.connect(url, name=f"python {spec}") as client:
        lobby = await client.list_games(open=True, subscribe=True)
        playing, done = None, 0
        async for event in client.events():
            lobby += [event["lobby_update"]["game"]] if "lobby_update" in event else []
            if playing is None:
                for summary in [g for g in lobby if g["game_type"] == "alien_city" and g["status"] == "WAITING"]:
                    lobby.remove(summary)
                    try:
                        playing = await client.join(summary["game_id"], name=f"python {spec}")
                        rules = gamehost.load_game("alien_city", seed=int(summary["seed"]))
                        break
                    except net.ServerError:  # another bot was quicker
                        continue
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
