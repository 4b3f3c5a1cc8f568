# `cpack -G DEB` in the build folder: two Debian packages, installed under
# /usr, one per install component (GamehostInstall.cmake):
#   gamehost      the programs, the games, libgamehost_proto.so (private, in
#                 /usr/lib/gamehost), the data, the docs, the man pages, the
#                 completion, the Python module when built;
#   gamehost-dev  what a plugin author builds against: the headers, the
#                 static plugin kit, the CMake package find_package(gamehost).
# dpkg-shlibdeps finds the runtime libraries' packages (protobuf, SFML, fmt,
# OpenSSL, ...); the font is a data file no linker sees, so it is named here.
# README ("Install") lists what lintian still says and why.
set(GAMEHOST_MAINTAINER "gamehost maintainers <gamehost@example.org>" CACHE STRING
    "The Maintainer of the Debian packages: \"Name <address>\"")
if(NOT GAMEHOST_MAINTAINER MATCHES "^[^<>]+ <[^<>@ ]+@[^<>@ ]+\\.[^<>@ ]+>$")
  message(FATAL_ERROR "GAMEHOST_MAINTAINER is [${GAMEHOST_MAINTAINER}]: expected \"Name <user@domain.tld>\"")
endif()

set(CPACK_PACKAGE_NAME gamehost)
set(CPACK_PACKAGE_VENDOR "gamehost")
set(CPACK_PACKAGE_CONTACT "${GAMEHOST_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${GAMEHOST_MAINTAINER}")
# CPack's own default summary, which it does not prepend to a package's
# description: each package's description starts with its own synopsis.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL gamehost gamehost-dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Searched by dpkg-shlibdeps for the package's own libgamehost_proto.so.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${GAMEHOST_BUILD_LIBDIR})
set(CPACK_STRIP_FILES ON)

# The runtime.
set(CPACK_DEBIAN_GAMEHOST_PACKAGE_NAME gamehost)
# Not "games": Debian keeps that section for programs in /usr/games.
set(CPACK_DEBIAN_GAMEHOST_PACKAGE_SECTION misc)
string(CONCAT CPACK_DEBIAN_GAMEHOST_DESCRIPTION
  "board-game host with game plugins and a replay viewer\n"
  "gamehost plays, records and verifies board games supplied by plugins\n"
  "(Alien City, City Planning, Connect Four), with agents from random to\n"
  "MCTS; replay-viewer steps through recorded games. The plugin SDK is in\n"
  "gamehost-dev.")
set(CPACK_DEBIAN_GAMEHOST_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_GAMEHOST_PACKAGE_RECOMMENDS "xvfb, xauth, bash-completion")
if(GAMEHOST_PYTHON)  # the Python module (python/) is in the package: it imports numpy
  string(APPEND CPACK_DEBIAN_GAMEHOST_PACKAGE_RECOMMENDS ", python3, python3-numpy")
endif()
set(CPACK_DEBIAN_GAMEHOST_PACKAGE_SUGGESTS "gamehost-dev")

# The plugin SDK: exactly this version of the runtime (its library and
# plugin interface), and what find_package(gamehost) looks for in turn.
set(CPACK_DEBIAN_GAMEHOST-DEV_PACKAGE_NAME gamehost-dev)
set(CPACK_DEBIAN_GAMEHOST-DEV_PACKAGE_SECTION devel)
string(CONCAT CPACK_DEBIAN_GAMEHOST-DEV_DESCRIPTION
  "plugin SDK of the gamehost board-game host\n"
  "The headers of the game interface and the plugin kit, the kit's static\n"
  "library and the CMake package find_package(gamehost), with\n"
  "gamehost_add_plugin() and gamehost_payload_messages(), to build new\n"
  "game plugins for gamehost.")
set(CPACK_DEBIAN_GAMEHOST-DEV_PACKAGE_DEPENDS
    "gamehost (= ${PROJECT_VERSION}), libprotobuf-dev, protobuf-compiler, libboost-dev")
set(CPACK_DEBIAN_GAMEHOST-DEV_PACKAGE_RECOMMENDS "cmake, g++")

# /usr/share/doc/PACKAGE/: the DEP-5 copyright and the changelog (this is a
# native package: changelog.gz, in Debian's changelog format), in both.
string(TIMESTAMP GAMEHOST_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(dist/debian/changelog.in ${PROJECT_BINARY_DIR}/debian/changelog @ONLY)
execute_process(COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/debian/changelog COMMAND_ERROR_IS_FATAL ANY)
foreach(package gamehost gamehost-dev)
  install(FILES dist/debian/copyright ${PROJECT_BINARY_DIR}/debian/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${package})
endforeach()
include(CPack)
