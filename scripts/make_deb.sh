#!/usr/bin/env bash
# The Debian packages of a build: `cpack -G DEB` with BUILD_DIR's
# CPackConfig.cmake into OUT_DIR; prints the two .debs' paths, gamehost's
# then gamehost-dev's, one a line (cpack's log on failure). Used by
# tests/install/deb_test.sh and scripts/deb_clean_install.sh.
#
#   scripts/make_deb.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
(cd "$out" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" >cpack.log 2>&1) ||
  { cat "$out/cpack.log" >&2; echo "FAIL: cpack" >&2; exit 1; }
for package in gamehost gamehost-dev; do
  debs=("$out/${package}_"*.deb)
  [[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || { cat "$out/cpack.log" >&2; echo "FAIL: cpack made no $package .deb" >&2; exit 1; }
  echo "${debs[0]}"
done
