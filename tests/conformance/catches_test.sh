#!/usr/bin/env bash
# ctest conformance.catches.*: `gamehost check-plugin` on a build of
# flawed_game.cc. CHECK "PASS": the sound build passes every check, the
# hidden-information one included; else the flawed build fails with exit
# status 1 and the check named CHECK marked FAIL, with where it failed.
#
#   catches_test.sh GAMEHOST PLUGIN CHECK
set -uo pipefail
gamehost=$1 plugin=$2 check=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$gamehost" check-plugin "$plugin" --games 5 2>&1)
code=$?
echo "$out"
if [[ $check == PASS ]]; then
  [[ $code == 0 ]] || fail "the sound game: exit status $code"
  grep -q '^PASS: flawed passes ' <<<"$out" || fail "no PASS line"
  grep -Eq '^  ok    hidden info  [0-9]+ samples \([1-9][0-9]* differ' <<<"$out" || fail "the hidden check did not run"
else
  [[ $code == 1 ]] || fail "the flaw: exit status $code, not 1"
  grep -q "^  FAIL  $check " <<<"$out" || fail "the check '$check' did not fail"
  grep -Eq '^        game [0-9]+ \(seed [0-9]+\)' <<<"$out" || fail "no failure names its game and seed"
  grep -q '^FAIL: flawed fails ' <<<"$out" || fail "no FAIL line"
fi
