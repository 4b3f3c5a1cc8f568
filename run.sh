#!/usr/bin/env bash
# Installs what is missing, builds the host, the Alien City plugin and the
# replay viewer in build/, plays one game of MCTS (0.2 s a move, Black)
# against the greedy agent (White) through gamehost, records it under
# games/recorded/, prints the final board and the score breakdown, then opens
# the replay viewer on the log — or, without a display, writes a PNG of the
# final scoring view next to the log.
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
cmake --build "$build" -j "$(nproc)" --target gamehost alien_city_plugin replay-viewer >/dev/null

seed_args=()
[ $# -ge 1 ] && seed_args=(--seed "$1")
mkdir -p games/recorded
log="games/recorded/run-$(date +%Y%m%d-%H%M%S)-$$.ghlog"
out=$("$build/bin/gamehost" play alien_city "${seed_args[@]}" --player1 mcts:time=0.2 --player2 greedy \
  --out "$log" --quiet)
echo "$out"
# The final board and the score breakdown with every route.
board=$("$build/bin/gamehost" show "$log")
echo "$board"
# The first claimed tower of the breakdown, shown with its scoring routes.
tower=$(grep -m1 -oE '^  [a-z]+ tower [A-H][0-9]+:' <<<"$board" | grep -oE '[A-H][0-9]+' || true)
select_args=()
[ -n "$tower" ] && select_args=(--select "$tower")

# The viewer: a window when there is a display, else one PNG of the end.
if [ -n "${DISPLAY:-}" ] && [ -z "${CI:-}" ]; then
  echo "Opening the replay viewer on $log (H for help, Q to quit)"
  plies=$(grep -oE 'after [0-9]+ plies' <<<"$out" | grep -oE '[0-9]+' || echo 0)
  exec "$build/bin/replay-viewer" "$log" --ply "$plies" "${select_args[@]}"
fi
png="${log%.ghlog}.png"
if xvfb-run -a "$build/bin/replay-viewer" "$log" --screenshot "$png" --overlay paths "${select_args[@]}"; then
  echo "No display: the final scoring view is in $png"
else
  echo "No display, and the offscreen view could not be drawn (see above)" >&2
fi
