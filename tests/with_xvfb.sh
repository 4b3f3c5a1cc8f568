#!/usr/bin/env bash
# Runs COMMAND under an Xvfb of its own. The server picks a free display
# itself (-displayfd), so tests started together never race for one as
# `xvfb-run -a` can, and ctest may run any number of them at once.
#   with_xvfb.sh [--screen WxHxDEPTH] COMMAND [ARG...]   (default 1280x1024x24)
set -euo pipefail
screen=1280x1024x24
if [[ ${1:-} == --screen ]]; then screen=$2; shift 2; fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/gamehost-xvfb.XXXXXX")
# -noreset: without it the server resets when its last client leaves, and a
# test opening the display during that reset gets none.
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/log" &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 1000); do  # up to 10 s for the server to say its display
  [[ -s "$dir/display" ]] && break
  if ! kill -0 "$xvfb" 2>/dev/null; then
    cat "$dir/log" >&2
    echo "with_xvfb.sh: Xvfb did not start" >&2
    exit 1
  fi
  sleep 0.01
done
[[ -s "$dir/display" ]] || { echo "with_xvfb.sh: Xvfb named no display within 10 s" >&2; exit 1; }
DISPLAY=":$(head -n 1 "$dir/display")" "$@"
