"""The examples of examples/python/ run, and say what they should."""

import os
import subprocess
import sys

from conftest import SOURCE, gamehost_cli

EXAMPLES = os.path.join(SOURCE, "examples", "python")


def run(script, *args):
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args], capture_output=True, text=True,
                          timeout=300, env=os.environ)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_vs_mcts(tmp_path):
    log = tmp_path / "match.ghlog"
    out = run("random_vs_mcts.py", str(log))
    assert "random vs mcts:" in out
    assert gamehost_cli("verify", str(log)).returncode == 0
    code = open(os.path.join(EXAMPLES, "random_vs_mcts.py")).read().strip().splitlines()
    assert len(code) <= 10


def test_tournament_stats(tmp_path):
    out_dir = tmp_path / "t"
    gamehost_cli("tournament", "connect_four", "--agents", "random,greedy", "--games", "4", "--seed", "5",
                 "--out", str(out_dir))
    out = run("tournament_stats.py", str(out_dir))
    lines = out.splitlines()
    assert lines[0].split() == ["games", "4"]
    assert lines[1].startswith("first mover win rate")
    assert "first move" in out and "greedy" in out and "random" in out


def test_value_function_beats_the_first_mover_guess():
    out = run("value_function.py", "2000", "1")
    assert "games: 2000 (1500 to fit, 500 held out)" in out
    assert "better than the first-mover guess: yes" in out, out


def test_openspiel_compatibility():
    out = run("openspiel_compat.py")
    assert "gamehost: {'players': 2, 'actions': 7, 'shape': [3, 6, 7]" in out
