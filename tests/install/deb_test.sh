#!/usr/bin/env bash
# ctest install.deb: `cpack -G DEB` with the build's CPackConfig.cmake; the
# control file (dpkg-deb -I) names the Debian 12 runtime packages the
# programs link (found by dpkg-shlibdeps) and the font; the files go to
# /usr; and the unpacked package's gamehost finds its games.
#
#   deb_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d /tmp/gamehost-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

deb=$("$(dirname "$0")/../../scripts/make_deb.sh" "$build" "$work/out")
dpkg-deb -I "$deb" | tee "$work/control.txt"
depends=$(sed -n 's/^ Depends: //p' "$work/control.txt")
names=$(sed 's/ ([^)]*)//g; s/, /\n/g' <<<"$depends" | sort | xargs)
# The libraries the programs link, each from its Debian 12 package, and the font.
expected="fonts-dejavu-core libc6 libcairo2 libfmt9 libgcc-s1 libgif7 libglx0 libopengl0 libprotobuf32 libsfml-graphics2.5"
expected+=" libsfml-system2.5 libsfml-window2.5 libssl3 libstdc++6 libwebp7 libwebpmux3 libx11-6 libyaml-cpp0.7"
[[ "$names" == "$expected" ]] || fail "Depends: expected the packages [$expected], got [$names]"

dpkg-deb -x "$deb" "$work/root"
for f in usr/bin/gamehost usr/bin/replay-viewer usr/bin/gamehost-plugin-runner usr/lib/libgamehost_proto.so \
         usr/lib/gamehost/plugins/alien_city.so usr/lib/gamehost/plugins/city_planning.so \
         usr/lib/gamehost/plugins/connect_four.so usr/share/gamehost/samples/seed-1.ghlog \
         usr/share/man/man1/gamehost.1.gz usr/share/man/man1/replay-viewer.1.gz \
         usr/share/bash-completion/completions/gamehost usr/include/gamehost/gamehost/kit/adapter.h \
         usr/lib/cmake/gamehost/gamehostConfig.cmake; do
  [[ -e "$work/root/$f" ]] || fail "the package has no /$f"
done
games=$(env -i PATH=/usr/bin:/bin "$work/root/usr/bin/gamehost" games | sed -n 's/^  \([a-z_]*\) .*(interface.*/\1/p' | xargs)
[[ "$games" == "alien_city city_planning connect_four" ]] || fail "the unpacked gamehost lists [$games]"
echo PASS
