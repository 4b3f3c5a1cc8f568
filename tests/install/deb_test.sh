#!/usr/bin/env bash
# ctest install.deb: `cpack -G DEB` with the build's CPackConfig.cmake
# makes two packages. gamehost: its control file (dpkg-deb -I) names the
# Debian 12 runtime packages the programs link (found by dpkg-shlibdeps) and
# the font; it holds the programs, the games and the private
# libgamehost_proto.so, and nothing of the SDK; unpacked, its RUNPATHs are
# safe, its plugins load the private library and its gamehost finds its
# games. gamehost-dev: depends on exactly this gamehost and on what
# find_package(gamehost) needs; holds the headers, the kit and the CMake
# package, which a plugin project finds in the two packages unpacked
# together. Both: the DEP-5 copyright, the maintainer set at configure time,
# no lintian error (its whole output is printed). Every install() rule has
# a component (none would be in either package).
#
#   deb_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/gamehost-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
field() { sed -n "s/^ $2: //p" "$work/$1.control"; }  # PACKAGE FIELD
has() {  # PACKAGE FILE...: each file is in the package
  local package=$1 f; shift
  for f; do grep -qx "/$f" "$work/$package.files" || fail "$package has no /$f"; done
}

command -v lintian >/dev/null || fail "lintian is not installed (scripts/deps.sh lists it)"

# Rules without COMPONENT go to "Unspecified", which no package holds.
if grep -rl --include=cmake_install.cmake '"Unspecified"' "$build" >"$work/unspecified.txt"; then
  fail "install() rules without a COMPONENT in: $(xargs <"$work/unspecified.txt")"
fi

mapfile -t debs < <("$src/scripts/make_deb.sh" "$build" "$work/out")
[[ ${#debs[@]} -eq 2 ]] || fail "expected the gamehost and gamehost-dev packages, got [${debs[*]}]"
declare -A deb=([gamehost]=${debs[0]} [gamehost-dev]=${debs[1]})
for p in gamehost gamehost-dev; do
  dpkg-deb -I "${deb[$p]}" >"$work/$p.control"
  echo "== $p: $(basename "${deb[$p]}")"; cat "$work/$p.control"
  dpkg-deb -c "${deb[$p]}" | awk '$1 !~ /^d/ { print substr($6, 2) }' | sort >"$work/$p.files"
  [[ "$(field $p Package)" == "$p" ]] || fail "${deb[$p]} is the package [$(field $p Package)]"
  maintainer=$(sed -n 's/^GAMEHOST_MAINTAINER:STRING=//p' "$build/CMakeCache.txt")
  [[ "$(field $p Maintainer)" == "$maintainer" ]] || fail "$p: Maintainer [$(field $p Maintainer)], not [$maintainer]"
  has $p usr/share/doc/$p/copyright usr/share/doc/$p/changelog.gz
  dpkg-deb --fsys-tarfile "${deb[$p]}" | tar -xO ./usr/share/doc/$p/copyright | head -1 |
    grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
    fail "$p: /usr/share/doc/$p/copyright is not machine-readable (DEP-5)"
done
version=$(field gamehost Version)

# gamehost: the libraries the programs link, each from its Debian 12 package, and the font.
names=$(field gamehost Depends | sed 's/ ([^)]*)//g; s/, /\n/g' | sort | xargs)
expected="fonts-dejavu-core libc6 libcairo2 libfmt9 libgcc-s1 libgif7 libglx0 libopengl0 libprotobuf32 libsfml-graphics2.5"
expected+=" libsfml-system2.5 libsfml-window2.5 libsqlite3-0 libssl3 libstdc++6 libwebp7 libwebpmux3 libx11-6 libyaml-cpp0.7"
[[ "$names" == "$expected" ]] || fail "gamehost Depends: expected the packages [$expected], got [$names]"
has gamehost usr/bin/gamehost usr/bin/replay-viewer usr/bin/gamehost-plugin-runner \
  usr/lib/gamehost/libgamehost_proto.so usr/lib/gamehost/libgamehost_net_proto.so usr/lib/gamehost/plugins/alien_city.so \
  usr/lib/gamehost/plugins/city_planning.so usr/lib/gamehost/plugins/connect_four.so \
  usr/share/gamehost/samples/seed-1.ghlog usr/share/man/man1/gamehost.1.gz usr/share/man/man1/replay-viewer.1.gz \
  usr/share/bash-completion/completions/gamehost
sdk=$(grep -E '^/usr/(include/|lib/cmake/)|\.a$' "$work/gamehost.files" || true)
[[ -z "$sdk" ]] || fail "gamehost holds what belongs in gamehost-dev: $sdk"
# The library is private: nothing in a folder the loader searches.
public=$(grep -E '^/usr/lib/[^/]*\.so' "$work/gamehost.files" || true)
[[ -z "$public" ]] || fail "gamehost has a library in the loader's path: $public"

# gamehost-dev: exactly this gamehost, and what find_package(gamehost) finds in turn.
expected="gamehost (= $version), libprotobuf-dev, protobuf-compiler, libboost-dev"
[[ "$(field gamehost-dev Depends)" == "$expected" ]] ||
  fail "gamehost-dev Depends: expected [$expected], got [$(field gamehost-dev Depends)]"
has gamehost-dev usr/include/gamehost/gamehost/kit/adapter.h usr/include/gamehost/gamehost/plugin_api.h \
  usr/include/gamehost/gamehost.pb.h usr/lib/libgamehost_plugin_kit.a \
  usr/lib/cmake/gamehost/gamehostConfig.cmake usr/lib/cmake/gamehost/GamehostPlugin.cmake
runtime=$(grep -E '^/usr/(bin|share/gamehost)/|\.so$' "$work/gamehost-dev.files" || true)
[[ -z "$runtime" ]] || fail "gamehost-dev holds what belongs in gamehost: $runtime"
both=$(comm -12 "$work/gamehost.files" "$work/gamehost-dev.files")
[[ -z "$both" ]] || fail "in both packages: $both"

# Unpacked: every RUNPATH absolute or $ORIGIN-relative, a plugin loads the
# package's private library, gamehost finds its games; with gamehost-dev, a
# plugin project (the third-party example) finds the SDK (install.tree
# builds and loads such a plugin).
for p in gamehost gamehost-dev; do dpkg-deb -x "${deb[$p]}" "$work/root"; done
"$src/tests/install/check_runpaths.sh" "$work/root/usr" || fail "a RUNPATH in the packages names the current folder"
lib=$(ldd "$work/root/usr/lib/gamehost/plugins/connect_four.so" | awk '$1 == "libgamehost_proto.so" { print $3 }')
[[ "$(realpath -m "$lib")" == "$(realpath "$work/root/usr/lib/gamehost/libgamehost_proto.so")" ]] ||
  fail "the unpacked plugin loads libgamehost_proto.so from [$lib], not the package's private folder"
games=$(env -i PATH=/usr/bin:/bin "$work/root/usr/bin/gamehost" games | sed -n 's/^  \([a-z_]*\) .*(interface.*/\1/p' | xargs)
[[ "$games" == "alien_city city_planning connect_four" ]] || fail "the unpacked gamehost lists [$games]"
cmake -S "$src/tests/install/thirdparty" -B "$work/thirdparty" -DCMAKE_PREFIX_PATH="$work/root/usr" \
  >"$work/thirdparty.log" 2>&1 || { cat "$work/thirdparty.log"; fail "find_package(gamehost) in the unpacked packages"; }

# lintian: no error on either package (its warnings: README, "Install").
rc=0
lintian --no-cfg "${deb[gamehost]}" "${deb[gamehost-dev]}" >"$work/lintian.txt" 2>&1 || rc=$?
echo "== lintian"; cat "$work/lintian.txt"
if grep -q '^E: ' "$work/lintian.txt"; then fail "lintian reports errors"; fi
[[ $rc -eq 0 ]] || fail "lintian exited with $rc"
echo PASS
