#!/usr/bin/env bash
# The Debian package on a clean Debian 12: a minimal bookworm (debootstrap
# --variant=minbase) gets only the runtime package gamehost (not the plugin
# SDK gamehost-dev, whose CMake package install.tree and install.deb check)
# and what apt installs for its Depends; then the installed tools list the
# games, play, verify, and take a viewer screenshot (Xvfb is added for that
# last step only, after every program has been checked for unresolved
# libraries).
#
#   scripts/deb_clean_install.sh BUILD_DIR [CHROOT_DIR]
#
# Needs root, debootstrap and the network (Debian's mirror): about 2 minutes
# and 600 MB the first time. Not part of ./test.sh (tests/install/deb_test.sh
# checks the package's control file and contents there); run it before a
# release. CHROOT_DIR (default /var/tmp/gamehost-bookworm) is kept clean: the
# package is installed into a copy, which is removed afterwards.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ $# -ge 1 ]] || { sed -n '2,16p' "$0"; exit 2; }
[[ $(id -u) -eq 0 ]] || fail "needs root (debootstrap, chroot)"
build=$(cd "$1" && pwd)
src=$(sed -n "s/^CMAKE_HOME_DIRECTORY:INTERNAL=//p" "$build/CMakeCache.txt")
base=${2:-/var/tmp/gamehost-bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
if [[ ! -x $base/usr/bin/apt-get ]]; then
  echo "== debootstrap --variant=minbase bookworm $base"
  debootstrap --variant=minbase bookworm "$base" "$mirror" >/dev/null
fi

work=$(mktemp -d /var/tmp/gamehost-deb-clean.XXXXXX)
root=$work/root
cleanup() {
  for m in "$root/proc" "$root/dev"; do mountpoint -q "$m" && umount -l "$m"; done
  rm -rf "$work"
}
trap cleanup EXIT
echo "== the package"
debs=$("$(dirname "$0")/make_deb.sh" "$build" "$work/out")
deb=${debs%%$'\n'*}  # gamehost (the second line is gamehost-dev)
cp -a "$base" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp "$deb" "$root/tmp/gamehost.deb"
in_root() { chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

echo "== apt-get install ./gamehost.deb on a minimal bookworm"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/gamehost.deb \
  >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get install"; }
grep -E '^(Setting up|Unpacking) gamehost ' "$work/apt.log" | head -1

echo "== every program and plugin resolves its libraries"
plugins=$(cd "$root" && ls usr/lib/gamehost/plugins/*.so | sed 's|^|/|')
for f in /usr/bin/gamehost /usr/bin/replay-viewer /usr/bin/gamehost-plugin-runner $plugins; do
  echo "  $f"
  if in_root ldd "$f" | grep -q "not found"; then in_root ldd "$f" | grep "not found"; fail "$f"; fi
done
echo ok

echo "== games, play, verify"
in_root gamehost games | tee "$work/games.txt"
ids=$(sed -n 's/^  \([a-z_]*\) .*(interface [0-9]*) .*/\1/p' "$work/games.txt" | xargs)
[[ $ids == "alien_city city_planning connect_four" ]] || fail "games lists [$ids]"
in_root gamehost play alien_city --seed 7 --player1 greedy --player2 random --out /tmp/ac.ghlog -q |
  grep '^Result:' || fail "play alien_city"
in_root gamehost --isolate play connect_four --seed 1 --player1 random:seed=1 --player2 random:seed=2 \
  --out /tmp/c4.ghlog -q | grep '^Result:' || fail "play connect_four (isolated)"
in_root gamehost verify /tmp/ac.ghlog | head -1
in_root gamehost verify /tmp/c4.ghlog | head -1
in_root gamehost verify /usr/share/gamehost/samples/seed-1.ghlog | head -1
in_root man -w gamehost >/dev/null 2>&1 || true  # man-db is not in minbase; the page is checked by file
[[ -f $root/usr/share/man/man1/gamehost.1.gz ]] || fail "no gamehost(1)"

echo "== replay-viewer --screenshot (Xvfb added for this step)"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xauth \
  >>"$work/apt.log" 2>&1 || { tail -20 "$work/apt.log"; fail "installing xvfb"; }
in_root xvfb-run -a replay-viewer seed-1.ghlog --ply 20 --size 320x200 --screenshot /tmp/shot.png
xvfb-run -a "$build/bin/replay-viewer" "$src/games/samples/seed-1.ghlog" --ply 20 --size 320x200 \
  --screenshot "$work/build.png" >/dev/null
cmp "$work/build.png" "$root/tmp/shot.png" || fail "the packaged viewer's picture differs from the build's"
echo "the packaged viewer draws seed-1 at ply 20 exactly as the build's viewer"
echo PASS
