# gamehost_add_plugin(NAME SOURCES file... [LIBS target...] [NO_INSTALL])
# A game plugin: the Boost.DLL module NAME.so (target NAME_plugin) in
# ${GAMEHOST_PLUGIN_DIR} (default: the build's plugins/), where the host
# finds it, installed to ${GAMEHOST_INSTALL_PLUGINDIR}
# (lib/gamehost/plugins). Only the two BOOST_DLL_ALIAS entry points are
# exported: hidden visibility for the plugin's code, --exclude-libs for the
# static libraries it links (its rules core, its message code, the kit),
# --no-undefined so that a missing symbol fails the build instead of the
# load. Links the kit, the interface library (gamehost::proto) and Boost's
# headers; LIBS adds the game's own. NO_INSTALL: built only (a test's, an
# example's).
#
# Every plugin made here is recorded (the global property GAMEHOST_PLUGINS,
# its targets; each target's GAMEHOST_GAME, its name, and
# GAMEHOST_INSTALLED): the lists that name every game (what gamehost builds
# with it, the ctests that run every game, the games a test expects to be
# listed) come from gamehost_recorded_plugins(), never by hand.
# gamehost_add_conformance_test(NAME) runs `gamehost check-plugin` on a
# plugin as a ctest.
#
# This file is also installed: find_package(gamehost) defines the same
# function for plugins built outside this source tree.
if(NOT DEFINED GAMEHOST_PLUGIN_DIR)
  set(GAMEHOST_PLUGIN_DIR ${CMAKE_BINARY_DIR}/plugins)
endif()

# The install component of the plugins: gamehost (the runtime package) in
# this source tree (set in CMakeLists.txt), CMake's default elsewhere.
if(NOT DEFINED GAMEHOST_PLUGIN_COMPONENT)
  if(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME)
    set(GAMEHOST_PLUGIN_COMPONENT ${CMAKE_INSTALL_DEFAULT_COMPONENT_NAME})
  else()
    set(GAMEHOST_PLUGIN_COMPONENT Unspecified)
  endif()
endif()

# Sanitizer and fuzzing builds leave the runtime's symbols to the loader and
# set this empty (top-level CMakeLists.txt).
if(NOT DEFINED GAMEHOST_PLUGIN_NO_UNDEFINED)
  set(GAMEHOST_PLUGIN_NO_UNDEFINED -Wl,--no-undefined)
endif()

function(gamehost_add_plugin NAME)
  cmake_parse_arguments(arg "NO_INSTALL" "" "SOURCES;LIBS" ${ARGN})
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "gamehost_add_plugin(${NAME}): no SOURCES")
  endif()
  find_package(Boost 1.74 REQUIRED)  # imported targets are per directory
  set(target ${NAME}_plugin)
  add_library(${target} MODULE ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE ${arg_LIBS} gamehost::plugin_kit gamehost::proto Boost::headers)
  target_compile_definitions(${target} PRIVATE BOOST_DLL_USE_STD_FS)
  target_link_options(${target} PRIVATE -Wl,--exclude-libs,ALL ${GAMEHOST_PLUGIN_NO_UNDEFINED})
  set_target_properties(${target} PROPERTIES
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    PREFIX ""
    OUTPUT_NAME ${NAME}
    LIBRARY_OUTPUT_DIRECTORY ${GAMEHOST_PLUGIN_DIR}
    # Built with the absolute folder of libgamehost_proto.so; installed with
    # its path from the plugin folder (lib/gamehost/plugins -> lib/gamehost),
    # set below. Never an RPATH that CMake edits at install time: it pads those
    # with a trailing ':', an empty entry the loader reads as the current
    # folder (GamehostLayout.cmake).
    BUILD_WITH_INSTALL_RPATH ON
    INSTALL_RPATH "$<TARGET_FILE_DIR:gamehost::proto>")
  set(installed ON)
  if(arg_NO_INSTALL)
    set(installed OFF)
  endif()
  set_property(GLOBAL APPEND PROPERTY GAMEHOST_PLUGINS ${target})
  set_target_properties(${target} PROPERTIES GAMEHOST_GAME ${NAME} GAMEHOST_INSTALLED ${installed})
  if(NOT arg_NO_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION ${GAMEHOST_INSTALL_PLUGINDIR}
            COMPONENT ${GAMEHOST_PLUGIN_COMPONENT})
    gamehost_set_installed_rpath("${GAMEHOST_INSTALL_PLUGINDIR}/${NAME}.so" "$ORIGIN/${GAMEHOST_PLUGINS_TO_LIB}"
                                 ${GAMEHOST_PLUGIN_COMPONENT})
  endif()
endfunction()

# gamehost_recorded_plugins(OUT [FOUND] [INSTALLED] [GAMES])
# The targets of the plugins recorded so far, in the order they were made.
# FOUND: only those built into ${GAMEHOST_PLUGIN_DIR} (as the caller sees
# it), the folder the build's gamehost searches; INSTALLED: only those
# installed; GAMES: their game names (the module names, which are the game
# ids) sorted, as `gamehost games` lists them, instead of the targets.
function(gamehost_recorded_plugins OUT)
  cmake_parse_arguments(arg "FOUND;INSTALLED;GAMES" "" "" ${ARGN})
  get_property(targets GLOBAL PROPERTY GAMEHOST_PLUGINS)
  set(kept "")
  foreach(target IN LISTS targets)
    get_target_property(folder ${target} LIBRARY_OUTPUT_DIRECTORY)
    get_target_property(installed ${target} GAMEHOST_INSTALLED)
    if(arg_FOUND AND NOT folder STREQUAL GAMEHOST_PLUGIN_DIR)
      continue()
    endif()
    if(arg_INSTALLED AND NOT installed)
      continue()
    endif()
    if(arg_GAMES)
      get_target_property(target ${target} GAMEHOST_GAME)
    endif()
    list(APPEND kept ${target})
  endforeach()
  if(arg_GAMES)
    list(SORT kept)
  endif()
  set(${OUT} ${kept} PARENT_SCOPE)
endfunction()

# gamehost_add_conformance_test(NAME [GAMES N] [SEED S])
# A ctest "conformance.NAME" that runs `gamehost check-plugin` (the
# conformance test every plugin must pass, docs/writing-a-plugin.md) on the
# plugin NAME made by gamehost_add_plugin: N random games (default 20) from
# seed S. In this source tree it runs the build's gamehost, elsewhere the
# gamehost of the installed package (GAMEHOST_EXECUTABLE).
function(gamehost_add_conformance_test NAME)
  cmake_parse_arguments(arg "" "GAMES;SEED" "" ${ARGN})
  if(NOT DEFINED arg_GAMES)
    set(arg_GAMES 20)
  endif()
  if(NOT DEFINED arg_SEED)
    set(arg_SEED 1)
  endif()
  if(TARGET gamehost)
    set(program $<TARGET_FILE:gamehost>)
  elseif(GAMEHOST_EXECUTABLE)
    set(program ${GAMEHOST_EXECUTABLE})
  else()
    message(FATAL_ERROR "gamehost_add_conformance_test(${NAME}): no gamehost to run (GAMEHOST_EXECUTABLE)")
  endif()
  add_test(NAME conformance.${NAME}
           COMMAND ${program} check-plugin $<TARGET_FILE:${NAME}_plugin> --games ${arg_GAMES} --seed ${arg_SEED})
endfunction()

# At install of COMPONENT (the one that installs FILE): sets the RUNPATH of
# the installed FILE (relative to the prefix) to RPATH, in place. The
# build-tree RUNPATH it replaces is an absolute folder, almost always
# longer; when it is shorter (a gamehost installed in a short folder), the
# RUNPATH is removed instead: loaded by gamehost, a plugin finds
# libgamehost_proto.so already loaded.
function(gamehost_set_installed_rpath FILE RPATH COMPONENT)
  install(CODE "
    set(installed \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${FILE}\")
    file(READ_ELF \"\${installed}\" RUNPATH built)
    string(LENGTH \"\${built}\" built_length)
    string(LENGTH [[${RPATH}]] wanted_length)
    if(wanted_length LESS_EQUAL built_length)
      file(RPATH_SET FILE \"\${installed}\" NEW_RPATH [[${RPATH}]])
    else()
      file(RPATH_REMOVE FILE \"\${installed}\")
    endif()"
    COMPONENT ${COMPONENT})
endfunction()
