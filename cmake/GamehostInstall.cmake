# `cmake --install build --prefix PREFIX` (layout: GamehostLayout.cmake),
# the find_package(gamehost) package for plugin authors, the man pages and
# the bash completion; `cpack -G DEB` (GamehostPackage.cmake) packs the same.
# Every rule names its component, which is its Debian package: gamehost (what
# runs) or gamehost-dev (what only a plugin author builds against).
include(CMakePackageConfigHelpers)

# The programs. The plugins install themselves (gamehost_add_plugin).
install(TARGETS gamehost replay-viewer gamehost-plugin-runner RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        COMPONENT gamehost)

# The interface and the kit, as a plugin author builds against them: the
# headers keep their in-tree include names under include/gamehost/. The
# shared library is the runtime's (the programs and plugins load it from
# its private folder), the static kit the SDK's.
install(TARGETS gamehost_proto gamehost_plugin_kit EXPORT gamehostTargets
        LIBRARY DESTINATION ${GAMEHOST_INSTALL_LIBDIR} COMPONENT gamehost
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT gamehost-dev)
# The network protocol (net.proto) the programs link: runtime only.
install(TARGETS gamehost_net_proto LIBRARY DESTINATION ${GAMEHOST_INSTALL_LIBDIR} COMPONENT gamehost)
install(FILES proto/gamehost.proto proto/scene.proto
              ${PROJECT_BINARY_DIR}/proto/gamehost.pb.h ${PROJECT_BINARY_DIR}/proto/scene.pb.h
        DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR} COMPONENT gamehost-dev)
install(DIRECTORY proto/gamehost plugin/kit/gamehost DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR}
        COMPONENT gamehost-dev FILES_MATCHING PATTERN "*.h")
install(DIRECTORY plugin/common DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR}
        COMPONENT gamehost-dev FILES_MATCHING PATTERN "*.h")
install(EXPORT gamehostTargets NAMESPACE gamehost:: DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR}
        COMPONENT gamehost-dev)
configure_package_config_file(cmake/gamehostConfig.cmake.in ${PROJECT_BINARY_DIR}/gamehostConfig.cmake
                              INSTALL_DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR}
                              PATH_VARS GAMEHOST_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gamehostConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gamehostConfig.cmake ${PROJECT_BINARY_DIR}/gamehostConfigVersion.cmake
              cmake/GamehostPlugin.cmake cmake/GamehostPayloadMessages.cmake cmake/embed_bytes.cmake
        DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR} COMPONENT gamehost-dev)

# Data: the sample games and teaching positions (own_data_dir()) and the docs,
# all under share/gamehost/. The samples by name: what a user made in
# games/samples (a review, a log) is never shipped.
set(GAMEHOST_SAMPLES
  city_planning-seed-1.ghlog city_planning-seed-7.ghlog connect_four-seed-1.ghlog piecepack-seed-4.ghlog
  seed-1.ghlog seed-2.ghlog seed-3.ghlog)
set(GAMEHOST_POSITIONS planted-claim.txt seed-scoring.txt split-streets.txt)
list(TRANSFORM GAMEHOST_SAMPLES PREPEND games/samples/ OUTPUT_VARIABLE sample_files)
list(TRANSFORM GAMEHOST_POSITIONS PREPEND games/positions/ OUTPUT_VARIABLE position_files)
install(FILES ${sample_files} DESTINATION ${GAMEHOST_INSTALL_DATADIR}/samples COMPONENT gamehost)
install(FILES ${position_files} DESTINATION ${GAMEHOST_INSTALL_DATADIR}/positions COMPONENT gamehost)
install(FILES games/tour/alien_city.tour DESTINATION ${GAMEHOST_INSTALL_DATADIR}/tour COMPONENT gamehost)
install(FILES games/README.md DESTINATION ${GAMEHOST_INSTALL_DATADIR} COMPONENT gamehost)
install(DIRECTORY docs/ DESTINATION ${GAMEHOST_INSTALL_DATADIR}/docs COMPONENT gamehost)
install(FILES README.md DESTINATION ${GAMEHOST_INSTALL_DATADIR}/docs COMPONENT gamehost)

include(GamehostManPages)
install(FILES dist/gamehost.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gamehost COMPONENT gamehost)
install(FILES dist/gamehost.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME replay-viewer COMPONENT gamehost)

include(GamehostPackage)
