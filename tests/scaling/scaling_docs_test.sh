#!/bin/bash
# docs/scaling.md's GNU parallel command and Slurm script, run as the docs
# show them (the script as plain bash, one array task after another, since
# no scheduler runs here), with gamehost from the build on PATH; the merged
# results must hold every game.
# Usage: scaling_docs_test.sh DOCS/scaling.md BIN_DIR
set -euo pipefail
doc=$1
export PATH="$2:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The fenced block right after the line "<!-- test: NAME ...".
block() {
  awk -v name="$1" '
    index($0, "<!-- test: " name " ") == 1 { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$doc"
}

fail() { echo "FAIL: $*" >&2; exit 1; }

# --- GNU parallel: 1,000 games in two shards at once, then merge.
block parallel > parallel.sh
[ -s parallel.sh ] || fail "no parallel block in $doc"
bash -euo pipefail parallel.sh > merge.out
grep -q '"games_finished": 1000,' big/results.json || fail "big/results.json does not hold 1000 games"
grep -q '"games_faulted": 0,' big/results.json || fail "faults in big/results.json"
head -2 merge.out | grep -qx 'Results: 1000 games in [0-9:]* (the longest shard)' || fail "merge printed: $(head -2 merge.out)"
[ "$(ls big/games | wc -l)" -eq 1000 ] || fail "$(ls big/games | wc -l) logs, not 1000"
[ "$(awk 'NR > 1 && $7 == 0' big.joblog | wc -l)" -eq 2 ] || fail "the joblog does not show two shards that succeeded"

# --- Slurm: each of the array's tasks as plain bash, quick agents, 2 games per pairing.
block slurm > tournament.sbatch
grep -q '^#SBATCH --array=1-8$' tournament.sbatch || fail "no Slurm array script in $doc"
for task in 1 2 3 4 5 6 7 8; do
  SLURM_ARRAY_TASK_ID=$task AGENTS=mcts:iters=50,greedy,random GAMES=2 OUT=strength bash tournament.sbatch > "task-$task.out" || fail "task $task failed"
done
gamehost merge strength/results-*-of-8.json > slurm-merge.out
grep -q '"games_finished": 6,' strength/results.json || fail "strength/results.json does not hold 6 games"
grep -q '"seconds"' strength/results.json && fail "strength/results.json holds wall-clock time (it goes to timing.json)"
[[ -s strength/timing.json ]] || fail "merge wrote no strength/timing.json"
# A task requeued after it finished keeps its games and writes the same results.
cp strength/results-3-of-8.json before.json
SLURM_ARRAY_TASK_ID=3 SLURM_RESTART_COUNT=1 AGENTS=mcts:iters=50,greedy,random GAMES=2 OUT=strength bash tournament.sbatch > requeued.out
sed -E 's/"seconds": [0-9.e+-]+/"seconds": _/' before.json > a.json
sed -E 's/"seconds": [0-9.e+-]+/"seconds": _/' strength/results-3-of-8.json > b.json
cmp -s a.json b.json || fail "the requeued task's results differ"
echo "scaling docs: OK"
