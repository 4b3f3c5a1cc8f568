#!/usr/bin/env bash
# The Debian package of a build: `cpack -G DEB` with BUILD_DIR's
# CPackConfig.cmake into OUT_DIR; prints the .deb's path (cpack's log on
# failure). Used by tests/install/deb_test.sh and scripts/deb_clean_install.sh.
#
#   scripts/make_deb.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
(cd "$out" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" >cpack.log 2>&1) ||
  { cat "$out/cpack.log" >&2; echo "FAIL: cpack" >&2; exit 1; }
ls "$out"/gamehost_*.deb
