#!/usr/bin/env bash
# ctest completion.gamehost: dist/gamehost.bash-completion inside
# bash-completion, against the build's gamehost: game option names after
# --option, an agent's parameters after KIND:, and --agents lists.
#
#   completion_test.sh COMPLETION_FILE GAMEHOST
set -euo pipefail
file=$1 gamehost=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_eq() { [[ "$2" == "$3" ]] || fail "$1: expected [$2], got [$3]"; }
completions() {  # WORD... : what TAB offers for the last word
  bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    source "$0"
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _gamehost gamehost "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' "$file" "$@" | xargs
}
expect_eq "play alien_city --option" "setup= layout= position=" \
  "$(completions "$gamehost" play alien_city --option "")"
expect_eq "play alien_city -o l" "layout=" "$(completions "$gamehost" play alien_city -o l)"
expect_eq "--option of connect_four (none)" "" "$(completions "$gamehost" play connect_four --option "")"
expect_eq "check-plugin con: a game id" "connect_four" "$(cd /; completions "$gamehost" check-plugin con)"
expect_eq "--player1 mcts:" "time= iters= c= score= scale= threads= rollouts= uniform= keep= seed=" \
  "$(completions "$gamehost" play alien_city --player1 mcts:)"
expect_eq "--player2 mcts:iters=5,th (readline replaces after the last =)" "5,threads=" "$(completions "$gamehost" play alien_city --player2 mcts:iters=5,th)"
expect_eq "--player1 gr" "greedy" "$(completions "$gamehost" play alien_city --player1 gr)"
expect_eq "tournament --agents" "human random greedy mcts" "$(completions "$gamehost" tournament alien_city --agents "")"
expect_eq "tournament --agents random,gr" "random,greedy" \
  "$(completions "$gamehost" tournament alien_city --agents random,gr)"
expect_eq "tournament --agents mcts:time=1,r" "1,rollouts= 1,random" \
  "$(completions "$gamehost" tournament alien_city --agents mcts:time=1,r)"
echo PASS
