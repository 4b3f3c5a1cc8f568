#!/bin/bash
# tools/review_truth.py end to end on the real gamehost: two Connect Four
# games and one Alien City game of games/truth/ at small budgets (the
# reference's solver given more than the review's, so that some plies are
# estimated by the review and proved by the reference). Checks one line per
# log, totals that are the sums of the logs' counts, and that a second run
# takes the reference from its cache instead of solving again.
# usage: review_truth_test.sh PYTHON TOOL GAMEHOST TRUTH_DIR
set -u
python=$1 tool=$2 gamehost=$3 games=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp "$games/c4-random-3.ghlog" "$games/c4-random-4.ghlog" "$games/ac-greedy-101.ghlog" "$dir/"
run() {
  "$python" "$tool" "$gamehost" "$dir" --iters 300 --solve-nodes 100000 --jobs 1 --reference-nodes 400000 \
    --reference-nodes-result 400000 --reference-dir "$dir/ref"
}
run > "$dir/first.txt" 2>&1 || { cat "$dir/first.txt"; fail "the tool failed"; }
cat "$dir/first.txt"
[ "$(grep -c '\.ghlog: ' "$dir/first.txt")" = 3 ] || fail "expected one line per log"
known=$(grep -oE 'plies, exact for the last [0-9]+ \(reference [0-9]+\); [0-9]+ exactly known' "$dir/first.txt" |
        awk '{s += $(NF-2)} END {print s}')
grep -q "^total: 3 games, $known exactly known plies$" "$dir/first.txt" || fail "the total is not the sum $known"
[ "$known" -gt 20 ] || fail "too few exactly known plies: $known"
grep -qE '^  false alarms \(optimal moves called mistake or blunder\): [0-9]+/[0-9]+ ' "$dir/first.txt" ||
  fail "no false alarms line"
grep -qE '^  wins turned into losses flagged: [0-9]+/[1-9][0-9]* ' "$dir/first.txt" || fail "no win turned into a loss"
optimal=$(grep -oE '^  recommended move optimal: [0-9]+/[0-9]+' "$dir/first.txt" | grep -oE '[0-9]+/[0-9]+') ||
  fail "no recommended move line"
[ "${optimal#*/}" = "$known" ] || fail "recommended moves counted over ${optimal#*/} plies, not the $known known"
[ "${optimal%/*}" -gt 0 ] || fail "no recommended move known optimal"
grep -qE '^  alien_city: review [0-9.]+ s wall, [0-9.]+ CPU-s a game' "$dir/first.txt" || fail "no review time"
ls "$dir/ref"/*.truth-reference.json > /dev/null || fail "no reference kept"

stamp=$(stat -c '%Y' "$dir/ref"/*.json)
sleep 1
run > "$dir/second.txt" 2>&1 || { cat "$dir/second.txt"; fail "the second run failed"; }
[ "$stamp" = "$(stat -c '%Y' "$dir/ref"/*.json)" ] || fail "the reference was made again"
diff <(grep -v ' s wall\|CPU-s' "$dir/first.txt" | sed 's/; review .*//') \
     <(grep -v ' s wall\|CPU-s' "$dir/second.txt" | sed 's/; review .*//') || fail "the second run counted differently"

if out=$("$python" "$tool" "$gamehost" "$dir/none.ghlog" 2>&1); then fail "a missing log was accepted"; fi
echo "$out" | grep -q "none.ghlog: no such log or directory" || fail "unclear message for a missing log: $out"
echo PASS
