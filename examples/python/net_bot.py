#!/usr/bin/python3
"""A bot for `gamehost serve` in JSON frames (docs/protocol.md), with only
Debian's python3-websockets: joins the game GAME_ID, or creates an Alien
City game against one of the server's engines, and plays random legal moves.

  net_bot.py ws://127.0.0.1:8080/ws [GAME_ID]
"""
import asyncio, json, random, sys
import websockets


async def main(url, game_id=None):
    async with websockets.connect(url) as ws:
        send = lambda body: ws.send(json.dumps(body))  # noqa: E731
        await send({"id": 1, "hello": {"protocol_version": 1, "client": "net_bot.py", "name": "net_bot"}})
        if game_id:
            await send({"id": 2, "join_game": {"game_id": game_id, "seat": -1}})
        else:
            await send({"id": 2, "create_game": {"game_type": "alien_city", "take_seat": 0,
                                                 "seats": [{"open": True}, {"engine": "random"}]}})
        key = None
        async for frame in ws:
            m = json.loads(frame)
            if "error" in m:
                sys.exit(f"error: {m['error']['code']}: {m['error']['message']}")
            if "joined" in m or "game_created" in m:
                key = m["joined"]["key"] if "joined" in m else m["game_created"]["tokens"][0]["key"]
            if "game_ended" in m:
                print("Result:", m["game_ended"]["result"])
                return
            position = (m.get("game") or m.get("move_made") or {}).get("position")
            if key and position and position["info"]["to_move"] == key["seat"] and position["info"]["legal_ids"]:
                await send({"move": {"key": key, "ply": position["ply"] + 1,
                                     "action_id": random.choice(position["info"]["legal_ids"])}})
        sys.exit("the server closed the connection")


asyncio.run(main(*sys.argv[1:3]))
