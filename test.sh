#!/usr/bin/env bash
# Installs what is missing, builds everything in build/ and runs every test.
# Usage: ./test.sh [CTEST OPTION...]   (exits non-zero on any failure)
#   e.g. ./test.sh -R viewer   runs only the tests whose names match
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
ensure_packages

# ccache (installed by deps.sh) makes a rebuild after a clean or in a second
# clone cheap; the sanitizer and fuzz builds use it too.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
cmake --build build -j "$(nproc)"
cd build
ctest --output-on-failure -j "$(nproc)" "$@"
