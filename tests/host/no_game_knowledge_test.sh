#!/usr/bin/env bash
# ctest host.no_game_knowledge: the host knows no game (issue 42). A game's
# record formats, notation and rules live in its plugin; the host reaches
# them only through the interface, so it can load a game it never heard of.
# Fails when host/ (benchmarks aside) spells out a record format's notation,
# asks the registry for a game by a literal id, or names a game in code
# outside the few places listed below, each with its reason.
#
#   no_game_knowledge_test.sh SOURCE_DIR
set -euo pipefail
cd "$1"
status=0
sources() { grep -rnI --exclude-dir=bench "$@" host || true; }

# 1. Record notation: PPN's pieces and header keys, Abstract Play's fields,
#    a game's piece list. Nowhere in host/, comments included.
hits=$(sources -E '\b(R3x|B3x|G3x|K1x|W1x|GameType|startingPosition)\b|RT BT GT|"RT"|"KD"')
if [[ -n $hits ]]; then
  echo "host/ spells out a game's record notation (it belongs to the game's plugin):"
  echo "$hits"
  status=1
fi

# 2. A game asked for by name: the host finds games by what they say of
#    themselves (GameInfo), or by the id a log or the user gives.
hits=$(sources -E 'find\("[a-z_]+"\)')
if [[ -n $hits ]]; then
  echo "host/ asks for a game by a literal id:"
  echo "$hits"
  status=1
fi

# 3. Game ids and names in code (comments aside), outside these places:
allowed=(
  # a help text naming the one game whose guided policy the option turns off
  'host/play/agents/spec.cc:.*guided policy \(Alien City\)'
  # the shipped tour is a data file named after its game; examples in messages
  'host/cli/cmd_tour.cc:.*games/tour/alien_city.tour'
  'host/tour/tour_parse.cc:.*e\.g\. game: alien_city'
  'host/tour/tour_parse.cc:.*"alien_city.tour"'
  # the load generator's default game (a test tool, not the host)
  'host/client/load/net_load.cc:.*set_game_type\("alien_city"\)'
  # the review benchmark's plugins (host/review/bench)
  'host/review/CMakeLists.txt:.*(_PLUGIN="\$<TARGET_FILE:|add_dependencies\(review_bench)'
  # an example in a comment after code
  'host/conformance/gamehost/conformance/conformance.h:.*// "tictactoe 1.0.0"'
)
hits=$(sources -E 'alien_city|connect_four|city_planning|tictactoe|Alien City|Connect Four|City Planning' |
  grep -vE '^[^:]+:[0-9]+:\s*(//|#|\*)' || true)
for pattern in "${allowed[@]}"; do
  hits=$(grep -vE "^${pattern%%:*}:[0-9]+:${pattern#*:}" <<<"$hits" || true)
done
if [[ -n $hits ]]; then
  echo "host/ names a game in code (move it into the game's plugin, or list it here with its reason):"
  echo "$hits"
  status=1
fi
exit $status
