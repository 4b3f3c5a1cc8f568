"""A tiny learning example: a linear value function fitted by least squares
(numpy only) on Alien City observation tensors of random games at ply 30,
predicting the winner; its accuracy on held-out games is compared with
always guessing the first mover.

Run: PYTHONPATH=build/python python3 examples/python/value_function.py [GAMES] [SEED]
(default 2000 games; each is a random game from a random layout).
"""
import random
import sys

import numpy as np

import gamehost

PLY = 30


def sample(game, rng, seed):
    """The tensor at ply 30 and the result for seat 0 (Black, the first
    mover): +1 won, -1 lost, 0 drawn, the rest of the game played at random."""
    state = game.new_initial_state(seed=seed)
    for _ in range(PLY):
        state.apply_action(rng.choice(state.legal_actions()))
    features = state.observation_tensor(0).ravel()
    scores = state.random_playouts(1, seed)[0]  # in C++: the final scores of one random playout
    return features, float(np.sign(scores[0] - scores[1]))


def main(games=2000, seed=1):
    game = gamehost.load_game("alien_city")
    rng = random.Random(seed)
    data = [sample(game, rng, seed * 100000 + k) for k in range(games)]
    x = np.array([np.append(f, 1.0) for f, _ in data])  # with a bias column
    y = np.array([o for _, o in data])
    split = games * 3 // 4
    weights, *_ = np.linalg.lstsq(x[:split], y[:split], rcond=1e-6)
    held_x, held_y = x[split:], y[split:]
    decided = held_y != 0
    predicted = np.sign(held_x @ weights)
    accuracy = float(np.mean(predicted[decided] == held_y[decided]))
    first_mover = float(np.mean(held_y[decided] > 0))  # seat 0 (Black) moves first
    print("games: {} ({} to fit, {} held out), features: {}".format(games, split, games - split, x.shape[1]))
    print("held-out accuracy, winner from the position at ply {}: {:.1%}".format(PLY, accuracy))
    print("always guessing the first mover:                      {:.1%}".format(first_mover))
    print("better than the first-mover guess:", "yes" if accuracy > first_mover else "no")
    return accuracy, first_mover


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
