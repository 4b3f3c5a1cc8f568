#!/bin/bash
# tools/review_agreement.py end to end on the real gamehost: two logs (Alien
# City and Connect Four) reviewed at two budgets and two search seeds. Checks
# that the totals are the sums of the per-log counts and of the sizes, that
# the second seed's reviews are separate files made with that seed, that
# --reuse keeps finished reviews instead of making them again, and that a
# second seed of 1 is refused.
# usage: review_agreement_test.sh PYTHON TOOL GAMEHOST SAMPLES_DIR
set -u
python=$1 tool=$2 gamehost=$3 samples=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp "$samples/seed-1.ghlog" "$samples/connect_four-seed-1.ghlog" "$dir/"
run() { "$python" "$tool" "$gamehost" "$dir" --iters 200 --factor 3 --jobs 1 --second-seed 2 "$@"; }
run > "$dir/first.txt" 2>&1 || { cat "$dir/first.txt"; fail "the tool failed"; }
cat "$dir/first.txt"

# Sums of "k/n" fields: per log (lines ending "within 3 points") and per seed pair.
sum_pairs() { grep -oE '[0-9]+/[0-9]+' | awk -F/ '{k+=$1; n+=$2} END {print k "/" n}'; }
per_log=$(grep -E '\.ghlog: [0-9]+/[0-9]+ within 3 points$' "$dir/first.txt" | sum_pairs)
[ "$(grep -c '\.ghlog: ' "$dir/first.txt")" = 2 ] || fail "expected one line per log"
all=$(grep -oE '^all: [0-9]+/[0-9]+' "$dir/first.txt" | sum_pairs)
[ "$per_log" = "$all" ] || fail "the total $all is not the sum of the logs' counts $per_log"
# Moves reviewed: the Alien City sample has 46 unforced decisions, Connect Four 35.
[ "$all" != "${all%/81}" ] || fail "expected 81 moves in all, got $all"

# The moves by the size of the loss add up to all of them, and so do the agreeing ones.
sizes=$(grep -E '^by the larger points lost of the two: ' "$dir/first.txt" | sum_pairs)
[ "$sizes" = "$all" ] || fail "the sizes' counts $sizes do not add up to $all"
[ "$(grep -E '^by the larger' "$dir/first.txt" | grep -oE '[0-9]+/[0-9]+' | wc -l)" = 4 ] || fail "expected 4 sizes"
grep -qE '^within 3 points or a fifth of the larger points lost: [0-9]+/81 ' "$dir/first.txt" ||
  fail "no count of the moves within 3 points or a fifth"

for column in 1 2 3 4 5; do
  logs=$(grep -E '^  seeds 1 and 2: ' "$dir/first.txt" | grep -oE '[0-9]+/[0-9]+' |
         awk -v c="$column" 'NR % 5 == c % 5' | sum_pairs)
  total=$(grep -E '^the same budget, seeds 1 and 2: ' "$dir/first.txt" | grep -oE '[0-9]+/[0-9]+' |
          sed -n "${column}p" | sum_pairs)
  [ "$logs" = "$total" ] || fail "seed comparison $column: total $total, logs sum to $logs"
done

reviews="$dir/agreement"
for stem in seed-1 connect_four-seed-1; do
  for budget in base big; do
    [ -s "$reviews/$stem.$budget.seed2.ghreview" ] || fail "no $stem.$budget.seed2.ghreview"
  done
  # Seeded differently, so the Alien City search's records differ.
  if [ "$stem" = seed-1 ] && cmp -s "$reviews/$stem.base.ghreview" "$reviews/$stem.base.seed2.ghreview"; then
    fail "the seed-2 review of $stem is byte-identical to the seed-1 review"
  fi
done
"$gamehost" review "$dir/seed-1.ghlog" --out "$reviews/seed-1.base.seed2.ghreview" --iters 200 --seed 2 \
  --format none --quiet || fail "the seed-2 review was not made with --seed 2 and --iters 200"

# --move-value reaches every review: the subtree rule's files are kept as
# made with it, and refused to a continuation with the default rule.
"$python" "$tool" "$gamehost" "$dir" --iters 200 --factor 3 --jobs 1 --limit 1 --move-value subtree \
  > "$dir/subtree.txt" 2>&1 || { cat "$dir/subtree.txt"; fail "the tool failed with --move-value subtree"; }
"$gamehost" review "$dir/connect_four-seed-1.ghlog" --out "$reviews/connect_four-seed-1.big.ghreview" \
  --iters 600 --move-value subtree --format none --quiet || fail "the big review was not made with --move-value subtree"
if "$gamehost" review "$dir/connect_four-seed-1.ghlog" --out "$reviews/connect_four-seed-1.big.ghreview" \
  --iters 600 --format none --quiet 2>/dev/null; then fail "a subtree review continued with the reply rule"; fi
"$python" "$tool" "$gamehost" "$dir" --iters 200 --factor 3 --jobs 1 --limit 1 > /dev/null 2>&1 ||
  fail "the tool failed going back to the default rule"

# --reuse: the same report from the finished files, none of them written again.
before=$(cd "$reviews" && md5sum ./*.ghreview && stat -c '%n %Y' ./*.ghreview)
sleep 1
run --reuse > "$dir/second.txt" 2>&1 || { cat "$dir/second.txt"; fail "the --reuse run failed"; }
after=$(cd "$reviews" && md5sum ./*.ghreview && stat -c '%n %Y' ./*.ghreview)
[ "$before" = "$after" ] || fail "--reuse wrote review files again"
diff "$dir/first.txt" "$dir/second.txt" || fail "--reuse reported differently"

if out=$("$python" "$tool" "$gamehost" "$dir" --second-seed 1 2>&1); then fail "--second-seed 1 accepted"; fi
echo "$out" | grep -q -- "--second-seed must differ from 1" || fail "unclear message for --second-seed 1: $out"
echo PASS
