#!/usr/bin/env bash
# ctest plugin_page.minimal_game: the plugin page's example game (Nim,
# thirdparty/nim.cc) answers only the calls every game must answer, no
# Analyze. The host still plays it to the end, shows and analyzes its
# positions (text and JSON) and verifies its log.
#
#   minimal_game_test.sh GAMEHOST PLUGIN_DIR
set -euo pipefail
gamehost=$1 plugins=$2
work=$(mktemp -d /tmp/gamehost-minimal-game.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_eq() { [[ "$2" == "$3" ]] || fail "$1: expected [$2], got [$3]"; }
run() { "$gamehost" --plugins "$plugins" "$@"; }

run play nim --seed 1 --player1 random:seed=1 --player2 greedy:seed=2 --out nim.ghlog >play.txt ||
  { cat play.txt; fail "play exited $?"; }
expect_eq "play's result" "Result: Second takes the last stone and wins after 4 plies" "$(grep '^Result:' play.txt)"
grep -q '^Score:' play.txt && fail "play printed a score the game does not give"
run verify nim.ghlog >/dev/null
run show nim.ghlog --ply 2 >show.txt
expect_eq "show" "Position after ply 2 of 4|4 stones left|" "$(paste -sd'|' show.txt)"
run analyze nim.ghlog --ply 2 >analyze.txt
expect_eq "analyze" "Position after ply 2 of 4|4 stones left||First to move (play). Legal actions (3):|  1 2 3" \
  "$(paste -sd'|' analyze.txt)"
run analyze nim.ghlog --ply 2 --format json >analyze.json
expect_eq "analyze --format json: no analysis" "null" "$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["analysis"]))' analyze.json)"
# A human seat asks for the score: the game has no such topic.
printf 'score\n1\n' | run play nim --seed 1 --player1 human --player2 random:seed=2 --no-log >human.txt || true
grep -q 'Not understood' human.txt || fail "the human's 'score' was not refused as a move"
echo PASS
