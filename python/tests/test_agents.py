"""Agents from Python: the host's agents step on a state, Python functions
play in gamehost.play, and the logs written verify with the CLI."""

import threading
import time

import pytest

import gamehost
from conftest import gamehost_cli


def red_to_win():
    state = gamehost.load_game("connect_four").new_initial_state()
    for column in [3, 3, 4, 4, 5, 5]:
        state.apply_action(column)
    return state


def test_mcts_agent_finds_the_winning_drop():
    state = red_to_win()
    choice = gamehost.agent("mcts:iters=400").step(state)
    assert choice in (2, 6)  # c1 or g1 completes four
    assert state.history() == [3, 3, 4, 4, 5, 5]  # step leaves the state alone


def test_agents_are_deterministic_in_their_seed():
    state = gamehost.load_game("alien_city", seed=5).new_initial_state()
    first = gamehost.agent("random:seed=9").step(state)
    assert first == gamehost.agent("random:seed=9").step(state)
    assert first in state.legal_actions()
    assert gamehost.agent("greedy").step(state) in state.legal_actions()


def test_bad_agent_specs_raise_with_a_suggestion():
    with pytest.raises(gamehost.Error, match="mcts"):
        gamehost.agent("mtcs")
    with pytest.raises(gamehost.Error, match="terminal"):
        gamehost.agent("human")
    with pytest.raises(gamehost.Error):
        gamehost.agent("mcts:tme=1")
    with pytest.raises(ValueError, match="no seat is to move"):
        gamehost.agent("random").step(gamehost.load_game("city_planning").new_initial_state())


def test_python_functions_play_and_the_log_verifies(tmp_path):
    game = gamehost.load_game("connect_four")
    seen = []

    def leftmost(state):
        seen.append(state.current_player())
        return state.legal_actions()[0]

    log = tmp_path / "x.ghlog"
    result = gamehost.play(game, [leftmost, "random:seed=3"], log=str(log), seed=4)
    assert result["finished"] and result["plies"] == len(result["state"].history()) or result["finished"]
    assert result["state"].is_terminal()
    assert set(seen) == {0}
    assert gamehost_cli("verify", str(log)).returncode == 0
    header = gamehost.read_log(log).header
    assert [p["agent"] for p in header["players"]] == [
        "python:name=test_python_functions_play_and_the_log_verifies.<locals>.leftmost".replace("<", "_").replace(">", "_"),
        "random:seed=3"]
    with pytest.raises(gamehost.Error, match="exists"):
        gamehost.play(game, [leftmost, leftmost], log=str(log))


def test_hidden_information_game_from_python_verifies(tmp_path):
    game = gamehost.load_game("city_planning")
    views = []

    def first_choice(state):
        views.append(state.information_state_string(state.current_player()))
        return state.legal_actions()[0]

    log = tmp_path / "cp.ghlog"
    result = gamehost.play(game, [first_choice, gamehost.agent("random")], log=str(log), seed=2)
    assert result["finished"] and views
    assert gamehost_cli("verify", str(log)).returncode == 0
    assert gamehost.read_log(log).result["returns"] == result["returns"]


def test_a_python_agent_that_raises_or_cheats_stops_the_game(tmp_path):
    game = gamehost.load_game("connect_four")

    def broken(state):
        raise KeyError("no idea")

    with pytest.raises(KeyError, match="no idea"):
        gamehost.play(game, [broken, "random"])
    with pytest.raises(gamehost.Error, match="chose action 9, which is not legal"):
        gamehost.play(game, [lambda s: 9, "random"])
    result = gamehost.play(game, [lambda s: None, "random"], log=str(tmp_path / "quit.ghlog"))
    assert not result["finished"] and result["plies"] == 0


def test_agent_step_releases_the_gil():
    state = gamehost.load_game("alien_city", seed=1).new_initial_state()
    started = threading.Event()

    def think():
        started.set()
        gamehost.agent("mcts:time=0.6").step(state)

    thread = threading.Thread(target=think)
    thread.start()
    started.wait()
    time.sleep(0.1)  # needs the GIL back to wake: only while the search runs without it
    still_searching = thread.is_alive()
    thread.join()
    assert still_searching
