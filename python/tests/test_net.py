"""gamehost.net, the asyncio client, against the real `gamehost serve` over a real socket."""

import asyncio
import os
import re
import socket
import subprocess
import sys

import pytest

from conftest import BIN, SOURCE, gamehost_cli
import gamehost
from gamehost import net


@pytest.fixture
def server(tmp_path):
    """A fresh `gamehost serve` on a free port; yields (url, data folder)."""
    data = tmp_path / "data"
    proc = subprocess.Popen([BIN, "serve", "--port", "0", "--data", str(data)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    found = re.search(r" at (http://[^ ]+?)/? ", line)
    assert found, line
    yield found.group(1), data
    proc.terminate()
    proc.wait(timeout=20)


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 120))


async def play_random(client, game):
    """Plays the first legal action at every turn until the game ends; returns the events seen."""
    seen = []
    async for event in client.events():
        seen.append(event)
        if game.ended:
            return seen
        if game.my_turn():
            await client.move(game, action_id=game.legal_ids()[0])
    return seen


def test_a_whole_game_against_a_server_engine(server):
    url, data = server

    async def main():
        async with await net.connect(url, name="ann") as client:
            types = {t["id"] for t in await client.game_types()}
            assert {"alien_city", "city_planning"} <= types
            game = await client.create("alien_city", seats=["me", "random"], seed=3)
            assert game.key["token"] and game.seat == 0
            await play_random(client, game)
            return game

    game = run(main())
    assert game.ended["reason"] == "GAME_OVER_BY_RULES"
    assert game.ended["result"]
    assert len(game.plies) == game.ply > 20
    assert [int(p["ply"]) for p in game.plies] == list(range(1, game.ply + 1))
    log = data / "games" / f"{game.game_id}.ghlog"
    verified = gamehost_cli("verify", str(log))
    assert verified.returncode == 0, verified.stderr


def test_a_seat_of_a_hidden_game_gets_a_sample_of_its_own_view_to_search_on(server):
    url, data = server
    game_type = gamehost.load_game("city_planning")

    async def main():
        async with await net.connect(url, seat_samples=True) as client:
            game = await client.create("city_planning", seats=["me", "random"], seed=4)
            samples = 0
            async for event in client.events():
                if game.ended:
                    break
                if not game.my_turn():
                    continue
                assert game.state_bytes() == b""  # never the true state
                sample = game_type.deserialize_state(game.seat_sample_bytes())
                # The seat's own view, exactly; its legal moves the server's.
                assert sample.observation_string(0) == game.position["text"]
                assert sorted(sample.legal_actions()) == sorted(game.legal_ids())
                samples += 1
                await client.move(game, action_id=game.legal_ids()[0])
            return samples

    assert run(main()) > 5


def test_an_illegal_move_is_refused_and_changes_nothing(server):
    url, _ = server

    async def main():
        async with await net.connect(url) as client:
            game = await client.create("alien_city", seats=["me", "random"], seed=4)
            async for _ in client.events():
                if game.my_turn():
                    break
            before = game.ply
            await client.move(game, notation="RT@Z99")
            async for event in client.events():
                if "error" in event:
                    return event["error"], before, game.ply

    error, before, after = run(main())
    assert error["code"] == "ILLEGAL_MOVE"
    assert error["message"]
    assert before == after


def test_a_spectator_sees_every_ply_of_a_game_between_two_clients(server):
    url, _ = server

    async def main():
        async with await net.connect(url, name="ann") as ann, await net.connect(url, name="bob") as bob, \
                await net.connect(url) as watcher:
            game = await ann.create("alien_city", seats=["me", "open"], seed=5)
            bobs = await bob.join(game.game_id)
            watched = await watcher.watch(game.game_id)

            async def follow():
                async for _ in watcher.events():
                    if watched.ended:
                        return

            await asyncio.gather(play_random(ann, game), play_random(bob, bobs), follow())
            return game, bobs, watched

    game, bobs, watched = run(main())
    assert bobs.seat == 1
    assert game.ended["result"] == bobs.ended["result"] == watched.ended["result"]
    assert [p["notation"] for p in watched.plies] == [p["notation"] for p in game.plies]


def test_a_server_that_is_not_there_is_named():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ConnectionError, match=f"cannot connect to ws://127.0.0.1:{port}/ws"):
        run(net.connect(f"http://127.0.0.1:{port}"))


def test_the_example_bot_plays_a_game_it_finds_in_the_lobby(server):
    url, data = server

    async def create():
        async with await net.connect(url) as client:
            game = await client.create("alien_city", seats=["open", "random"], seed=6)
            return game.game_id

    game_id = run(create())
    done = subprocess.run([sys.executable, os.path.join(SOURCE, "examples", "python", "server_bot.py"), url, "1",
                           "mcts:iters=50"], capture_output=True, text=True, timeout=120, env=os.environ)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"game {game_id}: ")
    verified = gamehost_cli("verify", str(data / "games" / f"{game_id}.ghlog"))
    assert verified.returncode == 0, verified.stderr


async def _until(client, condition):
    """Reads the client's events until `condition()` holds."""
    if condition():
        return
    async for _ in client.events():
        if condition():
            return


def test_a_takeback_offered_and_accepted_goes_back_before_the_move(server):
    url, _ = server

    async def main():
        async with await net.connect(url, name="ann") as ann, await net.connect(url, name="bob") as bob:
            game = await ann.create("connect_four", seats=["me", "open"], seed=1, takebacks_allowed=True)
            bobs = await bob.join(game.game_id)
            await _until(ann, game.my_turn)
            await ann.move(game, notation="a")
            await _until(bob, bobs.my_turn)
            await bob.move(bobs, notation="b")
            await _until(ann, game.my_turn)
            before = [p["notation"] for p in game.plies]
            await ann.offer_takeback(game)
            await _until(bob, lambda: bobs.takeback_offer is not None)
            offer = dict(bobs.takeback_offer)
            answer = await bob.answer_takeback(bobs, accept=True)
            await _until(ann, lambda: game.plies[0].get("taken_back"))
            with pytest.raises(net.ServerError, match="NOT_ALLOWED"):
                await ann.offer_takeback(game)  # nothing since the takeback
            return game, bobs, before, offer, answer

    game, bobs, before, offer, answer = run(main())
    assert before == ["a", "b"]
    assert (offer["seat"], offer["first_ply"], offer["plies"]) == (0, 1, 2)
    assert "taken_back" in answer
    for g in (game, bobs):
        assert [p["taken_back"] for p in g.plies] == [True, True]
        assert g.ply == 2 and g.takeback_offer is None and g.info["to_move"] == 0
    assert game.my_turn() and game.legal_moves() == ["a", "b", "c", "d", "e", "f", "g"]
