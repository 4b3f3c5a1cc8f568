"""A tiny learning example: a linear value function fitted by least squares
(numpy only) on Alien City observation tensors at ply 30 of random games,
judged by how often it names the winner of held-out games, against always
guessing the first mover.

The features come from the tensor alone (docs/python.md, "Alien City"):
each plane's sum (structures, claims, supplies, whose turn), and per seat a
rough customer base of its claimed towers (ruling R13): the structures of
another colour in the 5x5 square round each claimed tower. The target is
the final margin of a uniformly random finish (state.random_playouts);
its sign is the prediction.

Run: PYTHONPATH=build/python python3 examples/python/value_function.py [GAMES] [SEED]
(default 2000 games, each from a random layout; three quarters fit, one
quarter held out).
"""
import random
import sys

import numpy as np

import gamehost

PLY = 30


def square_sums(plane):
    """Each cell's sum over the 5x5 square centred on it."""
    padded = np.pad(plane, 2)
    return sum(padded[2 + dr:12 + dr, 2 + dc:10 + dc] for dr in range(-2, 3) for dc in range(-2, 3))


def features(tensor):
    structures = tensor[0:7]
    by_colour = [structures[c] + structures[3 + c] for c in range(3)]  # towers and domes of red, blue, green
    every = structures.sum(axis=0)
    customers = []
    for seat in (0, 1):
        claimed = tensor[7 + seat]
        customers.append(sum((claimed * structures[c] * square_sums(every - by_colour[c])).sum() for c in range(3)))
    return np.concatenate([tensor.sum(axis=(1, 2)), customers, [customers[0] - customers[1], 1.0]])


def sample(game, rng, seed):
    """The features at ply 30 and seat 0's final margin after a random finish."""
    state = game.new_initial_state(seed=seed)
    for _ in range(PLY):
        state.apply_action(rng.choice(state.legal_actions()))
    final = state.random_playouts(1, seed)[0]  # one game finished in C++: final points per seat
    return features(state.observation_tensor(0)), final[0] - final[1]


def main(games=2000, seed=1):
    game = gamehost.load_game("alien_city")
    rng = random.Random(seed)
    data = [sample(game, rng, seed * 1000003 + k) for k in range(games)]
    x = np.array([f for f, _ in data])
    margin = np.array([m for _, m in data])
    split = games * 3 // 4
    weights, *_ = np.linalg.lstsq(x[:split], margin[:split], rcond=None)
    winner = np.sign(margin[split:])
    decided = winner != 0
    predicted = np.sign(x[split:] @ weights)
    accuracy = float(np.mean(predicted[decided] == winner[decided]))
    first_mover = float(np.mean(winner[decided] > 0))  # seat 0 (Black) moves first
    print("games: {} ({} to fit, {} held out), features: {}".format(games, split, games - split, x.shape[1]))
    print("held-out accuracy, winner from the position at ply {}: {:.1%}".format(PLY, accuracy))
    print("always guessing the first mover:                      {:.1%}".format(first_mover))
    print("better than the first-mover guess:", "yes" if accuracy > first_mover else "no")
    return accuracy, first_mover


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
