"""Shared fixtures of the Python module's tests (run by ctest: `ctest -R python`).

The environment comes from python/tests/CMakeLists.txt: PYTHONPATH (the
build's package), GAMEHOST_BIN (the gamehost program), GAMEHOST_SOURCE (the
source tree: samples, examples) and GAMEHOST_FAKE_PLUGINS (the fault plugin).
"""

import os
import subprocess

import pytest

SOURCE = os.environ.get("GAMEHOST_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("GAMEHOST_BIN", os.path.join(SOURCE, "build", "bin", "gamehost"))
FAKE_PLUGINS = os.environ.get("GAMEHOST_FAKE_PLUGINS", os.path.join(SOURCE, "build", "tests", "host", "fake_plugins"))
SAMPLES = os.path.join(SOURCE, "games", "samples")

# balanced_layout(1), as docs/notation.md prints it.
LAYOUT = "g-sw g-sw b-ne g-se / r-ne r-se g-se k-nw / r-ne g-ne r-ne b-sw / k-se k-se r-sw k-se / k-sw b-se b-se b-nw"


def gamehost_cli(*args, check=True):
    """Runs the gamehost program; returns the CompletedProcess (text)."""
    return subprocess.run([BIN, *args], capture_output=True, text=True, check=check, timeout=120)


@pytest.fixture
def cli():
    return gamehost_cli
