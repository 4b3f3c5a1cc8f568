#!/usr/bin/env bash
# Installs what is missing, builds everything in build/ and runs every test.
# Usage: ./test.sh            (exits non-zero on any failure)
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
ensure_packages

cmake -S . -B build -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)"
cd build
ctest --output-on-failure -j "$(nproc)"
