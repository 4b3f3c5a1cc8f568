# The installed tree: bin/ (gamehost, replay-viewer, the runner),
# lib/ (libgamehost_proto.so, the kit), lib/gamehost/plugins/ (the games),
# share/gamehost/ (samples, positions), include/gamehost/ (the interface).
# The programs find everything relative to their own folder, so the paths
# between the folders are compiled in and the RPATHs are $ORIGIN-relative:
# an installed tree works wherever it is copied.
include(GNUInstallDirs)
set(GAMEHOST_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/gamehost/plugins)
set(GAMEHOST_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/gamehost)
set(GAMEHOST_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/gamehost)
set(GAMEHOST_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/gamehost)

# "a/b" relative to "c/d" as "../../a/b" (both relative to the prefix).
function(gamehost_relative_dir OUT FROM TO)
  file(RELATIVE_PATH rel /prefix/${FROM} /prefix/${TO})
  set(${OUT} ${rel} PARENT_SCOPE)
endfunction()
gamehost_relative_dir(GAMEHOST_BIN_TO_LIB ${CMAKE_INSTALL_BINDIR} ${CMAKE_INSTALL_LIBDIR})
gamehost_relative_dir(GAMEHOST_BIN_TO_PLUGINS ${CMAKE_INSTALL_BINDIR} ${GAMEHOST_INSTALL_PLUGINDIR})
gamehost_relative_dir(GAMEHOST_BIN_TO_DATA ${CMAKE_INSTALL_BINDIR} ${GAMEHOST_INSTALL_DATADIR})
gamehost_relative_dir(GAMEHOST_PLUGINS_TO_LIB ${GAMEHOST_INSTALL_PLUGINDIR} ${CMAKE_INSTALL_LIBDIR})

# Installed executables find libgamehost_proto.so beside them in ../lib.
set(CMAKE_INSTALL_RPATH "$ORIGIN/${GAMEHOST_BIN_TO_LIB}")
