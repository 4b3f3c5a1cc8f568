#!/bin/bash
# ctest trust.crash_points (issue 31): a kill injected at each write,
# truncate and rename of the commands that replace a finished log leaves the
# old file or the new one, byte for byte, never less. strace's fault
# injection sends SIGKILL at the K-th such call, K = 1, 2, ... until the
# command runs to its end untouched.
#   crash_points_test.sh GAMEHOST SOURCE_DIR
set -u
gamehost=$(realpath "$1") src=$(realpath "$2")
strace -qq -o /dev/null true 2>/dev/null || { echo "SKIP: strace cannot trace here"; exit 77; }
work=$(mktemp -d /tmp/gamehost-crash-points.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
old=$src/games/samples/seed-1.ghlog
"$gamehost" export "$src/games/samples/seed-2.ghlog" >other.json
printf '0123456789abcdef0123' >club.key
calls=write,writev,ftruncate,truncate,rename,renameat,renameat2,link,unlink
fail=0 runs=0

# check NAME EXPECTED_NEW COMMAND...: COMMAND (with LOG for the target,
# which starts as a copy of the old log) killed at each call in turn.
check() {
  local name=$1 new=$2
  shift 2
  if ! [[ -s "$new" ]] || cmp -s "$new" "$old"; then
    echo "FAIL: $name: the uninterrupted command wrote no new log"; fail=1; return
  fi
  local points=0
  for call in ${calls//,/ }; do
    for ((k = 1; k < 200; ++k)); do
      cp "$old" log.ghlog
      local args=("${@//LOG/log.ghlog}")
      strace -f -qq -o /dev/null -e trace=$call -e inject=$call:signal=KILL:when=$k "$gamehost" "${args[@]}" \
        >/dev/null 2>&1
      local rc=$?
      runs=$((runs + 1))
      if ! cmp -s log.ghlog "$old" && ! cmp -s log.ghlog "$new"; then
        echo "FAIL: $name killed at $call $k: the log is neither the old nor the new one ($(stat -c %s log.ghlog) bytes)"
        fail=1
      fi
      [[ $rc -ne 137 ]] && break  # ran to its end: every such call has been a kill point
      points=$((points + 1))
    done
  done
  ((points >= 3)) || { echo "FAIL: $name: only $points kill points: the command did not run"; fail=1; }
  echo "$name: $points kill points, each left the old or the new log"
}

cp "$old" log.ghlog && "$gamehost" import other.json --out log.ghlog --force >/dev/null && cp log.ghlog new-import.ghlog
check "import --force" new-import.ghlog import other.json --out LOG --force
cp "$old" log.ghlog && "$gamehost" repair log.ghlog --in-place --sign-key club.key >/dev/null && cp log.ghlog new-signed.ghlog
check "repair --in-place --sign-key" new-signed.ghlog repair LOG --in-place --sign-key club.key
cp "$old" log.ghlog && "$gamehost" repair "$src/games/samples/seed-2.ghlog" --out log.ghlog --sign-key club.key --force >/dev/null &&
  cp log.ghlog new-repaired.ghlog
check "repair --out --force" new-repaired.ghlog repair "$src/games/samples/seed-2.ghlog" --out LOG --sign-key club.key --force
echo "$runs runs"
exit $fail
