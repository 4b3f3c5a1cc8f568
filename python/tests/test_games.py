"""Games through the host's registry: every State call on each game, with
exact values in hand-built positions, and errors raised, never fatal."""

import os

import pytest

import gamehost
from conftest import FAKE_PLUGINS, LAYOUT


def test_games_lists_the_shipped_games_with_their_options():
    by_id = {g["id"]: g for g in gamehost.games() if "id" in g}
    assert {"alien_city", "city_planning", "connect_four"} <= set(by_id)
    assert [o["name"] for o in by_id["alien_city"]["options"]] == ["setup", "layout", "position"]
    assert by_id["alien_city"]["players"] == ["Black", "White"]
    assert by_id["connect_four"]["options"] == []
    assert by_id["city_planning"]["has_hidden_information"] is True


def test_unknown_game_raises_with_the_installed_games():
    with pytest.raises(gamehost.Error, match=r"unknown game 'chess' \(installed: .*connect_four"):
        gamehost.load_game("chess")


def test_bad_option_raises_the_cli_message():
    with pytest.raises(gamehost.CallError) as e:
        gamehost.load_game("alien_city", setup="nonsense")
    assert e.value.status == "INVALID_ARGUMENT"
    assert "setup" in str(e.value) and "nonsense" in str(e.value)
    with pytest.raises(gamehost.CallError, match="rows"):
        gamehost.load_game("connect_four", rows=6)


def test_connect_four_first_game():
    game = gamehost.load_game("connect_four")
    assert (game.num_players(), game.num_distinct_actions(), game.max_game_length()) == (2, 7, 42)
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 6]
    assert state.legal_actions(1) == []
    assert state.legal_moves() == ["a", "b", "c", "d", "e", "f", "g"]
    assert not state.is_chance_node() and state.chance_outcomes() == []
    for column in [3, 3, 4, 4, 5, 5]:
        state.apply_action(column)
    assert state.current_player() == 0 and not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.apply_move("g") == 6
    assert state.is_terminal()
    assert state.current_player() == gamehost.TERMINAL == -4
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert state.history() == [3, 3, 4, 4, 5, 5, 6]
    assert state.result() == "Red wins: four in a line"
    assert state.scores() == []
    assert str(state) == ("    a b c d e f g\n 6  . . . . . . .\n 5  . . . . . . .\n 4  . . . . . . .\n"
                          " 3  . . . . . . .\n 2  . . . O O O .\n 1  . . . X X X X\n    a b c d e f g\n"
                          "Red wins: four in a line\nLegend: X Red, O Yellow; [ ] the last move\n")
    # Perfect information: both seats see the same (Observe's text, the plain grid).
    assert state.information_state_string(0) == state.information_state_string(1)
    assert "1 . . . X X X X" in state.information_state_string(0)


def test_connect_four_illegal_moves_raise_and_change_nothing():
    state = gamehost.load_game("connect_four").new_initial_state()
    for _ in range(6):
        state.apply_action(0)
    with pytest.raises(gamehost.IllegalActionError) as e:
        state.apply_action(0)
    assert e.value.status == "ILLEGAL_ACTION"
    assert "full" in str(e.value)
    with pytest.raises(gamehost.IllegalActionError):
        state.apply_move("a")
    with pytest.raises(gamehost.CallError) as e:
        state.apply_move("z")
    assert e.value.status == "INVALID_ARGUMENT"
    assert str(e.value) == "'z' is not a column (a..g)"
    with pytest.raises(gamehost.IllegalActionError):
        state.apply_action(99)
    assert state.history() == [0] * 6 and state.legal_actions() == [1, 2, 3, 4, 5, 6]


def test_clone_and_serialize_give_independent_equal_states():
    game = gamehost.load_game("connect_four")
    state = game.new_initial_state()
    state.apply_action(2)
    copy = state.clone()
    copy.apply_action(2)
    assert state.legal_actions() == list(range(7)) and state.history() == [2]
    assert copy.history() == [2, 2]
    back = game.deserialize_state(copy.serialize())
    assert back.serialize() == copy.serialize() and str(back) == str(copy)
    assert back.current_player() == 0
    with pytest.raises(gamehost.CallError) as e:
        game.deserialize_state(b"not a state")
    assert e.value.status == "BAD_STATE"


def test_alien_city_state_calls():
    game = gamehost.load_game("alien_city", layout=LAYOUT, seed=3)
    assert game.options["layout"] == LAYOUT
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.phase() == "build"
    assert state.scores() == [0, 0]
    moves = state.legal_moves()
    assert len(moves) == len(state.legal_actions()) == 150 and moves[:3] == ["RT@B1", "RT@A2", "RT@B2"]
    with pytest.raises(gamehost.IllegalActionError) as e:
        state.apply_move("RT@E3")  # E3 is its tile's icon lot
    assert (e.value.status, e.value.code) == ("ILLEGAL_ACTION", "R11")
    assert str(e.value) == "ruling R11 (rule 5): E3 is its tile's icon lot, built last: F3 on the same tile can still be built"
    with pytest.raises(gamehost.CallError) as e:
        state.apply_move("XT@E3")
    assert (e.value.status, e.value.code) == ("INVALID_ARGUMENT", "notation")
    assert str(e.value).startswith("cannot read 'XT@E3' as a decision: 'xt' is not a piece")
    action = state.apply_move("RT@C3")
    assert state.history() == [action]
    assert state.phase() == "claim" and state.current_player() == 0
    assert state.legal_moves() == ["claim@C3", "decline"]
    state.apply_move("claim@C3")
    assert state.current_player() == 1 and state.phase() == "build"
    with pytest.raises(gamehost.IllegalActionError) as e:
        state.apply_move("RT@C3")
    assert e.value.code == "R7" and str(e.value) == "ruling R7 (rule 1): C3 is already built on"
    text = str(state)
    assert text.splitlines()[:3] == ["to-move: White build", "White: RT3 BT2 GT2 RD3 BD3 GD3 KD3 caps3",
                                     "Black: RT1 BT3 GT2 RD3 BD3 GD3 KD3 caps2"]
    assert "\x1b[" not in text  # no colour
    assert state.information_state_string(1) == state.information_state_string(0)


def test_alien_city_analyze_gives_the_score_breakdown_as_python_objects():
    state = gamehost.load_game("alien_city", layout=LAYOUT).new_initial_state()
    for move in ["RT@C3", "claim@C3", "BT@C2", "decline", "RT@G3", "decline"]:
        state.apply_move(move)
    assert state.scores() == [3, 0]  # Black's claimed red tower: 1 customer x distance 3
    analysis = state.analyze()
    assert analysis["text"]
    assert analysis["detail"]["@type"].endswith("alien_city.v1.Analysis")
    assert analysis["detail"]["score"] == {
        "towers": [{"lot": "C3", "piece": "RT", "owner": "Black",
                    "customers": [{"lot": "C2", "piece": "BT", "distance": 2, "path": ["B3", "B2"]}],
                    "competitor": "G3", "competitor_distance": 3, "competitor_path": ["D3", "E3", "F3"],
                    "points": 3}],
        "bonuses": [], "white": 0, "black": 3, "final": False, "winner": ""}


def test_city_planning_chance_and_hidden_hands():
    game = gamehost.load_game("city_planning")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == gamehost.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.legal_actions())
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    # The setup: three tiles, three coins to A, three to B, the first player.
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() in (0, 1)
    a_view, b_view = state.information_state_string(0), state.information_state_string(1)
    assert a_view != b_view
    assert state.text() != a_view  # the omniscient text shows both hands


def test_isolated_crashing_plugin_raises_instead_of_killing_python(monkeypatch):
    monkeypatch.setenv("GAMEHOST_FAULT", "crash:apply")
    game = gamehost.load_game("fault_game", isolate=True, plugin_dirs=[FAKE_PLUGINS])
    state = game.new_initial_state()
    with pytest.raises(gamehost.PluginFault) as e:
        state.apply_action(state.legal_actions()[0])
    assert e.value.kind == "crashed"
    assert e.value.call == "Apply"
    assert "Segmentation fault" in str(e.value)
    # The runner restarts: the next call works.
    monkeypatch.delenv("GAMEHOST_FAULT")
    assert state.legal_actions()


def test_isolated_game_plays_like_in_process():
    inside = gamehost.load_game("connect_four").new_initial_state()
    isolated = gamehost.load_game("connect_four", isolate=True).new_initial_state()
    for column in [3, 2, 3, 2]:
        inside.apply_action(column)
        isolated.apply_action(column)
    assert inside.serialize() == isolated.serialize()


def test_the_stub_and_the_docstrings_cover_the_module():
    import ast

    stub_path = os.path.join(os.path.dirname(gamehost.__file__), "_gamehost.pyi")
    stub = ast.parse(open(stub_path).read())
    top = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    top |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    assert top == {n for n in dir(gamehost._gamehost) if not n.startswith("__")}
    for cls in (n for n in stub.body if isinstance(n, ast.ClassDef) and n.name in ("Game", "State", "Agent")):
        members = {m.name for m in cls.body if isinstance(m, ast.FunctionDef)}
        members |= {m.target.id for m in cls.body if isinstance(m, ast.AnnAssign)}
        runtime = {m for m in dir(getattr(gamehost, cls.name)) if not m.startswith("_")}
        assert members == runtime, cls.name
    assert "isolate" in gamehost.load_game.__doc__ and "gamehost verify" in gamehost.play.__doc__
