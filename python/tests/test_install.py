"""`cmake --install` puts the package into PREFIX/lib/python3.X/dist-packages,
and the installed module, moved elsewhere and run from another folder in a
bare environment, finds its plugins and runner beside itself."""

import os
import shutil
import subprocess
import sys

import pytest

BUILD = os.environ.get("GAMEHOST_BUILD")
# The ids of the games the build installs (ctest sets it from CMake's record of plugins).
INSTALLED_GAMES = sorted(os.environ.get("GAMEHOST_INSTALLED_GAMES", "").split(","))

SCRIPT = """
import gamehost
ids = sorted(g["id"] for g in gamehost.games() if "id" in g)
inside = gamehost.load_game("connect_four").new_initial_state()
isolated = gamehost.load_game("connect_four", isolate=True).new_initial_state()
for column in [3, 3, 4, 4, 5, 5, 6]:
    inside.apply_action(column)
    isolated.apply_action(column)
print(ids, inside.returns(), isolated.returns(), gamehost.__file__)
"""


@pytest.mark.skipif(not BUILD or INSTALLED_GAMES == [""], reason="needs GAMEHOST_BUILD and GAMEHOST_INSTALLED_GAMES (set by ctest)")
@pytest.mark.skipif(bool(os.environ.get("GAMEHOST_SANITIZED")), reason="a sanitizer build's module needs its runtimes preloaded")
def test_installed_package_works_from_any_folder(tmp_path):
    staged = tmp_path / "staged"
    subprocess.run(["cmake", "--install", BUILD, "--prefix", str(staged)], check=True, capture_output=True,
                   timeout=120)
    moved = tmp_path / "moved"
    shutil.move(str(staged), str(moved))
    minor = sys.version_info.minor
    site = moved / "lib" / "python3.{}".format(minor) / "dist-packages"
    assert (site / "gamehost" / "__init__.py").exists() and (site / "gamehost" / "_gamehost.pyi").exists()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=elsewhere, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(str(INSTALLED_GAMES) + " [1.0, -1.0] [1.0, -1.0] " +
                                  str(site / "gamehost" / "__init__.py"))
