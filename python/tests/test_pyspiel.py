"""pyspiel's calls (gamehost/openspiel.py, docs/python.md "pyspiel's calls").

The first tests are code as an OpenSpiel user writes it, unchanged but for the
import (`import gamehost as pyspiel`): a random rollout with chance nodes, a
multiprocessing pool over pickled states, an MCTS in pure Python. The rest pin
each call to its pyspiel meaning on our games.
"""

import math
import multiprocessing
import pickle
import random

import numpy as np
import pytest

import gamehost as pyspiel  # the one line that differs from pyspiel code


# ------------------------------------------------ pyspiel code, unchanged

def random_rollout(state, rng):
    """OpenSpiel's example loop (open_spiel/python/examples/example.py)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action_list, prob_list = zip(*outcomes)
            action = rng.choice(action_list, p=prob_list)
        elif state.is_simultaneous_node():
            raise AssertionError("no simultaneous nodes in a sequential game")
        else:
            action = rng.choice(state.legal_actions(state.current_player()))
        state.apply_action(action)
    return state.returns()


@pytest.mark.parametrize("game_name", ["connect_four", "city_planning", "alien_city"])
def test_random_rollout_as_pyspiel_code_writes_it(game_name):
    game = pyspiel.load_game(game_name)
    rng = np.random.RandomState(7)
    state = game.new_initial_state()
    assert state.is_initial_state() and state.move_number() == 0 and state.history_str() == ""
    returns = random_rollout(state, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert sum(returns) == game.utility_sum() == 0.0
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
    assert state.rewards() == returns
    assert [state.player_return(p) for p in range(game.num_players())] == returns
    assert state.move_number() == len(state.history()) > 0
    assert not state.is_initial_state()
    assert state.history_str() == ", ".join(str(a) for a in state.history())


def rollout_value(state):
    """A pool worker: the mean return of seat 0 over 20 random games from `state`."""
    rng = np.random.RandomState(len(state.history()))
    total = 0.0
    for _ in range(20):
        total += random_rollout(state.clone(), rng)[0]
    return state.history(), total / 20


def test_multiprocessing_pool_over_pickled_states():
    game = pyspiel.load_game("connect_four")
    states = []
    state = game.new_initial_state()
    for action in [3, 3, 2, 4]:
        state.apply_action(action)
        states.append(state.clone())
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(rollout_value, states)
    # Each worker saw the state it was sent, history included.
    assert [history for history, _ in results] == [[3], [3, 3], [3, 3, 2], [3, 3, 2, 4]]
    for _, value in results:
        assert -1.0 <= value <= 1.0
    # The same values in this process: the workers played the same games.
    assert [v for _, v in results] == [rollout_value(s)[1] for s in states]


class Node:
    def __init__(self, player):
        self.player = player  # who chose the action leading here
        self.visits = 0
        self.total = 0.0
        self.children = {}


def mcts_action(state, iterations, rng, c=1.4):
    """Plain UCT over pyspiel's State calls, as people write it in Python."""
    root = Node(None)
    for _ in range(iterations):
        node, s, path = root, state.clone(), [root]
        while not s.is_terminal():
            legal = s.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = Node(s.current_player())
                s = s.child(action)
                path.append(child)
                break
            parent = node
            action = max(legal, key=lambda a: parent.children[a].total / parent.children[a].visits
                         + c * math.sqrt(math.log(parent.visits) / parent.children[a].visits))
            node = node.children[action]
            s.apply_action(action)
            path.append(node)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        returns = s.returns()
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.total += returns[n.player]
    return max(root.children, key=lambda a: root.children[a].visits)


def test_mcts_in_pure_python_finds_the_winning_drop():
    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for action in [0, 6, 1, 6, 2]:  # Red has a, b, c on the bottom row: d wins
        state.apply_action(action)
    state.apply_action(6)  # Yellow blocks nothing
    assert mcts_action(state, 300, random.Random(1)) == 3
    state.apply_action(3)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


# ------------------------------------------------ each call's meaning

def test_game_type_and_parameters():
    c4 = pyspiel.load_game("connect_four")
    t = c4.get_type()
    assert t.short_name == "connect_four"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.max_num_players == t.min_num_players == 2
    assert c4.max_chance_outcomes() == 0
    assert (c4.min_utility(), c4.max_utility(), c4.utility_sum()) == (-1.0, 1.0, 0.0)

    cp = pyspiel.load_game("city_planning")
    t = cp.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert not t.provides_information_state_tensor
    assert cp.max_chance_outcomes() == cp.num_distinct_actions()
    # Every chance node stays within the bound.
    state = cp.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        if state.is_chance_node():
            assert len(state.chance_outcomes()) <= cp.max_chance_outcomes()
            assert len(state.legal_actions_mask()) == cp.max_chance_outcomes()
        state.apply_action(rng.choice(state.legal_actions()))

    ac = pyspiel.load_game("alien_city", seed=7)
    params = ac.get_parameters()
    assert params == {name: params[name] for name in ac.options}
    int_options = [o["name"] for o in ac.info()["options"] if o["type"] == "INT"]
    for name in int_options:
        assert isinstance(params[name], int)
    # The parameters load the same game again.
    assert pyspiel.load_game("alien_city", seed=7, **params).setup == ac.setup


def test_state_calls():
    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    assert state.legal_actions_mask() == [1] * 7
    assert state.legal_actions_mask(1) == [0] * 7  # not seat 1's turn
    assert state.string_to_action("d") == state.string_to_action(0, "d") == 3
    with pytest.raises(pyspiel.SpielError):
        state.string_to_action("z")
    child = state.child(3)
    assert child.history() == [3] and state.history() == [] and child.move_number() == 1
    for _ in range(6):
        child.apply_action(0)
    assert child.legal_actions_mask() == [0, 1, 1, 1, 1, 1, 1]  # column a is full
    with pytest.raises(pyspiel.SpielError):  # IllegalActionError is a SpielError
        child.apply_action(0)
    assert child.history_str() == "3, 0, 0, 0, 0, 0, 0"
    assert not state.is_simultaneous_node()
    assert np.array_equal(state.information_state_tensor(0), state.observation_tensor(0))
    assert game.information_state_tensor_shape() == [3, 6, 7]
    assert game.information_state_tensor_size() == 126
    assert state.rewards() == [0.0, 0.0]
    with pytest.raises(ValueError):
        state.player_return(2)
    # A state from bytes alone: its history starts there.
    restored = game.deserialize_state(child.serialize())
    assert restored.history() == [] and not restored.history_from_start() and not restored.is_initial_state()
    assert game.deserialize_state(state.serialize()).is_initial_state()


def test_pickling_keeps_game_state_and_history():
    game = pyspiel.load_game("alien_city", seed=5)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.serialize() == state.serialize()
    assert copy.history() == state.history() and copy.history_from_start()
    assert copy.get_game().setup == game.setup and copy.get_game().seed == 5
    assert copy.legal_actions() == state.legal_actions()
    game_copy = pickle.loads(pickle.dumps(game))
    assert game_copy.options == game.options and game_copy.setup == game.setup
    # Unpickling the same game twice in a process loads it once.
    assert pickle.loads(pickle.dumps(game)) is game_copy


def test_serialize_game_and_state_round_trip_and_damage():
    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for action in [3, 2, 3]:
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "[Meta]\nVersion: 1\n" in text and "[Game]" in text and "[State]" in text
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.id == "connect_four"
    assert state2.serialize() == state.serialize() and state2.history() == [3, 2, 3]
    with pytest.raises(pyspiel.SpielError, match="no \\[State\\] section"):
        pyspiel.deserialize_game_and_state(text.split("[State]")[0])
    damaged = text.replace('"bytes": "', '"bytes": "!!')
    with pytest.raises(pyspiel.SpielError, match="line 8"):
        pyspiel.deserialize_game_and_state(damaged)


def test_registered_names():
    names = pyspiel.registered_names()
    assert {"alien_city", "city_planning", "connect_four"} <= set(names)
