"""Random games per second from Python (docs/performance.md, "Python").

Plays random Connect Four games ply by ply through state.apply_action (the
loop a Python user writes), then the same number of games through the bulk
state.random_playouts(n) call, and, when OpenSpiel's pyspiel is installed,
the same loop on pyspiel's Connect Four. Rates are per second of this
process's CPU time (time.process_time), so other work on the machine does not
inflate them.

Run: PYTHONPATH=build/python python3 python/bench/random_games.py [GAMES]
"""
import random
import sys
import time

import gamehost


def loop(game, games, seed=1):
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    seconds = time.process_time() - start
    return games / seconds, plies / seconds


def main(games=2000):
    game = gamehost.load_game("connect_four")
    loop(game, 50)  # warm up
    rate, ply_rate = loop(game, games)
    print("gamehost, Python loop over apply_action: {:10.0f} games/s {:12.0f} plies/s {:8.0f} ns/ply".format(
        rate, ply_rate, 1e9 / ply_rate))
    state = game.new_initial_state()
    start = time.process_time()
    state.random_playouts(games * 10, seed=1)
    print("gamehost, state.random_playouts(n):      {:10.0f} games/s".format(
        games * 10 / (time.process_time() - start)))
    try:
        import pyspiel
    except ImportError:
        print("pyspiel not installed: no OpenSpiel figure")
        return
    rate, ply_rate = loop(pyspiel.load_game("connect_four"), games)
    print("pyspiel,  Python loop over apply_action: {:10.0f} games/s {:12.0f} plies/s {:8.0f} ns/ply".format(
        rate, ply_rate, 1e9 / ply_rate))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
