"""pyspiel's calls that code written for OpenSpiel uses, on gamehost's Game and State.

Imported by the package (gamehost/__init__.py), which re-exports the module-level
ones: registered_names, SpielError, GameType, serialize_game_and_state,
deserialize_game_and_state. Each keeps pyspiel's meaning; docs/python.md
("pyspiel's calls") says where one of our games has no such notion. Pickling
a Game or a State (so that multiprocessing can send them) is defined here too.
"""

import base64
import enum
import json

from . import _gamehost
from ._gamehost import Error, Game, State

# pyspiel.SpielError: what pyspiel raises for a misuse or an illegal action.
# Every error of the host is a gamehost.Error, so `except pyspiel.SpielError`
# written for pyspiel catches ours (CallError, IllegalActionError, PluginFault).
SpielError = Error


class GameType:
    """pyspiel.GameType: what kind of game it is (game.get_type())."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    def __init__(self, info):
        players = len(info["players"])
        self.short_name = info["id"]
        self.long_name = info["name"]
        # The interface is turn by turn: one seat (or chance) decides at a time.
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        # Chance nodes list their outcomes with probabilities (chance_outcomes()).
        self.chance_mode = (GameType.ChanceMode.EXPLICIT_STOCHASTIC if info["has_chance"]
                            else GameType.ChanceMode.DETERMINISTIC)
        self.information = (GameType.Information.IMPERFECT_INFORMATION if info["has_hidden_information"]
                            else GameType.Information.PERFECT_INFORMATION)
        # Returns are win 1, loss -1, draw 0: zero-sum with two seats.
        self.utility = GameType.Utility.ZERO_SUM if players == 2 else GameType.Utility.GENERAL_SUM
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = players
        self.min_num_players = players
        self.provides_information_state_string = True
        # The observation tensor stands for the information state only where
        # it shows everything (perfect information); see information_state_tensor.
        self.provides_information_state_tensor = not info["has_hidden_information"]
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.parameter_specification = {o["name"]: _typed(o, o["default"]) for o in info["options"]}
        self.default_loadable = True
        self.provides_factored_observation_string = False

    def __repr__(self):
        return (f"<GameType short_name={self.short_name!r} dynamics={self.dynamics.name} "
                f"chance_mode={self.chance_mode.name} information={self.information.name} "
                f"utility={self.utility.name}>")


def _typed(spec, text):
    """An option's text value as pyspiel holds parameters: int, bool or str."""
    if spec["type"] == "INT":
        return int(text)
    if spec["type"] == "BOOL":
        return text == "true"
    return text


# ----------------------------------------------------------------- Game

def _get_type(game):
    return GameType(game.info())


def _get_parameters(game):
    specs = {o["name"]: o for o in game.info()["options"]}
    return {name: _typed(specs[name], value) if name in specs else value for name, value in game.options.items()}


def _max_chance_outcomes(game):
    # No game says how many outcomes its largest chance node has; every
    # outcome is an action id below num_distinct_actions(), so that bounds it.
    return game.num_distinct_actions() if game.info()["has_chance"] else 0


def _utility_sum(game):
    return 0.0 if game.num_players() == 2 else None


Game.get_type = _get_type
Game.get_parameters = _get_parameters
Game.min_utility = lambda game: -1.0
Game.max_utility = lambda game: 1.0
Game.utility_sum = _utility_sum
Game.max_chance_outcomes = _max_chance_outcomes
Game.information_state_tensor_shape = lambda game: game.observation_tensor_shape()
Game.information_state_tensor_size = lambda game: game.observation_tensor_size()
Game.get_type.__doc__ = "pyspiel's GameType: dynamics, chance_mode, information, utility, reward_model, ..."
Game.get_parameters.__doc__ = "The game's options, resolved, as a dict of int, bool or str (pyspiel's parameters)."
Game.max_chance_outcomes.__doc__ = ("0 without chance; else num_distinct_actions(), a bound on the outcomes "
                                    "of any chance node (no game states its largest).")
Game.utility_sum.__doc__ = "0.0: returns are win 1, loss -1, draw 0 (None for a game of more than two seats)."

# Pickling: a game is loaded again from its arguments, once per process.
_loaded = {}


def _restore_game(game_id, kwargs):
    key = (game_id, json.dumps(kwargs, sort_keys=True))
    game = _loaded.get(key)
    if game is None:
        game = _loaded[key] = _gamehost.load_game(game_id, **kwargs)
    return game


Game.__reduce__ = lambda game: (_restore_game, game._load_arguments())


# ----------------------------------------------------------------- State

def _legal_actions_mask(state, player=None):
    mask = [0] * state.get_game().num_distinct_actions()
    for action in state.legal_actions(player):
        mask[action] = 1
    return mask


def _child(state, action):
    child = state.clone()
    child.apply_action(action)
    return child


def _string_to_action(state, *args):
    """string_to_action(text) or pyspiel's string_to_action(player, text)."""
    if len(args) not in (1, 2):
        raise TypeError("string_to_action(text) or string_to_action(player, text)")
    return state.parse_action(args[-1])


def _rewards(state):
    # Rewards come only at the end: the returns then, zeros before.
    return state.returns()


def _player_return(state, player):
    returns = state.returns()
    if not 0 <= player < len(returns):
        raise ValueError(f"player {player} is not a seat of {state.get_game().id} (0..{len(returns) - 1})")
    return returns[player]


def _is_initial_state(state):
    if state.history_from_start():
        return not state.history()
    return state.serialize() == state.get_game().new_initial_state().serialize() and not state.history()


def _information_state_tensor(state, player=None):
    return state.observation_tensor(player)


State.legal_actions_mask = _legal_actions_mask
State.child = _child
State.string_to_action = _string_to_action
State.history_str = lambda state: ", ".join(str(a) for a in state.history())
State.move_number = lambda state: len(state.history())
State.rewards = _rewards
State.player_return = _player_return
State.is_initial_state = _is_initial_state
State.is_simultaneous_node = lambda state: False
State.information_state_tensor = _information_state_tensor
State.legal_actions_mask.__doc__ = ("A list of num_distinct_actions() ints, 1 at each legal action id "
                                    "([0, ...] for another player or when over).")
State.child.__doc__ = "A new state: this one with `action` applied (this one unchanged)."
State.history_str.__doc__ = "history() as pyspiel writes it: the ids joined by \", \"."
State.move_number.__doc__ = ("How many actions (chance ones included) lead here: len(history()); from a "
                             "deserialize_state() state, those since its bytes.")
State.rewards.__doc__ = "The rewards of the last action: the returns when the game is over, zeros before."
State.is_initial_state.__doc__ = "Whether no action has been applied since the initial state."
State.is_simultaneous_node.__doc__ = "False: in every game one seat (or chance) decides at a time."
State.information_state_tensor.__doc__ = (
    "The observation tensor (the same array): the whole information state in games of perfect information; "
    "in City Planning what the seat sees now, not the history of what it saw (docs/python.md).")


def _restore_state(game, data, history, from_start):
    state = game.deserialize_state(data)
    state._set_history(history, from_start)
    return state


State.__reduce__ = lambda state: (_restore_state, (state.get_game(), state.serialize(), state.history(),
                                                   state.history_from_start()))


# ----------------------------------------------------------------- module

def registered_names():
    """The ids of every game the host finds (pyspiel.registered_names())."""
    return [g["id"] for g in _gamehost.games() if "id" in g]


_HEADER = "# Automatically generated by gamehost serialize_game_and_state"


def serialize_game_and_state(game, state):
    """The game and the state as one text, laid out as pyspiel's is ([Meta], [Game], [State])."""
    game_id, kwargs = game._load_arguments()
    return "\n".join([
        _HEADER, "[Meta]", "Version: 1", "",
        "[Game]", json.dumps({"id": game_id, "load": kwargs}, sort_keys=True),
        "[State]", json.dumps({"bytes": base64.b64encode(state.serialize()).decode("ascii"),
                               "history": state.history(), "history_from_start": state.history_from_start()}),
        ""])


def deserialize_game_and_state(text):
    """(game, state) from serialize_game_and_state's text; gamehost.Error names what is wrong."""
    sections = {}
    current = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        if line in ("[Meta]", "[Game]", "[State]"):
            current = line
            sections[current] = []
        elif current is None:
            raise Error(f"deserialize_game_and_state: line {number}: text before the first section")
        else:
            sections[current].append((number, line))
    for name in ("[Meta]", "[Game]", "[State]"):
        if name not in sections or not sections[name]:
            raise Error(f"deserialize_game_and_state: no {name} section")
    if sections["[Meta]"][0][1] != "Version: 1":
        number, line = sections["[Meta]"][0]
        raise Error(f"deserialize_game_and_state: line {number}: version {line!r}, expected 'Version: 1'")
    try:
        number, line = sections["[Game]"][0]
        game_spec = json.loads(line)
        game = _restore_game(game_spec["id"], game_spec["load"])
        number, line = sections["[State]"][0]
        state_spec = json.loads(line)
        return game, _restore_state(game, base64.b64decode(state_spec["bytes"], validate=True),
                                    state_spec["history"], state_spec["history_from_start"])
    except (ValueError, KeyError, TypeError) as e:
        raise Error(f"deserialize_game_and_state: line {number}: {type(e).__name__}: {e}") from None
