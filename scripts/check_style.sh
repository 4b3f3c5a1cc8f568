#!/usr/bin/env bash
# The style of what a change touches, never of the whole tree (which is not
# reformatted at once, so that parallel branches still merge):
# - clang-format (.clang-format) on the lines changed since BASE (git diff
#   -M: a moved file's unchanged lines are not checked): a changed line
#   that is not formatted fails;
# - with --tidy, clang-tidy (.clang-tidy) on the changed .cc files, with the
#   compile commands of BUILD (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON).
#
#   scripts/check_style.sh [--tidy] [--build BUILD] [BASE | --files FILE...]
#
# BASE defaults to $GAMEHOST_STYLE_BASE, else the merge base with main.
# --files checks the whole of the files listed instead. Exits 77 (skipped)
# outside a git checkout or when there is no base to compare with.
set -euo pipefail
cd "$(dirname "$0")/.."
tidy=false build=build base="${GAMEHOST_STYLE_BASE:-}" files=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --tidy) tidy=true; shift ;;
    --build) build=$2; shift 2 ;;
    --files) shift; files=("$@"); break ;;
    *) base=$1; shift ;;
  esac
done
format=$(command -v clang-format-14 || command -v clang-format || true)
[[ -n $format ]] || { echo "check_style: no clang-format (scripts/deps.sh installs it)"; exit 77; }
sources='\.(cc|h|cpp|hpp)$'
status=0

if [[ ${#files[@]} -gt 0 ]]; then
  for f in "${files[@]}"; do
    if ! "$format" --dry-run -Werror "$f" 2>/dev/null; then
      echo "check_style: $f is not formatted (clang-format -i $f)"
      status=1
    fi
  done
  changed=$(printf '%s\n' "${files[@]}")
else
  git rev-parse --git-dir >/dev/null 2>&1 || { echo "check_style: not a git checkout"; exit 77; }
  if [[ -z $base ]]; then
    base=$(git merge-base HEAD main 2>/dev/null || git merge-base HEAD origin/main 2>/dev/null || true)
  fi
  [[ -n $base ]] || { echo "check_style: no base to compare with (give BASE)"; exit 77; }
  # -M: a moved file's lines are not changed lines (its old path pairs it).
  changed=$(git diff -M --name-only --diff-filter=ACMR "$base" -- | grep -E "$sources" || true)
  if [[ -n $changed ]]; then
    # The changed lines only: each file with its --lines ranges, from the
    # hunks of git diff -U0.
    while read -r file lines; do
      if ! problems=$("$format" --dry-run -Werror $lines "$file" 2>&1); then
        echo "check_style: $file: lines changed since $(git rev-parse --short "$base") are not formatted;"
        echo "  $format -i $lines $file formats them:"
        echo "$problems" | head -20
        status=1
      fi
    done < <(git diff -M -U0 --diff-filter=ACMR "$base" -- | awk -v sources="$sources" '
      /^\+\+\+ / { file = substr($0, 7); if (file ~ sources && !(file in seen)) { seen[file] = 1; order[n++] = file } next }
      /^@@ / && (file in seen) {
        split($3, range, ","); start = substr(range[1], 2) + 0; count = (2 in range) ? range[2] + 0 : 1
        if (count > 0) lines[file] = lines[file] " --lines=" start ":" (start + count - 1)
      }
      END { for (i = 0; i < n; i++) if (lines[order[i]] != "") print order[i] lines[order[i]] }')
  fi
fi

if $tidy; then
  tidy_bin=$(command -v clang-tidy-14 || command -v clang-tidy || true)
  [[ -n $tidy_bin && -f $build/compile_commands.json ]] ||
    { echo "check_style: --tidy needs clang-tidy and $build/compile_commands.json"; exit 77; }
  for f in $(grep -E '\.(cc|cpp)$' <<<"$changed" || true); do
    "$tidy_bin" -p "$build" --quiet "$f" 2>/dev/null | grep -E 'warning:|error:' && status=1
  done
fi
exit $status
