"""A random agent against MCTS at Connect Four, in ten lines (docs/python.md).
Run: PYTHONPATH=build/python python3 examples/python/random_vs_mcts.py [LOG]"""
import random, sys
import gamehost
game = gamehost.load_game("connect_four")
mcts, rng = gamehost.agent("mcts:iters=300", seed=1), random.Random(1)
result = gamehost.play(game, [lambda state: rng.choice(state.legal_actions()), mcts],
                       log=sys.argv[1] if len(sys.argv) > 1 else None, overwrite=True)
print(result["state"])
print("random vs mcts:", result["result"], result["returns"])
