#!/usr/bin/env bash
# Installs what is missing, builds the host and the Alien City plugin in
# build/, plays one game of MCTS (0.2 s a move, Black) against the greedy
# agent (White) through gamehost, records it under games/recorded/ and
# prints the final board and the score breakdown.
# Usage: ./run.sh [SEED]      (default: a random seed, recorded in the log)
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
ensure_packages

build="${GAMEHOST_BUILD_DIR:-build}"
# Configured every time (a second when nothing changed): the tree picks up
# folders by their CMakeLists.txt, which an old cache would not notice.
generator=()
[ -f "$build/CMakeCache.txt" ] || generator=(-G "Unix Makefiles")
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)" --target gamehost alien_city_plugin >/dev/null

seed_args=()
[ $# -ge 1 ] && seed_args=(--seed "$1")
mkdir -p games/recorded
exec "$build/bin/gamehost" play alien_city "${seed_args[@]}" --player1 mcts:time=0.2 --player2 greedy --quiet
