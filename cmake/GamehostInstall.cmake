# `cmake --install build --prefix PREFIX` (layout: GamehostLayout.cmake),
# the find_package(gamehost) package for plugin authors, the man pages and
# the bash completion; `cpack -G DEB` (GamehostPackage.cmake) packs the same.
include(CMakePackageConfigHelpers)

# The programs. The plugins install themselves (gamehost_add_plugin).
install(TARGETS gamehost replay-viewer gamehost-plugin-runner RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The interface and the kit, as a plugin author builds against them: the
# headers keep their in-tree include names under include/gamehost/.
install(TARGETS gamehost_proto gamehost_plugin_kit EXPORT gamehostTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES proto/gamehost.proto proto/scene.proto
              ${PROJECT_BINARY_DIR}/proto/gamehost.pb.h ${PROJECT_BINARY_DIR}/proto/scene.pb.h
        DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR})
install(DIRECTORY proto/gamehost plugin/kit/gamehost DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(DIRECTORY plugin/common DESTINATION ${GAMEHOST_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(EXPORT gamehostTargets NAMESPACE gamehost:: DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/gamehostConfig.cmake.in ${PROJECT_BINARY_DIR}/gamehostConfig.cmake
                              INSTALL_DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR}
                              PATH_VARS GAMEHOST_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gamehostConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gamehostConfig.cmake ${PROJECT_BINARY_DIR}/gamehostConfigVersion.cmake
              cmake/GamehostPlugin.cmake cmake/GamehostPayloadMessages.cmake cmake/embed_bytes.cmake
        DESTINATION ${GAMEHOST_INSTALL_CMAKEDIR})

# Data: the sample games and teaching positions (own_data_dir()) and the docs,
# all under share/gamehost/.
install(DIRECTORY games/samples games/positions DESTINATION ${GAMEHOST_INSTALL_DATADIR})
install(FILES games/README.md DESTINATION ${GAMEHOST_INSTALL_DATADIR})
install(DIRECTORY docs/ DESTINATION ${GAMEHOST_INSTALL_DATADIR}/docs)
install(FILES README.md DESTINATION ${GAMEHOST_INSTALL_DATADIR}/docs)

include(GamehostManPages)
install(FILES dist/gamehost.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gamehost)
install(FILES dist/gamehost.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME replay-viewer)

include(GamehostPackage)
