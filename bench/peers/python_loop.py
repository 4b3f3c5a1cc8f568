"""The Python rows of bench/peers/run.sh: random games played ply by ply from Python.

The loop an OpenSpiel user writes (state.apply_action(rng.choice(
state.legal_actions())) until is_terminal()), on our module's Connect Four and
on OpenSpiel's: pyspiel when it imports, else OpenSpiel's C++ Connect Four
bound the way pyspiel binds it (openspiel_connect_four, built by run.sh). The
two alternate round by round; rates are per second of this process's CPU
time. Then our other games through the same loop, as a cost per ply beside
OpenSpiel's Connect Four (their plies are heavier: Alien City lists about a
hundred legal builds a ply).

Run: PYTHONPATH=BUILD/python python3 bench/peers/python_loop.py [--rounds N] [--games N]
"""
import argparse
import random
import statistics
import time

import gamehost


def loop(game, games, seed):
    """Plays `games` random games from the initial state; returns (games/s, ns a ply) of CPU time."""
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    seconds = time.process_time() - start
    return games / seconds, 1e9 * seconds / plies


def their_game():
    try:
        import pyspiel
        return "pyspiel", pyspiel.load_game("connect_four")
    except ImportError:
        import openspiel_connect_four
        return "OpenSpiel C++ bound as pyspiel", openspiel_connect_four.load_game("connect_four")


def summary(values, fmt):
    return " ".join(fmt.format(v) for v in (min(values), statistics.median(values), max(values)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()

    ours = gamehost.load_game("connect_four")
    name, theirs = their_game()
    loop(ours, 100, 0)  # warm up both
    loop(theirs, 100, 0)
    results = {"ours": [], "theirs": []}
    for r in range(args.rounds):
        order = [("ours", ours), ("theirs", theirs)] if r % 2 == 0 else [("theirs", theirs), ("ours", ours)]
        for side, game in order:
            results[side].append(loop(game, args.games, r + 1))
    print(f"python     Connect Four, {args.games} games a round, {args.rounds} rounds; theirs: {name}")
    print("python     games/s (min median max)        ns a ply (min median max)")
    for side in ("ours", "theirs"):
        rates = [g for g, _ in results[side]]
        plies = [p for _, p in results[side]]
        print(f"python     {side:6s} {summary(rates, '{:9.0f}')}   {summary(plies, '{:7.0f}')}")
    ratio = statistics.median(g for g, _ in results["ours"]) / statistics.median(g for g, _ in results["theirs"])
    print(f"python     ours/theirs (games/s medians) {ratio:.2f}")

    # Our other games through the same loop: the cost of a ply.
    their_ply = statistics.median(p for _, p in results["theirs"])
    for game_id, games in (("alien_city", 100), ("city_planning", 20)):
        game = gamehost.load_game(game_id)
        per_ply = statistics.median(loop(game, games, r + 1)[1] for r in range(3))
        print(f"python     {game_id}: {per_ply:.0f} ns a ply ({per_ply / their_ply:.2f}x their Connect Four ply)")


if __name__ == "__main__":
    main()
