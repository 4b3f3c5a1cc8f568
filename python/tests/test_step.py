"""apply_action plays one Step a ply (docs/interface.md, "Step"): the status
it keeps (legal ids, whose turn, the end, the returns) is what a fresh Query
of the same state says, in random games of each game; legal_actions() gives a
new list each time, so changing one changes nothing. And the bulk call
state.random_playouts(n, seed)."""

import random

import pytest

import gamehost


@pytest.mark.parametrize("game_id,games", [("connect_four", 40), ("alien_city", 3), ("city_planning", 2)])
def test_apply_action_keeps_what_a_query_of_the_state_says(game_id, games):
    game = gamehost.load_game(game_id, seed=5)
    rng = random.Random(7)
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
            fresh = game.deserialize_state(state.serialize())
            assert state.legal_actions() == fresh.legal_actions()
            assert state.current_player() == fresh.current_player()
            assert state.is_terminal() == fresh.is_terminal()
            assert state.is_chance_node() == fresh.is_chance_node()
            assert state.chance_outcomes() == fresh.chance_outcomes()
            assert state.phase() == fresh.phase()
            assert state.returns() == fresh.returns()
            assert state.result() == fresh.result()
    assert plies > games * 10


def test_legal_actions_is_a_new_list_each_time():
    state = gamehost.load_game("connect_four").new_initial_state()
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 6]
    assert state.legal_actions(1) == []
    assert state.legal_actions(0) == [0, 1, 2, 3, 4, 5, 6]


def test_an_illegal_action_leaves_the_state_and_play_goes_on():
    state = gamehost.load_game("connect_four").new_initial_state()
    for _ in range(6):
        state.apply_action(0)
    with pytest.raises(gamehost.IllegalActionError):
        state.apply_action(0)
    assert state.legal_actions() == [1, 2, 3, 4, 5, 6]
    other = state.clone()
    other.apply_action(1)
    state.apply_action(2)  # from its own state, not the clone's
    assert state.history()[-1] == 2 and 2 not in other.history()[6:]
    assert game_text(state) != game_text(other)


def game_text(state):
    return state.text()


def test_random_playouts_gives_each_games_result_deterministic_in_the_seed():
    game = gamehost.load_game("connect_four")
    state = game.new_initial_state()
    out = state.random_playouts(500, seed=3)
    assert out.shape == (500, 2) and out.dtype.name == "float64"
    assert set(map(tuple, out.tolist())) <= {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
    assert (out[:, 0] == 1).sum() > 100 and (out[:, 1] == 1).sum() > 100  # both colours win some
    assert (state.random_playouts(500, seed=3) == out).all()
    assert not (state.random_playouts(500, seed=4) == out).all()
    # From a finished game every playout is that game's result.
    for column in [0, 1, 0, 1, 0, 1, 0]:
        state.apply_action(column)
    assert state.is_terminal()
    assert state.random_playouts(3).tolist() == [state.returns()] * 3


def test_random_playouts_gives_points_for_games_that_keep_them():
    state = gamehost.load_game("alien_city", seed=2).new_initial_state()
    out = state.random_playouts(4, seed=1)
    assert out.shape == (4, 2)
    assert (out >= 0).all() and (out == out.round()).all() and out.sum() > 0
