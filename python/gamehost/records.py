"""Logs, reviews and tournaments as Python objects (docs/python.md, "Records").

Each has to_records() (a list of flat dicts, one per ply or game) and, where
pandas is installed, to_dataframe(); pandas is never required.
"""

import json
import os

from . import _gamehost


def _dataframe(records):
    try:
        import pandas  # optional
    except ImportError as e:
        raise ImportError("to_dataframe() needs pandas (apt install python3-pandas); "
                          "to_records() gives the same rows as dicts") from e
    return pandas.DataFrame.from_records(records)


class _Rows:
    """What every record class shares: to_dataframe() from its to_records()."""

    def to_dataframe(self):
        """to_records() as a pandas DataFrame (needs pandas)."""
        return _dataframe(self.to_records())


class _Plies(_Rows):
    def __len__(self):
        return len(self.plies)


class Log(_Plies):
    """A game log (.ghlog) read back: header, plies, result.

    header: game_id, game_version, options, seed, setup, players (name, agent,
    person), start_time_ms, ...; plies: one dict per ply (ply, seat, action,
    notation, time_ms, taken_back, notes); result: returns, scores, result,
    plies, end_time_ms (None when unfinished); fault: why a fault stopped the
    game (None otherwise).
    """

    def __init__(self, path):
        self.path = os.fspath(path)
        data = _gamehost._read_log(self.path)
        self.header = data["header"]
        self.plies = data["plies"]
        self.result = data["result"]
        self.fault = data["fault"]
        self.initial_notes = data["initial_notes"]
        self.signed = data["signed"]
        self._game = None

    @property
    def game_id(self):
        return self.header["game_id"]

    def finished(self):
        return self.result is not None

    def game(self, **load):
        """The game of this log, loaded with its recorded options and seed."""
        if self._game is None or load:
            game = _gamehost.load_game(self.game_id, seed=self.header["seed"], **load, **self.header["options"])
            if load:
                return game
            self._game = game
        return self._game

    def state_at(self, ply):
        """The state after `ply` plies (0: the initial state), replayed and
        checked through the game's plugin as `gamehost verify` does."""
        return _gamehost._state_at(self.game(), self.path, ply)

    def to_records(self):
        """One dict per ply: the file, the game, the seat's player and agent, and the ply's fields."""
        players = self.header["players"]
        rows = []
        for p in self.plies:
            seat = p["seat"]
            player = players[seat] if 0 <= seat < len(players) else None
            rows.append({
                "file": self.path, "game_id": self.game_id, "ply": p["ply"], "seat": seat,
                "player": player["name"] if player else "chance",
                "agent": player["agent"] if player else "",
                "action": p["action"], "notation": p["notation"], "time_ms": p["time_ms"],
                "taken_back": p["taken_back"], "notes": " | ".join(p["notes"]),
            })
        return rows

    def __repr__(self):
        return "<gamehost.Log {} {} plies{}>".format(
            self.path, len(self.plies), ", " + self.result["result"] if self.result else ", unfinished")


class Review(_Plies):
    """A review (.ghreview): header (the log, the settings) and one dict per
    ply (ply, seat, played, best, points_lost, class, before/after
    evaluations, best_line, played_line, ...), field names as in
    review.proto."""

    def __init__(self, data):
        self.path = data["file"]
        self.header = data["header"]
        self.plies = data["plies"]
        self.damaged_tail = data["damaged_tail"]
        self.computed = data.get("computed")

    def to_records(self):
        rows = []
        for p in self.plies:
            rows.append({
                "file": self.path, "ply": p["ply"], "seat": p["seat"], "played": p["played"],
                "reviewed": p["reviewed"], "best": p["best"], "points_lost": p["points_lost"],
                "class": p["class"], "before_margin": p["before"]["margin"] if p.get("before") else None,
                "before_win_probability": p["before"]["win_probability"] if p.get("before") else None,
                "best_line": " ".join(p["best_line"]),
            })
        return rows

    def __repr__(self):
        return "<gamehost.Review {} {} plies>".format(self.path, len(self.plies))


class Tournament(_Rows):
    """A tournament folder (gamehost tournament --dir DIR): its results.json.

    table: one dict per agent (the standings, best first); games: one dict
    per game (seats, seed, returns, scores, result, log); results: the whole
    results.json."""

    def __init__(self, directory):
        self.dir = os.fspath(directory)
        path = os.path.join(self.dir, "results.json")
        try:
            with open(path, encoding="utf-8") as f:
                self.results = json.load(f)
        except FileNotFoundError as e:
            raise _gamehost.Error("{}: no results.json (not a tournament folder, or not finished)".format(self.dir)) from e
        except json.JSONDecodeError as e:
            raise _gamehost.Error("{}: line {}, column {}: {}".format(path, e.lineno, e.colno, e.msg)) from e
        self.table = self.results.get("table", [])
        self.games = self.results.get("games", [])
        self.agents = self.results.get("agents", [])

    def to_records(self):
        """One flat dict per game."""
        rows = []
        for g in self.games:
            row = {}
            for key, value in g.items():
                if isinstance(value, list):
                    for i, v in enumerate(value):
                        row["{}_{}".format(key, i)] = v
                elif not isinstance(value, dict):
                    row[key] = value
            rows.append(row)
        return rows

    def log_path(self, game):
        """Where a game's log is: DIR/games/NAME (the folder may have moved
        since results.json named it), else the path it names."""
        inside = os.path.join(self.dir, "games", os.path.basename(game["log"]))
        return inside if os.path.exists(inside) else game["log"]

    def logs(self):
        """Every finished game's log, read (Log objects), in game order."""
        return [Log(self.log_path(g)) for g in self.games if g.get("log")]

    def __repr__(self):
        return "<gamehost.Tournament {} {} games>".format(self.dir, len(self.games))


def read_log(path):
    """Reads a .ghlog (checking its framing): a Log. gamehost.Error names the
    file, byte offset and ply of any damage."""
    return Log(path)


def read_review(path):
    """Reads a .ghreview: a Review."""
    return Review(_gamehost._read_review(os.fspath(path)))


def read_tournament(directory):
    """Reads a tournament folder's results.json: a Tournament."""
    return Tournament(directory)


def review(log, jobs=1, iterations=None, seed=None, out=None, restart=False, plugin_dirs=None):
    """Reviews a log as `gamehost review` does (verifying it first) and
    writes LOG.ghreview beside it (or `out`); continues a partial review.
    iterations: MCTS iterations a position (default 50000; fewer is faster
    and rougher). Releases the GIL while it works. Returns the Review."""
    log_path = log.path if isinstance(log, Log) else os.fspath(log)
    return Review(_gamehost._review(log_path, jobs=jobs, iterations=iterations, seed=seed,
                                    out=None if out is None else os.fspath(out), restart=restart,
                                    plugin_dirs=plugin_dirs))
