#!/usr/bin/env bash
# The whole test suite built with AddressSanitizer and UndefinedBehavior-
# Sanitizer in build-asan/ (GCC, the project's compiler), then ctest there.
# Any report fails the run: UBSan halts on the first error, ASan (and its
# leak checker) aborts.
# Usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
ensure_packages
jobs="${GAMEHOST_JOBS:-2}"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1 -g1: the optimisation ASan recommends and line tables for its reports;
# with the sanitizers, full debug info (-g) doubled the compile time.
cmake -S . -B build-asan -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DCMAKE_MODULE_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DGAMEHOST_BUILD_BENCHMARKS=OFF -DGAMEHOST_BUILD_PYTHON=OFF "${launcher[@]}" >/dev/null
cmake --build build-asan -j "$jobs"
# handle_segv=0: the isolation tests crash a test plugin on purpose and
# expect the runner to die of SIGSEGV, not of ASan's report of it.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:handle_segv=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan-suppressions.txt"  # what a system library keeps by design
viewer_gl="^(viewer (pixels|cli|resize|capture|seed scoring|puzzles|follow window|optional calls|play)|connect_four pixels|city_planning_host:.*viewer.*)$"
# Not run here, only in the plain suite (./test.sh): end-to-end runs that
# repeat at length code paths the tests below already take under the
# sanitizers (whole searches and reviews killed and resumed, the
# review-quality and review-truth tools, the puzzle starter set mined
# again, the scaling docs' shards, the viewer's walks over every ply and
# its whole-game animations, the review cases' solves of millions of
# positions), the docs' examples and the browser's replay of exported files
# (web.browser; web:* exports them here) and the served page's browser tests
# (web.serve_*: whole games clicked through Chromium; the server under them
# runs under the sanitizers in its own tests). The Python module is not
# built here (its interpreter has no sanitizer runtime).
# server_secrecy: its time is some 240 `show --as` runs checking the frames; the
# server's City Planning paths run under the sanitizers in server_restart.
plain_only="^(review_agreement_tool|review_truth_tool|puzzles\.starter_set|scaling\.docs|docs\.examples|web\.(browser|serve_browser|serve_alien_city|serve_city_planning)|viewer (walks|animations)|trust:a game killed with SIGKILL mid-search.*|trust:a killed tournament resumes.*|review:a review is the same for any jobs, and a killed review continues.*|review:issue 46's review cases.*|server_secrecy)$"
cd build-asan
# The install tests check the installed layout and the package's Depends,
# which a sanitizer build changes (libasan, libubsan), and run the installed
# programs with an empty environment (no ASAN_OPTIONS): the normal build
# runs them.
ctest --output-on-failure -j "$jobs" -E "$viewer_gl|$plain_only|^install\."
# The tests that run the viewer draw through Mesa's software renderer under Xvfb, which
# is loaded and unloaded behind SFML's back: LeakSanitizer then reports its
# allocations with no module to name, so leak checking (only) is off there.
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" ctest --output-on-failure -j "$jobs" -R "$viewer_gl"
