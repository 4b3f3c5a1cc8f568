#!/usr/bin/env bash
# ctest install.tree: `cmake --install` into a temporary prefix and move the
# tree elsewhere; then, with the source tree (and the build inside it)
# hidden under an empty tmpfs in a mount namespace and a bare environment:
# the installed gamehost lists the installed games, plays and verifies a game
# and verifies an installed sample; replay-viewer draws an installed sample
# under Xvfb exactly as the build's viewer does; the man pages are installed
# and the completion works inside bash-completion; and a third-party plugin
# (thirdparty/, with its own payload message) builds with
# find_package(gamehost) against the installed tree alone, passes its
# conformance test (its ctest, the installed gamehost) and loads in the
# installed gamehost, which decodes its payloads.
#
#   installed_test.sh SOURCE_DIR BUILD_DIR GAMES
#
# GAMES: the ids of the installed games, space-separated (CMake's record of
# plugins, cmake/GamehostPlugin.cmake).
set -euo pipefail

fail() { echo "FAIL: $*" >&2; exit 1; }
expect_eq() {  # what, expected, actual
  [[ "$2" == "$3" ]] || fail "$1: expected [$2], got [$3]"
}

if [[ "$1" != --inner ]]; then
  src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) games=$3
  work=$(mktemp -d /tmp/gamehost-install-test.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  cmake --install "$build" --prefix "$work/staged" --strip >/dev/null
  # Only the shipped data: the files git tracks, never what a user made there.
  if git -C "$src" rev-parse 2>/dev/null; then
    expect_eq "installed samples and positions" \
      "$(git -C "$src" ls-files games/samples games/positions | xargs -n1 basename | sort | xargs)" \
      "$(ls "$work/staged/share/gamehost/samples" "$work/staged/share/gamehost/positions" | grep -v ':$' | grep . | sort | xargs)"
  fi
  # --strip (README): no symbol tables in the programs.
  readelf -S "$work/staged/bin/gamehost" | grep -q '\.symtab' && fail "bin/gamehost is not stripped"
  mv "$work/staged" "$work/moved"  # the RPATHs and lookups must not care where
  # The reference picture, from the build's viewer, before the build is hidden.
  xvfb-run -a "$build/bin/replay-viewer" "$src/games/samples/seed-1.ghlog" --ply 20 --size 320x200 \
    --screenshot "$work/build.png" >/dev/null
  cp -r "$src/tests/install/thirdparty" "$work/thirdparty-src"
  cp "$0" "$work/installed_test.sh"
  inner=(bash "$work/installed_test.sh" --inner "$src" "$work" "$games")
  clean_env=(env -i PATH=/usr/bin:/bin HOME="$work" ${CCACHE_DIR:+CCACHE_DIR=$CCACHE_DIR})
  for ns in "unshare -m" "unshare -rm"; do
    if $ns true 2>/dev/null; then
      "${clean_env[@]}" $ns bash -c 'mount -t tmpfs none "$0" && exec "$@"' "$src" "${inner[@]}"
      exit
    fi
  done
  echo "NOTE: mount namespaces are not allowed here: the source tree stays visible"
  "${clean_env[@]}" "${inner[@]}"
  exit
fi

src=$2 work=$3 prefix=$3/moved installed_games=$4
cd "$work"
[[ -z "$(ls -A "$src")" ]] && echo "the source tree $src is hidden"
gamehost=$prefix/bin/gamehost

# Libraries: from the installed tree, by $ORIGIN. (The runner needs none of
# ours itself: the plugin it loads brings libgamehost_proto.so.)
for f in "$gamehost" "$prefix/bin/replay-viewer" "$prefix"/lib/gamehost/plugins/*.so; do
  runpath=$(readelf -d "$f" | sed -n 's/.*R\(UN\)\?PATH.*\[\(.*\)\]/\2/p')
  [[ "$runpath" == '$ORIGIN/'* ]] || fail "$f: RUNPATH [$runpath] is not \$ORIGIN-relative"
  [[ "$runpath" != *: && "$runpath" != *::* ]] || fail "$f: RUNPATH [$runpath] has an empty entry (the current folder)"
  lib=$(ldd "$f" | awk '$1 == "libgamehost_proto.so" { print $3 }')
  expect_eq "$f: libgamehost_proto.so" "$prefix/lib/gamehost/libgamehost_proto.so" "$(realpath -m "$lib")"
done

# The network library the gamehost command links, from the installed tree.
lib=$(ldd "$gamehost" | awk '$1 == "libgamehost_net_proto.so" { print $3 }')
expect_eq "gamehost: libgamehost_net_proto.so" "$prefix/lib/gamehost/libgamehost_net_proto.so" "$(realpath -m "$lib")"

# The games, found beside the executable.
games=$("$gamehost" games)
expect_eq "plugin path" "  $prefix/lib/gamehost/plugins" "$(sed -n '/^Plugin path:/{n;p}' <<<"$games")"
expect_eq "games" "$installed_games" \
  "$(sed -n 's/^  \([a-z_]*\) .*(interface [0-9]*) .*/\1/p' <<<"$games" | xargs)"

# Play and verify, the plugin run by the installed runner.
"$gamehost" --isolate play connect_four --seed 1 --player1 random:seed=1 --player2 random:seed=2 \
  --out c4.ghlog -q >play.txt
expect_eq "play" "Result: Red wins: four in a line after 25 plies" "$(grep '^Result:' play.txt)"
expect_eq "verify" "c4.ghlog: OK: connect_four 1.0.0, seed 1, 25 plies verified" \
  "$("$gamehost" verify c4.ghlog | head -1)"
sample=$prefix/share/gamehost/samples/seed-1.ghlog
"$gamehost" verify "$sample" | grep -q "^$sample: OK: alien_city " || fail "the installed sample does not verify"
# A bare sample name, by the viewer's rule (no seed-1.ghlog in this folder).
expect_eq "verify seed-1.ghlog" "$sample: OK: alien_city 1.0.0, seed 1, 47 plies verified" \
  "$("$gamehost" verify seed-1.ghlog | head -1)"

# The viewer: its font, and a sample named without its folder.
xvfb-run -a "$prefix/bin/replay-viewer" seed-1.ghlog --ply 20 --size 320x200 --screenshot installed.png
cmp "$work/build.png" installed.png || fail "the installed viewer's picture differs from the build's"

# Man pages (help2man, with each subcommand's --help) and the completion. Read
# whole before grep -q: a pipe into it fails under pipefail when grep quits early.
man=$prefix/share/man/man1
grep -q '^\.SS "gamehost play"' <(gzip -dc "$man/gamehost.1.gz") || fail "gamehost.1 has no 'gamehost play' section"
grep -q 'render one frame offscreen to OUT.png' <(gzip -dc "$man/replay-viewer.1.gz") || fail "replay-viewer.1 lacks --screenshot's help"
grep -q '^\.SH "EXIT STATUS"' <(gzip -dc "$man/gamehost.1.gz") || fail "gamehost.1 has no EXIT STATUS section"
# replay-viewer(1): the window's keys (viewer/app/keys.cc) and its exit statuses.
grep -q '^\.SH "KEYS"' <(gzip -dc "$man/replay-viewer.1.gz") || fail "replay-viewer.1 has no KEYS section"
grep -q 'the next / previous mistake or blunder' <(gzip -dc "$man/replay-viewer.1.gz") || fail "replay-viewer.1 lacks the N key"
grep -q '^\.SH "EXIT STATUS"' <(gzip -dc "$man/replay-viewer.1.gz") || fail "replay-viewer.1 has no EXIT STATUS section"
grep -q 'no usable font' <(gzip -dc "$man/replay-viewer.1.gz") || fail "replay-viewer.1 lacks exit status 4"
# The docs where this prefix installed them (the tree was installed under
# staged/ and then moved), never a source-relative docs/ path.
for page in gamehost replay-viewer; do
  grep -q "$work/staged/share/gamehost/docs" <(gzip -dc "$man/$page.1.gz") || fail "$page.1 does not name the installed docs"
  if gzip -dc "$man/$page.1.gz" | grep -qE "[ (\"'\`]docs/"; then fail "$page.1 names a relative docs/ path"; fi
done
source "$prefix/share/bash-completion/completions/gamehost" 2>/dev/null || true
expect_eq "completed games" "$installed_games" "$(_gamehost_games "$gamehost" | xargs)"
expect_eq "completed agents" "human random greedy mcts" "$(_gamehost_agents "$gamehost" | xargs)"
expect_eq "completed subcommands" "games play verify show analyze export import tournament merge review enter annotate repair diagram tour puzzles puzzle check-plugin serve bot" \
  "$(_gamehost_subcommands "$gamehost" | xargs)"

# The same, inside bash-completion: it finds the installed file on demand
# (through XDG_DATA_DIRS, as for any prefix) and runs it for a command line.
completions() {  # WORD... : what TAB offers for the last word
  XDG_DATA_DIRS="$prefix/share" bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    __load_completion "$1" || { echo "bash-completion did not load a completion for $1"; exit 1; }
    spec=$(complete -p "${1##*/}") && func=${spec##*-F } && func=${func%% *}
    "$func" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' completions "$@" | xargs
}
expect_eq "bash-completion: gamehost pl" "play" "$(completions "$gamehost" pl)"
expect_eq "bash-completion: gamehost play c" "$(xargs -n1 <<<"$installed_games" | grep '^c' | xargs)" \
  "$(completions "$gamehost" play c)"
expect_eq "bash-completion: --player1 m" "mcts" "$(completions "$gamehost" play alien_city --player1 m)"
expect_eq "bash-completion: play --coa" "--coach" "$(completions "$gamehost" play --coa)"
expect_eq "bash-completion: replay-viewer --scr" "--screenshot" \
  "$(completions "$prefix/bin/replay-viewer" --scr)"

# A third-party plugin, built against the installed tree only, installed
# into it, and found there.
start=$SECONDS
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S thirdparty-src -B thirdparty-build -DCMAKE_PREFIX_PATH="$prefix" \
  "${launcher[@]}" >thirdparty.log 2>&1 || { cat thirdparty.log; fail "configuring the third-party plugin"; }
cmake --build thirdparty-build -j2 >>thirdparty.log 2>&1 || { cat thirdparty.log; fail "building it"; }
cmake --install thirdparty-build --prefix "$prefix" >>thirdparty.log
echo "third-party plugin configured and built in $((SECONDS - start)) s"
# Its conformance test (gamehost_add_conformance_test), with the installed gamehost.
ctest --test-dir thirdparty-build >thirdparty-ctest.log 2>&1 || { cat thirdparty-ctest.log; fail "the third-party plugin's ctest"; }
grep -q 'conformance\.nim .*Passed' thirdparty-ctest.log || { cat thirdparty-ctest.log; fail "no conformance.nim in its ctest"; }
# The page's CMakeLists.txt optimises without being told to.
expect_eq "default build type" "CMAKE_BUILD_TYPE:STRING=Release" \
  "$(grep '^CMAKE_BUILD_TYPE:' thirdparty-build/CMakeCache.txt)"
expect_eq "games with nim" "$(xargs -n1 <<<"$installed_games nim" | sort | xargs)" \
  "$("$gamehost" games | sed -n 's/^  \([a-z_]*\) .*(interface [0-9]*) .*/\1/p' | xargs)"
# 10 stones: First takes 3, Second 3, First 3, Second the last one.
printf '3\n3\n3\n1\n' | "$gamehost" play nim --seed 1 --player1 human --player2 human --out nim.ghlog -q >nim.txt
expect_eq "nim" "Result: Second takes the last stone and wins after 4 plies" "$(grep -o 'Result: .*' nim.txt)"
expect_eq "nim verify" "nim.ghlog: OK: nim 1.0.0, seed 1, 4 plies verified" "$("$gamehost" verify nim.ghlog | head -1)"
# Its own payload message (gamehost_payload_messages, installed), decoded by
# the host from the descriptors the plugin ships.
expect_eq "nim payloads" "nim.Take 1, nim.Take 2, nim.Take 3" \
  "$("$gamehost" analyze nim.ghlog --ply 2 --format json | tr -d '\n' |
     sed -E 's/"@type": "type.googleapis.com\/([a-zA-Z.]*)", *"stones": ([0-9])/\n\1 \2\n/g' |
     grep -E '^nim' | paste -sd, | sed 's/,/, /g')"
echo "PASS"
