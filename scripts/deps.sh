# Debian packages the project builds and runs with; sourced by test.sh and run.sh.
GAMEHOST_PACKAGES=(
  cmake g++ make pkg-config ccache
  libboost-dev libprotobuf-dev protobuf-compiler
  libsfml-dev libcli11-dev libfmt-dev libbenchmark-dev catch2 libssl-dev libgif-dev libwebp-dev libyaml-cpp-dev
  xvfb xauth fonts-dejavu-core libxtst6
  help2man dpkg-dev lintian bash-completion  # tests/install: man pages, the .debs (checked by lintian), completion
  parallel  # docs/scaling.md's GNU parallel command, tested
  python3  # tests/docs: the docs' examples run and compared; tests/host: the JSON convention
  clang libclang-rt-14-dev  # scripts/fuzz.sh: libFuzzer
  clang-format-14 clang-tidy-14  # scripts/check_style.sh: the format (and lint) of changed lines
  python3-dev python3-pybind11 python3-numpy python3-pytest  # the Python module (python/, docs/python.md)
  libcairo2-dev  # gamehost diagram: SVG, PDF and PNG (host/diagram)
  librsvg2-bin python3  # tests/viewer/diagram_test.cc: rsvg-convert, the SVG parsed as XML
  strace  # tests/host/crash_points_test.sh: a kill injected at each write and rename
  libsqlite3-dev  # gamehost serve: the server's records (host/server)
  python3-websockets  # examples/python/net_bot.py and the protocol tests: a client in another language
  chromium chromium-driver python3-selenium  # tests/web: the HTML replay in a real browser, headless (docs/web.md)
)

# Installs the packages that are missing, and nothing when all are there.
ensure_packages() {
  local missing=()
  for pkg in "${GAMEHOST_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    echo "Installing missing packages: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
  fi
}
