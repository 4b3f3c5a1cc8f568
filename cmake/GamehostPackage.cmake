# `cpack -G DEB` in the build folder: one Debian package with the programs,
# the games, the data, the docs and what a plugin author builds against,
# installed under /usr. dpkg-shlibdeps finds the runtime libraries'
# packages (protobuf, SFML, fmt, OpenSSL, ...); the font is a data file no
# linker sees, so it is named here.
set(CPACK_PACKAGE_NAME gamehost)
set(CPACK_PACKAGE_VENDOR "gamehost")
set(CPACK_PACKAGE_CONTACT "gamehost maintainers <gamehost@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "gamehost plays, records and verifies board games supplied by plugins (Alien City,\n"
  "City Planning, Connect Four), with agents from random to MCTS; replay-viewer steps\n"
  "through recorded games. Includes the headers, the plugin kit and the CMake package\n"
  "to build new game plugins.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Searched by dpkg-shlibdeps for the package's own libgamehost_proto.so.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${GAMEHOST_BUILD_LIBDIR})
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "xvfb, xauth, bash-completion")
if(GAMEHOST_PYTHON)  # the Python module (python/) is in the package: it imports numpy
  string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", python3, python3-numpy")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, g++, libprotobuf-dev, libboost-dev")
set(CPACK_STRIP_FILES ON)
include(CPack)
