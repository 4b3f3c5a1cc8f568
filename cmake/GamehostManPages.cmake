# Man pages gamehost(1), replay-viewer(1) and gamehost-plugin-runner(1),
# made at build time by help2man from the programs' own --help, each
# subcommand's --help included: the options are written once, in the code.
find_program(HELP2MAN help2man)
if(NOT HELP2MAN)
  message(WARNING "help2man not found (Debian: help2man): no man pages")
  return()
endif()

set(man_dir ${PROJECT_BINARY_DIR}/man)
# gamehost_man_page(TARGET name SUMMARY text)
function(gamehost_man_page)
  cmake_parse_arguments(arg "" "TARGET;SUMMARY" "" ${ARGN})
  set(page ${man_dir}/${arg_TARGET}.1)
  add_custom_command(
    OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${arg_TARGET}> -DHELP2MAN=${HELP2MAN}
            -DSUMMARY=${arg_SUMMARY} -DVERSION=${PROJECT_VERSION} -DOUT=${page}
            -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    DEPENDS ${arg_TARGET} ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    COMMENT "Writing the man page ${arg_TARGET}.1 from ${arg_TARGET} --help"
    VERBATIM)
  add_custom_target(${arg_TARGET}_man ALL DEPENDS ${page})
  # At install time, when the prefix is known (cmake --install --prefix, the
  # package's /usr): the docs' folder filled in, then gzip (Debian ships man
  # pages compressed).
  set(staged ${man_dir}/install/${arg_TARGET}.1)
  install(CODE "
    file(READ \"${page}\" text)
    string(REPLACE \"@GAMEHOST_DOCS@\" \"\${CMAKE_INSTALL_PREFIX}/${GAMEHOST_INSTALL_DATADIR}/docs\" text \"\${text}\")
    file(WRITE \"${staged}\" \"\${text}\")
    execute_process(COMMAND gzip -9nf \"${staged}\")
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man1\" TYPE FILE FILES \"${staged}.gz\")"
    COMPONENT gamehost)
endfunction()

gamehost_man_page(TARGET gamehost SUMMARY "a board-game host with game plugins")
gamehost_man_page(TARGET replay-viewer SUMMARY "step through a recorded board game")
gamehost_man_page(TARGET gamehost-plugin-runner SUMMARY "run one gamehost game plugin in a process of its own")
