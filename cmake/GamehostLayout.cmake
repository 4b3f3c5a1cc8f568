# The installed tree: bin/ (gamehost, replay-viewer, the runner),
# lib/gamehost/ (libgamehost_proto.so, private: only our programs, plugins
# and Python module load it, through their RUNPATH, so it needs no
# versioned SONAME and stays out of the loader's search path),
# lib/gamehost/plugins/ (the games), lib/ (the static plugin kit),
# share/gamehost/ (samples, positions), include/gamehost/ (the interface).
# The programs find everything relative to their own folder, so the paths
# between the folders are compiled in and the RPATHs are $ORIGIN-relative:
# an installed tree works wherever it is copied.
include(GNUInstallDirs)
set(GAMEHOST_INSTALL_LIBDIR ${CMAKE_INSTALL_LIBDIR}/gamehost)
set(GAMEHOST_INSTALL_PLUGINDIR ${GAMEHOST_INSTALL_LIBDIR}/plugins)
set(GAMEHOST_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/gamehost)
set(GAMEHOST_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/gamehost)
set(GAMEHOST_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/gamehost)

# "a/b" relative to "c/d" as "../../a/b" (both relative to the prefix).
function(gamehost_relative_dir OUT FROM TO)
  file(RELATIVE_PATH rel /prefix/${FROM} /prefix/${TO})
  set(${OUT} ${rel} PARENT_SCOPE)
endfunction()
gamehost_relative_dir(GAMEHOST_BIN_TO_LIB ${CMAKE_INSTALL_BINDIR} ${GAMEHOST_INSTALL_LIBDIR})
gamehost_relative_dir(GAMEHOST_BIN_TO_PLUGINS ${CMAKE_INSTALL_BINDIR} ${GAMEHOST_INSTALL_PLUGINDIR})
gamehost_relative_dir(GAMEHOST_BIN_TO_DATA ${CMAKE_INSTALL_BINDIR} ${GAMEHOST_INSTALL_DATADIR})
gamehost_relative_dir(GAMEHOST_PLUGINS_TO_LIB ${GAMEHOST_INSTALL_PLUGINDIR} ${GAMEHOST_INSTALL_LIBDIR})

# Executables find libgamehost_proto.so in ../lib/gamehost, in the build
# tree as installed: the build keeps it in the same folder relative to bin/
# (GAMEHOST_BUILD_LIBDIR). No RPATH entry may be empty or relative (the
# loader reads an empty one as the current folder, where anyone can plant a
# library), and CMake pads a build-tree RPATH that it edits at install time
# with a trailing ':', an empty entry. So nothing is edited: the build tree
# is linked with the installed RPATH from the start, and the plugins, whose
# folders differ, are set apart (GamehostPlugin.cmake). tests/install and
# `ctest -R rpath` check every ELF file's entries.
set(GAMEHOST_BUILD_LIBDIR ${CMAKE_BINARY_DIR}/${GAMEHOST_INSTALL_LIBDIR})
set(CMAKE_BUILD_WITH_INSTALL_RPATH ON)
set(CMAKE_INSTALL_RPATH "$ORIGIN/${GAMEHOST_BIN_TO_LIB}")
