#!/bin/bash
# ctest rpath.planted: a library planted in the current folder under the
# name of every library gamehost, the plugin runner, the viewer and the
# plugins need is never loaded (issue 31, item 9): each program runs from
# that folder and the planted library's constructor leaves no mark.
#   planted_library_test.sh BUILD_DIR PLANTED_SO SOURCE_DIR
set -eu
build=$1 planted=$2 src=$3
work=$(mktemp -d /tmp/gamehost-planted.XXXXXX)
trap 'rm -rf "$work"' EXIT
programs=("$build/bin/gamehost" "$build/bin/gamehost-plugin-runner" "$build/plugins"/*.so)
[[ -x "$build/bin/replay-viewer" ]] && programs+=("$build/bin/replay-viewer")
names=$(for p in "${programs[@]}"; do readelf -d "$p" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'; done | sort -u)
for n in $names; do cp "$planted" "$work/$n"; done
echo "planted as: $(xargs <<<"$names")"
cd "$work"
export GAMEHOST_PLANTED_MARK=$work/mark
"$build/bin/gamehost" --version >/dev/null
"$build/bin/gamehost" games >/dev/null                 # loads every plugin
"$build/bin/gamehost" --isolate games >/dev/null       # through the runner
"$build/bin/gamehost" --isolate verify "$src/games/samples/seed-1.ghlog" >/dev/null 2>&1 || true
[[ -x "$build/bin/replay-viewer" ]] && { "$build/bin/replay-viewer" --help >/dev/null 2>&1 || true; }
if [[ -e mark ]]; then
  echo "FAIL: a library planted in the current folder was loaded:"; cat mark; exit 1
fi
echo "no planted library was loaded"
