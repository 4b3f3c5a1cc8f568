"""OpenSpiel compatibility: one function written against pyspiel's API for
Connect Four, run unchanged on gamehost.load_game("connect_four") (and on
pyspiel.load_game("connect_four") when OpenSpiel is installed, to compare).

It uses the calls and argument orders of pyspiel: load_game, num_players,
num_distinct_actions, observation_tensor_shape, new_initial_state,
current_player, is_terminal, is_chance_node, legal_actions, apply_action,
action_to_string(player, action), observation_tensor(player), clone,
serialize / deserialize_state, returns, information_state_string(player).

Run: PYTHONPATH=build/python python3 examples/python/openspiel_compat.py
"""
import random

import numpy as np


def openspiel_code(game, seed):
    """Random play as OpenSpiel's examples write it; returns a summary."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    shape = game.observation_tensor_shape()
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        player = state.current_player()
        tensor = np.reshape(np.asarray(state.observation_tensor(player)), shape)
        assert tensor.sum() == 6 * 7  # one plane set per cell
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(player, action))
        copy = state.clone()
        state.apply_action(action)
        assert len(copy.history()) + 1 == len(state.history())
    restored = game.deserialize_state(state.serialize())
    assert restored.is_terminal() and restored.returns() == state.returns()
    return {"players": game.num_players(), "actions": game.num_distinct_actions(), "shape": list(shape),
            "plies": len(moves), "returns": list(state.returns()),
            "red_planes": int(np.reshape(np.asarray(state.observation_tensor(0)), shape)[0].sum())}


def main():
    import gamehost
    ours = openspiel_code(gamehost.load_game("connect_four"), seed=7)
    print("gamehost:", ours)
    try:
        import pyspiel
    except ImportError:
        print("pyspiel is not installed: only gamehost ran")
        return ours
    theirs = openspiel_code(pyspiel.load_game("connect_four"), seed=7)
    print("pyspiel: ", theirs)
    print("same summary:", ours == theirs)
    return ours


if __name__ == "__main__":
    main()
