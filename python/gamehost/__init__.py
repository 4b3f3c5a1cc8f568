"""Every gamehost game, agent, log and review from Python (docs/python.md).

    import gamehost
    game = gamehost.load_game("connect_four")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(gamehost.agent("mcts:iters=200").step(state))
    print(state, state.returns())

The calls follow OpenSpiel's pyspiel (load_game, new_initial_state,
legal_actions, apply_action, returns, observation_tensor, clone, serialize),
so code written for OpenSpiel's Connect Four runs on ours unchanged; with the
rest of the calls pyspiel users write (gamehost/openspiel.py: get_type,
legal_actions_mask, child, pickling, serialize_game_and_state, ...), even
`import gamehost as pyspiel` works for them.
"""

from ._gamehost import (  # noqa: F401  (the public API)
    CHANCE,
    TERMINAL,
    Agent,
    CallError,
    Error,
    Game,
    IllegalActionError,
    PluginFault,
    State,
    agent,
    games,
    load_game,
    play,
)
from .openspiel import (  # noqa: F401  (pyspiel's calls, added to Game and State)
    GameType,
    SpielError,
    deserialize_game_and_state,
    registered_names,
    serialize_game_and_state,
)
from .records import Log, Review, Tournament, read_log, read_review, read_tournament, review  # noqa: F401

__all__ = [
    "CHANCE", "TERMINAL", "Agent", "CallError", "Error", "Game", "IllegalActionError", "PluginFault",
    "State", "agent", "games", "load_game", "play", "Log", "Review", "Tournament", "read_log",
    "read_review", "read_tournament", "review", "GameType", "SpielError", "deserialize_game_and_state",
    "registered_names", "serialize_game_and_state",
]
