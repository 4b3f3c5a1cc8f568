#!/usr/bin/env bash
# Ours beside OpenSpiel and pyspiel, in one run (docs/performance.md, "Beside
# OpenSpiel"). Not part of the test suite; the build never needs it.
#
#   OPEN_SPIEL_SRC=DIR bench/peers/run.sh
#
# DIR is an OpenSpiel source snapshot kept outside this repository (it holds
# open_spiel/spiel.h); it is never changed. The script
#   1. copies what it needs of it into a scratch folder (PEERS_SCRATCH,
#      default /tmp/gamehost-peers) and applies there the edits Debian's
#      abseil 20220623 needs (listed at patch_sources below);
#   2. compiles OpenSpiel's core, games/connect_four, algorithms/mcts and
#      algorithms/minimax one file at a time (-j1: a shared machine) with
#      OpenSpiel's own Release flags (-O3 -DNDEBUG), against Debian's
#      libabsl-dev and nlohmann-json3-dev;
#   3. tries pyspiel's own binding code against Debian's pybind11 and prints
#      the first error when it cannot be built;
#   4. configures our build (PEERS_BUILD, default SCRATCH/build; an existing
#      build folder of this checkout saves compiling ours again) as
#      RelWithDebInfo, the project's build, with the bench/peers targets
#      (outside `all`), and builds them (PEERS_JOBS, default 1);
#   5. runs bench/peers/peer_bench (C++ rows and the match) and
#      bench/peers/python_loop.py (Python rows), ours and theirs alternating.
# Settings: PEERS_ROUNDS (7), PEERS_GAMES (100), PEERS_MOVE_TIME (0.05 s),
# PEERS_ITERS (2000), OPEN_SPIEL_COMMIT (printed; found by git when DIR is a
# git work tree).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${PEERS_SCRATCH:-/tmp/gamehost-peers}
jobs=${PEERS_JOBS:-1}
rounds=${PEERS_ROUNDS:-7}
games=${PEERS_GAMES:-100}
move_time=${PEERS_MOVE_TIME:-0.05}
iters=${PEERS_ITERS:-2000}

if [[ -z "${OPEN_SPIEL_SRC:-}" || ! -f "${OPEN_SPIEL_SRC}/open_spiel/spiel.h" ]]; then
  echo "run.sh: OPEN_SPIEL_SRC must name an OpenSpiel source snapshot (a folder holding open_spiel/spiel.h)," >&2
  echo "        e.g. git --git-dir=MIRROR archive HEAD open_spiel | tar -x -C /work/ext/open_spiel-src" >&2
  exit 2
fi
case "$(cd "$OPEN_SPIEL_SRC" && pwd)/" in
  "$repo"/*) echo "run.sh: OPEN_SPIEL_SRC is inside this repository; keep it outside (never vendored)" >&2; exit 2 ;;
esac

# Debian's abseil and JSON headers: installed here when run as root, else asked for.
missing=()
for pkg in libabsl-dev nlohmann-json3-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]]; then
    apt-get install -y "${missing[@]}"
  else
    echo "run.sh: needs ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
    exit 2
  fi
fi

# ------------------------------------------------------------ 1. sources
src=$scratch/src
patch_sources() {
  rm -rf "$src"
  mkdir -p "$src"
  cp -a "$OPEN_SPIEL_SRC/open_spiel" "$src/"
  rm -rf "$src/open_spiel/abseil-cpp" "$src/open_spiel/json" "$src/open_spiel/pybind11"
  # OpenSpiel includes its vendored copies by path: point them at Debian's.
  ln -sfn /usr/include "$src/open_spiel/abseil-cpp"  # open_spiel/abseil-cpp/absl/...
  ln -sfn /usr "$src/open_spiel/json"                # open_spiel/json/include/nlohmann/json.hpp
  # abseil 20220623: MutexLock takes a pointer (later releases take a reference).
  grep -rlZ 'absl::MutexLock lock(' "$src/open_spiel" --include='*.h' --include='*.cc' |
    xargs -0 -r sed -i 's/absl::MutexLock lock(\([A-Za-z_][A-Za-z_0-9]*\))/absl::MutexLock lock(\&\1)/'
  # Debian builds abseil with ABSL_OPTION_USE_STD_OPTIONAL 0: absl::optional
  # is its own type there, and absl::nullopt not std::nullopt. OpenSpiel's
  # code mixes the two (a std::optional given where absl::optional is
  # declared); one spelling makes them one type again.
  grep -rlZ 'absl::optional\|absl::nullopt\|absl::make_optional' "$src/open_spiel" --include='*.h' --include='*.cc' |
    xargs -0 -r sed -i -e 's/absl::optional/std::optional/g' -e 's/absl::nullopt/std::nullopt/g' \
      -e 's/absl::make_optional/std::make_optional/g'
  touch "$src/.patched"
}
if [[ ! -f "$src/.patched" || "$OPEN_SPIEL_SRC/open_spiel/spiel.h" -nt "$src/.patched" ]]; then
  echo "== copying and patching OpenSpiel into $src"
  patch_sources
fi

# ------------------------------------------------------------ 2. OpenSpiel
sources=(spiel spiel_utils game_parameters observer policy spiel_bots action_view canonical_game_strings
         simultaneous_move_game matrix_game tensor_game utils/usage_logging utils/status
         games/connect_four/connect_four algorithms/mcts algorithms/minimax)
flags=(-std=c++20 -O3 -DNDEBUG -fPIC -I"$src")
cxx=(g++)
command -v ccache >/dev/null && cxx=(ccache g++)
mkdir -p "$scratch/obj" "$scratch/lib"
objects=()
for f in "${sources[@]}"; do
  o=$scratch/obj/${f//\//_}.o
  objects+=("$o")
  if [[ ! -f "$o" || "$src/open_spiel/$f.cc" -nt "$o" || "$src/.patched" -nt "$o" ]]; then
    echo "== compiling open_spiel/$f.cc"
    "${cxx[@]}" "${flags[@]}" -c "$src/open_spiel/$f.cc" -o "$o"
  fi
done
rm -f "$scratch/lib/libopen_spiel_peers.a"
ar rcs "$scratch/lib/libopen_spiel_peers.a" "${objects[@]}"

# ------------------------------------------------------------ 3. pyspiel?
# pyspiel's bindings (open_spiel/python/pybind11) against Debian's pybind11:
# compiling its first file shows whether it can be built here at all.
pyspiel_log=$scratch/pyspiel-try.log
read -ra py_includes <<<"$(python3-config --includes)"
if python3 -c 'import pyspiel' 2>/dev/null; then
  echo "== pyspiel is importable: the Python rows use it"
else
  echo "== trying pyspiel's bindings with Debian's pybind11 (open_spiel/python/pybind11/pyspiel.cc)"
  mkdir -p "$scratch/pybind11-root"
  ln -sfn /usr "$scratch/pybind11-root/pybind11"  # pybind11/include/pybind11/... as pyspiel includes it
  # (once per patched copy: the log is kept)
  if [[ ! -f "$pyspiel_log" || "$src/.patched" -nt "$pyspiel_log" ]]; then
    if "${cxx[@]}" "${flags[@]}" -I"$scratch/pybind11-root" "${py_includes[@]}" -fsyntax-only \
         "$src/open_spiel/python/pybind11/pyspiel.cc" >"$pyspiel_log" 2>&1; then
      echo OK >>"$pyspiel_log"
    fi
  fi
  if [[ $(tail -1 "$pyspiel_log") == OK ]]; then
    echo "   pyspiel.cc compiles; building all of pyspiel is not scripted here"
  else
    echo "   pyspiel cannot be built here; the first errors ($pyspiel_log):"
    grep -m 3 'error' "$pyspiel_log" | sed 's/^/   /'
    # Past that header, pyspiel declares its classes with py::classh (the
    # smart_holder of pybind11 3): is it in this pybind11?
    printf '#include <pybind11/pybind11.h>\nstruct S {};\nPYBIND11_MODULE(m, m_) { pybind11::classh<S>(m_, "S"); }\n' \
      >"$scratch/classh.cc"
    if ! g++ -std=c++20 -fsyntax-only "${py_includes[@]}" "$scratch/classh.cc" >"$scratch/classh.log" 2>&1; then
      echo "   and pybind11 $(dpkg-query -W -f '${Version}' pybind11-dev 2>/dev/null) has no py::classh, which pyspiel.cc uses for State and Game:"
      grep -m 1 'error' "$scratch/classh.log" | sed 's/^/   /'
    fi
    echo "   the Python rows use OpenSpiel's C++ Connect Four bound the way pyspiel binds it (openspiel_connect_four)"
  fi
fi

# ------------------------------------------------------------ 4. ours
build=${PEERS_BUILD:-$scratch/build}
cmake -S "$repo" -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache \
  -DGAMEHOST_PEERS_OPEN_SPIEL="$scratch" >"$scratch/configure.log"
targets=(peer_bench connect_four_plugin)
grep -q 'gamehost Python module: built' "$scratch/configure.log" && targets+=(gamehost_python openspiel_connect_four)
echo "== building ${targets[*]} in $build (-j$jobs)"
cmake --build "$build" -j"$jobs" --target "${targets[@]}" >"$scratch/build.log" || {
  tail -30 "$scratch/build.log" >&2
  exit 1
}

# ------------------------------------------------------------ 5. run
commit=${OPEN_SPIEL_COMMIT:-$(git -C "$OPEN_SPIEL_SRC" rev-parse HEAD 2>/dev/null || echo unknown)}
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg)," \
  "gamehost $(git -C "$repo" rev-parse --short HEAD), OpenSpiel $commit"
"$build/bin/peer_bench" "$build/plugins/connect_four.so" --rounds "$rounds" --games "$games" \
  --move-time "$move_time" --iters "$iters"
if [[ -d "$build/python/gamehost" ]]; then
  PYTHONPATH=$build/python python3 "$here/python_loop.py" --rounds "$rounds"
fi
echo "== done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
