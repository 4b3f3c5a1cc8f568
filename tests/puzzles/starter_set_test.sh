#!/bin/sh
# ctest puzzles.starter_set: the starter set regenerated (games/puzzles/README.md).
# The sample games' puzzles whole; of the mcts-greedy set, the puzzles of its
# first source log (the whole set takes minutes): each must come out
# the same, byte for byte.
#   starter_set_test.sh GAMEHOST SOURCE_DIR PYTHON
set -eu
bin=$1
src=$2
python=$3
set_dir=$src/games/puzzles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
search="--playouts 150 --verify-playouts 600 --jobs 2 --quiet"
"$bin" puzzles "$src"/games/samples/seed-1.ghlog "$src"/games/samples/seed-2.ghlog "$src"/games/samples/seed-3.ghlog \
  --reviews "$set_dir/reviews" --out "$work/samples.ghpuz" $search >/dev/null
cmp "$work/samples.ghpuz" "$set_dir/samples.ghpuz"
logs=$(ls "$set_dir"/sources/*.ghlog | head -1)
# shellcheck disable=SC2086
"$bin" puzzles $logs --reviews "$set_dir/reviews" --out "$work/subset.ghpuz" $search >/dev/null
"$python" - "$work/subset.ghpuz" "$set_dir/mcts-greedy.ghpuz" <<'PY'
import sys
def blocks(path):
    text = open(path).read()
    parts = text.split("\npuzzles {\n")[1:]
    return [p for p in parts]
def source(block):
    return block.split('source_log: "', 1)[1].split('"', 1)[0]
made = blocks(sys.argv[1])
logs = {source(b) for b in made}
shipped = [b for b in blocks(sys.argv[2]) if source(b) in logs]
if [b.rstrip() for b in made] != [b.rstrip() for b in shipped] or not made:
    sys.exit("the regenerated puzzles of %s differ from %s" % (sorted(logs), sys.argv[2]))
print("same %d puzzles from %s" % (len(made), ", ".join(sorted(logs))))
PY
