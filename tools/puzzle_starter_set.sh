#!/bin/sh
# The recipe of the starter puzzle set in games/puzzles/ (games/puzzles/README.md):
#   tools/puzzle_starter_set.sh build/bin/gamehost WORK [FIRST LAST]
# plays the 200 games of mcts (1000 iterations a move: deterministic) against
# greedy, seeded 34, into WORK/t/games, and mines them ten logs at a time
# into WORK/parts/*.ghpuz (games FIRST..LAST only, when given, 1-based), with
# the reviews in WORK/reviews. Then games/puzzles/samples.ghpuz from the sample games. The
# parts are joined by tools/puzzle_join.py. Every step is deterministic: the
# same binary gives the same files.
set -eu
bin=$1
work=$2
first=${3:-1}
last=${4:-200}
here=$(cd "$(dirname "$0")/.." && pwd)
# The settings of the whole starter set (cheaper than the defaults, so that
# 200 games mine in about half an hour of CPU; every puzzle is still
# verified by a search four times deeper, or proved).
settings="--review-iters 300 --playouts 150 --verify-playouts 600 --jobs 2 --quiet --force"
mkdir -p "$work/reviews" "$work/parts"
if [ ! -d "$work/t/games" ]; then
  "$bin" tournament alien_city --agents mcts:iters=1000,greedy --games 200 --seed 34 --out "$work/t" >/dev/null
fi
logs=$(ls "$work"/t/games/*.ghlog | sed -n "${first},${last}p")
set -- $logs
while [ $# -gt 0 ]; do
  chunk=""
  for k in 1 2 3 4 5 6 7 8 9 10; do
    [ $# -gt 0 ] || break
    chunk="$chunk $1"
    shift
  done
  name=$(basename $(echo $chunk | cut -d' ' -f1) .ghlog)
  # shellcheck disable=SC2086
  "$bin" puzzles $chunk --out "$work/parts/$name.ghpuz" --reviews "$work/reviews" $settings
done
