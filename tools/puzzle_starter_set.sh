#!/bin/sh
# The recipe of the starter puzzle set in games/puzzles/ (games/puzzles/README.md):
#
#   tools/puzzle_starter_set.sh build/bin/gamehost WORK [FIRST LAST]
#
# 1. plays the 200 games of mcts (1000 iterations a move, so deterministic)
#    against greedy, seeded 34, into WORK/t/games (once);
# 2. mines games FIRST..LAST of them (default 1..200, in name order) five
#    logs at a time into WORK/parts/*.ghpuz, their reviews in WORK/reviews;
# 3. copies every log that gave a puzzle, and its review, into
#    games/puzzles/sources and games/puzzles/reviews, and joins the parts'
#    puzzles into games/puzzles/mcts-greedy.ghpuz (a log is mined on its
#    own, so mining the sources again gives the same puzzles: the ctest
#    puzzles.starter_set checks it on one);
# 4. mines the sample games into games/puzzles/samples.ghpuz (their reviews
#    are shipped in games/puzzles/reviews).
# Every step is deterministic: the same binary gives the same files.
set -eu
bin=$1
work=$2
first=${3:-1}
last=${4:-200}
here=$(cd "$(dirname "$0")/.." && pwd)
set_dir=$here/games/puzzles
# The settings of the whole starter set: cheaper than the defaults, so that
# a game mines in seconds; every puzzle is still verified by a search four
# times deeper, or proved.
search="--playouts 150 --verify-playouts 600 --jobs 2 --quiet --force"
mkdir -p "$work/reviews" "$work/parts" "$set_dir/sources" "$set_dir/reviews"
if [ ! -d "$work/t/games" ]; then
  "$bin" tournament alien_city --agents mcts:iters=1000,greedy --games 200 --seed 34 --out "$work/t" >/dev/null
fi
logs=$(ls "$work"/t/games/*.ghlog | sed -n "${first},${last}p")
set -- $logs
while [ $# -gt 0 ]; do
  chunk=""
  for k in 1 2 3 4 5; do
    [ $# -gt 0 ] || break
    chunk="$chunk $1"
    shift
  done
  name=$(basename $(echo $chunk | cut -d' ' -f1) .ghlog)
  [ -f "$work/parts/$name.ghpuz" ] && continue
  # shellcheck disable=SC2086
  "$bin" puzzles $chunk --out "$work/parts/$name.ghpuz" --reviews "$work/reviews" --review-iters 300 $search
done
for log in $(cat "$work"/parts/*.ghpuz | sed -n 's/^  source_log: "\(.*\)"$/\1/p' | sort -u); do
  cp "$work/t/games/$log" "$set_dir/sources/"
  cp "$work/reviews/${log%.ghlog}.ghreview" "$set_dir/reviews/"
done
# The first part's header, then every part's puzzles, in log order.
python3 - "$set_dir/mcts-greedy.ghpuz" "$work"/parts/*.ghpuz <<'PY'
import sys
texts = [open(p).read() for p in sys.argv[2:]]
head = texts[0].split("\npuzzles {\n")[0]
blocks = [b for t in texts for b in t.split("\npuzzles {\n")[1:]]
open(sys.argv[1], "w").write(head + "".join("\npuzzles {\n" + b.rstrip("\n") for b in blocks) + "\n")
PY
"$bin" puzzles "$here"/games/samples/seed-1.ghlog "$here"/games/samples/seed-2.ghlog "$here"/games/samples/seed-3.ghlog \
  --reviews "$set_dir/reviews" --out "$set_dir/samples.ghpuz" $search
